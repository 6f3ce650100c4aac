import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignLinkStats } from '@mergedesk/domain/api/campaign-recipients';
import { CAMPAIGN_REFETCH_INTERVAL_MS } from '@mergedesk/domain/campaigns/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { SENDING_REFRESH_MS } from '../lib/sending-state';

/** GET /api/v1/users/me/campaigns/{id}/links (issue 9): clicks and unique clickers per link. */
const getCampaignLinks = (campaignId: string, signal?: AbortSignal): Promise<CampaignLinkStats> =>
  callEndpoint('campaigns.links', { params: { id: campaignId }, signal });

/** Refreshed with the campaign detail: every 30 s, every 2 s while the merge is `live` (issue 24). */
const getCampaignLinksQueryOptions = (campaignId: string, live: boolean) =>
  queryOptions({
    queryKey: queryKeys.sentCampaign.links(campaignId),
    queryFn: ({ signal }) => getCampaignLinks(campaignId, signal),
    refetchInterval: live ? SENDING_REFRESH_MS : CAMPAIGN_REFETCH_INTERVAL_MS,
  });

export const useCampaignLinks = (campaignId: string, live = false) =>
  useQuery(getCampaignLinksQueryOptions(campaignId, live));
