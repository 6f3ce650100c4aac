import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { GENERIC_ERROR_ALERT } from '@mergedesk/domain/alerts/alerts';

/** A list that failed to load: the generic banner texts (spec 000 §8) with a retry. */
export function ListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={GENERIC_ERROR_ALERT.title}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        {GENERIC_ERROR_ALERT.description}
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

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
