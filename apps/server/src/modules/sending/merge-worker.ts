import { IN_PROGRESS_STATUS } from '@mergedesk/domain/campaigns/scheduled-status';
import { MAX_SEND_ATTEMPTS, paceIntervalMs, retryDelayMs } from '@mergedesk/domain/sending/pacing';
import { QUOTA_WINDOW_MS, quotaWindow, senderDailyQuota } from '@mergedesk/domain/sending/quota-window';
import { isMergeOver } from '@mergedesk/domain/sending/recipients';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { composeMime } from '../../mail/mime';
import { recordEngineSends } from '../campaigns/sent-campaigns.service';
import { GmailApiError, type GmailAccount, type GmailAccounts } from '../gmail/gmail-accounts';
import { recordScheduledProgress } from '../scheduled-campaigns/scheduled-campaigns.service';
import { trackingUrlBuilder, type TrackingTokens } from '../tracking/tracking-token';
import { membershipIn } from '../workspaces/workspaces.service';
import { userView } from '../users/users.views';
import { eq } from 'drizzle-orm';
import { createMergeCampaign, linkIndexesOf } from './merge-campaign';
import { compileMergeMessage, messageIdOf, type CompiledMergeMessage } from './merge-message';
import { cancelMerge, createMergeStates, type RunOutcome } from './merge-states';
import * as repo from './sending.repo';
import type { MergeRow } from './sending.repo';

/**
 * The engine's work on one merge (issue 24; docs/decisions/391-sending-exactly-once.md): recipients in
 * sheet order, each one (1) reserved — the merge not cancelled (row FOR SHARE), the sender's
 * rolling quota not used up (the ledger, under the sender's lock), marked SENDING with its ledger
 * time — and committed, (2) rendered and composed, (3) handed to Gmail, (4) marked SENT with
 * Gmail's id and recorded on the campaign. A crash between (1) and (4) leaves a SENDING row that
 * the recovery resolves by Message-ID, never by sending again.
 */

export type MergeWorkerDeps = {
  db: Database;
  gmail: GmailAccounts;
  tokens: TrackingTokens;
  trackingBaseUrl: string;
  /** The right part of the Message-IDs (PUBLIC_URL's host). */
  messageIdHost: string;
  ratePerSender: number;
  leaseMs: number;
  log: FastifyBaseLogger;
  /** Queues a run of the merge at `at` (pg-boss, singleton per merge). */
  enqueue: (db: Executor, mergeId: string, at: Date) => Promise<void>;
  now?: () => Date;
};

/** A run works a merge this long at most, then queues its continuation (other merges get a turn). */
const RUN_SLICE_MS = 30_000;
/** A run's hold on its merge, renewed while it works: a crashed run's merge is taken over after this. */
const RUN_LEASE_MS = 10_000;
/**
 * When the pace is lifted: the recipients reserved together (one reservation, one recording, one
 * end of batch per this many), and the Gmail calls of a run in flight at once.
 */
const UNPACED_BATCH = 200;
export const UNPACED_IN_FLIGHT = 50;
/** How long one Gmail call may take before it is abandoned (the send's fate is then looked up). */
const SEND_TIMEOUT_MS = 30_000;
/**
 * The runs of a worker between their start and their first batch (the merge, its lease, its
 * start, the Gmail client, the quota and the first recipients composed) at once: when many merges
 * are due together, the first ones reach Gmail while the others start, rather than all of them
 * queueing for the pool's connections before any sends (docs/decisions/418-sending-runs-start-few-at-a-time.md).
 */
export const RUNS_STARTING_AT_ONCE = 4;
/**
 * The sweeper queues a due merge again only once it has been due this long: a merge whose job was
 * just taken waits its turn among the runs starting before its run takes the lease (which moves
 * next_run_at on), and a sweep meanwhile would queue a second run with nothing to do
 * (docs/decisions/421-sending-sweeper-grace.md).
 */
