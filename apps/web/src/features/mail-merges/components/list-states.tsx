import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { GENERIC_ERROR_ALERT } from '@mergedesk/domain/alerts/alerts';
import { NO_MAIL_MERGES_EMPTY_STATE, NO_RESULTS_EMPTY_STATE } from '@mergedesk/domain/format/empty-states';

/** Where the empty state's get-started link goes: the onboarding (install, then send a first merge). */
export const GET_STARTED_PATH = '/get-started';

/** A list that failed to load, with a retry. */
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

/**
 * Spec 002 §2.2 empty states: 'No results found' with a no-match note when a search or filter
 * narrows the list, otherwise 'Nothing to see here...' with a get-started link.
 */
export function ListEmptyState({ narrowed }: { narrowed: boolean }) {
  return (
    <Stack gap={4} align="center" py="xl" ta="center">
      {narrowed ? (
        <>
          <Text fw={600} size="lg">
            {NO_RESULTS_EMPTY_STATE.title}
          </Text>
          <Text c="dimmed" size="sm">
            {NO_RESULTS_EMPTY_STATE.description}
          </Text>
        </>
      ) : (
        <>
          <Text fw={600} size="lg">
            {NO_MAIL_MERGES_EMPTY_STATE.title}
          </Text>
          <Anchor component={Link} to={GET_STARTED_PATH} size="sm">
            Get started
          </Anchor>
        </>
      )}
    </Stack>
  );
}
