import { Checkbox, Group, LoadingOverlay, Table, Text, TextInput, Box } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { LIST_SEARCH_MAX_LENGTH } from '@mergedesk/domain/api/list-filters';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SortDirection } from '@mergedesk/domain/api/list-query';
import { MEMBER_MESSAGES, roleLabel } from '@mergedesk/domain/members/messages';
import type { Role } from '@mergedesk/domain/roles/roles';
import { ListFooter } from '../../../components/list-footer';
import { EmptyState } from '../../../components/list-states';
import { RetryAlert } from '../../../components/retry-alert';
import { SortableTh } from '../../../components/sortable-th';
import type { MemberSort } from '../lib/member-list-state';
import { MemberCell } from './member-cells';

export type MemberColumn<Row, K extends string> = {
  label: string;
  sortKey?: K;
  render: (row: Row) => ReactNode;
  /** Hidden below the tablet width (spec 000 §9 breakpoints) to keep the table readable at 375 px. */
  desktopOnly?: boolean;
};

export type MembersTableProps<Row, K extends string> = {
  /** The table's accessible name. */
  caption: string;
  columns: MemberColumn<Row, K>[];
  rows: Row[] | undefined;
  total: number;
  rowKey: (row: Row) => string;
  /** How a row is named for its checkbox ('Select adam@acme.test'). */
  rowLabel: (row: Row) => string;
  status: 'pending' | 'error' | 'success';
  isFetching: boolean;
  onRetry: () => void;
  /** No search box without a handler (the legacy users list has no search). */
  searchInput?: string;
  onSearchChange?: (value: string) => void;
  /** The search the shown rows answer (an empty list with a search is 'No results found'). */
  search: string;
  sort: MemberSort<K>;
  onSort: (key: K) => void;
  page: number;
  onPageChange: (page: number) => void;
  /** Keys of the selected rows; null when rows are not selectable (a plain member's read-only list). */
  selected: ReadonlySet<string> | null;
  onSelectedChange: (next: Set<string>) => void;
};

type ListTableProps =
  | 'rows'
  | 'total'
  | 'status'
  | 'isFetching'
  | 'onRetry'
  | 'sort'
  | 'onSort'
  | 'page'
  | 'onPageChange'
  | 'selected'
  | 'onSelectedChange';

/**
 * What MembersTable takes from a member list's query, its table state (useMemberListState) and the
 * row selection, the same on both member screens: the rows and their loading, retry, sort and page,
 * and checkboxes only for a viewer who manages members.
 */
export function memberListTableProps<Row, K extends string>(input: {
  members: UseQueryResult<{ items: Row[]; total: number }>;
  list: { sort: MemberSort<K>; sortBy: (key: K) => void; page: number; setPage: (page: number) => void };
  selection: { selectedKeys: ReadonlySet<string>; setSelectedKeys: (next: Set<string>) => void };
  manages: boolean;
}): Pick<MembersTableProps<Row, K>, ListTableProps> {
  const { members, list, selection } = input;
  return {
    rows: members.data?.items,
    total: members.data?.total ?? 0,
    status: members.status,
    isFetching: members.isFetching,
    onRetry: () => void members.refetch(),
    sort: list.sort,
    onSort: list.sortBy,
    page: list.page,
    onPageChange: list.setPage,
    selected: input.manages ? selection.selectedKeys : null,
    onSelectedChange: selection.setSelectedKeys,
  };
}

/**
 * The members table of both member screens (spec 002 §2.7, §2.8): a debounced search, sortable
 * columns, a checkbox per row (and one for the page) when the viewer manages members, the spec's
 * empty and no-result states, and paging.
 */
