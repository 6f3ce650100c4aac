import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PollResponses, PollResults } from '@mergedesk/domain/api/campaigns';
import { CAMPAIGN_REFETCH_INTERVAL_MS } from '@mergedesk/domain/campaigns/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the Poll results tab shows: the counted results, or the raw responses as a fallback. */
export type CampaignPoll =
  { kind: 'results'; items: PollResults['items'] } | { kind: 'responses'; items: PollResponses['items'] };

/**
 * Spec 002 §4.2: GET /api/v1/users/me/campaigns/{id}/pollResults first; if that fails,
 * GET …/pollResponses instead (an error of the fallback is the query's error).
 */
async function getCampaignPoll(campaignId: string, signal?: AbortSignal): Promise<CampaignPoll> {
  const options = { params: { id: campaignId }, signal };
  try {
    const results = await callEndpoint('campaigns.pollResults', options);
    return { kind: 'results', items: results.items };
  } catch (error) {
    if (signal?.aborted) throw error;
    const responses = await callEndpoint('campaigns.pollResponses', options);
    return { kind: 'responses', items: responses.items };
  }
}

/** Refreshed with the campaign detail, every 30 s (spec 002 §4.2). */
const getCampaignPollQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: queryKeys.sentCampaign.poll(campaignId),
    queryFn: ({ signal }) => getCampaignPoll(campaignId, signal),
    refetchInterval: CAMPAIGN_REFETCH_INTERVAL_MS,
  });

export const useCampaignPoll = (campaignId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getCampaignPollQueryOptions(campaignId), enabled: options.enabled ?? true });
