import type { Role } from '../roles/roles';

/**
 * Who may stop a merge being sent or re-queue its failed recipients (issue 24;
 * docs/decisions/399-sending-who-may-cancel.md): its sender, and the space's owner and admins (they
 * manage the space's sending, as they manage its shared lists). Any member may see its sending
 * state, as any member sees the space's sent merges.
 */
export const canManageMergeSending = (input: { isSender: boolean; role: Role }): boolean =>
  input.isSender || input.role === 'OWNER' || input.role === 'ADMIN';

export const MANAGE_MERGE_SENDING_MESSAGE =
  'Only the sender of this mail merge or an admin of the space can change its sending.';
