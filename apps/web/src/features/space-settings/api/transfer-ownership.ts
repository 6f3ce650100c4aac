import { useMutation } from '@tanstack/react-query';
import type { TransferOwnershipBody } from '@mergedesk/domain/api/members';
import { callEndpoint } from '../../../lib/api-client';

/**
 * PUT /api/workspaces/{workspaceId}/owner (spec 002 §7): makes `userId` the owner; the previous
 * owner becomes a member. 409 with reason user_owns_too_many_workspaces when the new owner already
 * owns the maximum number of spaces.
 */
const transferOwnership = (workspaceId: string, userId: string): Promise<unknown> =>
  callEndpoint('members.transferOwnership', {
    params: { workspaceId },
    body: { userId } satisfies TransferOwnershipBody,
  });

/** The caller refreshes the space and the current user (spec 002 §7: both caches are invalidated). */
export const useTransferOwnership = (workspaceId: string) =>
  useMutation({ mutationFn: (userId: string) => transferOwnership(workspaceId, userId) });
