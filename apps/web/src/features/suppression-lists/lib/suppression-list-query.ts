import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatFilterBy } from '@mergedesk/domain/api/list-filters';
import type { ListQuery, SortDirection } from '@mergedesk/domain/api/list-query';
import type { SuppressionSortKey } from '@mergedesk/domain/api/suppression-list';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@mergedesk/domain/campaigns/constants';

/** What the unsubscription and bounce tables ask for: a search, one sort column and a page (1-based). */
export type SuppressionListState = {
  search: string;
  sort: { key: SuppressionSortKey; direction: SortDirection };
  page: number;
};

/** Newest first, as the other dated tables of spec 002 (§2.2 "default sort descending"). */
const DEFAULT_SUPPRESSION_LIST_STATE: SuppressionListState = {
  search: '',
  sort: { key: 'lastUpdateTimestamp', direction: 'desc' },
  page: 1,
};

/**
 * The list parameters of spec 002 §7 for one page. filterBy is a comma list, so commas cannot be
 * part of a search (an e-mail address never contains one).
 */
function suppressionListQuery(state: SuppressionListState): ListQuery {
  const search = state.search.replace(/,/g, ' ').trim();
  return {
    filterBy: search ? formatFilterBy({ search }) : undefined,
    sortBy: `${state.sort.key}:${state.sort.direction}`,
    limit: PAGE_SIZE,
    limitOffset: (state.page - 1) * PAGE_SIZE,
  };
}

/**
 * The table state of a page: the search box's text, debounced by 200 ms into the query (spec 002
 * §9); a new search or sort goes back to the first page.
 */
export function useSuppressionListState() {
  const [searchInput, setSearchInput] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSortState] = useState(DEFAULT_SUPPRESSION_LIST_STATE.sort);
  const [pageState, setPageState] = useState({ page: 1, search: '', sort });
  // The page belongs to one search and sort: any change of either starts again at page 1.
  const page = pageState.search === debouncedSearch && pageState.sort === sort ? pageState.page : 1;
  const state: SuppressionListState = { search: debouncedSearch, sort, page };
  return {
    state,
    query: suppressionListQuery(state),
    searchInput,
    setSearchInput,
    setSort: setSortState,
    setPage: (next: number) => setPageState({ page: next, search: debouncedSearch, sort }),
    /**
     * Called with the rows of the current page: a page left empty (its last row deleted) goes
     * back one page instead of showing the empty state.
     */
    stepBackFromEmptyPage: (rowCount: number | undefined) => {
      if (rowCount === 0 && page > 1) setPageState({ page: page - 1, search: debouncedSearch, sort });
    },
  };
}
