import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamSummary } from '@mergedesk/domain/api/team-report';
import { LIST_STALE_TIME_MS } from '@mergedesk/domain/campaigns/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/workspaces/{id}/team-report/summary (spec 002 §7 "Team report"); 403 when not allowed. */
const getTeamSummary = (workspaceId: string, signal?: AbortSignal): Promise<TeamSummary> =>
  callEndpoint('teamReport.summary', { params: { id: workspaceId }, signal });

const getTeamSummaryQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.teamReport.summary(workspaceId),
    queryFn: ({ signal }) => getTeamSummary(workspaceId, signal),
    staleTime: LIST_STALE_TIME_MS,
  });

export const useTeamSummary = (workspaceId: string) => useQuery(getTeamSummaryQueryOptions(workspaceId));
