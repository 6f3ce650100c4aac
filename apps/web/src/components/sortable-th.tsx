import { Group, Table, Text, UnstyledButton, type MantineBreakpoint } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { SortDirection } from '@mergedesk/domain/api/list-query';

export type SortableThProps = {
  label: string;
  /** The column's direction when it is the sorted one, else null. */
  direction: SortDirection | null;
  onSort: () => void;
  w?: number | string;
  /** Hide the column below this breakpoint (its cells take the same prop). */
  visibleFrom?: MantineBreakpoint;
};

/**
 * A column header that sorts on click: the header carries aria-sort, the button says what a
 * click does (screen readers announce the column name, then the current sort).
 */
export function SortableTh({ label, direction, onSort, w, visibleFrom }: SortableThProps) {
  const Icon = direction === 'asc' ? IconChevronUp : direction === 'desc' ? IconChevronDown : IconSelector;
  return (
    <Table.Th
      w={w}
      visibleFrom={visibleFrom}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      p={0}
    >
      <UnstyledButton onClick={onSort} px="sm" py="xs" w="100%">
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
