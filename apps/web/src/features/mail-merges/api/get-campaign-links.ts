import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignLinkStats } from '@mergedesk/domain/api/campaign-recipients';
import { CAMPAIGN_REFETCH_INTERVAL_MS } from '@mergedesk/domain/campaigns/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/users/me/campaigns/{id}/links (issue 9): clicks and unique clickers per link. */
const getCampaignLinks = (campaignId: string, signal?: AbortSignal): Promise<CampaignLinkStats> =>
  callEndpoint('campaigns.links', { params: { id: campaignId }, signal });

const getCampaignLinksQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: queryKeys.sentCampaign.links(campaignId),
    queryFn: ({ signal }) => getCampaignLinks(campaignId, signal),
    refetchInterval: CAMPAIGN_REFETCH_INTERVAL_MS,
  });

export const useCampaignLinks = (campaignId: string) => useQuery(getCampaignLinksQueryOptions(campaignId));
