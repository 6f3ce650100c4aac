import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { SentCampaignList } from '@mergedesk/domain/api/campaigns';
import { LIST_STALE_TIME_MS } from '@mergedesk/domain/campaigns/constants';
import { dateFilterRange } from '@mergedesk/domain/format/dates';
import { callEndpoint } from '../../../lib/api-client';
import type { SentListState } from '../lib/list-state';
import { sentListQuery } from '../lib/list-state';
import { queryKeys } from '../../../lib/query-keys';
import { isRecentlySent, SENDING_REFRESH_MS } from '../lib/sending-state';

/**
 * GET /api/v1/users/me/campaigns with filterBy (workspaceId, search, from, to), sortBy, limit and
 * limitOffset (spec 002 §7). Spec §7 also sends an X-ID-Token header; the session exposes no id
 * token and the server does not require it, so none is sent.
 */
export const getSentCampaigns = (query: ListQuery, signal?: AbortSignal): Promise<SentCampaignList> =>
  callEndpoint('campaigns.list', { query, signal });

/** The list parameters of a table state, with the date filter's range taken now. */
export const sentCampaignsRequestQuery = (workspaceId: string, state: SentListState): ListQuery =>
  sentListQuery(workspaceId, state, dateFilterRange(state.dateFilter, Date.now()));

/**
 * Spec 002 §9: list cache stale time 1 s; the previous page stays on screen while the next loads.
 * The key holds the date filter, not its range: the range is taken when the request is made.
 * Issue 24: while a merge of the page is being sent or was just sent, its counters follow its opens
 * and clicks (asked every 2 s, not longer; docs/decisions/390-sending-dashboard-refresh.md), and coming
 * back to the tab asks again.
 */
export const getSentCampaignsQueryOptions = (workspaceId: string, state: SentListState) =>
  queryOptions({
    queryKey: queryKeys.sentCampaigns.page(workspaceId, state),
    queryFn: ({ signal }) => getSentCampaigns(sentCampaignsRequestQuery(workspaceId, state), signal),
    staleTime: LIST_STALE_TIME_MS,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((campaign) => isRecentlySent(campaign, Date.now()))
        ? SENDING_REFRESH_MS
        : false,
    refetchOnWindowFocus: true,
  });

export const useSentCampaigns = (workspaceId: string, state: SentListState) =>
  useQuery(getSentCampaignsQueryOptions(workspaceId, state));
