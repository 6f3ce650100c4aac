import {
  MAX_LINKS_PER_CAMPAIGN,
  TOO_MANY_LINKS_MESSAGE,
  type AddonScheduledCampaign,
  type CampaignReportResponse,
  type CreateScheduledCampaignBody,
  type SentCampaignBody,
  type SentCampaignResponse,
  type UpdateScheduledCampaignBody,
} from '@mergedesk/domain/api/addon';
import { SENT_OVER_TO_SEND_MESSAGE } from '@mergedesk/domain/campaigns/scheduled-progress';
import {
  isScheduledRunInPast,
  SCHEDULED_RUN_IN_PAST_MESSAGE,
} from '@mergedesk/domain/campaigns/schedule-time';
import { suppressionTypeFor } from '@mergedesk/domain/suppressions/permissions';
import {
  exceedsLinkHostLimit,
  hasLinkHostLimit,
  LINK_HOSTS_LIMIT_MESSAGE,
  LINK_HOSTS_LIMIT_REASON,
  linkHostOf,
} from '@mergedesk/domain/tracking/link-hosts';
import { normalizeTrackedLink } from '@mergedesk/domain/tracking/links';
import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import { otherFeaturesOf, type SpaceMembership } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { runIdempotent, type IdempotentAnswer } from '../../lib/idempotency';
import { trackingUrlBuilder, type TrackingTokens, type TrackingUrls } from '../tracking/tracking-token';
import type { UserRecord } from '../../db/records';
import * as sentCampaigns from '../campaigns/sent-campaigns.service';
import {
  findOwnScheduledCampaignWorkspace,
  insertScheduledCampaign,
  updateOwnScheduledCampaign,
  type ScheduledCampaignRow,
  type ScheduledCampaignValues,
} from '../scheduled-campaigns/scheduled-campaigns.service';
import { insertBounces } from '../suppression-lists/suppression-list.service';

export const CAMPAIGN_NOT_FOUND_MESSAGE = 'Mail merge not found.';
export const SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE = 'Scheduled mail merge not found.';

export type AddonDeps = { db: Database; tokens: TrackingTokens; trackingBaseUrl: string };

/**
 * Registers a merge the add-on has sent: the campaign, its recipients with their tracking tokens,
 * the links to track and one 'sent' event per recipient, in one transaction; sent_count and the
 * sender's monthly counter (the me call) move with it. Form notifications stay out of the monthly
 * counters (spec 002 §1).
 *
 * An address listed several times (however spelled: emailSchema normalises) is one recipient,
 * with the links of all its entries. Links are stored normalised (tracking/links.ts); two
 * spellings of one link share its click URL. With an Idempotency-Key, a retry of the same merge
 * answers the first answer and writes nothing (lib/idempotency.ts).
 */