export const SWEEP_GRACE_MS = 5_000;
/** A rate limit without Retry-After pauses the sender this long. */
const DEFAULT_RATE_LIMIT_PAUSE_MS = 60_000;
/** Gmail's daily limit: look again after this long when the ledger cannot tell. */
const DAILY_LIMIT_RECHECK_MS = 60 * 60 * 1000;

export function createMergeWorker(deps: MergeWorkerDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const interval = paceIntervalMs(deps.ratePerSender);
  const { finishOrWait, waitForQuota, pauseRateLimited, pauseDisconnected, failRun } = createMergeStates({
    db,
    log,
    now,
    leaseMs: deps.leaseMs,
  });
  const starting = pLimit(RUNS_STARTING_AT_ONCE);
  const trackingUrlsOf = trackingUrlBuilder(deps.trackingBaseUrl);

  /** Works the merge until it is done, must wait, or its slice is over; queues what comes next. */
  async function runMerge(mergeId: string, signal?: AbortSignal): Promise<void> {
    // A place among the runs starting, held until the run's first batch is composed (leave).
    const leave = await new Promise<() => void>((entered) => {
      void starting(() => new Promise<void>((left) => entered(left)));
    });
    try {
      // The process stopping while the run waited: the merge's next run is queued, nothing done.
      const outcome = signal?.aborted ? { next: now() } : await workMerge(mergeId, leave, signal);
      if (outcome.next !== null) await deps.enqueue(db, mergeId, outcome.next);
    } finally {
      leave();
    }
  }

  async function workMerge(
    mergeId: string,
    leaveStarting: () => void,
    signal?: AbortSignal,
  ): Promise<RunOutcome> {
    let merge = await repo.findMerge(db, mergeId);
    if (!merge || isMergeOver(merge.status)) return { next: null };
    if (isCancelledBySchedule(merge)) {
      await cancelMerge(db, merge.id);
      return { next: null };
    }
    // One run of a merge at a time, across processes; another run's merge is looked at again
    // when its lease lapses (it may have crashed).
    const lease = await repo.takeRunLease(db, merge.id, RUN_LEASE_MS, false);
    if (!lease.taken) return { next: lease.until ?? now() };
    // Renewed while the run works, a batch's Gmail calls included (a batch may outlast the lease).
    const renewing = setInterval(() => {
      repo
        .takeRunLease(db, mergeId, RUN_LEASE_MS, true)
        .catch((error: unknown) => log.warn({ err: error, mergeId }, 'run lease not renewed'));
    }, RUN_LEASE_MS / 3);
    const pipeline: Pipeline = { recorded: Promise.resolve() };
    // The lease also set next_run_at to its end: the sweeper leaves the merge alone while a run
    // works it, and takes it up once a crashed run's lease lapses.
    const started = Date.now();
    try {
      // A merge never started has no send a crash could have cut short.
      const startedBefore = merge.startedAt !== null;
      merge = await startMerge(merge);
      if (startedBefore) await recoverStaleSends(merge.id);
      let account: GmailAccount;
      try {
        account = await deps.gmail.forUser(merge.userId);
      } catch (error) {
        if (isDisconnected(error)) return await pauseDisconnected(merge);
        throw error;
      }
      const context = await sendingContext(merge, account);
      const current = merge;
      // Paced: one recipient a slot, reserved when its slot comes. Unpaced (the pace lifted): a
      // batch, reserved together and sent at once, so that a sender's merge is not bound by one
      // round trip at a time; the next batch is read, composed and reserved while this one is with
      // Gmail, and this one's recording overlaps the next one's sends (pipeline below).
      // The run's first batch is one round of calls (UNPACED_IN_FLIGHT): its first message leaves
      // after 50 are composed, not 200.
      let batchSize = UNPACED_IN_FLIGHT;
      const prepare =
        interval > 0
          ? () => prepareBatch(current, context, 1)
          : async () => {
              const limit = batchSize;
              batchSize = UNPACED_BATCH;
              return reserveAhead(current, context, await prepareBatch(current, context, limit));
            };
      for (;;) {
        if (signal?.aborted || Date.now() - started > RUN_SLICE_MS) {
          await pipeline.recorded;
          await releaseAhead(pipeline);
          return { next: now() };
        }
        const batch = await (pipeline.ahead ?? prepare());
        pipeline.ahead = undefined;
        leaveStarting();
        if (batch.recipients.length === 0) {
          await pipeline.recorded;
          return await finishOrWait(merge);
        }
        const step = await sendBatch(
          merge,
          context,
          account,
          batch,
          pipeline,
          interval > 0 ? undefined : prepare,
        );
        if (step !== 'sent') {
          await releaseAhead(pipeline);
          return step;
        }
        if (batch.last) {
          // Fewer were due than asked: nothing else is (a send retried later is the merge's
          // pending work, which finishOrWait schedules).
          await pipeline.recorded;
          return await finishOrWait(merge);
        }
      }
    } catch (error) {
      // As for every stop: the sends before are recorded before the merge's state changes.
      await pipeline.recorded.catch(() => undefined);
      return await failRun(merge, error);
    } finally {
      // Nothing of this run may still be writing when another run can take the merge, and nothing
      // it reserved ahead stays SENDING without having been sent.
      await pipeline.recorded.catch(() => undefined);
      await releaseAhead(pipeline).catch(() => undefined);
      clearInterval(renewing);
      await repo.releaseRunLease(db, merge.id).catch(() => undefined);
    }
  }

  /** Is a scheduled merge whose scheduled row is gone (cancelled from the dashboard). */
  const isCancelledBySchedule = (merge: repo.MergeState) =>
    merge.scheduledAt !== null && merge.scheduledCampaignId === null;

  /** The merge (its state, as locked) is gone, cancelled, or cancelled by its schedule: nothing more leaves. */
  const isCancelled = (merge: repo.MergeState | undefined) =>
    !merge || merge.status === 'CANCELLED' || isCancelledBySchedule(merge);

  /** The first run: the campaign of a scheduled merge is created now; the merge is SENDING. */
  async function startMerge(merge: MergeRow): Promise<MergeRow> {
    if (merge.campaignId !== null && merge.status === 'SENDING') return merge;
    if (merge.campaignId !== null && merge.scheduledCampaignId === null) {
      // A merge sent now has its campaign from its start and no scheduled row to update: one
      // statement (a merge over meanwhile is left as it is, by the transaction below).
      const started = await repo.markMergeSending(db, merge.id, now());
      if (started) return { ...merge, ...started };
    }
    return db.transaction(async (tx) => {
      const locked = await repo.lockMerge(tx, merge.id, 'update');
      if (!locked) throw new Error('merge vanished');
      const campaignId = locked.campaignId ?? (await createMergeCampaign(tx, locked, deps.tokens, now()));
      const startedAt = locked.startedAt ?? now();
      const status = isMergeOver(locked.status) ? locked.status : 'SENDING';
      await repo.updateMerge(tx, locked.id, { campaignId, startedAt, status });
      if (locked.scheduledCampaignId !== null) {
        // Running again after an error: the error is over (its retry count stays).
        await recordScheduledProgress(tx, locked.scheduledCampaignId, {
          status: IN_PROGRESS_STATUS,
          nextScheduledRunAt: now(),
          error: null,
          errorDetails: null,
        });
      }
      return { ...locked, campaignId, startedAt, status };
    });
  }

  type SendingContext = {
    /** The merge's message, compiled once per run. */
    message: CompiledMergeMessage;
    /**
     * The MIME boundary of the run's messages, drawn once per run (random, so no recipient's
     * content can hold it): its Content-Type line is written once (docs/decisions/420-sending-one-mime-boundary-per-run.md).
     */
    boundary: string;
    limit: number;
  };

  async function sendingContext(merge: MergeRow, account: GmailAccount): Promise<SendingContext> {
    const [user] = await db
      .select({ name: userView.name, freeUserQuota: userView.freeUserQuota })
      .from(userView)
      .where(eq(userView.id, merge.userId));
    const membership = await membershipIn(db, merge.userId, merge.workspaceId);
    const limit =
      membership && membership.status !== 'DISABLED'
        ? senderDailyQuota({
            workspacePlan: membership.workspace.plan,
            legacyType: membership.workspace.legacyType,
            subscriptionState: membership.workspace.subscriptionState,
            member: { userPlan: membership.userPlan },
            freeUserQuota: user?.freeUserQuota ?? null,
          })
        : 0;
    let address = account.email;
    let name = merge.options.senderName ?? user?.name ?? '';
    if (merge.options.sendAs !== undefined && merge.options.sendAs !== account.email) {
      const alias = (await account.sendAsAddresses()).find(
        (candidate) => candidate.email.toLowerCase() === merge.options.sendAs?.toLowerCase(),
      );
      // An alias the sender no longer has: the account's own address (never an unverified From).
      if (alias) {
        address = alias.email;
        name = merge.options.senderName ?? (alias.displayName || name);
      }
    }
    const message = compileMergeMessage({
      subject: merge.subject,
      htmlBody: merge.htmlBody,
      options: merge.options,
      from: { name, address },
      linkIndexes: linkIndexesOf(merge.htmlBody),
      messageIdHost: deps.messageIdHost,
    });
    return { message, boundary: randomUUID().replaceAll('-', ''), limit };
  }

  type StepResult = 'sent' | RunOutcome;

  /**
   * The next recipients of the merge, with their messages composed; unpaced, also the reservation
   * made for them ahead (its outcome applied when the batch's turn comes).
   */
  type PreparedBatch = {
    mergeId: string;
    recipients: repo.MergeRecipientRow[];
    /** Fewer recipients were due than the batch could take: the merge's last batch for now. */
    last: boolean;
    raws: Map<string, Buffer>;
    reservation?: Reservation;
  };

  /**
   * A run's work in flight besides the batch at hand: the next batch being read, composed and
   * reserved, and the last batch's recording (SENT), which the next batch's sends do not wait for.
   */
  type Pipeline = {
    ahead?: Promise<PreparedBatch>;
    recorded: Promise<void>;
    /** Paced: when this run last called Gmail (performance.now()). */
    lastSendAt?: number;
  };

  /** The batch's reservation, made while the batch before it is with Gmail. */
  async function reserveAhead(merge: MergeRow, context: SendingContext, batch: PreparedBatch) {
    if (batch.recipients.length === 0) return batch;
    const ids = batch.recipients.map((recipient) => recipient.id);
    return { ...batch, reservation: await reserveTx(merge, ids, context.limit) };
  }

  /**
   * The batch reserved ahead that will not be sent (the run stops: a failure, a wait, its slice
   * over, shutdown): its recipients back in the queue, untouched by Gmail.
   */
  async function releaseAhead(pipeline: Pipeline): Promise<void> {
    const ahead = pipeline.ahead;
    pipeline.ahead = undefined;
    const batch = await ahead?.catch(() => undefined);
    if (batch && Array.isArray(batch.reservation)) await releaseUnsent(batch.mergeId, batch.reservation);
  }

  /**
   * Reserved recipients never handed to Gmail, back as they were before their reservation: QUEUED,
   * or CANCELLED when the merge was cancelled meanwhile (its cancel found them SENDING).
   */
  async function releaseUnsent(mergeId: string, recipientIds: readonly string[]): Promise<void> {
    if (recipientIds.length === 0) return;
    await db.transaction(async (tx) => {
      const locked = await repo.lockMergeState(tx, mergeId);
      const cancelled = isCancelled(locked);
      await repo.releaseUnsent(tx, recipientIds, cancelled ? 'CANCELLED' : 'QUEUED');
    });
  }

  /**
   * (2) rendered and composed before the reservation: the reservation and the Gmail calls follow
   * each other at once.
   */
  async function prepareBatch(
    merge: MergeRow,
    context: SendingContext,
    limit: number,
  ): Promise<PreparedBatch> {
    const recipients = await repo.nextQueuedRecipients(db, merge.id, now(), limit);
    const raws = new Map<string, Buffer>();
    for (const recipient of recipients) {
      const urls = trackingUrlsOf(deps.tokens.sign(recipient.id));
      raws.set(
        recipient.id,
        composeMime(context.message(recipient, urls), { baseBoundary: context.boundary }),
      );
    }
    return { mergeId: merge.id, recipients, raws, last: recipients.length < limit };
  }

  /**
   * Reserves (unless reserved ahead), sends and records one batch. With `prepareNext` (unpaced),
   * the next batch is read, composed and reserved while this one is with Gmail; when every send of
   * it succeeded, its recording is left running in `pipeline.recorded` (awaited before the next
   * recording, the merge's end and the run's end), else it is awaited and the failures handled one
   * by one. When the run stops after this batch, the batch reserved ahead goes back to the queue
   * unsent (releaseAhead); the reservation of the merge's last recipients and a cancel are thus
   * never more than one batch apart from the sends, and a cancel's answer, which waits for every
   * SENDING recipient to settle (decision 389), still comes after the last message.
   */
  async function sendBatch(
    merge: MergeRow,
    context: SendingContext,
    account: GmailAccount,
    batch: PreparedBatch,
    pipeline: Pipeline,
    prepareNext?: () => Promise<PreparedBatch>,
  ): Promise<StepResult> {
    const { recipients, raws } = batch;

    // The pace is kept in the reservation (the sender's row, locked there): a reservation before
    // the sender's next slot waits for it and tries again, so two sends of a sender are at least
    // the pace's interval apart, whatever the process.
    let reservation = batch.reservation;
    for (;;) {
      reservation ??= await reserveTx(
        merge,
        recipients.map((recipient) => recipient.id),
        context.limit,
      );
      if (typeof reservation !== 'object' || !('waitUntil' in reservation)) break;
      await sleep(Math.max(0, reservation.waitUntil.getTime() - now().getTime()));
      reservation = undefined;
    }
    if (!Array.isArray(reservation)) {
      // The merge's state says why it stops only once the sends before are recorded: a merge
      // never shows 'waiting for quota' or paused with sent messages still counted as queued.
      await pipeline.recorded;
      return reservationOutcome(merge, reservation);
    }
    if (reservation.length === 0) return { next: now() };
    if (interval > 0) {
      // The slot is the reservation's; a reservation slow to commit would bring this send closer
      // to the next one than the pace. Two sends of the run are the interval apart when they leave.
      const wait = (pipeline.lastSendAt ?? -Infinity) + interval - performance.now();
      if (wait > 0) await sleep(wait);
      pipeline.lastSendAt = performance.now();
    }

    // (3) handed to Gmail, UNPACED_IN_FLIGHT calls at a time, each next one as one is answered;
    // after an error that ends the run (a rate limit, a lost grant, no answer) no further call
    // starts, and the recipients not handed over go back to the queue untouched.
    const reservedIds = new Set(reservation);
    const reserved = recipients.filter((recipient) => reservedIds.has(recipient.id));
    // The quota (or a cancel) left some of the batch: the next read finds what is still due.
    if (reserved.length < recipients.length) batch.last = false;
    const inFlight = pLimit(UNPACED_IN_FLIGHT);
    let stopped = false;
    const sending = Promise.allSettled(
      reserved.map((recipient) =>
        inFlight(async () => {
          if (stopped) throw notSent;
          try {
            return await account.send(raws.get(recipient.id) ?? Buffer.alloc(0), {
              signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
            });
          } catch (error) {
            if (endsTheRun(error)) stopped = true;
            throw error;
          }
        }),
      ),
    );
    if (prepareNext && !batch.last) {
      pipeline.ahead = prepareNext();
      // Awaited by the loop, or released when the run stops: never an unhandled rejection.
      pipeline.ahead.catch(() => undefined);
    }
    const results = await sending;
    const sent: { recipientId: string; gmailMessageId: string }[] = [];
    const failed: { recipient: repo.MergeRecipientRow; error: unknown }[] = [];
    const unsent: string[] = [];
    results.forEach((result, i) => {
      const recipient = reserved[i];
      if (!recipient) return;
      if (result.status === 'fulfilled')
        sent.push({ recipientId: recipient.id, gmailMessageId: result.value.id });
      else if (result.reason === notSent) unsent.push(recipient.id);
      else failed.push({ recipient, error: result.reason });
    });
    // One recording at a time: the last batch's is over before this one's starts.
    await pipeline.recorded;
    if (failed.length === 0 && prepareNext) {
      pipeline.recorded = recordSent(merge, sent);
      pipeline.recorded.catch(() => undefined);
      return 'sent';
    }
    pipeline.recorded = Promise.resolve();
    await recordSent(merge, sent);
    await releaseUnsent(merge.id, unsent);
    let step: StepResult = 'sent';
    for (const { recipient, error } of failed) {
      const outcome = await handleSendError(merge, recipient, error);
      if (outcome !== 'sent' && step === 'sent') step = outcome;
    }
    return step;
  }

  /** What a reservation's transaction found: the ids reserved, or why none were. */
  type Reservation =
    string[] | 'cancelled' | { waitForQuota: Date | null } | { paused: Date } | { waitUntil: Date };

  /**
   * (1) the reservation: not cancelled, within quota, marked SENDING — one transaction. Answers
   * the ids reserved (within what the quota leaves), or why none were (reservationOutcome says
   * what the run does then).
   */
  async function reserveTx(merge: MergeRow, recipientIds: string[], limit: number): Promise<Reservation> {
    return db.transaction(async (tx): Promise<Reservation> => {
      const locked = await repo.lockMergeState(tx, merge.id);
      if (isCancelled(locked)) return 'cancelled';
      const sender = await repo.lockSender(tx, merge.userId);
      const at = now();
      if (sender.pausedUntil !== null && sender.pausedUntil > at) return { paused: sender.pausedUntil };
      if (interval > 0 && sender.nextSlotAt > at) return { waitUntil: sender.nextSlotAt };
      const since = new Date(at.getTime() - QUOTA_WINDOW_MS);
      // The ledger's count decides while the window has room; when it is full, the domain's
      // window over the ledger's times says when it frees.
      const used = await repo.countLedgerSince(tx, merge.userId, since);
      if (used >= limit) {
        const window = quotaWindow({
          limit,
          sentAt: await repo.ledgerSince(tx, merge.userId, since),
          now: at,
        });
        if (window.remaining <= 0) return { waitForQuota: window.nextFreeAt };
      }
      const room = Math.max(0, limit - used);
      const reserved = await repo.reserveRecipients(tx, recipientIds.slice(0, Math.max(1, room)), at);
      if (interval > 0 && reserved.length > 0) {
        await repo.setNextSlot(tx, merge.userId, new Date(at.getTime() + interval * reserved.length));
      }
      return reserved;
    });
  }

  /** What the run does when a reservation reserved nothing. */
  async function reservationOutcome(
    merge: MergeRow,
    reservation: Exclude<Reservation, string[] | { waitUntil: Date }>,
  ): Promise<RunOutcome> {
    // Cancelled: the next run (at once) finds it so and tidies up.
    if (reservation === 'cancelled') return { next: now() };
    if ('paused' in reservation) return pauseRateLimited(merge, reservation.paused);
    return waitForQuota(merge, reservation.waitForQuota);
  }

  /** (4) SENT, and the sends recorded on the campaign and the scheduled merge, in one transaction. */
  async function recordSent(
    merge: MergeRow,
    sends: readonly { recipientId: string; gmailMessageId: string }[],
  ): Promise<void> {
    if (sends.length === 0) return;
    await db.transaction(async (tx) => {
      const sentAt = now();
      const marked = await repo.markSentMany(tx, sends, sentAt);
      if (marked.length === 0) return;
      // The merge's campaign is set once, before its first send; a scheduled merge's row deleted
      // meanwhile (the dashboard's cancel) is simply not updated.
      if (merge.campaignId) {
        await recordEngineSends(tx, {
          campaignId: merge.campaignId,
          recipientIds: marked,
          workspaceId: merge.workspaceId,
          userId: merge.userId,
          sentAt,
        });
      }
      if (merge.scheduledCampaignId) {
        await recordScheduledProgress(tx, merge.scheduledCampaignId, { sent: marked.length });
      }
    });
  }

  async function handleSendError(
    merge: MergeRow,
    recipient: repo.MergeRecipientRow,
    error: unknown,
  ): Promise<StepResult> {
    const gmailError = sendErrorOf(error);
    const attempts = recipient.attempts + 1;
    const lastError = gmailError.message.slice(0, 500);
    switch (gmailError.kind) {
      case 'rate-limited': {
        const until = new Date(
          now().getTime() + (gmailError.options.retryAfterMs ?? DEFAULT_RATE_LIMIT_PAUSE_MS),
        );
        log.warn({ mergeId: merge.id, userId: merge.userId, until }, 'sender rate-limited by Gmail');
        await db.transaction(async (tx) => {
          await repo.releaseRecipient(tx, recipient.id, { notBefore: null, refundAttempt: true, lastError });
          await repo.pauseSender(tx, merge.userId, until);
        });
        return pauseRateLimited(merge, until);
      }
      case 'daily-limit': {
        await repo.releaseRecipient(db, recipient.id, { notBefore: null, refundAttempt: true, lastError });
        const ledger = await repo.ledgerSince(db, merge.userId, new Date(now().getTime() - QUOTA_WINDOW_MS));
        const oldest = ledger[0];
        return waitForQuota(
          merge,
          oldest
            ? new Date(oldest.getTime() + QUOTA_WINDOW_MS)
            : new Date(now().getTime() + DAILY_LIMIT_RECHECK_MS),
        );
      }
      case 'not-connected':
      case 'revoked':
        await repo.releaseRecipient(db, recipient.id, { notBefore: null, refundAttempt: true, lastError });
        return pauseDisconnected(merge);
      case 'permanent':
        await repo.markFailed(db, recipient.id, 'GMAIL_REJECTED', lastError);
        return 'sent';
      case 'transient': {
        // No answer at all (a time-out, a broken connection): the message may have left. The row
        // stays SENDING; the recovery looks it up by Message-ID once the lease is over.
        if (noAnswer(gmailError)) {
          log.warn({ mergeId: merge.id, recipientId: recipient.id }, 'Gmail send without an answer');
          return { next: new Date(now().getTime() + deps.leaseMs) };
        }
        // Gmail answered 5xx: looked up first, in case it sent before failing.
        const resolved = await resolveSend(merge.userId, recipient.id);
        if (resolved === 'sent') return 'sent';
        if (attempts >= MAX_SEND_ATTEMPTS) {
          await repo.markFailed(db, recipient.id, 'GMAIL_ERROR', lastError);
          return 'sent';
        }
        const notBefore = new Date(now().getTime() + retryDelayMs(attempts, Math.random()));
        await repo.releaseRecipient(db, recipient.id, { notBefore, refundAttempt: false, lastError });
        return 'sent';
      }
    }
  }

  /**
   * A SENDING recipient whose send's fate is unknown, looked up in the sender's mailbox by its
   * Message-ID: found → SENT with that id; not found → QUEUED again. Throws when Gmail cannot be
   * asked (the row stays SENDING for the next try).
   */
  async function resolveSend(userId: string, recipientId: string): Promise<'sent' | 'requeued'> {
    const account = await deps.gmail.forUser(userId);
    const gmailId = await account.findByRfc822MessageId(messageIdOf(recipientId, deps.messageIdHost));
    const merge = await mergeOfRecipient(recipientId);
    if (gmailId !== null) {
      if (merge) await recordSent(merge, [{ recipientId, gmailMessageId: gmailId }]);
      return 'sent';
    }
    await repo.releaseRecipient(db, recipientId, { notBefore: null, refundAttempt: false, lastError: null });
    return 'requeued';
  }

  async function mergeOfRecipient(recipientId: string): Promise<MergeRow | undefined> {
    const mergeId = await repo.mergeIdOfRecipient(db, recipientId);
    return mergeId === undefined ? undefined : repo.findMerge(db, mergeId);
  }

  /** SENDING rows older than the lease (of one merge, or all): crashed sends, resolved by lookup. */
  async function recoverStaleSends(mergeId?: string): Promise<number> {
    const stale = await repo.staleSendingRecipients(db, new Date(now().getTime() - deps.leaseMs), mergeId);
    let resolved = 0;
    for (const row of stale) {
      try {
        const outcome = await resolveSend(row.userId, row.id);
        log.info({ recipientId: row.id, mergeId: row.mergeId, outcome }, 'crashed send resolved');
        resolved += 1;
      } catch (error) {
        log.warn({ err: error, recipientId: row.id }, 'crashed send not resolved yet');
      }
    }
    return resolved;
  }

  /** Merges paused on a disconnected Gmail whose sender has reconnected: queued again. */
  async function resumeReconnected(): Promise<void> {
    const paused = await repo.mergesPausedOnGmail(db);
    const connected = new Map<string, boolean>();
    for (const merge of paused) {
      if (!connected.has(merge.userId)) {
        connected.set(
          merge.userId,
          await deps.gmail.forUser(merge.userId).then(
            () => true,
            () => false,
          ),
        );
      }
      if (!connected.get(merge.userId)) continue;
      await db.transaction(async (tx) => {
        await repo.updateMerge(tx, merge.id, { status: 'QUEUED', nextRunAt: now() });
        await deps.enqueue(tx, merge.id, now());
      });
    }
  }

  /**
   * The sweeper's round: crashed sends, reconnected senders, and merges due for SWEEP_GRACE_MS
   * without a run (their job lost, or their run crashed and its lease lapsed).
   */
  async function sweep(): Promise<void> {
    await recoverStaleSends();
    await resumeReconnected();
    const dueSince = new Date(now().getTime() - SWEEP_GRACE_MS);
    for (const merge of await repo.dueMerges(db, dueSince, 100)) await deps.enqueue(db, merge.id, now());
  }

  return { runMerge, sweep, recoverStaleSends };
}

