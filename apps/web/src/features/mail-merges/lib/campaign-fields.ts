import type { SentCampaign } from '@mergedesk/domain/api/campaigns';
import type { ScheduledCampaign } from '@mergedesk/domain/api/scheduled-campaigns';
import { scheduledTitle } from '@mergedesk/domain/campaigns/sheet-key';

/** Spec 002 §3: the date of a sent merge is its last update, falling back to its creation. */
export const campaignDate = (
  campaign: Pick<SentCampaign, 'lastUpdateTimestamp' | 'createTimestamp'>,
): number => campaign.lastUpdateTimestamp || campaign.createTimestamp;

/** Spec 002 §3: the spreadsheet name and the sheet name joined (the Sheet Name column). */
export const sentCampaignTitle = (campaign: Pick<SentCampaign, 'spreadsheetName' | 'sheetName'>): string =>
  scheduledTitle(campaign.spreadsheetName, campaign.sheetName);

export const scheduledCampaignTitle = (
  campaign: Pick<ScheduledCampaign, 'mergeSourceSpreadSheetName' | 'mergeSourceSheetName'>,
): string => scheduledTitle(campaign.mergeSourceSpreadSheetName, campaign.mergeSourceSheetName);

/** Ours (issue 9): a merge whose sender's account is gone. */
const UNKNOWN_SENDER = 'Former member';

/** The Sender column: the sender's name, else the address, else UNKNOWN_SENDER. */
export const senderLabel = (campaign: Pick<SentCampaign, 'senderName' | 'senderEmail'>): string =>
  campaign.senderName?.trim() || campaign.senderEmail || UNKNOWN_SENDER;
