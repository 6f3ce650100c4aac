import { ActionIcon, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { SortDirection } from '@mergedesk/domain/api/list-query';
import type { SuppressionItem, SuppressionSortKey } from '@mergedesk/domain/api/suppression-list';
import { SUPPRESSION_TYPE_LABELS, suppressionItemDate } from '@mergedesk/domain/api/suppression-display';
import { formatLongDate } from '../../../lib/dates';
import type { SuppressionListState } from '../lib/suppression-list-query';
import { ListFooter } from '../../../components/list-footer';
import { EmptyState } from '../../../components/list-states';
import { RetryAlert } from '../../../components/retry-alert';
import { SortableTh } from '../../../components/sortable-th';
import { WholeBadge } from '../../../components/whole-badge';
import { usePhoneLayout } from '../../../lib/phone-layout';

/** Why a row's Delete is disabled, shown as its tooltip; null when it can be deleted. */
type DeleteBlock = string | null;

export type SuppressionTableProps = {
  /** Accessible name of the table, e.g. 'Unsubscriptions'. */
  label: string;
  items: readonly SuppressionItem[] | undefined;
  total: number;
  status: 'pending' | 'error' | 'success';
  /** A new page or sort is loading while the previous rows stay on screen. */
  isFetching: boolean;
  onRetry: () => void;
  state: SuppressionListState;
  onSortChange: (sort: SuppressionListState['sort']) => void;
  onPageChange: (page: number) => void;
  /** Shows the Type column (shared across the space or personal). */
  showType?: boolean;
  deleteBlock: (item: SuppressionItem) => DeleteBlock;
  onDelete: (item: SuppressionItem) => void;
  empty: { title: string; description?: string };
};

const SKELETON_ROWS = 5;
/** A column as wide as its content on one line (dates, badges). */
const FIT_CONTENT = { whiteSpace: 'nowrap', width: '1%' } as const;
/** The column that takes the room left; its text ellipsises (max-width 0 lets the cell shrink). */
const FILL_AND_TRUNCATE = { width: '100%', maxWidth: 0 } as const;
/**
 * The table of the unsubscription and bounce pages (spec 002 §2.3, §2.4): Email address, Date
 * (sortable, aria-sort), optionally Type, and a Delete action per row; skeleton rows while the
 * first page loads, the empty state, an error with a retry, then paging of PAGE_SIZE rows and the
 * total (capped: '10.000+').
 */
export function SuppressionTable(props: SuppressionTableProps) {
  const isPhone = usePhoneLayout();
  const { label, items, total, status, isFetching, state, showType = false, empty } = props;

  if (status === 'error') return <RetryAlert onRetry={props.onRetry} retrying={isFetching} />;

  if (status === 'success' && items && items.length === 0) {
    return <EmptyState title={empty.title} description={empty.description} />;
  }

  const toggleSort = (key: SuppressionSortKey) => {
    const direction: SortDirection =
      state.sort.key === key
        ? state.sort.direction === 'asc'
          ? 'desc'
          : 'asc'
        : key === 'emailAddress'
          ? 'asc'
          : 'desc';
    props.onSortChange({ key, direction });
  };
  const directionOf = (key: SuppressionSortKey) => (state.sort.key === key ? state.sort.direction : null);

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label={label} aria-busy={status === 'pending' || isFetching} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <SortableTh
                label="Email address"
                direction={directionOf('emailAddress')}
                onSort={() => toggleSort('emailAddress')}
              />
              <SortableTh
                label="Date"
                direction={directionOf('lastUpdateTimestamp')}
                onSort={() => toggleSort('lastUpdateTimestamp')}
                visibleFrom="sm"
              />
              {showType && <Table.Th style={FIT_CONTENT}>Type</Table.Th>}
              <Table.Th w={72} ta="center">
                Delete
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status === 'pending' || !items
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <Table.Tr key={index} aria-hidden>
                    <Table.Td>
                      <Skeleton height={14} width="70%" />
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Skeleton height={14} />
                    </Table.Td>
                    {showType && (
                      <Table.Td>
                        <Skeleton height={14} width={60} />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Skeleton height={24} width={24} mx="auto" />
                    </Table.Td>
                  </Table.Tr>
                ))
              : items.map((item) => {
                  const blocked = props.deleteBlock(item);
                  return (
                    <Table.Tr key={item.emailAddress}>
                      {/* The address takes the room left and ellipsises, never breaking mid-word; the
                          full address is its title. */}
                      <Table.Td style={FILL_AND_TRUNCATE}>
                        <Text size="sm" truncate="end" title={item.emailAddress}>
                          {item.emailAddress}
                        </Text>
                        {isPhone && (
                          <Text size="xs" c="dimmed">
                            {formatLongDate(suppressionItemDate(item))}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td visibleFrom="sm" style={FIT_CONTENT}>
                        {formatLongDate(suppressionItemDate(item))}
                      </Table.Td>
                      {showType && (
                        <Table.Td style={FIT_CONTENT}>
                          <WholeBadge variant="light" color={item.type === 'WORKSPACE' ? 'blue' : 'gray'}>
                            {SUPPRESSION_TYPE_LABELS[item.type]}
                          </WholeBadge>
                        </Table.Td>
                      )}
                      <Table.Td ta="center">
                        <Tooltip
                          label={blocked}
                          disabled={!blocked}
                          multiline
                          maw={280}
                          withArrow
                          // keyboard and touch users reach the reason too
                          events={{ hover: true, focus: true, touch: true }}
                        >
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${item.emailAddress}`}
                            // aria-disabled keeps it focusable, so keyboard users reach the tooltip
                            aria-disabled={blocked ? true : undefined}
                            data-disabled={blocked ? true : undefined}
                            aria-description={blocked ?? undefined}
                            onClick={blocked ? undefined : () => props.onDelete(item)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {status === 'success' && (
        <ListFooter total={total} page={state.page} onPageChange={props.onPageChange} />
      )}
    </Stack>
  );
}
