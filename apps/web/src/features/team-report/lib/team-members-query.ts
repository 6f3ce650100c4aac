import { formatFilterBy } from '@mergedesk/domain/api/list-filters';
import type { ListQuery, SortDirection } from '@mergedesk/domain/api/list-query';
import type { TeamReportSortKey } from '@mergedesk/domain/api/team-report';
import { PAGE_SIZE } from '@mergedesk/domain/campaigns/constants';

/** What the members table asks for: one sort column and a page (1-based). */
export type TeamMembersState = {
  sort: { key: TeamReportSortKey; direction: SortDirection };
  page: number;
};

/**
 * The most active members first: the report is read to see who sends. Spec 002 gives no default
 * sort for the team report; this is our choice (docs/decisions/README.md).
 */
export const DEFAULT_TEAM_MEMBERS_STATE: TeamMembersState = {
  sort: { key: 'emailSentThisMonth', direction: 'desc' },
  page: 1,
};

/** Spec 002 §7: the members of the report are those with memberStatus ACTIVE or LEGACY. */
export const TEAM_MEMBERS_FILTER_BY = formatFilterBy({ memberStatus: ['ACTIVE', 'LEGACY'] });

export const teamMembersSortBy = (state: TeamMembersState): string =>
  `${state.sort.key}:${state.sort.direction}`;

/** The list parameters of one page of the table. */
export const teamMembersQuery = (state: TeamMembersState): ListQuery => ({
  filterBy: TEAM_MEMBERS_FILTER_BY,
  sortBy: teamMembersSortBy(state),
  limit: PAGE_SIZE,
  limitOffset: (state.page - 1) * PAGE_SIZE,
});

/** Text columns start ascending, dates and counts descending (newest and largest first). */
export const nextSort = (
  current: TeamMembersState['sort'],
  key: TeamReportSortKey,
): TeamMembersState['sort'] => {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'userName' || key === 'userEmail' ? 'asc' : 'desc' };
};
