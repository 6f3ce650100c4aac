import { Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ScheduledCampaign } from '@mergedesk/domain/api/scheduled-campaigns';
import {
  isOutOfQuota,
  SCHEDULED_STATUS_LABELS,
  scheduledDeliveryLabel,
  scheduledStatusKind,
  scheduledStatusMessage,
  type ScheduledStatusKind,
} from '@mergedesk/domain/campaigns/scheduled-status';
import { scheduledCampaignTitle } from '../lib/campaign-fields';
import { scheduledCampaignsCsv } from '../lib/campaign-exports';
import { exportCampaigns } from '../lib/export-campaigns';
import { EXPORT_LIMIT } from '@mergedesk/domain/exports/file-names';
import { formatNumber } from '@mergedesk/domain/format/numbers';
import { CsvExportButton } from '../../../components/csv-export-button';
import { formatLongDate } from '../../../lib/dates';
import { getScheduledCampaigns, useScheduledCampaigns } from '../api/get-scheduled-campaigns';
import { scheduledListQuery } from '../lib/list-state';
import { formatTimeOfDay } from '../lib/times';
import { WholeBadge } from '../../../components/whole-badge';
import { CampaignTable } from './campaign-table';
import { usePhoneLayout } from '../../../lib/phone-layout';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Date column: 'Upon quota reset' when out of quota (spec 002 §4.1), else the next run's date. */
export const scheduledDate = (campaign: ScheduledCampaign): string =>
  scheduledDeliveryLabel(campaign, formatLongDate) ?? '—';

/** Time column: the next run's time; none when out of quota or without a next run. */
export const scheduledTime = (campaign: ScheduledCampaign): string =>
  isOutOfQuota(campaign) || campaign.nextScheduledRunTimestamp == null
    ? '—'
    : formatTimeOfDay(campaign.nextScheduledRunTimestamp);

export type ScheduledCampaignsTabProps = {
  workspaceId: string;
  onOpen: (scheduledId: string) => void;
};

/**
 * The Scheduled tab (spec 002 §2.2): Sheet Name, Date, Time, Emails and the spreadsheet link
 * (desktop only), the next run first; a row opens the dialog at …/scheduled/{id}.
 */
export function ScheduledCampaignsTab({ workspaceId, onOpen }: ScheduledCampaignsTabProps) {
  const isPhone = usePhoneLayout();
  const [page, setPage] = useState(1);
  const query = scheduledListQuery(workspaceId, page);
  const list = useScheduledCampaigns(workspaceId, query);

  const exportCsv = () =>
    exportCampaigns('SCHEDULED_MAIL_MERGES', async () => {
      const all = await getScheduledCampaigns({ ...query, limit: EXPORT_LIMIT, limitOffset: 0 });
      return scheduledCampaignsCsv(all.items);
    });

  const items = list.data?.items;
  const isEmpty = list.isSuccess && items?.length === 0;

  return (
    <Stack gap="md">
      <Group justify="flex-end" visibleFrom="md">
        <CsvExportButton onExport={exportCsv} disabled={!list.isSuccess || isEmpty} />
      </Group>
      <CampaignTable
        label="Scheduled mail merges"
        list={list}
        narrowed={false}
        head={
          <>
            <Table.Th>Sheet Name</Table.Th>
            <Table.Th visibleFrom="sm">Date</Table.Th>
            <Table.Th visibleFrom="sm">Time</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Emails
            </Table.Th>
            <Table.Th>Status</Table.Th>
          </>
        }
        skeleton={{ rows: 3, widths: [60, 80, 50, 40, 50], fromSm: [1, 2, 3] }}
        rowId={(campaign) => campaign.id}
        sheet={(campaign) => ({
          sheetKey: campaign.mergeSourceSheetKey,
          title: scheduledCampaignTitle(campaign),
        })}
        cells={(campaign) => (
          <>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {scheduledCampaignTitle(campaign)}
              {/* phones: the hidden columns under the title */}
              {isPhone && (
                <Text size="xs" c="dimmed">
                  {scheduledDate(campaign)} · {scheduledTime(campaign)} ·{' '}
                  {formatNumber(campaign.eventCounts.toSendCount)} emails
                </Text>
              )}
              {isPhone && <SendingForecast campaign={campaign} />}
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="sm" style={NO_WRAP}>
                {scheduledDate(campaign)}
              </Text>
              <SendingForecast campaign={campaign} />
            </Table.Td>
            <Table.Td visibleFrom="sm" style={NO_WRAP}>
              {scheduledTime(campaign)}
            </Table.Td>
            <Table.Td ta="right" visibleFrom="sm">
              {formatNumber(campaign.eventCounts.toSendCount)}
            </Table.Td>
            <Table.Td>
              <ScheduledStatusCell campaign={campaign} />
            </Table.Td>
          </>
        )}
        onOpen={onOpen}
        page={page}
        onPageChange={setPage}
      />
    </Stack>
  );
}

/**
 * A merge the engine sends (issue 24): when what is left goes out within the sender's quota, under
 * its next run ('sends 1,500 today, 700 tomorrow at 09:12'); nothing for the add-on's merges.
 */
function SendingForecast({ campaign }: { campaign: ScheduledCampaign }) {
  if (!campaign.sendingForecast) return null;
  return (
    <Text size="xs" c="dimmed" maw={240}>
      {campaign.sendingForecast}
    </Text>
  );
}

const STATUS_COLORS = {
  SCHEDULED: 'blue',
  WAITING_FOR_QUOTA: 'yellow',
  RETRYING: 'yellow',
  FAILED: 'red',
} as const satisfies Record<ScheduledStatusKind, string>;

/**
 * The Status column (issue 9): what will happen to the merge, with the spec's message of its status
 * (spec 002 §4.1, §8) under it, so a failed merge does not look like a pending one.
 */
function ScheduledStatusCell({ campaign }: { campaign: ScheduledCampaign }) {
  const kind = scheduledStatusKind(campaign);
  const message = scheduledStatusMessage(campaign, formatTimeOfDay);
  return (
    <Stack gap={4} align="flex-start">
      <WholeBadge variant="light" color={STATUS_COLORS[kind]}>
        {SCHEDULED_STATUS_LABELS[kind]}
      </WholeBadge>
      {message !== null && (
        <Text size="xs" c="dimmed" maw={360}>
          {message}
        </Text>
      )}
    </Stack>
  );
}
