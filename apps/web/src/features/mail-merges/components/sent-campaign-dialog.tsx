import { Modal, Table, Tabs, Text } from '@mantine/core';
import type { SentCampaign } from '@mergedesk/domain/api/campaigns';
import { campaignSubject } from '@mergedesk/domain/campaigns/scheduled-status';
import {
  campaignRates,
  formatNumber,
  formatPercentLabel,
  pollPercentages,
} from '@mergedesk/domain/format/numbers';
import { useState } from 'react';
import { useCampaignSending } from '../api/get-campaign-sending';
import { useCampaignPoll } from '../api/get-poll-results';
import { useSentCampaign } from '../api/get-sent-campaign';
import { isRecentlySent, isSendingActive } from '../lib/sending-state';
import { CampaignRecipients } from './campaign-recipients';
import { MergeLoadError } from './merge-load-error';
import { SendingPanel } from './sending-panel';
import { TableSkeleton } from './table-skeleton';

export type SentDialogTab = 'mail' | 'poll' | 'recipients';

export type SentCampaignDialogProps = {
  campaignId: string;
  tab: SentDialogTab;
  onTabChange: (tab: SentDialogTab) => void;
  onClose: () => void;
};

/**
 * The detail dialog of a sent merge (spec 002 §2.2), at {base}/mail-merges/sent/{id} with the tabs
 * Mail results and Poll results (…/poll), and the Recipients view (…/recipients, issue 9). Title: the subject, or the missing-subject text (§8).
 * The detail and the poll are refreshed every 30 s (§4.2). A merge the engine sends (issue 24) has
 * its sending panel above the tabs, and its results follow its opens and clicks every 2 s while it
 * is being sent or was just sent.
 */
export function SentCampaignDialog({ campaignId, tab, onTabChange, onClose }: SentCampaignDialogProps) {
  const campaign = useSentCampaign(campaignId);
  const title = campaign.isSuccess ? campaignSubject(campaign.data.sentMessageSubject) : 'Mail merge';
  const sending = useCampaignSending(campaignId);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // The detail's own fetch time is "now" here: it is asked again at least every 30 s.
  const live =
    (sending.data !== undefined && isSendingActive(sending.data.status)) ||
    (campaign.data !== undefined && isRecentlySent(campaign.data, campaign.dataUpdatedAt));

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={tab === 'recipients' ? 'xl' : 'lg'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnEscape={!confirmingCancel}
    >
      <SendingPanel campaignId={campaignId} onConfirmingChange={setConfirmingCancel} />
      <Tabs
        value={tab}
        onChange={(value) => onTabChange(value === 'poll' || value === 'recipients' ? value : 'mail')}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="mail">Mail results</Tabs.Tab>
          <Tabs.Tab value="poll">Poll results</Tabs.Tab>
          <Tabs.Tab value="recipients">Recipients</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mail">
          {campaign.isError ? (
            <MergeLoadError
              error={campaign.error}
              onRetry={() => void campaign.refetch()}
              retrying={campaign.isFetching}
              onBack={onClose}
            />
          ) : campaign.isSuccess ? (
            <MailResults campaign={campaign.data} />
          ) : (
            <TableSkeleton label="Loading the mail results" />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="poll">
          <PollResults campaignId={campaignId} onBack={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="recipients">
          <CampaignRecipients campaignId={campaignId} onBack={onClose} live={live} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

/** Spec 002 §9 percentages: delivered and bounced against sent, the rest against delivered. */
function MailResults({ campaign }: { campaign: SentCampaign }) {
  const counts = campaign.eventCounts;
  const rates = campaignRates(counts);
  const rows: Array<[label: string, count: number, percent: number | null]> = [
    ['Sent', counts.sentCount, null],
    ['Delivered', rates.delivered, rates.deliveredPercent],
    ['Opened', counts.openedCount, rates.openedPercent],
    ['Clicked', counts.clickedCount, rates.clickedPercent],
    ['Responded', counts.respondedCount, rates.respondedPercent],
    ['Unsubscribed', counts.unsubscribedCount, rates.unsubscribedPercent],
    ['Bounced', counts.bouncedCount, rates.bouncedPercent],
  ];
  return (
    <Table aria-label="Mail results" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Result</Table.Th>
          <Table.Th ta="right">Emails</Table.Th>
          <Table.Th ta="right">%</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, count, percent]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={500}>
              {label}
            </Table.Th>
            <Table.Td ta="right">{formatNumber(count)}</Table.Td>
            <Table.Td ta="right">{percent === null ? '' : formatPercentLabel(percent)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Spec 002 §4.2: poll results first, the responses when they cannot be had; % against the total. */
function PollResults({ campaignId, onBack }: { campaignId: string; onBack: () => void }) {
  const poll = useCampaignPoll(campaignId);
  if (poll.isError) {
    return (
      <MergeLoadError
        error={poll.error}
        onRetry={() => void poll.refetch()}
        retrying={poll.isFetching}
        onBack={onBack}
      />
    );
  }
  if (!poll.isSuccess) return <TableSkeleton label="Loading the poll results" />;
  if (poll.data.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        There are no poll results for this mail merge.
      </Text>
    );
  }
  if (poll.data.kind === 'responses') {
    return (
      <Table aria-label="Poll responses" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Response</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {poll.data.items.map((item, index) => (
            <Table.Tr key={index}>
              <Table.Td style={{ wordBreak: 'break-word' }}>{item.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Table aria-label="Poll results" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Answer</Table.Th>
          <Table.Th ta="right">Responses</Table.Th>
          <Table.Th ta="right">%</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pollPercentages(poll.data.items).map((item, index) => (
          <Table.Tr key={index}>
            <Table.Td style={{ wordBreak: 'break-word' }}>{item.info}</Table.Td>
            <Table.Td ta="right">{formatNumber(item.count)}</Table.Td>
            <Table.Td ta="right">{formatPercentLabel(item.percent)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
