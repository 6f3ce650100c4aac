import { Skeleton, Stack } from '@mantine/core';

/** The loading state of a table in the merge dialog: five bars, announced by its label. */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-label={label} aria-busy>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={18} />
      ))}
    </Stack>
  );
}
