import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { RecipientSummary } from '@mergedesk/domain/composer/recipient-summary';
import { skipReasonLabel } from '@mergedesk/domain/sending/recipients';
import { formatDateTime } from '../../../lib/dates';

export type SendConfirmModalProps = {
  opened: boolean;
  summary: RecipientSummary;
  /** When it is scheduled (ms), null: now. */
  scheduledAt: number | null;
  quotaLine: string | null;
  sending: boolean;
  /** The last try's error: a lost connection offers to try again (the merge starts once). */
  error: SendError | null;
  /** Gives the composition a new Idempotency-Key (after the key was used for other content). */
  onNewKey: () => void;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Why the last try did not start the merge: the connection was lost (try again: the same key sends
 * once), the key was already used with other content (a merge was started before the composition
 * changed), or the server's message.
 */
export type SendError = { kind: 'lost-connection' | 'key-reused' | 'refused'; message: string };

const KEY_REUSED_MESSAGE =
  'This mail merge was already started before it was changed. Check the Mail merges page, or send the changed one as a new mail merge.';

const LOST_CONNECTION_MESSAGE =
  'The connection to MergeDesk was lost before the mail merge was confirmed. Try again: it is sent only once.';

/** The confirmation before sending (issue 25 item 6): the counts, now or when. */
export function SendConfirmModal({
  opened,
  summary,
  scheduledAt,
  quotaLine,
  sending,
  error,
  onNewKey,
  onConfirm,
  onClose,
}: SendConfirmModalProps) {
  const action = scheduledAt === null ? 'Send' : 'Schedule';
  return (
    <Modal
      opened={opened}
      onClose={() => !sending && onClose()}
      title={scheduledAt === null ? 'Send this mail merge?' : 'Schedule this mail merge?'}
      centered
    >
      <Stack gap="sm">
        <Text>
          <Text span fw={600}>
            {summary.toSend.toLocaleString('en-US')}
          </Text>{' '}
          {summary.toSend === 1 ? 'recipient receives' : 'recipients receive'} it{' '}
          {scheduledAt === null ? 'now' : `on ${formatDateTime(scheduledAt)}`}.
        </Text>
        {summary.skippedCount > 0 && (
          <Stack gap={4}>
            <Text size="sm">{summary.skippedCount.toLocaleString('en-US')} skipped:</Text>
            <List size="sm">
              {summary.skipped
                .filter((group) => group.recipients.length > 0)
                .map(({ reason, recipients }) => (
                  <List.Item key={reason}>
                    {skipReasonLabel(reason)}: {recipients.length.toLocaleString('en-US')}
                  </List.Item>
                ))}
            </List>
          </Stack>
        )}
        {quotaLine !== null && <Text size="sm">{quotaLine}</Text>}
        {error !== null && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={error.kind === 'lost-connection' ? 'Connection lost' : 'Not sent'}
          >
            {error.kind === 'lost-connection'
              ? LOST_CONNECTION_MESSAGE
              : error.kind === 'key-reused'
                ? KEY_REUSED_MESSAGE
                : error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          {error?.kind === 'key-reused' ? (
            <Button onClick={onNewKey}>Send as a new mail merge</Button>
          ) : (
            <Button onClick={onConfirm} loading={sending}>
              {error?.kind === 'lost-connection' ? 'Try again' : action}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
