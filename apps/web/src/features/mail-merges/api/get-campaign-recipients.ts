import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignRecipientList } from '@mergedesk/domain/api/campaign-recipients';
import { formatFilterBy } from '@mergedesk/domain/api/list-filters';
import { CAMPAIGN_REFETCH_INTERVAL_MS } from '@mergedesk/domain/campaigns/constants';
import { RECIPIENT_PAGE_SIZE, type RecipientFilter } from '@mergedesk/domain/campaigns/recipient-status';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { SENDING_REFRESH_MS } from '../lib/sending-state';

export type RecipientListParams = { status: RecipientFilter; page: number };

/** The filterBy of the recipients list and its export ('all' is no filter). */
export const recipientFilterBy = (status: RecipientFilter): string | undefined =>
  status === 'all' ? undefined : formatFilterBy({ status });

/** GET /api/v1/users/me/campaigns/{id}/recipients (issue 9), one page. */
const getCampaignRecipients = (
  campaignId: string,
  { status, page }: RecipientListParams,
  signal?: AbortSignal,
): Promise<CampaignRecipientList> =>
  callEndpoint('campaigns.recipients', {
    params: { id: campaignId },
    query: {
      filterBy: recipientFilterBy(status),
      limit: RECIPIENT_PAGE_SIZE,
      limitOffset: (page - 1) * RECIPIENT_PAGE_SIZE,
    },
    signal,
  });

/**
 * Refreshed with the campaign detail (every 30 s; every 2 s while the merge is `live`: being sent
 * or just sent, issue 24); the page shown stays while the next loads.
 */
const getCampaignRecipientsQueryOptions = (campaignId: string, params: RecipientListParams, live: boolean) =>
  queryOptions({
    queryKey: queryKeys.sentCampaign.recipients(campaignId, params),
    queryFn: ({ signal }) => getCampaignRecipients(campaignId, params, signal),
    refetchInterval: live ? SENDING_REFRESH_MS : CAMPAIGN_REFETCH_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });

export const useCampaignRecipients = (campaignId: string, params: RecipientListParams, live = false) =>
  useQuery(getCampaignRecipientsQueryOptions(campaignId, params, live));
