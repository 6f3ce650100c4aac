import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { SeatMember } from '@mergedesk/domain/api/members';
import { MEMBERS_STALE_TIME_MS } from '@mergedesk/domain/session/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type SeatMemberList = { items: SeatMember[]; total: number };

/** GET /api/workspaces/{id}/users/v1 with filterBy, sortBy, limit, limitOffset (spec 002 §7). */
const getSeatMembers = (
  workspaceId: string,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<SeatMemberList> => callEndpoint('members.seatMembers', { params: { workspaceId }, query, signal });

/** Every query of this list shares the prefix, so one invalidation refreshes them all. */

/** Spec 002 §7: refetched on mount, stale after 1 s, refetched on window focus. */
const getSeatMembersQueryOptions = (workspaceId: string, query: ListQuery) =>
  queryOptions({
    queryKey: queryKeys.seatMembers.page(workspaceId, query),
    queryFn: ({ signal }) => getSeatMembers(workspaceId, query, signal),
    staleTime: MEMBERS_STALE_TIME_MS,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });

export const useSeatMembers = (workspaceId: string, query: ListQuery) =>
  useQuery(getSeatMembersQueryOptions(workspaceId, query));
