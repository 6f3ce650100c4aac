import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { stubFetch } from '../../../test/fetch-stub';
import { DEFAULT_SENT_SORT } from '../lib/list-state';
import { prefetchMailMergesPage } from './prefetch-mail-merges';

const SPACE = 'space-1';
const fetchMock = stubFetch(() =>
  Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
);

/** The query keys `prefetchMailMergesPage` put into a new cache for that address. */
function prefetched(pathInSpace: string, search = '') {
  const queryClient = new QueryClient();
  prefetchMailMergesPage(queryClient, SPACE, pathInSpace, search);
  return queryClient
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey);
}

describe('prefetchMailMergesPage', () => {
  const count = queryKeys.scheduledCount(SPACE);
  const sentPage = (state: Parameters<typeof queryKeys.sentCampaigns.page>[1]) =>
    queryKeys.sentCampaigns.page(SPACE, state);
  const defaults = { search: '', dateFilter: 'LAST_12_MONTHS', sort: DEFAULT_SENT_SORT, page: 1 } as const;

  it.each(['', '/mail-merges', '/mail-merges/sent', '/mail-merges/sent/c-1', '/mail-merges/sent/c-1/poll'])(
    'asks for the sent list and the scheduled count on %j',
    (path) => {
      expect(prefetched(path)).toEqual([count, sentPage(defaults)]);
    },
  );

  it('asks for the list the address describes (search, filter, sort, page)', () => {
    expect(prefetched('/mail-merges/sent', '?search=q3&date=ALL_TIME&sort=sheetName:asc&page=2')).toEqual([
      count,
      sentPage({
        search: 'q3',
        dateFilter: 'ALL_TIME',
        sort: { key: 'sheetName', direction: 'asc' },
        page: 2,
      }),
    ]);
  });

  it('asks only for the scheduled count on the scheduled tab', () => {
    expect(prefetched('/mail-merges/scheduled')).toEqual([count]);
    expect(prefetched('/mail-merges/scheduled/s-1')).toEqual([count]);
  });

  it.each(['/templates', '/space/billing', '/mail-mergesx', '/unsubscriptions'])(
    'asks for nothing on %j',
    (path) => {
      expect(prefetched(path)).toEqual([]);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
