import type { SendingForecast } from '@mergedesk/domain/api/composer';
import type { CampaignSending, StartMergeBody } from '@mergedesk/domain/api/sending';
import {
  MERGE_NOT_FOUND_MESSAGE,
  mergeOptionsSchema,
  unknownMarkersMessage,
  type MergeStatus as MergeStatusBody,
} from '@mergedesk/domain/api/sending';
import { IN_PROGRESS_STATUS } from '@mergedesk/domain/campaigns/scheduled-status';
import { canScheduleMerges, SCHEDULING_NEEDS_PRO_MESSAGE } from '@mergedesk/domain/plans/plan-features';
import { gmailBulkMeter, gmailBulkMeterCopy, isGmailAddress } from '@mergedesk/domain/sending/gmail-meter';
import { unknownMarkers } from '@mergedesk/domain/sending/markers';
import {
  canManageMergeSending,
  MANAGE_MERGE_SENDING_MESSAGE,
} from '@mergedesk/domain/sending/merge-permissions';
import { classifyRecipients, isMergeOver, type MergeStatus } from '@mergedesk/domain/sending/recipients';
import {
  forecastSends,
  formatForecast,
  QUOTA_WINDOW_MS,
  quotaWindow,
  senderDailyQuota,
  type QuotaWindow,
} from '@mergedesk/domain/sending/quota-window';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import type { gmailMeterSchema, senderQuotaSchema } from '@mergedesk/domain/api/sending';
import type { Database, Executor } from '../../db/client';
import type { UserRecord } from '../../db/records';
import type { StoredMergeOptions } from '../../db/schema';
import { userInSpaceOf, type SpaceMembership } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { runIdempotent, type IdempotentAnswer } from '../../lib/idempotency';
import { checkLinkHostLimit } from '../addon/addon.service';
import { GmailApiError, type GmailAccounts } from '../gmail/gmail-accounts';
import { insertScheduledCampaign } from '../scheduled-campaigns/scheduled-campaigns.service';
import { findSuppressedAmong } from '../suppression-lists/suppression-list.service';
import type { TrackingTokens } from '../tracking/tracking-token';
import { userView } from '../users/users.views';
import { membershipIn } from '../workspaces/workspaces.service';
import { eq } from 'drizzle-orm';
import { createMergeCampaign, linkIndexesOf } from './merge-campaign';
import { cancelMerge } from './merge-states';
import type { SendingEngine } from './sending-engine';
import * as repo from './sending.repo';

export type SendingDeps = {
  db: Database;
  engine: SendingEngine;
  gmail: GmailAccounts;
  tokens: TrackingTokens;
  ratePerSender: number;
  now?: () => Date;
};

type StartMergeAnswer = { campaignId: string } | { scheduledCampaignId: string };

/**
 * A merge's subject and body may name only columns it has (issue 24): 400 UNKNOWN_MARKERS with
 * every unknown marker, for a merge (startMerge) and for the composer's test send alike.
 */
export function assertKnownMarkers(subject: string, htmlBody: string, columns: readonly string[]): void {
  const unknown = unknownMarkers([subject, htmlBody], columns);
  if (unknown.length === 0) return;
  throw new AppError('VALIDATION_FAILED', unknownMarkersMessage(unknown), {
    reason: 'UNKNOWN_MARKERS',
    fieldErrors: unknown.map((name) => ({
      field: 'htmlBody',
      message: `{{${name}}}`,
      reason: 'UNKNOWN_MARKER',
    })),
  });
}

/**
 * POST /api/addon/merges (issue 24): checks the templates' markers, then in one transaction
 * classifies the recipients (invalid, duplicate, on a list that applies), stores the merge and
 * its recipients, the sent merge (now) or the scheduled merge (later), and queues its run. With
 * an Idempotency-Key a retry answers the first answer and stores nothing.
 */
