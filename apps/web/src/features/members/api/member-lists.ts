import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Spec 002 §4.6: after a successful action the member lists and the subscription (seat) data are
 * refreshed. Every administration mutation calls this on success.
 */
export const invalidateMemberLists = (queryClient: QueryClient, workspaceId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.seatMembers.all(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.members.all(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.seats(workspaceId) }),
  ]);
