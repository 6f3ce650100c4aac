import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** An empty list: its title, an optional note and an optional action (e.g. a get-started link). */
export function EmptyState({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={4} align="center" py="xl" ta="center">
      <Text fw={600} size="lg">
        {title}
      </Text>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
      {children}
    </Stack>
  );
}