export async function startMerge(
  deps: SendingDeps,
  caller: UserRecord,
  membership: SpaceMembership,
  body: StartMergeBody,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<StartMergeAnswer>> {
  const now = deps.now?.() ?? new Date();
  const columns = [...new Set(body.recipients.flatMap((recipient) => Object.keys(recipient.fields)))];
  assertKnownMarkers(body.subject, body.htmlBody, columns);
  const scheduledAt =
    body.scheduledAt !== undefined && body.scheduledAt > now.getTime() ? new Date(body.scheduledAt) : null;
  if (scheduledAt !== null && !canScheduleMerges(userInSpaceOf(membership))) {
    throw new AppError('FORBIDDEN', SCHEDULING_NEEDS_PRO_MESSAGE);
  }
  // The defaults of the schema (tracking on) when the add-on sent no options.
  const options: StoredMergeOptions = mergeOptionsSchema.parse(body.options ?? {});

  return runIdempotent(
    deps.db,
    { userId: caller.id, key: idempotencyKey, request: ['POST /api/addon/merges', body] },
    async (tx) => {
      await checkLinkHostLimit(tx, membership, [...linkIndexesOf(body.htmlBody).keys()], now);
      const workspaceId = membership.workspace.id;
      const firstPass = classifyRecipients(body.recipients, { unsubscribed: new Set(), bounced: new Set() });
      const candidates = firstPass.flatMap((entry) => (entry.status === 'QUEUED' ? [entry.email] : []));
      const suppressed = await findSuppressedAmong(tx, workspaceId, caller.id, candidates);
      const classified = classifyRecipients(body.recipients, suppressed);
      const recipients: repo.NewMergeRecipient[] = classified.map((entry) => ({
        id: randomUUID(),
        index: entry.index,
        email: entry.email,
        isGmailAddress: isGmailAddress(entry.email),
        fields: body.recipients[entry.index]?.fields ?? {},
        status: entry.status,
        reason: entry.status === 'SKIPPED' ? entry.reason : null,
      }));
      const toSend = recipients.filter((recipient) => recipient.status === 'QUEUED').length;
      const mergeValues = {
        workspaceId,
        userId: caller.id,
        campaignId: null,
        scheduledCampaignId: null,
        scheduledCampaignKey: null,
        mergeSourceSheetKey: body.mergeSourceSheetKey,
        spreadsheetName: body.spreadsheetName,
        sheetName: body.sheetName,
        subject: body.subject,
        htmlBody: body.htmlBody,
        options,
        status: (scheduledAt === null ? 'QUEUED' : 'SCHEDULED') as MergeStatus,
        scheduledAt,
        nextRunAt: scheduledAt ?? now,
      };
      const merge = await repo.insertMerge(tx, mergeValues);
      await repo.insertMergeRecipients(tx, { id: merge.id, userId: caller.id, workspaceId }, recipients);
      let answer: StartMergeAnswer;
      if (scheduledAt === null) {
        const campaignId = await createMergeCampaign(tx, { ...mergeValues, id: merge.id }, deps.tokens, now);
        await repo.updateMerge(tx, merge.id, { campaignId });
        answer = { campaignId };
      } else {
        const scheduled = await insertScheduledCampaign(tx, {
          workspaceId,
          userId: caller.id,
          mergeSourceSheetKey: body.mergeSourceSheetKey,
          spreadsheetName: body.spreadsheetName,
          sheetName: body.sheetName,
          draftMessageId: null,
          status: IN_PROGRESS_STATUS,
          nextScheduledRunAt: scheduledAt,
          toSendCount: toSend,
          sentCount: 0,
        });
        await repo.updateMerge(tx, merge.id, {
          scheduledCampaignId: scheduled.id,
          scheduledCampaignKey: scheduled.id,
        });
        answer = { scheduledCampaignId: scheduled.id };
      }
      await deps.engine.enqueue(tx, merge.id, scheduledAt ?? now);
      return { status: 202, body: answer };
    },
  );
}

/** The space of the caller's own merge named by any of its ids (the access layer's look-up). */
export async function ownMergeWorkspace(
  db: Executor,
  id: string,
  caller: UserRecord,
): Promise<string | undefined> {
  const merge = await repo.findMergeByAnyId(db, id);
  return merge?.userId === caller.id ? merge.workspaceId : undefined;
}

/** The space of a merge named by its campaign id (any member of the space may look). */
export async function mergeWorkspaceByCampaign(
  db: Executor,
  campaignId: string,
): Promise<string | undefined> {
  const merge = await repo.findMergeByAnyId(db, campaignId);
  return merge?.campaignId === campaignId ? merge.workspaceId : undefined;
}

const countsOf = (counts: repo.MergeCounts) => ({
  total: Object.values(counts).reduce((sum, n) => sum + n, 0),
  queued: counts.QUEUED + counts.SENDING,
  sent: counts.SENT,
  skipped: counts.SKIPPED,
  failed: counts.FAILED,
});

/** GET /api/addon/merges/{id}: the caller's merge, its counts and a page of recipients after the cursor. */
export async function getMerge(
  db: Database,
  caller: UserRecord,
  id: string,
  query: { after?: string | undefined; limit: number },
): Promise<MergeStatusBody> {
  const merge = await repo.findMergeByAnyId(db, id);
  if (!merge || merge.userId !== caller.id) throw new AppError('NOT_FOUND', MERGE_NOT_FOUND_MESSAGE);
  const after = query.after === undefined ? -1 : Number.parseInt(query.after, 10);
  if (!Number.isInteger(after) || after < -1) {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not valid.', {
      fieldErrors: [{ field: 'after', message: 'The cursor is not valid.' }],
    });
  }
  const [counts, page] = await Promise.all([
    repo.countRecipients(db, merge.id),
    repo.recipientsAfter(db, merge.id, after, query.limit),
  ]);
  const last = page.at(-1);
  return {
    id: merge.id,
    campaignId: merge.campaignId,
    scheduledCampaignId: merge.scheduledCampaignKey,
    status: merge.status,
    scheduledAt: merge.scheduledAt?.getTime() ?? null,
    nextRunAt: merge.status === 'WAITING_FOR_QUOTA' ? null : (merge.nextRunAt?.getTime() ?? null),
    counts: countsOf(counts),
    recipients: page.map((recipient) => ({
      index: recipient.index,
      email: recipient.email,
      status: recipient.status,
      reason: recipient.reason,
      attempts: recipient.attempts,
      sentAt: recipient.sentAt?.getTime() ?? null,
    })),
    nextCursor: last !== undefined && page.length === query.limit ? String(last.index) : null,
  };
}

