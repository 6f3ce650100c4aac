import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { GENERIC_ERROR_ALERT } from '@mergedesk/domain/alerts/alerts';

export type RetryAlertProps = {
  onRetry: () => void;
  /** The retry is under way: the button shows its loader. */
  retrying?: boolean;
};

/**
 * Something that failed to load (a list, a page's part, a dialog's content): the generic banner
 * texts of spec 000 §8 ('Something went wrong.' / 'Please try again later.') with 'Try again'.
 */
export function RetryAlert({ onRetry, retrying = false }: RetryAlertProps) {
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