export type MergeWorker = ReturnType<typeof createMergeWorker>;

/** A send not started because an earlier one of its batch ended the run. */
const notSent = new Error('not sent: the run ended before this send');

/** A send's error as the engine handles it: Gmail's, or anything else as a transient one without an answer. */
const sendErrorOf = (error: unknown): GmailApiError =>
  error instanceof GmailApiError
    ? error
    : new GmailApiError('transient', error instanceof Error ? error.message : String(error));

/** No answer at all (a time-out, a broken connection): the message may have left. */
const noAnswer = (error: GmailApiError) => error.kind === 'transient' && error.options.status === undefined;

/**
 * A send error after which the run stops, as handleSendError answers it: every kind but a
 * rejection (the recipient FAILED) and a 5xx answer (the recipient retried) pauses the sender,
 * waits for the quota, or leaves a send of unknown fate; further calls of the batch would meet
 * the same answer, or add to what is not known to have left.
 */
const endsTheRun = (error: unknown) => {
  const gmailError = sendErrorOf(error);
  return gmailError.kind === 'transient' ? noAnswer(gmailError) : gmailError.kind !== 'permanent';
};

const isDisconnected = (error: unknown) =>
  error instanceof GmailApiError && (error.kind === 'not-connected' || error.kind === 'revoked');