/** The sender's quota in the space and the window of their ledger at `now`. */
async function senderWindow(
  db: Executor,
  userId: string,
  workspaceId: string,
  now: Date,
): Promise<{ limit: number; window: QuotaWindow; ledger: Date[] }> {
  const [user] = await db
    .select({ freeUserQuota: userView.freeUserQuota })
    .from(userView)
    .where(eq(userView.id, userId));
  const membership = await membershipIn(db, userId, workspaceId);
  const limit = membership
    ? senderDailyQuota({
        workspacePlan: membership.workspace.plan,
        legacyType: membership.workspace.legacyType,
        subscriptionState: membership.workspace.subscriptionState,
        member: { userPlan: membership.userPlan },
        freeUserQuota: user?.freeUserQuota ?? null,
      })
    : 0;
  const ledger = await repo.ledgerSince(db, userId, new Date(now.getTime() - QUOTA_WINDOW_MS));
  return { limit, window: quotaWindow({ limit, sentAt: ledger, now }), ledger };
}

/** GET /api/addon/quota: the caller's rolling 24-hour quota in the space. */
export async function getSenderQuota(
  deps: SendingDeps,
  caller: UserRecord,
  membership: SpaceMembership,
): Promise<z.infer<typeof senderQuotaSchema>> {
  const now = deps.now?.() ?? new Date();
  const { limit, window } = await senderWindow(deps.db, caller.id, membership.workspace.id, now);
  return {
    limit,
    used: window.used,
    remaining: window.remaining,
    nextFreeAt: window.nextFreeAt?.getTime() ?? null,
  };
}

/**
 * GET …/sending-forecast (the composer, issue 25): of `count` recipients of a new merge starting now
 * or at `scheduledAt`, how many the sender's rolling 24-hour quota lets go at the start and when the
 * first of the rest can go (the window once those have gone; docs/decisions/409-composer-forecast.md).
 * Counted from the ledger (what has been handed to Gmail), as the engine's reservation counts.
 */
