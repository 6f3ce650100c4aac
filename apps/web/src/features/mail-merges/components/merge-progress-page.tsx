import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { MergeStatus } from '@mergedesk/domain/api/sending';
import { MERGE_NOT_AVAILABLE, UPON_QUOTA_RESET_LABEL } from '@mergedesk/domain/campaigns/scheduled-status';
import { formatNumber } from '@mergedesk/domain/format/numbers';
import { sheetRowOf } from '@mergedesk/domain/sending/recipients';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDateTime } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { refusalMessage } from '../../../lib/refusal-message';
import { useMergeProgress } from '../api/get-merge-progress';
import { useCancelSending } from '../api/sending-actions';
import { mergeStatusLabel } from '../lib/sending-labels';
import { deliveryLabel, isSendingActive, isWaitingForQuota } from '../lib/sending-state';
import { CancelSendingModal } from './cancel-sending-modal';
import { isMergeGone } from './merge-load-error';
import { SendingProgress } from './sending-progress';
import { Detail, MergePausedAlert } from './sending-details';

export type MergeProgressPageProps = {
  /** The space's URL prefix, /{workspaceId}/{workspaceSlug}. */
  prefix: string;
};

/**
 * A merge's live progress (issue 25), at {base}/mail-merges/sending/{campaignId}, where the composer
 * lands after 'Send': the engine's status, sent, skipped and failed of the total, each recipient's
 * delivery (a page at a time, after the endpoint's cursor) and 'Cancel sending'. The merge is the
 * server's: leaving the page stops nothing. Only its sender sees it (merges.get answers 404 to
 * anyone else).
 */
export function MergeProgressPage({ prefix }: MergeProgressPageProps) {
  usePageTitle('Mail merge progress');
  const { campaignId = '' } = useParams();
  const mailMerges = `${prefix}/mail-merges`;
  // The cursors of the pages seen so far: the last one is the page shown (null: the first).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  const progress = useMergeProgress(campaignId, after);

  let content;
  if (progress.data !== undefined) {
    content = (
      <>
        {progress.isError && (
          // The numbers on screen stay; polling goes on and recovers by itself, or now with the button.
          <RetryAlert onRetry={() => void progress.refetch()} retrying={progress.isFetching} />
        )}
        <ProgressSummary campaignId={campaignId} merge={progress.data} sentListPath={`${mailMerges}/sent`} />
        <RecipientRows
          merge={progress.data}
          loading={progress.isPlaceholderData}
          hasPrevious={cursors.length > 1}
          onPrevious={() => setCursors((seen) => seen.slice(0, -1))}
          onNext={(cursor) => setCursors((seen) => [...seen, cursor])}
        />
      </>
    );
  } else if (progress.isError && isMergeGone(progress.error)) {
    // The engine's 404 message ('Mail merge not found.': another sender's merge, a junk id).
    content = (
      <Alert
        color="gray"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={refusalMessage(progress.error, MERGE_NOT_AVAILABLE.title)}
        role="alert"
      >
        <Button component={Link} to={`${mailMerges}/sent`} size="xs" variant="light">
          {MERGE_NOT_AVAILABLE.back}
        </Button>
      </Alert>
    );
  } else if (progress.isError) {
    content = <RetryAlert onRetry={() => void progress.refetch()} retrying={progress.isFetching} />;
  } else {
    content = (
      <Center py="xl">
        <Loader aria-label="Loading the mail merge" />
      </Center>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Mail merge progress</Title>
      {content}
    </Stack>
  );
}

type ProgressSummaryProps = { campaignId: string; merge: MergeStatus; sentListPath: string };

function ProgressSummary({ campaignId, merge, sentListPath }: ProgressSummaryProps) {
  const titleId = useId();
  const active = isSendingActive(merge.status);
  const cancel = useCancelSending(campaignId);
  const [confirmRequested, setConfirming] = useState(false);
  // A merge that finished meanwhile can no longer be cancelled: its confirmation goes.
  const confirming = confirmRequested && active;
  const { counts } = merge;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            Sending
          </Title>
          {/* Announced when it changes: a screen reader hears 'Done' without reading the page again. */}
          <Text size="sm" role="status" aria-live="polite">
            Status:{' '}
            <Badge component="span" variant="light" color={active ? 'blue' : 'gray'} tt="none">
              {mergeStatusLabel(merge.status)}
            </Badge>
          </Text>
        </Group>
        <SendingProgress counts={counts} />
        {isWaitingForQuota(merge.status) ? (
          <Detail
            label={`Delivery of the ${formatNumber(counts.queued)} queued`}
            value={UPON_QUOTA_RESET_LABEL}
          />
        ) : (
          active &&
          merge.nextRunAt !== null && <Detail label="Next run" value={formatDateTime(merge.nextRunAt)} />
        )}
        {merge.status === 'PAUSED_GMAIL_DISCONNECTED' && <MergePausedAlert />}
        {active && (
          <Text size="sm" c="dimmed">
            MergeDesk sends this mail merge: you can leave this page, sending goes on.
          </Text>
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button component={Link} to={`${sentListPath}/${campaignId}`} variant="default">
            Open in the Sent list
          </Button>
          {active && (
            <Button color="red" variant="light" onClick={() => setConfirming(true)} aria-haspopup="dialog">
              Cancel sending
            </Button>
          )}
        </Group>
      </Stack>
      <CancelSendingModal
        opened={confirming}
        counts={counts}
        cancel={cancel}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

type RecipientRowsProps = {
  merge: MergeStatus;
  /** The page asked for is on its way (the rows shown are the previous page's). */
  loading: boolean;
  hasPrevious: boolean;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
};

function RecipientRows({ merge, loading, hasPrevious, onPrevious, onNext }: RecipientRowsProps) {
  const titleId = useId();
  const { recipients, nextCursor } = merge;
  const first = recipients[0];
  const last = recipients.at(-1);
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        Recipients
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table aria-labelledby={titleId} aria-busy={loading} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recipients.map((recipient) => (
              <Table.Tr key={recipient.index}>
                <Table.Td>{formatNumber(sheetRowOf(recipient.index))}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{recipient.email}</Table.Td>
                <Table.Td>{deliveryLabel(recipient)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          {first !== undefined && last !== undefined
            ? `Recipients ${formatNumber(first.index + 1)}–${formatNumber(last.index + 1)} of ${formatNumber(merge.counts.total)}`
            : 'No recipients.'}
        </Text>
        {(hasPrevious || nextCursor !== null) && (
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={!hasPrevious || loading} onClick={onPrevious}>
              Previous recipients
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={nextCursor === null || loading}
              onClick={() => nextCursor !== null && onNext(nextCursor)}
            >
              Next recipients
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}
