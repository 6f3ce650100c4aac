import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SentCampaign } from '@mergedesk/domain/api/campaigns';
import { CAMPAIGN_REFETCH_INTERVAL_MS } from '@mergedesk/domain/campaigns/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/users/me/campaigns/{id} (spec 002 §7). */
const getSentCampaign = (campaignId: string, signal?: AbortSignal): Promise<SentCampaign> =>
  callEndpoint('campaigns.get', { params: { id: campaignId }, signal });

/** Spec 002 §4.2: the campaign detail is refreshed every 30 s. */
const getSentCampaignQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: queryKeys.sentCampaign.detail(campaignId),
    queryFn: ({ signal }) => getSentCampaign(campaignId, signal),
    refetchInterval: CAMPAIGN_REFETCH_INTERVAL_MS,
  });

export const useSentCampaign = (campaignId: string) => useQuery(getSentCampaignQueryOptions(campaignId));