export async function getSendingForecast(
  deps: SendingDeps,
  caller: UserRecord,
  membership: SpaceMembership,
  query: { count: number; scheduledAt?: number | undefined },
): Promise<SendingForecast> {
  const now = deps.now?.() ?? new Date();
  const start =
    query.scheduledAt !== undefined && query.scheduledAt > now.getTime() ? new Date(query.scheduledAt) : now;
  const { limit, ledger } = await senderWindow(deps.db, caller.id, membership.workspace.id, now);
  const { remaining } = quotaWindow({ limit, sentAt: ledger, now: start });
  const first = Math.min(query.count, remaining);
  const later = query.count - first;
  const resetAt =
    later === 0
      ? null
      : quotaWindow({ limit, sentAt: [...ledger, ...Array.from({ length: first }, () => start)], now: start })
          .nextFreeAt;
  return { limit, remaining, now: first, later, resetAt: resetAt?.getTime() ?? null };
}

/**
 * The forecast of what is left of a merge, in the sender's quota: 'sends 1,500 today, 700
 * tomorrow at 09:12' (UTC: the server does not know the sender's time zone;
 * docs/decisions/392-sending-forecast-time-zone.md). Null when nothing is left.
 */
async function forecastOf(deps: SendingDeps, merge: repo.MergeRow, queued: number, now: Date) {
  if (queued === 0 || isMergeOver(merge.status)) return null;
  const { limit, ledger } = await senderWindow(deps.db, merge.userId, merge.workspaceId, now);
  const start = merge.scheduledAt !== null && merge.scheduledAt > now ? merge.scheduledAt : now;
  const batches = forecastSends({
    count: queued,
    limit,
    sentAt: ledger,
    now: start,
    perSecond: deps.ratePerSender,
  });
  return formatForecast(batches, { now, timeZone: 'UTC' });
}

/** The sending forecasts of the scheduled merges the engine sends (the scheduled list and get), by id. */
export async function scheduledSendingForecasts(
  deps: SendingDeps,
  scheduledIds: readonly string[],
): Promise<Map<string, string | null>> {
  const now = deps.now?.() ?? new Date();
  const forecasts = new Map<string, string | null>();
  for (const merge of await repo.mergesOfScheduled(deps.db, scheduledIds)) {
    if (merge.scheduledCampaignId === null) continue;
    const counts = await repo.countRecipients(deps.db, merge.id);
    forecasts.set(
      merge.scheduledCampaignId,
      await forecastOf(deps, merge, counts.QUEUED + counts.SENDING, now),
    );
  }
  return forecasts;
}

async function gmailStateOf(gmail: GmailAccounts, userId: string): Promise<CampaignSending['gmail']> {
  try {
    await gmail.forUser(userId);
    return 'CONNECTED';
  } catch (error) {
    if (error instanceof GmailApiError && error.kind === 'revoked') return 'REVOKED';
    return 'NOT_CONNECTED';
  }
}

async function requireCampaignMerge(db: Executor, membership: SpaceMembership, campaignId: string) {
  const merge = await repo.findMergeByAnyId(db, campaignId);
  if (!merge || merge.campaignId !== campaignId || merge.workspaceId !== membership.workspace.id) {
    throw new AppError('NOT_FOUND', MERGE_NOT_FOUND_MESSAGE);
  }
  return merge;
}

/** GET /api/v1/users/me/campaigns/{id}/sending: the merge dialog's sending state. */
export async function getCampaignSending(
  deps: SendingDeps,
  caller: UserRecord,
  membership: SpaceMembership,
  campaignId: string,
): Promise<CampaignSending> {
  const merge = await requireCampaignMerge(deps.db, membership, campaignId);
  return sendingStateOf(deps, caller, membership, merge);
}

