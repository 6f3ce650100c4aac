import { Group, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE } from '@mergedesk/domain/campaigns/constants';
import { formatCappedTotal } from '@mergedesk/domain/format/numbers';

/** The total of a list (capped: '10.000+') and its pages of PAGE_SIZE rows. */
export function ListFooter({
  total,
  page,
  onPageChange,
}: {
  total: number;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Total: {formatCappedTotal(total)}
      </Text>
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPageChange}
          size="sm"
          siblings={1}
          boundaries={1}
          aria-label="Pages"
          // The current page is announced, not only coloured (Mantine marks it with data-active).
          getItemProps={(item) => ({
            'aria-label': `Page ${item}`,
            'aria-current': item === Math.min(page, pageCount) ? 'page' : undefined,
          })}
          getControlProps={(control) => ({
            'aria-label': {
              first: 'First page',
              previous: 'Previous page',
              next: 'Next page',
              last: 'Last page',
            }[control],
          })}
        />
      )}
    </Group>
  );
}
