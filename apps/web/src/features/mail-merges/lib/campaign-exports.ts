import type { SentCampaign } from '@mergedesk/domain/api/campaigns';
import type { ScheduledCampaign } from '@mergedesk/domain/api/scheduled-campaigns';
import { campaignSubject } from '@mergedesk/domain/campaigns/scheduled-status';
import type { CsvValue } from '@mergedesk/domain/exports/csv-safety';
import { csvTimestamp } from '@mergedesk/domain/exports/csv-values';
import { campaignRates } from '@mergedesk/domain/format/numbers';
import { campaignDate, scheduledCampaignTitle, senderLabel, sentCampaignTitle } from './campaign-fields';

export type CsvTable = [header: string[], rows: CsvValue[][]];

/**
 * The sent merges export (spec 002 §9 'Exported_Mail_merges_{date}'): the table's columns and the
 * detail's counts, as data (issue 9): plain numbers, percentages as numbers, ISO 8601 UTC dates.
 */
export const sentCampaignsCsv = (campaigns: readonly SentCampaign[]): CsvTable => [
  [
    'Sheet Name',
    'Subject',
    'Sender',
    'Sender email',
    'Date',
    'Sent',
    'Delivered',
    'Opened %',
    'Clicked %',
    'Responded',
    'Unsubscribed',
    'Bounced',
  ],
  campaigns.map((campaign) => {
    const rates = campaignRates(campaign.eventCounts);
    return [
      sentCampaignTitle(campaign),
      campaignSubject(campaign.sentMessageSubject),
      senderLabel(campaign),
      campaign.senderEmail,
      csvTimestamp(campaignDate(campaign)),
      campaign.eventCounts.sentCount,
      rates.delivered,
      rates.openedPercent,
      rates.clickedPercent,
      campaign.eventCounts.respondedCount,
      campaign.eventCounts.unsubscribedCount,
      campaign.eventCounts.bouncedCount,
    ];
  }),
];

/**
 * The scheduled merges export (spec 002 §9 'Exported_Scheduled_Mail_merges_{date}'): the next run
 * as one ISO 8601 UTC date and time (empty when there is none: out of quota or failed), the counts
 * as numbers and the status as the server names it (spec 002 §4.1).
 */
export const scheduledCampaignsCsv = (campaigns: readonly ScheduledCampaign[]): CsvTable => [
  ['Sheet Name', 'Next run', 'Emails', 'Sent', 'Status', 'Created'],
  campaigns.map((campaign) => [
    scheduledCampaignTitle(campaign),
    csvTimestamp(campaign.nextScheduledRunTimestamp),
    campaign.eventCounts.toSendCount,
    campaign.eventCounts.sentCount,
    campaign.status,
    csvTimestamp(campaign.createTimestamp),
  ]),
];
