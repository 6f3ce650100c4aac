import { Alert, Anchor, Badge, Group, List, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { CampaignRecipient } from '@mergedesk/domain/api/campaign-recipients';
import {
  RECIPIENT_FILTER_LABELS,
  RECIPIENT_FILTERS,
  RECIPIENT_STATUS_LABELS,
  type RecipientFilter,
  type RecipientStatus,
} from '@mergedesk/domain/campaigns/recipient-status';
import { formatNumber } from '@mergedesk/domain/format/numbers';
import { useState } from 'react';
import { BreakableText } from '../../../components/breakable-text';
import { CsvExportButton } from '../../../components/csv-export-button';
import { ListFooter } from '../../../components/list-footer';
import { EmptyState } from '../../../components/list-states';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDateTime } from '../../../lib/dates';
import { exportCampaignRecipients } from '../api/export-campaign-recipients';
import { deliveryLabel } from '../lib/sending-state';
import { useCampaignLinks } from '../api/get-campaign-links';
import { useCampaignRecipients } from '../api/get-campaign-recipients';
import { MergeLoadError } from './merge-load-error';
import { TableSkeleton } from './table-skeleton';

const STATUS_COLORS = {
  sent: 'gray',
  opened: 'blue',
  clicked: 'teal',
  replied: 'grape',
  responded: 'violet',
  unsubscribed: 'orange',
  bounced: 'red',
} as const satisfies Record<RecipientStatus, string>;

const EXPORT_FAILED = 'The export failed. Please try again.';

/**
 * The Recipients tab of a sent merge's dialog (issue 9 "Who opened, who clicked"): the clicks per
 * link, then the recipients with their status, first and last opens and the links they clicked,
 * filtered by status, paged by the server, and exported to CSV by the server.
 */
export type CampaignRecipientsProps = {
  campaignId: string;
  onBack: () => void;
  /** The merge is being sent or was just sent: its opens and clicks are followed every 2 s (issue 24). */
  live?: boolean;
};

export function CampaignRecipients({ campaignId, onBack, live = false }: CampaignRecipientsProps) {
  const [status, setStatus] = useState<RecipientFilter>('all');
  const [page, setPage] = useState(1);
  const [exportFailed, setExportFailed] = useState(false);
  const recipients = useCampaignRecipients(campaignId, { status, page }, live);

  const runExport = async () => {
    setExportFailed(false);
    try {
      await exportCampaignRecipients(campaignId, status);
    } catch {
      setExportFailed(true);
    }
  };

  return (
    <Stack gap="md">
      <LinkClicks campaignId={campaignId} live={live} />
      <Title order={3} size="h5">
        Recipients
      </Title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <NativeSelect
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as RecipientFilter);
            setPage(1);
          }}
          data={RECIPIENT_FILTERS.map((value) => ({ value, label: RECIPIENT_FILTER_LABELS[value] }))}
          w={{ base: '100%', xs: 220 }}
        />
        <CsvExportButton onExport={runExport} disabled={recipients.data?.total === 0} />
      </Group>
      {exportFailed && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setExportFailed(false)}
        >
          {EXPORT_FAILED}
        </Alert>
      )}
      {recipients.isError ? (
        <MergeLoadError
          error={recipients.error}
          onRetry={() => void recipients.refetch()}
          retrying={recipients.isFetching}
          onBack={onBack}
        />
      ) : !recipients.isSuccess ? (
        <TableSkeleton label="Loading the recipients" />
      ) : recipients.data.total === 0 ? (
        <EmptyState
          title="No recipients"
          description={
            status === 'all'
              ? 'No recipient has been recorded for this mail merge.'
              : `No recipient of this mail merge is ${RECIPIENT_FILTER_LABELS[status].toLowerCase()}.`
          }
        />
      ) : (
        <>
          <RecipientsTable items={recipients.data.items} busy={recipients.isPlaceholderData} />
          <ListFooter total={recipients.data.total} page={page} onPageChange={setPage} />
        </>
      )}
    </Stack>
  );
}

