import type { Executor } from '../../db/client';
import {
  insertCampaign,
  insertCampaignLinks,
  insertQueuedRecipients,
} from '../campaigns/sent-campaigns.service';
import type { TrackingTokens } from '../tracking/tracking-token';
import { trackableLinksOf } from './merge-message';
import * as repo from './sending.repo';

/**
 * The sent merge of the dashboard for a merge the engine sends (modules/campaigns writes it): the
 * campaign with nothing sent yet, one campaign recipient per merge recipient (same id, its
 * tracking token) and the body's trackable links, numbered in order (the same numbering
 * linkIndexesOf gives the worker). Created with the merge when it sends now, at the first run when
 * it is scheduled (a scheduled merge is not a sent one until it starts).
 */
export async function createMergeCampaign(
  tx: Executor,
  merge: Pick<
    repo.MergeRow,
    | 'id'
    | 'workspaceId'
    | 'userId'
    | 'subject'
    | 'htmlBody'
    | 'mergeSourceSheetKey'
    | 'spreadsheetName'
    | 'sheetName'
  >,
  tokens: TrackingTokens,
  createdAt: Date,
): Promise<string> {
  const campaign = await insertCampaign(tx, {
    workspaceId: merge.workspaceId,
    userId: merge.userId,
    subject: merge.subject,
    mergeSourceSheetKey: merge.mergeSourceSheetKey,
    spreadsheetName: merge.spreadsheetName,
    sheetName: merge.sheetName,
    isFormNotification: false,
    sentAt: createdAt,
    sentCount: 0,
    lastEmailSentAt: null,
  });
  const recipients = await repo.allRecipients(tx, merge.id);
  await insertQueuedRecipients(
    tx,
    campaign.id,
    recipients.map((recipient) => ({ ...recipient, trackingToken: tokens.sign(recipient.id) })),
  );
  await insertCampaignLinks(
    tx,
    campaign.id,
    trackableLinksOf(merge.htmlBody).map((url, linkIndex) => ({ url, linkIndex })),
  );
  return campaign.id;
}

/** The tracked links of a merge's body and their indexes, as createMergeCampaign stored them. */
export const linkIndexesOf = (htmlBody: string): Map<string, number> =>
  new Map(trackableLinksOf(htmlBody).map((url, linkIndex) => [url, linkIndex]));
