import { Skeleton, Table, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { KeyboardEvent, ReactNode } from 'react';
import { ListFooter } from '../../../components/list-footer';
import { RetryAlert } from '../../../components/retry-alert';
import { ListEmptyState } from './list-states';
import { SheetLink } from './sheet-link';

export type CampaignTableProps<T> = {
  /** The table's accessible name ('Sent mail merges'). */
  label: string;
  list: UseQueryResult<{ items: T[]; total: number }>;
  /** A search or filter narrows the list (the empty state says 'No results found'). */
  narrowed: boolean;
  /** The header cells before the spreadsheet column. */
  head: ReactNode;
  /**
   * The placeholder rows while the first page loads: their cells' widths (%) before the spreadsheet
   * one, and which of those cells show only from the sm breakpoint on, like their columns.
   */
  skeleton: { rows: number; widths: readonly number[]; fromSm: readonly number[] };
  rowId: (item: T) => string;
  /** A row's cells before the spreadsheet column. */
  cells: (item: T) => ReactNode;
  /** The row's spreadsheet link (desktop only). */
  sheet: (item: T) => { sheetKey: string; title: string };
  onOpen: (id: string) => void;
  page: number;
  onPageChange: (page: number) => void;
};

/**
 * A tab's list of mail merges (spec 002 §2.2): the table, or the retry banner or the empty state;
 * placeholder rows while it loads, rows that open their dialog on click or Enter, the spreadsheet
 * link last (desktop only), and the total with its pages under it.
 */
export function CampaignTable<T>(props: CampaignTableProps<T>) {
  const { list, rowId, onOpen } = props;
  const items = list.data?.items;

  if (list.isError) return <RetryAlert onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (list.isSuccess && items?.length === 0) return <ListEmptyState narrowed={props.narrowed} />;

  const openOnEnter = (event: KeyboardEvent, id: string) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onOpen(id);
  };

  return (
    <>
      <Table.ScrollContainer minWidth={320}>
        <Table
          aria-label={props.label}
          aria-busy={list.isPending || list.isFetching}
          highlightOnHover
          verticalSpacing="xs"
        >
          <Table.Thead>
            <Table.Tr>
              {props.head}
              <Table.Th w={56} visibleFrom="md">
                <VisuallyHidden>Spreadsheet</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending || !items
              ? Array.from({ length: props.skeleton.rows }, (_, index) => (
                  <Table.Tr key={index} aria-hidden>
                    {props.skeleton.widths.map((width, cell) => (
                      <Table.Td
                        key={cell}
                        visibleFrom={props.skeleton.fromSm.includes(cell) ? 'sm' : undefined}
                      >
                        <Skeleton height={14} width={`${width}%`} />
                      </Table.Td>
                    ))}
                    <Table.Td visibleFrom="md">
                      <Skeleton height={24} width={24} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : items.map((item) => {
                  const id = rowId(item);
                  const sheet = props.sheet(item);
                  return (
                    <Table.Tr
                      key={id}
                      tabIndex={0}
                      style={{ cursor: 'pointer' }}
                      onClick={() => onOpen(id)}
                      onKeyDown={(event) => openOnEnter(event, id)}
                    >
                      {props.cells(item)}
                      <Table.Td visibleFrom="md">
                        <SheetLink sheetKey={sheet.sheetKey} title={sheet.title} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && (
        <ListFooter total={list.data.total} page={props.page} onPageChange={props.onPageChange} />
      )}
    </>
  );
}
