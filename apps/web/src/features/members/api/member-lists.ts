import type { QueryClient } from '@tanstack/react-query';
import { seatMembersQueryKey } from './get-seat-members';
import { seatsQueryKey } from './get-seats';
import { membersQueryKey } from './get-members';

/**
 * Spec 002 §4.6: after a successful action the member lists and the subscription (seat) data are
 * refreshed. Every administration mutation calls this on success.
 */
export const invalidateMemberLists = (queryClient: QueryClient, workspaceId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: seatMembersQueryKey(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: membersQueryKey(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: seatsQueryKey(workspaceId) }),
  ]);