/**
 * Address, status, first and last opened, clicks. A merge the engine sends (rows with a `delivery`,
 * issue 24) also says how its sending went, 'Delivery: …': under the status badge (a column of its
 * own would leave the address a sliver of the dialog), on phones under the address like the open
 * times. Add-on merges look as before.
 */
function RecipientsTable({ items, busy }: { items: CampaignRecipient[]; busy: boolean }) {
  const moment = (timestamp: number | null) => (timestamp === null ? '—' : formatDateTime(timestamp));
  const hasDelivery = items.some((recipient) => recipient.delivery != null);
  return (
    <Table aria-label="Recipients" aria-busy={busy} verticalSpacing="xs" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Address</Table.Th>
          <Table.Th w={{ base: 104, sm: hasDelivery ? 160 : 128 }}>Status</Table.Th>
          <Table.Th visibleFrom="sm" w={150}>
            First opened
          </Table.Th>
          <Table.Th visibleFrom="sm" w={150}>
            Last opened
          </Table.Th>
          <Table.Th ta="right" w={{ base: 56, sm: 64 }}>
            Clicks
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((recipient) => (
          <Table.Tr key={recipient.recipientId}>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                <BreakableText text={recipient.email} />
              </Text>
              {recipient.delivery != null && (
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  Delivery: {deliveryLabel(recipient.delivery)}
                </Text>
              )}
              {recipient.firstOpenedTimestamp !== null && (
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  Opened {moment(recipient.firstOpenedTimestamp)}, last{' '}
                  {moment(recipient.lastOpenedTimestamp)}
                </Text>
              )}
              {recipient.clickedLinks.length > 0 && (
                <List size="xs" c="dimmed" aria-label={`Links clicked by ${recipient.email}`}>
                  {recipient.clickedLinks.map((link) => (
                    <List.Item key={link.url} style={{ overflowWrap: 'break-word' }}>
                      <BreakableText text={link.url} /> ({formatNumber(link.clicks)})
                    </List.Item>
                  ))}
                </List>
              )}
            </Table.Td>
            <Table.Td>
              <Badge
                color={STATUS_COLORS[recipient.status]}
                variant="light"
                tt="none"
                styles={{ label: { overflow: 'visible' } }}
              >
                {RECIPIENT_STATUS_LABELS[recipient.status]}
              </Badge>
              {recipient.delivery != null && (
                <Text size="xs" c="dimmed" visibleFrom="sm" mt={4}>
                  Delivery: {deliveryLabel(recipient.delivery)}
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              {moment(recipient.firstOpenedTimestamp)}
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              {moment(recipient.lastOpenedTimestamp)}
            </Table.Td>
            <Table.Td ta="right">{formatNumber(recipient.clickCount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Clicks per link: every click and the recipients who clicked, most clicked first. */
function LinkClicks({ campaignId, live }: { campaignId: string; live: boolean }) {
  const links = useCampaignLinks(campaignId, live);
  const title = (
    <Title order={3} size="h5">
      Link clicks
    </Title>
  );
  if (links.isError) {
    return (
      <Stack gap="xs">
        {title}
        <RetryAlert onRetry={() => void links.refetch()} retrying={links.isFetching} />
      </Stack>
    );
  }
  if (!links.isSuccess) return <TableSkeleton label="Loading the link clicks" />;
  return (
    <Stack gap="xs">
      {title}
      {links.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          This mail merge has no tracked links.
        </Text>
      ) : (
        <Table aria-label="Link clicks" verticalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Link</Table.Th>
              <Table.Th ta="right" w={72}>
                Clicks
              </Table.Th>
              <Table.Th ta="right" w={{ base: 84, sm: 128 }}>
                Unique clickers
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.data.items.map((link) => (
              <Table.Tr key={link.url}>
                <Table.Td style={{ overflowWrap: 'break-word' }}>
                  <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm">
                    <BreakableText text={link.url} />
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{formatNumber(link.clicks)}</Table.Td>
                <Table.Td ta="right">{formatNumber(link.uniqueClickers)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
