import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { TeamMemberList } from '@mergedesk/domain/api/team-report';
import { LIST_STALE_TIME_MS } from '@mergedesk/domain/campaigns/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/workspaces/{id}/team-report/members with filterBy (memberStatus ACTIVE and LEGACY),
 * sortBy, limit and limitOffset → { items, total } (spec 002 §7 "Team report"); 403 when the member
 * may not see the team report.
 */
export const getTeamMembers = (
  workspaceId: string,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<TeamMemberList> =>
  callEndpoint('teamReport.members', {
    params: { id: workspaceId },
    query,
    signal,
  });

/** Spec 002 §9: list cache stale time 1 s; the previous page stays on screen while the next loads. */
const getTeamMembersQueryOptions = (workspaceId: string, query: ListQuery) =>
  queryOptions({
    queryKey: queryKeys.teamReport.membersPage(workspaceId, query),
    queryFn: ({ signal }) => getTeamMembers(workspaceId, query, signal),
    staleTime: LIST_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

export const useTeamMembers = (workspaceId: string, query: ListQuery) =>
  useQuery(getTeamMembersQueryOptions(workspaceId, query));
