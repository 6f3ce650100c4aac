import type { QueryClient } from '@tanstack/react-query';
import { parseSentListState } from '../lib/list-state';
import { getScheduledCountQueryOptions } from './get-scheduled-count';
import { getSentCampaignsQueryOptions } from './get-sent-campaigns';

/**
 * Starts the mail merges page's first requests — the sent list as the address asks for it (search,
 * date filter, sort, page) and the scheduled count — when the space shell opens on that page
 * (issue 11): they then run beside the shell's own requests (rollout status, space details) instead
 * of after the shell has rendered the page. The page reads the same queries (same keys), so they
 * are not asked twice. `pathInSpace` is the path after the space prefix: '' and the sent tab and
 * its dialogs show the sent list (a bare space address goes there).
 */
export function prefetchMailMergesPage(
  queryClient: QueryClient,
  workspaceId: string,
  pathInSpace: string,
  search: string,
): void {
  const isSent = ['', '/mail-merges'].includes(pathInSpace) || /^\/mail-merges\/sent(\/|$)/.test(pathInSpace);
  const isScheduled = /^\/mail-merges\/scheduled(\/|$)/.test(pathInSpace);
  if (!isSent && !isScheduled) return;
  void queryClient.prefetchQuery(getScheduledCountQueryOptions(workspaceId));
  if (isSent) {
    const state = parseSentListState(new URLSearchParams(search));
    void queryClient.prefetchQuery(getSentCampaignsQueryOptions(workspaceId, state));
  }
}
