import { Alert, Badge, Box, Button, Group, Modal, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CampaignSending } from '@mergedesk/domain/api/sending';
import { GENERIC_ERROR_ALERT } from '@mergedesk/domain/alerts/alerts';
import {
  IN_PROGRESS_STATUS,
  scheduledStatusMessage,
  UPON_QUOTA_RESET_LABEL,
} from '@mergedesk/domain/campaigns/scheduled-status';
import { formatNumber } from '@mergedesk/domain/format/numbers';
import { GmailConnectLink } from '../../../components/gmail-connect-link';
import { RefusableConfirmActions } from '../../../components/refusable-confirm-actions';
import { RetryAlert } from '../../../components/retry-alert';
import { GMAIL_TEXTS } from '../../../lib/gmail-connect';
import { refusalMessage } from '../../../lib/refusal-message';
import { formatTimeOfDay } from '../lib/times';
import { useCampaignSending } from '../api/get-campaign-sending';
import { useCancelSending, useResendFailed } from '../api/sending-actions';
import { mergeStatusLabel } from '../lib/sending-labels';
import { isSendingActive, isWaitingForQuota } from '../lib/sending-state';
import { isMergeGone } from './merge-load-error';

const plural = (count: number, one: string, many: string): string =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

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
        {active && sending.gmail !== 'CONNECTED' && (
          <Alert color="yellow" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            <Stack gap={4} align="flex-start">
              <Text size="sm">{GMAIL_TEXTS.mergePaused}</Text>
              <GmailConnectLink />
            </Stack>
          </Alert>
        )}
        <SendingActions campaignId={campaignId} sending={sending} onConfirmingChange={onConfirmingChange} />
      </Stack>
    </Paper>
  );
}

/** One bar (sent, skipped, failed of the total) for the eye; one progressbar for assistive technology. */
function SendingProgress({ counts }: { counts: CampaignSending['counts'] }) {
  const done = counts.sent + counts.skipped + counts.failed;
  const share = (part: number) => (counts.total > 0 ? (part / counts.total) * 100 : 0);
  const summary = `${formatNumber(counts.sent)} sent, ${formatNumber(counts.skipped)} skipped, ${formatNumber(counts.failed)} failed of ${formatNumber(counts.total)}`;
  return (
    <Stack gap={4}>
      <Box
        role="progressbar"
        aria-label="Sending progress"
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={done}
        aria-valuetext={summary}
      >
        <Progress.Root size="lg" aria-hidden>
          <Progress.Section value={share(counts.sent)} color="teal" aria-hidden role="presentation" />
          <Progress.Section value={share(counts.skipped)} color="gray" aria-hidden role="presentation" />
          <Progress.Section value={share(counts.failed)} color="red" aria-hidden role="presentation" />
        </Progress.Root>
      </Box>
      <Text size="sm" c="dimmed">
        {summary}
      </Text>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
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

  const closeConfirm = () => {
    if (cancel.isPending) return;
    setConfirming(false);
    cancel.reset();
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
          {`${plural(requeued, 'failed recipient was', 'failed recipients were')} queued again.`}
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
      <Modal
        opened={confirming}
        onClose={closeConfirm}
        title="Cancel sending?"
        centered
        closeOnClickOutside={!cancel.isPending}
        closeOnEscape={!cancel.isPending}
        closeButtonProps={{ 'aria-label': 'Close', disabled: cancel.isPending }}
      >
        <Stack gap="md">
          <Text size="sm">
            {`No more messages of this mail merge will be sent: ${plural(sending.counts.queued, 'recipient', 'recipients')} not sent yet will not receive it.`}
          </Text>
          <Text size="sm">
            {`${plural(sending.counts.sent, 'message was', 'messages were')} already sent; a sent message cannot be called back.`}
          </Text>
          <RefusableConfirmActions
            error={cancel.error}
            pending={cancel.isPending}
            onCancel={closeConfirm}
            cancelLabel="Keep sending"
            confirmLabel="Cancel sending"
            onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