export async function registerSentCampaign(
  deps: AddonDeps,
  caller: UserRecord,
  membership: SpaceMembership,
  body: SentCampaignBody,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<SentCampaignResponse>> {
  const { db, tokens, trackingBaseUrl } = deps;
  // The tracking paths laid out once, not for each recipient of each campaign.
  const trackingUrlsOf = trackingUrlBuilder(trackingBaseUrl);
  const linkIndexes = new Map<string, number>();
  const byEmail = new Map<string, string[]>();
  for (const recipient of body.recipients) {
    const links = byEmail.get(recipient.email) ?? [];
    for (const link of recipient.links ?? []) {
      const url = normalizeTrackedLink(link);
      if (!linkIndexes.has(url)) linkIndexes.set(url, linkIndexes.size);
      if (!links.includes(link)) links.push(link);
    }
    byEmail.set(recipient.email, links);
  }
  if (linkIndexes.size > MAX_LINKS_PER_CAMPAIGN) {
    throw new AppError('VALIDATION_FAILED', TOO_MANY_LINKS_MESSAGE, {
      fieldErrors: [{ field: 'recipients', message: TOO_MANY_LINKS_MESSAGE }],
    });
  }
  const sentAt = new Date();
  const isFormNotification = body.isFormNotification ?? false;

  return runIdempotent(
    db,
    { userId: caller.id, key: idempotencyKey, request: ['POST /api/addon/campaigns', body] },
    async (tx) => {
      await checkLinkHostLimit(tx, membership, [...linkIndexes.keys()], sentAt);
      const recipients = [...byEmail].map(([email, links]) => {
        const id = randomUUID();
        return { id, email, trackingToken: tokens.sign(id), links };
      });
      const campaign = await sentCampaigns.insertCampaign(tx, {
        workspaceId: membership.workspace.id,
        userId: caller.id,
        subject: body.subject,
        mergeSourceSheetKey: body.mergeSourceSheetKey,
        spreadsheetName: body.spreadsheetName,
        sheetName: body.sheetName,
        isFormNotification,
        sentAt,
        sentCount: recipients.length,
      });
      await sentCampaigns.insertSentRecipients(tx, campaign.id, recipients, sentAt);
      await sentCampaigns.insertCampaignLinks(
        tx,
        campaign.id,
        [...linkIndexes].map(([url, linkIndex]) => ({ url, linkIndex })),
      );
      if (!isFormNotification) {
        await sentCampaigns.addMonthlySentMails(tx, {
          workspaceId: membership.workspace.id,
          userId: caller.id,
          year: sentAt.getUTCFullYear(),
          month: sentAt.getUTCMonth() + 1,
          count: recipients.length,
        });
      }
      const clickUrlOf = (urls: TrackingUrls, link: string) =>
        urls.clickUrl(linkIndexes.get(normalizeTrackedLink(link)) ?? 0);
      const response: SentCampaignResponse = {
        campaignId: campaign.id,
        recipients: recipients.map((recipient) => {
          const urls = trackingUrlsOf(recipient.trackingToken);
          return {
            email: recipient.email,
            trackingToken: recipient.trackingToken,
            openPixelUrl: urls.openPixelUrl,
            unsubscribeUrl: urls.unsubscribeUrl,
            responseUrl: urls.responseUrl,
            clickUrls: Object.fromEntries(recipient.links.map((link) => [link, clickUrlOf(urls, link)])),
          };
        }),
      };
      return { status: 201, body: response };
    },
  );
}

/**
 * A Free space's merges link to at most FREE_SPACE_LINK_HOSTS_PER_DAY distinct hosts in 24 hours
 * (tracking/link-hosts.ts; docs/decisions/327-link-policy.md): a merge that would add hosts over it
 * is refused whole, 403 with its reason.
 */
export async function checkLinkHostLimit(
  tx: Executor,
  membership: SpaceMembership,
  urls: readonly string[],
  now: Date,
): Promise<void> {
  const workspacePlan = membership.workspace.plan;
  if (urls.length === 0 || !hasLinkHostLimit(workspacePlan)) return;
  const since = new Date(now.getTime() - DAY_MS);
  const hostsToday = await sentCampaigns.lockAndFindLinkHostsSince(tx, membership.workspace.id, since);
  if (exceedsLinkHostLimit({ workspacePlan, hostsToday, newHosts: urls.map(linkHostOf) })) {
    throw new AppError('FORBIDDEN', LINK_HOSTS_LIMIT_MESSAGE, {
      reason: LINK_HOSTS_LIMIT_REASON,
      fieldErrors: [
        { field: 'recipients', message: LINK_HOSTS_LIMIT_MESSAGE, reason: LINK_HOSTS_LIMIT_REASON },
      ],
    });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A scheduled merge; with an Idempotency-Key, a retry answers the first answer (no second merge). */
export async function createScheduledCampaign(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  body: CreateScheduledCampaignBody,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<AddonScheduledCampaign>> {
  const request = ['POST /api/addon/scheduled-campaigns', body];
  return runIdempotent(db, { userId: caller.id, key: idempotencyKey, request }, async (tx) => {
    // Issue 21: checked on the first answer only, so a retry of a stored answer replays it.
    if (isScheduledRunInPast(body.nextScheduledRunTimestamp, Date.now())) {
      throw new AppError('VALIDATION_FAILED', SCHEDULED_RUN_IN_PAST_MESSAGE, {
        fieldErrors: [{ field: 'nextScheduledRunTimestamp', message: SCHEDULED_RUN_IN_PAST_MESSAGE }],
      });
    }
    const row = await insertScheduledCampaign(tx, {
      workspaceId: membership.workspace.id,
      userId: caller.id,
      mergeSourceSheetKey: body.mergeSourceSheetKey,
      spreadsheetName: body.spreadsheetName,
      sheetName: body.sheetName,
      draftMessageId: body.draftMessageId ?? null,
      ...toScheduledValues({
        nextScheduledRunTimestamp: body.nextScheduledRunTimestamp,
        toSendCount: body.toSendCount,
        status: body.status,
      }),
    });
    return { status: 201, body: toAddonScheduledCampaign(row) };
  });
}

/**
 * The add-on's progress on a scheduled merge: counts, next run, error status and retries
 * (spec 002 §4.1). Only the user who scheduled it, while still a member of its space (the route's
 * space access), may update it.
 */
export async function updateScheduledCampaign(
  db: Database,
  caller: UserRecord,
  id: string,
  body: UpdateScheduledCampaignBody,
): Promise<AddonScheduledCampaign> {
  const row = await updateOwnScheduledCampaign(db, id, caller.id, toScheduledValues(body));
  if (row) return toAddonScheduledCampaign(row);
  // Not updated: not the caller's merge, or counts that would contradict each other.
  if ((await findOwnScheduledCampaignWorkspace(db, id, caller.id)) === undefined) throw scheduledNotFound();
  throw new AppError('VALIDATION_FAILED', SENT_OVER_TO_SEND_MESSAGE, {
    fieldErrors: [
      {
        field: body.sentCount === undefined ? 'toSendCount' : 'sentCount',
        message: SENT_OVER_TO_SEND_MESSAGE,
      },
    ],
  });
}

/**
 * Bounces the add-on found for a merge: a 'bounced' event per matching recipient (counted by the
 * aggregation job) and every address on the space's bounce list, shared (WORKSPACE) when the
 * sender has shared bounces (spec 000 §6), else PERSONAL.
 */
export async function reportBounces(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  campaignId: string,
  emails: string[],
): Promise<CampaignReportResponse> {
  const type = suppressionTypeFor('bounces', {
    userPlan: membership.userPlan,
    features: otherFeaturesOf(membership.workspace),
  });
  const unique = [...new Set(emails)];
  return db.transaction(async (tx) => {
    const recipientIds = await sentCampaigns.findRecipientIdsByEmail(tx, campaignId, unique);
    const recorded = await sentCampaigns.insertRecipientEvents(tx, campaignId, recipientIds, 'bounced');
    const updated = await insertBounces(
      tx,
      unique.map((email) => ({ workspaceId: membership.workspace.id, userId: caller.id, email, type })),
    );
    return { recorded, updated };
  });
}

/**
 * Replies the add-on found for a merge: a 'responded' event per matching recipient. The route's
 * space access admits only the merge's sender while a member of its space.
 */
export async function reportReplies(
  db: Database,
  campaignId: string,
  emails: string[],
): Promise<CampaignReportResponse> {
  return db.transaction(async (tx) => {
    const recipientIds = await sentCampaigns.findRecipientIdsByEmail(tx, campaignId, [...new Set(emails)]);
    return { recorded: await sentCampaigns.insertRecipientEvents(tx, campaignId, recipientIds, 'responded') };
  });
}

function toScheduledValues(body: UpdateScheduledCampaignBody): ScheduledCampaignValues {
  const values: ScheduledCampaignValues = {};
  const toDate = (timestamp: number | null) => (timestamp === null ? null : new Date(timestamp));
  if (body.status !== undefined) values.status = body.status;
  if (body.nextScheduledRunTimestamp !== undefined)
    values.nextScheduledRunAt = toDate(body.nextScheduledRunTimestamp);
  if (body.toSendCount !== undefined) values.toSendCount = body.toSendCount;
  if (body.sentCount !== undefined) values.sentCount = body.sentCount;
  if (body.error !== undefined) values.error = body.error;
  if (body.errorDetails !== undefined) values.errorDetails = body.errorDetails;
  if (body.recoverableErrorRetries !== undefined)
    values.recoverableErrorRetries = body.recoverableErrorRetries;
  if (body.recoverableErrorLastRetryTimestamp !== undefined) {
    values.recoverableErrorLastRetryAt = toDate(body.recoverableErrorLastRetryTimestamp);
  }
  return values;
}

function toAddonScheduledCampaign(row: ScheduledCampaignRow): AddonScheduledCampaign {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    mergeSourceSheetKey: row.mergeSourceSheetKey,
    mergeSourceSpreadSheetName: row.spreadsheetName,
    mergeSourceSheetName: row.sheetName,
    createTimestamp: row.createdAt.getTime(),
    nextScheduledRunTimestamp: row.nextScheduledRunAt?.getTime() ?? null,
    status: row.status,
    eventCounts: { toSendCount: row.toSendCount, sentCount: row.sentCount },
    errorDetails: {
      error: row.error,
      errorDetails: row.errorDetails,
      recoverableErrorRetries: row.recoverableErrorRetries,
      recoverableErrorLastRetryTimestamp: row.recoverableErrorLastRetryAt?.getTime() ?? null,
    },
  };
}

function scheduledNotFound(): AppError {
  return new AppError('NOT_FOUND', SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE);
}