async function sendingStateOf(
  deps: SendingDeps,
  caller: UserRecord,
  membership: SpaceMembership,
  merge: repo.MergeRow,
): Promise<CampaignSending> {
  const now = deps.now?.() ?? new Date();
  const counts = await repo.countRecipients(deps.db, merge.id);
  const mayManage = canManageMergeSending({ isSender: merge.userId === caller.id, role: membership.role });
  const over = isMergeOver(merge.status);
  return {
    status: merge.status,
    counts: countsOf(counts),
    nextRunAt: merge.status === 'WAITING_FOR_QUOTA' ? null : (merge.nextRunAt?.getTime() ?? null),
    forecast: await forecastOf(deps, merge, counts.QUEUED + counts.SENDING, now),
    canCancel: mayManage && !over,
    canResendFailed: mayManage && merge.status !== 'CANCELLED' && counts.FAILED > 0,
    gmail: await gmailStateOf(deps.gmail, merge.userId),
  };
}

function requireManage(caller: UserRecord, membership: SpaceMembership, merge: repo.MergeRow) {
  if (!canManageMergeSending({ isSender: merge.userId === caller.id, role: membership.role })) {
    throw new AppError('FORBIDDEN', MANAGE_MERGE_SENDING_MESSAGE);
  }
}

/** How long a cancel waits for the sends in flight to settle, so that its answer is final. */
const CANCEL_SETTLE_MS = 35_000;

/**
 * POST …/cancel-sending (docs/decisions/389-sending-cancel.md): CANCELLED under the merge row's FOR
 * UPDATE lock, so it waits for a reservation in progress and none starts after it commits; the
 * queued recipients become CANCELLED. The answer waits until the sends already handed to Gmail
 * have settled: once it is given, no message of the merge leaves any more. Cancelling a merge
 * that is over changes nothing (idempotent).
 */
export async function cancelCampaignSending(
  deps: SendingDeps,
  caller: UserRecord,
  membership: SpaceMembership,
  campaignId: string,
): Promise<CampaignSending> {
  const merge = await requireCampaignMerge(deps.db, membership, campaignId);
  requireManage(caller, membership, merge);
  await cancelMerge(deps.db, merge.id);
  const deadline = Date.now() + CANCEL_SETTLE_MS;
  while ((await repo.pendingWork(deps.db, merge.id)).sending > 0 && Date.now() < deadline) {
    await sleep(50);
  }
  const current = await repo.findMerge(deps.db, merge.id);
  return sendingStateOf(deps, caller, membership, current ?? merge);
}

/**
 * POST …/resend-failed: the FAILED recipients back in the queue (attempts reset) and the merge
 * sending again, in one transaction under the merge's lock. A second click finds nothing failed
 * and changes nothing.
 */
export async function resendFailedRecipients(
  deps: SendingDeps,
  caller: UserRecord,
  membership: SpaceMembership,
  campaignId: string,
): Promise<CampaignSending> {
  const merge = await requireCampaignMerge(deps.db, membership, campaignId);
  requireManage(caller, membership, merge);
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockMerge(tx, merge.id, 'update');
    if (!locked || locked.status === 'CANCELLED') return;
    const requeued = await repo.requeueFailedRecipients(tx, merge.id);
    if (requeued === 0) return;
    const now = deps.now?.() ?? new Date();
    const status = locked.status === 'DONE' ? 'QUEUED' : locked.status;
    await repo.updateMerge(tx, merge.id, { status, nextRunAt: now, finishedAt: null });
    await deps.engine.enqueue(tx, merge.id, now);
  });
  const current = await repo.findMerge(deps.db, merge.id);
  return sendingStateOf(deps, caller, membership, current ?? merge);
}

/** GET …/workspaces/{id}/gmail-meter (owners): the space's messages to Gmail addresses in 24 h. */
export async function getGmailMeter(
  deps: SendingDeps,
  membership: SpaceMembership,
): Promise<z.infer<typeof gmailMeterSchema>> {
  const now = deps.now?.() ?? new Date();
  const counts = await repo.gmailMeterCounts(
    deps.db,
    membership.workspace.id,
    new Date(now.getTime() - QUOTA_WINDOW_MS),
  );
  const meter = gmailBulkMeter({ sentToGmailLast24h: counts.sent, queuedToGmail: counts.queued });
  return { ...meter, message: gmailBulkMeterCopy(meter)?.message ?? null };
}
