import { Alert, Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CampaignSending } from '@mergedesk/domain/api/sending';
import { GENERIC_ERROR_ALERT } from '@mergedesk/domain/alerts/alerts';
import {
  IN_PROGRESS_STATUS,
  scheduledStatusMessage,
  UPON_QUOTA_RESET_LABEL,
} from '@mergedesk/domain/campaigns/scheduled-status';
import { formatCount } from '@mergedesk/domain/format/numbers';
import { RetryAlert } from '../../../components/retry-alert';
import { refusalMessage } from '../../../lib/refusal-message';
import { formatTimeOfDay } from '../lib/times';
import { useCampaignSending } from '../api/get-campaign-sending';
import { useCancelSending, useResendFailed } from '../api/sending-actions';
import { mergeStatusLabel } from '../lib/sending-labels';
import { isSendingActive, isWaitingForQuota } from '../lib/sending-state';
import { CancelSendingModal } from './cancel-sending-modal';
import { isMergeGone } from './merge-load-error';
import { SendingProgress } from './sending-progress';
import { Detail, MergePausedAlert } from './sending-details';

/** Spec 002 §4.1 "Out of quota": the warning of a merge waiting for the sender's quota. */
const OUT_OF_QUOTA_WARNING = scheduledStatusMessage(
  { status: IN_PROGRESS_STATUS, nextScheduledRunTimestamp: null },
  formatTimeOfDay,
);

/**
 * The sending state of a merge the engine sends (issue 24), at the top of its dialog: the status,
 * the progress, when the rest goes out, 'Resend to failed' and 'Cancel sending', and what to do
 * when the sender's Gmail grant is gone. A merge the add-on sent itself (404) shows nothing, so its
 * dialog looks as before.
 */
export type SendingPanelProps = {
  campaignId: string;
  /**
   * The 'Cancel sending?' confirmation opened or closed: the dialog under it must not close on the
   * same Escape (every open Mantine modal listens to Escape on the window).
   */
  onConfirmingChange?: (confirming: boolean) => void;
};

export function SendingPanel({ campaignId, onConfirmingChange }: SendingPanelProps) {
  const sending = useCampaignSending(campaignId);
  if (sending.isError && isMergeGone(sending.error)) return null;
  if (sending.isError && sending.data === undefined) {
    return <RetryAlert onRetry={() => void sending.refetch()} retrying={sending.isFetching} />;
  }
  if (sending.data === undefined) return null;
  return (
    <SendingState campaignId={campaignId} sending={sending.data} onConfirmingChange={onConfirmingChange} />
  );
}

type SendingStateProps = {
  campaignId: string;
  sending: CampaignSending;
  onConfirmingChange: SendingPanelProps['onConfirmingChange'];
};

function SendingState({ campaignId, sending, onConfirmingChange }: SendingStateProps) {
  const titleId = useId();
  const active = isSendingActive(sending.status);
  const waiting = isWaitingForQuota(sending.status);
  return (
    <Paper component="section" withBorder p="sm" mb="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={titleId}>
            Sending
          </Title>
          <Badge variant="light" color={active ? 'blue' : 'gray'} tt="none">
            {mergeStatusLabel(sending.status)}
          </Badge>
        </Group>
        <SendingProgress counts={sending.counts} />
        {waiting ? (
          <>
            <Detail label="Delivery" value={UPON_QUOTA_RESET_LABEL} />
            {OUT_OF_QUOTA_WARNING !== null && (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
                {OUT_OF_QUOTA_WARNING}
              </Alert>
            )}
          </>
        ) : (
          active && sending.forecast !== null && <Detail label="Delivery" value={sending.forecast} />
        )}
        {active && sending.gmail !== 'CONNECTED' && <MergePausedAlert />}
        <SendingActions campaignId={campaignId} sending={sending} onConfirmingChange={onConfirmingChange} />
      </Stack>
    </Paper>
  );
}

function SendingActions({ campaignId, sending, onConfirmingChange }: SendingStateProps) {
  const cancel = useCancelSending(campaignId);
  const resend = useResendFailed(campaignId);
  const [confirmRequested, setConfirming] = useState(false);
  // A merge that finished meanwhile can no longer be cancelled: its confirmation goes.
  const confirming = confirmRequested && sending.canCancel;
  useEffect(() => {
    onConfirmingChange?.(confirming);
    return () => onConfirmingChange?.(false);
  }, [confirming, onConfirmingChange]);
  const [requeued, setRequeued] = useState<number | null>(null);
  // One request per press: a double click lands twice before the pending state re-renders.
  const resendRunning = useRef(false);

  const runResend = () => {
    if (resendRunning.current) return;
    resendRunning.current = true;
    const failedBefore = sending.counts.failed;
    setRequeued(null);
    resend.mutate(undefined, {
      onSuccess: (next) => setRequeued(Math.max(0, failedBefore - next.counts.failed)),
      onSettled: () => {
        resendRunning.current = false;
      },
    });
  };

  if (!sending.canCancel && !sending.canResendFailed && requeued === null && !resend.isError) return null;

  return (
    <Stack gap="xs">
      {requeued !== null && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          icon={<IconCircleCheck aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setRequeued(null)}
        >
          {`${formatCount(requeued, 'failed recipient was', 'failed recipients were')} queued again.`}
        </Alert>
      )}
      {resend.isError && (
        <Alert color="red" variant="light" role="alert">
          {refusalMessage(resend.error, GENERIC_ERROR_ALERT.title)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {sending.canResendFailed && (
          <Button variant="light" onClick={runResend} loading={resend.isPending}>
            Resend to failed
          </Button>
        )}
        {sending.canCancel && (
          <Button color="red" variant="light" onClick={() => setConfirming(true)} aria-haspopup="dialog">
            Cancel sending
          </Button>
        )}
      </Group>
      <CancelSendingModal
        opened={confirming}
        counts={sending.counts}
        cancel={cancel}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
