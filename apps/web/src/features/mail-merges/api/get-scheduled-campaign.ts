import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduledCampaign } from '@mergedesk/domain/api/scheduled-campaigns';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/users/me/scheduled-campaigns/{id} (spec 002 §7). */
const getScheduledCampaign = (id: string, signal?: AbortSignal): Promise<ScheduledCampaign> =>
  callEndpoint('scheduledCampaigns.get', { params: { id }, signal });

const getScheduledCampaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.scheduledCampaign(id),
    queryFn: ({ signal }) => getScheduledCampaign(id, signal),
  });

export const useScheduledCampaign = (id: string) => useQuery(getScheduledCampaignQueryOptions(id));
