import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MergeStatus } from '@mergedesk/domain/api/sending';
import { callEndpoint, isApiErrorStatus } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isSendingActive, PROGRESS_REFRESH_MS } from '../lib/sending-state';

/** Recipients per page of the progress page. */
const PROGRESS_PAGE_SIZE = 50;

/**
 * GET /api/addon/merges/{id} (merges.get, issue 24): the merge's status, counts and a page of its
 * recipients after the cursor `after`. It takes the campaign's id, and answers 404 for a merge that
 * is not the caller's.
 */
const getMergeProgress = (
  campaignId: string,
  after: string | null,
  signal?: AbortSignal,
): Promise<MergeStatus> =>
  callEndpoint('merges.get', {
    params: { id: campaignId },
    query: { after: after ?? undefined, limit: PROGRESS_PAGE_SIZE },
    signal,
  });

/**
 * Asked again every PROGRESS_REFRESH_MS while the merge is being sent (also after a failed try, so
 * the page recovers by itself when the connection comes back), never once it is done or cancelled
 * (docs/decisions/412-merge-progress-polling.md).
 */
const getMergeProgressQueryOptions = (campaignId: string, after: string | null) =>
  queryOptions({
    queryKey: queryKeys.sentCampaign.progress(campaignId, after),
    queryFn: ({ signal }) => getMergeProgress(campaignId, after, signal),
    refetchInterval: (query) => {
      const { data, error } = query.state;
      if (data !== undefined) return isSendingActive(data.status) ? PROGRESS_REFRESH_MS : false;
      // Not the caller's merge (404): asking again will not help.
      return isApiErrorStatus(error, 404) ? false : PROGRESS_REFRESH_MS;
    },
    // A page change keeps the counts and the rows on screen until the next page has come.
    placeholderData: keepPreviousData,
  });

export const useMergeProgress = (campaignId: string, after: string | null) =>
  useQuery(getMergeProgressQueryOptions(campaignId, after));
