import { formatFilterBy } from '@mergedesk/domain/api/list-filters';
import type { ListQuery, SortDirection } from '@mergedesk/domain/api/list-query';
import { PAGE_SIZE } from '@mergedesk/domain/campaigns/constants';
import type { DateFilter, DateRange } from '@mergedesk/domain/format/dates';
import { DEFAULT_DATE_FILTER, dateFilterSchema } from '@mergedesk/domain/format/dates';

/** The sortable columns of the sent table (spec 002 §2.2: Sheet Name and Date). */
export type SentSortKey = 'sheetName' | 'lastUpdateTimestamp';

/**
 * What the sent table shows, kept in the query string so that opening and closing the detail
 * dialog (a route) keeps the search, filter, sort and page.
 */
export type SentListState = {
  search: string;
  dateFilter: DateFilter;
  sort: { key: SentSortKey; direction: SortDirection };
  page: number;
};

/** Spec 002 §2.2: Date is the default sort, descending. */
export const DEFAULT_SENT_SORT: SentListState['sort'] = { key: 'lastUpdateTimestamp', direction: 'desc' };

const SENT_QUERY_PARAMS = {
  search: 'search',
  dateFilter: 'date',
  sort: 'sort',
  page: 'page',
} as const;

const parsePage = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

const parseSort = (value: string | null): SentListState['sort'] => {
  const [key, direction] = (value ?? '').split(':');
  if (
    (key === 'sheetName' || key === 'lastUpdateTimestamp') &&
    (direction === 'asc' || direction === 'desc')
  ) {
    return { key, direction };
  }
  return DEFAULT_SENT_SORT;
};

export function parseSentListState(params: URLSearchParams): SentListState {
  const dateFilter = dateFilterSchema.safeParse(params.get(SENT_QUERY_PARAMS.dateFilter));
  return {
    search: params.get(SENT_QUERY_PARAMS.search) ?? '',
    dateFilter: dateFilter.success ? dateFilter.data : DEFAULT_DATE_FILTER,
    sort: parseSort(params.get(SENT_QUERY_PARAMS.sort)),
    page: parsePage(params.get(SENT_QUERY_PARAMS.page)),
  };
}

/** The query string of a state; defaults are left out so the plain URL is the default view. */
export function sentListSearchParams(state: SentListState, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (name: string, value: string | null) => {
    if (value === null) next.delete(name);
    else next.set(name, value);
  };
  set(SENT_QUERY_PARAMS.search, state.search.trim() === '' ? null : state.search);
  set(SENT_QUERY_PARAMS.dateFilter, state.dateFilter === DEFAULT_DATE_FILTER ? null : state.dateFilter);
  const isDefaultSort =
    state.sort.key === DEFAULT_SENT_SORT.key && state.sort.direction === DEFAULT_SENT_SORT.direction;
  set(SENT_QUERY_PARAMS.sort, isDefaultSort ? null : `${state.sort.key}:${state.sort.direction}`);
  set(SENT_QUERY_PARAMS.page, state.page > 1 ? String(state.page) : null);
  return next;
}

/**
 * A search or a date filter narrower than the default narrows the list: an empty list then reads
 * 'No results found'. All time is wider than the default: empty, nothing was ever sent.
 */
export const isSentListNarrowed = (state: SentListState): boolean =>
  state.search.trim() !== '' || (state.dateFilter !== DEFAULT_DATE_FILTER && state.dateFilter !== 'ALL_TIME');

/**
 * The list parameters of spec 002 §7 for one page of sent merges. filterBy is a comma list, so a
 * comma in the search becomes a space. An open side of the range (All time) sends no bound.
 */
export function sentListQuery(workspaceId: string, state: SentListState, range: DateRange): ListQuery {
  const search = state.search.replace(/,/g, ' ').trim();
  return {
    filterBy: formatFilterBy({
      workspaceId,
      search: search === '' ? undefined : search,
      from: range.from === null ? undefined : String(range.from),
      to: range.to === null ? undefined : String(range.to),
    }),
    sortBy: `${state.sort.key}:${state.sort.direction}`,
    limit: PAGE_SIZE,
    limitOffset: (state.page - 1) * PAGE_SIZE,
  };
}

/** One page of the scheduled merges: the next to be sent first. */
export const scheduledListQuery = (workspaceId: string, page: number): ListQuery => ({
  filterBy: formatFilterBy({ workspaceId }),
  sortBy: 'nextScheduledRunTimestamp:asc',
  limit: PAGE_SIZE,
  limitOffset: (page - 1) * PAGE_SIZE,
});
