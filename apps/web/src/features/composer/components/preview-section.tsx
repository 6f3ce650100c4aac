import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconSend } from '@tabler/icons-react';
import type { SkipReason } from '@mergedesk/domain/sending/recipients';
import { skipReasonLabel } from '@mergedesk/domain/sending/recipients';
import type { MergeOptions } from '@mergedesk/domain/api/sending';
import { GmailConnectLink } from '../../../components/gmail-connect-link';
import { isApiErrorStatus } from '../../../lib/api-client';
import { useSendTest } from '../api/send-test';
import { previewMessage } from '../lib/preview-message';

export type PreviewSectionProps = {
  workspaceId: string;
  rows: readonly Record<string, string>[];
  emailColumn: string;
  index: number;
  onIndex: (index: number) => void;
  subject: string;
  htmlBody: string;
  options: MergeOptions;
  /** Why the previewed recipient is skipped, if it is. */
  skipReason: SkipReason | null;
  /** The sender's address, where the test goes. */
  senderEmail: string;
  canSendTest: boolean;
  /** 'Connect Gmail' or 'Reconnect Gmail', for a test refused for the Gmail grant. */
  connectLabel: string;
};

/**
 * Preview and test (issue 25 item 4): any recipient's message as sent (subject, body in a sandboxed
 * frame: no script, no form, no navigation; the unsubscribe footer), and 'Send a test to me'.
 */
export function PreviewSection({
  workspaceId,
  rows,
  emailColumn,
  index,
  onIndex,
  subject,
  htmlBody,
  options,
  skipReason,
  senderEmail,
  canSendTest,
  connectLabel,
}: PreviewSectionProps) {
  const sendTest = useSendTest(workspaceId);
  const current = Math.min(index, rows.length - 1);
  const fields = rows[current] ?? {};
  const message = previewMessage({ subject, htmlBody, fields, unsubscribeLink: options.unsubscribeLink });
  const go = (next: number) => {
    sendTest.reset();
    onIndex(next);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="composer-preview">
      <Stack gap="sm">
        <Title order={2} size="h3" id="composer-preview">
          3. Preview
        </Title>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            disabled={current <= 0}
            onClick={() => go(current - 1)}
          >
            Previous
          </Button>
          <Text aria-live="polite" fw={500}>
            Recipient {(current + 1).toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')}
          </Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} aria-hidden />}
            disabled={current >= rows.length - 1}
            onClick={() => go(current + 1)}
          >
            Next
          </Button>
        </Group>
        <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
          <Text size="sm">
            <Text span c="dimmed">
              To:{' '}
            </Text>
            {fields[emailColumn] ?? ''}
          </Text>
          <Text size="sm" data-testid="preview-subject">
            <Text span c="dimmed">
              Subject:{' '}
            </Text>
            {message.subject}
          </Text>
        </Stack>
        {skipReason !== null && (
          <Alert color="gray" variant="light">
            This recipient is skipped: {skipReasonLabel(skipReason)}.
          </Alert>
        )}
        <iframe
          title="Message preview"
          sandbox=""
          srcDoc={message.html}
          style={{
            width: '100%',
            minHeight: 320,
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 4,
            background: 'white',
          }}
        />
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sendTest.isPending}
            disabled={!canSendTest}
            onClick={() => sendTest.mutate({ subject, htmlBody, fields: { ...fields }, options })}
          >
            Send a test to me
          </Button>
          {!canSendTest && (
            <Text size="sm" c="dimmed">
              Connect Gmail and write the subject and body to send a test.
            </Text>
          )}
        </Group>
        <div aria-live="polite">
          {sendTest.isSuccess && (
            <Alert color="teal" variant="light" role="status">
              Test of recipient {current + 1} sent to {sendTest.data.sentTo || senderEmail}.
            </Alert>
          )}
          {sendTest.isError && (
            <Alert color="red" variant="light" role="alert" title="The test could not be sent">
              <Stack gap="xs" align="flex-start">
                {sendTest.error.message}
                {/* 409: Gmail not connected or its permission withdrawn (api/composer.ts). */}
                {isApiErrorStatus(sendTest.error, 409) && <GmailConnectLink label={connectLabel} />}
              </Stack>
            </Alert>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