export function MembersTable<Row, K extends string>({
  caption,
  columns,
  rows,
  total,
  rowKey,
  rowLabel,
  status,
  isFetching,
  onRetry,
  searchInput,
  onSearchChange,
  search,
  sort,
  onSort,
  page,
  onPageChange,
  selected,
  onSelectedChange,
}: MembersTableProps<Row, K>) {
  const keys = (rows ?? []).map(rowKey);
  const selectedOnPage = selected ? keys.filter((key) => selected.has(key)) : [];
  const allSelected = keys.length > 0 && selectedOnPage.length === keys.length;

  const toggle = (key: string) => {
    if (!selected) return;
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelectedChange(next);
  };
  const toggleAll = () => {
    if (!selected) return;
    const next = new Set(selected);
    for (const key of keys) {
      if (allSelected) next.delete(key);
      else next.add(key);
    }
    onSelectedChange(next);
  };

  const direction = (key: K | undefined): SortDirection | null =>
    key !== undefined && sort?.key === key ? sort.direction : null;

  return (
    <Box>
      {onSearchChange && (
        <TextInput
          aria-label="Search members"
          placeholder="Search by name or email"
          maxLength={LIST_SEARCH_MAX_LENGTH}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput ?? ''}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          maw={360}
          mb="sm"
        />
      )}
      {status === 'error' ? (
        <RetryAlert onRetry={onRetry} retrying={isFetching} />
      ) : status === 'success' && keys.length === 0 ? (
        search ? (
          <EmptyState
            title={MEMBER_MESSAGES.NO_RESULTS_TITLE}
            description={MEMBER_MESSAGES.NO_RESULTS_TEXT}
          />
        ) : (
          <EmptyState title={MEMBER_MESSAGES.EMPTY_TITLE} description={MEMBER_MESSAGES.EMPTY_TEXT} />
        )
      ) : (
        <Box pos="relative">
          <LoadingOverlay
            visible={status === 'pending'}
            loaderProps={{ 'aria-label': 'Loading the members' }}
          />
          <Table.ScrollContainer minWidth={320}>
            <Table highlightOnHover verticalSpacing="xs" aria-label={caption} aria-busy={isFetching}>
              <Table.Thead>
                <Table.Tr>
                  {selected && (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Select all members on this page"
                        checked={allSelected}
                        indeterminate={selectedOnPage.length > 0 && !allSelected}
                        onChange={toggleAll}
                        disabled={keys.length === 0}
                      />
                    </Table.Th>
                  )}
                  {columns.map((column) => {
                    const visibleFrom = column.desktopOnly ? 'sm' : undefined;
                    return column.sortKey ? (
                      <SortableTh
                        key={column.label}
                        label={column.label}
                        direction={direction(column.sortKey)}
                        onSort={() => column.sortKey && onSort(column.sortKey)}
                        visibleFrom={visibleFrom}
                      />
                    ) : (
                      <Table.Th key={column.label} visibleFrom={visibleFrom}>
                        <Text fw={600} size="sm">
                          {column.label}
                        </Text>
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(rows ?? []).map((row) => {
                  const key = rowKey(row);
                  const isSelected = selected?.has(key) ?? false;
                  return (
                    <Table.Tr key={key} bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}>
                      {selected && (
                        <Table.Td>
                          <Checkbox
                            aria-label={`Select ${rowLabel(row)}`}
                            checked={isSelected}
                            onChange={() => toggle(key)}
                          />
                        </Table.Td>
                      )}
                      {columns.map((column) => (
                        <Table.Td key={column.label} visibleFrom={column.desktopOnly ? 'sm' : undefined}>
                          {column.render(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
      )}
      {status === 'success' && keys.length > 0 && (
        <Group mt="sm">
          <Box style={{ flex: 1 }}>
            <ListFooter total={total} page={page} onPageChange={onPageChange} />
          </Box>
        </Group>
      )}
    </Box>
  );
}

/**
 * The first three columns of both member screens: the person (initials and name; the e-mail under
 * it on small screens), the e-mail (hidden on small screens) and the role.
 */
export function personColumns<Row, K extends string>(options: {
  personLabel: string;
  sortKeys: { name: K; email: K; role: K };
  person: (row: Row) => { name: string; email: string; role: Role };
  legacyRoleNames?: boolean;
  /** On phones, the role under the name instead of its own column (room for more columns). */
  roleUnderNameOnPhones?: boolean;
}): MemberColumn<Row, K>[] {
  const { person, sortKeys } = options;
  const role = (row: Row) => roleLabel(person(row).role, options.legacyRoleNames);
  return [
    {
      label: options.personLabel,
      sortKey: sortKeys.name,
      render: (row) => (
        <MemberCell
          name={person(row).name}
          email={person(row).email}
          {...(options.roleUnderNameOnPhones ? { phoneRole: role(row) } : {})}
        />
      ),
    },
    {
      label: 'Email',
      sortKey: sortKeys.email,
      desktopOnly: true,
      render: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {person(row).email}
        </Text>
      ),
    },
    {
      label: 'Role',
      sortKey: sortKeys.role,
      desktopOnly: options.roleUnderNameOnPhones === true,
      render: (row) => <Text size="sm">{role(row)}</Text>,
    },
  ];
}
