import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SentCampaign } from '@mergedesk/domain/api/campaigns';
import { CAMPAIGN_REFETCH_INTERVAL_MS } from '@mergedesk/domain/campaigns/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isRecentlySent, SENDING_REFRESH_MS } from '../lib/sending-state';

/** GET /api/v1/users/me/campaigns/{id} (spec 002 §7). */
const getSentCampaign = (campaignId: string, signal?: AbortSignal): Promise<SentCampaign> =>
  callEndpoint('campaigns.get', { params: { id: campaignId }, signal });

/**
 * Spec 002 §4.2: the campaign detail is refreshed every 30 s; every 2 s while its messages are
 * leaving or were just sent, when its opens and clicks come in (issue 24).
 */
const getSentCampaignQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: queryKeys.sentCampaign.detail(campaignId),
    queryFn: ({ signal }) => getSentCampaign(campaignId, signal),
    refetchInterval: (query) =>
      query.state.data !== undefined && isRecentlySent(query.state.data, Date.now())
        ? SENDING_REFRESH_MS
        : CAMPAIGN_REFETCH_INTERVAL_MS,
  });

export const useSentCampaign = (campaignId: string) => useQuery(getSentCampaignQueryOptions(campaignId));
