import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { ScheduledCampaignList } from '@mergedesk/domain/api/scheduled-campaigns';
import { LIST_STALE_TIME_MS } from '@mergedesk/domain/campaigns/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/users/me/scheduled-campaigns with filterBy (workspaceId), sortBy, limit, limitOffset (spec 002 §7). */
export const getScheduledCampaigns = (
  query: ListQuery,
  signal?: AbortSignal,
): Promise<ScheduledCampaignList> => callEndpoint('scheduledCampaigns.list', { query, signal });

const getScheduledCampaignsQueryOptions = (workspaceId: string, query: ListQuery) =>
  queryOptions({
    queryKey: queryKeys.scheduledCampaigns.page(workspaceId, query),
    queryFn: ({ signal }) => getScheduledCampaigns(query, signal),
    staleTime: LIST_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

export const useScheduledCampaigns = (workspaceId: string, query: ListQuery) =>
  useQuery(getScheduledCampaignsQueryOptions(workspaceId, query));
