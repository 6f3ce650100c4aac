import { hasMemberAccess, type UserInSpace } from '../roles/permissions';
import type { Role } from '../roles/roles';

/**
 * Who may start a mail merge in a space (issue 25 "New mail merge"; POST /api/addon/merges): every
 * member whatever the role or plan (a Free sender sends within the Free quota; scheduling is the
 * plan's rule), as long as the membership gives access: not a DISABLED member (the server answers
 * 403), not a PENDING row that has not been taken up.
 */
export const canStartMerges = (member: Pick<UserInSpace, 'status'>): boolean =>
  member.status != null && hasMemberAccess(member.status);

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
