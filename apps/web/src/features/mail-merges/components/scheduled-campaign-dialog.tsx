import { Alert, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { ScheduledCampaign } from '@mergedesk/domain/api/scheduled-campaigns';
import {
  CANCEL_ERROR_ALERT,
  isOutOfQuota,
  isRecoverable,
  scheduledErrorStatus,
  scheduledStatusMessage,
} from '@mergedesk/domain/campaigns/scheduled-status';
import { formatNumber } from '@mergedesk/domain/format/numbers';
import { useCancelScheduledCampaign } from '../api/cancel-scheduled-campaign';
import { useScheduledCampaign } from '../api/get-scheduled-campaign';
import { formatTimeOfDay } from '../lib/times';
import { scheduledCampaignTitle } from '../lib/campaign-fields';
import { scheduledDate, scheduledTime } from './scheduled-campaigns-tab';
import { isMergeGone, MergeLoadError } from './merge-load-error';

export type ScheduledCampaignDialogProps = {
  workspaceId: string;
  scheduledId: string;
  onClose: () => void;
  /** Called once the merge is cancelled and the list refreshed (spec 002 §4.1 "Cancel"). */
  onCancelled: () => void;
  /** The cancel found the merge gone (404): the dialog leaves it, the list is refreshed. */
  onGone: () => void;
};

/**
 * The dialog of a scheduled merge (spec 002 §2.2, §4.1, §8): its date, time and emails, the
 * message of its status, and 'Cancel mail merge' with a confirmation.
 */
export function ScheduledCampaignDialog({
  workspaceId,
  scheduledId,
  onClose,
  onCancelled,
  onGone,
}: ScheduledCampaignDialogProps) {
  const campaign = useScheduledCampaign(scheduledId);
  const cancel = useCancelScheduledCampaign(workspaceId);
  const [confirming, setConfirming] = useState(false);

  const confirmCancel = () =>
    cancel.mutate(scheduledId, {
      onSuccess: () => onCancelled(),
      onError: (error) => {
        if (isMergeGone(error)) onGone();
      },
    });

  return (
    <Modal
      opened
      onClose={() => {
        // The dialog cannot be closed while the cancellation is in flight.
        if (!cancel.isPending) onClose();
      }}
      title={campaign.isSuccess ? scheduledCampaignTitle(campaign.data) : 'Scheduled mail merge'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close', disabled: cancel.isPending }}
    >
      {campaign.isError ? (
        <MergeLoadError
          error={campaign.error}
          onRetry={() => void campaign.refetch()}
          retrying={campaign.isFetching}
          onBack={onClose}
        />
      ) : !campaign.isSuccess ? (
        <Stack gap="xs" role="status" aria-label="Loading the mail merge" aria-busy>
          <Skeleton height={18} />
          <Skeleton height={18} width="60%" />
          <Skeleton height={48} />
        </Stack>
      ) : (
        <Stack gap="md">
          <ScheduledDetails campaign={campaign.data} />
          {cancel.isError && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {CANCEL_ERROR_ALERT}
            </Alert>
          )}
          {confirming ? (
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                Do you really want to cancel this mail merge? It will not be sent.
              </Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
                  No, keep it
                </Button>
                <Button color="red" onClick={confirmCancel} loading={cancel.isPending}>
                  Yes, cancel it
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="flex-end">
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                Cancel mail merge
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function ScheduledDetails({ campaign }: { campaign: ScheduledCampaign }) {
  const message = scheduledStatusMessage(campaign, formatTimeOfDay);
  // Out of quota and a recoverable error will still be sent: a warning. Other errors will not.
  const isWarning =
    isOutOfQuota(campaign) ||
    (scheduledErrorStatus(campaign) !== null && isRecoverable(campaign.errorDetails));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Detail label="Date" value={scheduledDate(campaign)} />
        <Detail label="Time" value={scheduledTime(campaign)} />
        <Detail label="Emails" value={formatNumber(campaign.eventCounts.toSendCount)} />
      </SimpleGrid>
      {message !== null && (
        <Alert
          color={isWarning ? 'yellow' : 'red'}
          variant="light"
          icon={isWarning ? <IconInfoCircle aria-hidden /> : <IconAlertTriangle aria-hidden />}
        >
          {message}
        </Alert>
      )}
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
