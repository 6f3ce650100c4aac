import { Alert, Button, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { MERGE_NOT_AVAILABLE } from '@mergedesk/domain/campaigns/scheduled-status';
import { isApiErrorStatus } from '../../../lib/api-client';
import { RetryAlert } from '../../../components/retry-alert';

export type MergeLoadErrorProps = {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  /** Leaves the dialog for the list it was opened from. */
  onBack: () => void;
};

/** True when the server answered that the merge is not there (404): asking again will not help. */
export const isMergeGone = (error: unknown): boolean => isApiErrorStatus(error, 404);

/**
 * Why a merge dialog has nothing to show (issue 9): a merge that is gone (404: cancelled, another
 * space's, a junk id) says so with the way back to the list; anything else may pass, so 'Try again'.
 */
export function MergeLoadError({ error, onRetry, retrying, onBack }: MergeLoadErrorProps) {
  if (!isMergeGone(error)) return <RetryAlert onRetry={onRetry} retrying={retrying} />;
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      title={MERGE_NOT_AVAILABLE.title}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        {MERGE_NOT_AVAILABLE.description}
        <Button size="xs" variant="light" onClick={onBack}>
          {MERGE_NOT_AVAILABLE.back}
        </Button>
      </Stack>
    </Alert>
  );
}
