import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatFilterBy } from '@mergedesk/domain/api/list-filters';
import type { ListQuery, SortDirection } from '@mergedesk/domain/api/list-query';
import { PAGE_SIZE } from '@mergedesk/domain/campaigns/constants';
import { MEMBER_SEARCH_DEBOUNCE_MS } from '@mergedesk/domain/members/email-entry';

export type MemberSort<K extends string> = { key: K; direction: SortDirection } | null;

/** Clicking a column: ascending first, then descending, then back to the list's own order. */
function nextMemberSort<K extends string>(current: MemberSort<K>, key: K): MemberSort<K> {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

/**
 * The table state of a member list: the search box (debounced by 200 ms, spec 002 §9), an optional
 * sort — none by default, so the server's order applies (spec 002 §4.6: pending members after the
 * others, each group by creation time) — and the page. A new search or sort starts at page 1.
 */
export function useMemberListState<K extends string>(
  filters: Record<string, string | readonly string[]> = {},
) {
  const [searchInput, setSearchInput] = useState('');
  const [debounced] = useDebouncedValue(searchInput.trim(), MEMBER_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<MemberSort<K>>(null);
  const [paging, setPaging] = useState({ page: 1, search: '', sort });
  const page = paging.search === debounced && paging.sort === sort ? paging.page : 1;
  // filterBy is a comma list: a comma cannot be part of a search (no e-mail address has one).
  const search = debounced.replace(/,/g, ' ').trim();
  const query: ListQuery = {
    filterBy: formatFilterBy({ ...filters, ...(search ? { search } : {}) }) || undefined,
    sortBy: sort ? `${sort.key}:${sort.direction}` : undefined,
    limit: PAGE_SIZE,
    limitOffset: (page - 1) * PAGE_SIZE,
  };
  return {
    query,
    search,
    searchInput,
    setSearchInput,
    sort,
    sortBy: (key: K) => setSort((current) => nextMemberSort(current, key)),
    page,
    setPage: (next: number) => setPaging({ page: next, search: debounced, sort }),
  };
}
