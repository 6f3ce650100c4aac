import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignCount } from '@mergedesk/domain/api/campaigns';
import { LIST_STALE_TIME_MS } from '@mergedesk/domain/campaigns/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/users/me/workspaces/{id}/campaigns/count?isScheduled=true (spec 002 §7). */
const getScheduledCount = (workspaceId: string, signal?: AbortSignal): Promise<CampaignCount> =>
  callEndpoint('campaigns.count', {
    params: { id: workspaceId },
    query: { isScheduled: true },
    signal,
  });

export const getScheduledCountQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.scheduledCount(workspaceId),
    queryFn: ({ signal }) => getScheduledCount(workspaceId, signal),
    staleTime: LIST_STALE_TIME_MS,
  });

export const useScheduledCount = (workspaceId: string) =>
  useQuery(getScheduledCountQueryOptions(workspaceId));
