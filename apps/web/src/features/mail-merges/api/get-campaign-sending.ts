import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignSending } from '@mergedesk/domain/api/sending';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isSendingActive, SENDING_REFRESH_MS } from '../lib/sending-state';

/**
 * GET /api/v1/users/me/campaigns/{id}/sending (merges.campaignSending, issue 24): how the engine
 * sends the merge. A merge the add-on sent itself answers 404: the dialog then stays as it was.
 */
const getCampaignSending = (campaignId: string, signal?: AbortSignal): Promise<CampaignSending> =>
  callEndpoint('merges.campaignSending', { params: { id: campaignId }, signal });

/**
 * Asked again every 2 s while the merge is being sent, never once it is done or cancelled; TanStack
 * Query pauses the interval while the tab is hidden (refetchIntervalInBackground is off).
 */
const getCampaignSendingQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: queryKeys.sentCampaign.sending(campaignId),
    queryFn: ({ signal }) => getCampaignSending(campaignId, signal),
    refetchInterval: (query) =>
      query.state.data !== undefined && isSendingActive(query.state.data.status) ? SENDING_REFRESH_MS : false,
  });

export const useCampaignSending = (campaignId: string) =>
  useQuery(getCampaignSendingQueryOptions(campaignId));
