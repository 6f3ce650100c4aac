import { IN_PROGRESS_STATUS, scheduledErrorOutcome } from '@mergedesk/domain/campaigns/scheduled-status';
import { isMergeOver } from '@mergedesk/domain/sending/recipients';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  deleteOwnScheduledCampaign,
  recordScheduledProgress,
} from '../scheduled-campaigns/scheduled-campaigns.service';
import * as repo from './sending.repo';
import type { MergeRow } from './sending.repo';

/**
 * Where a merge's run leaves it (issue 24; merge statuses of packages/domain/src/sending): done,
 * waiting for the quota, paused by Gmail's rate limit or a disconnected Gmail, failed on an error
 * of ours (spec 002 §4.1 for scheduled merges), or cancelled; with the scheduled merge's row kept
 * in step. `next` is when the merge's next run is due (null: none queued).
 */
export type RunOutcome = { next: Date | null };

/** Out of quota with nothing in the ledger to wait for (Gmail's own daily limit): look again then. */
const QUOTA_RECHECK_MS = 60 * 60 * 1000;

export function createMergeStates(deps: {
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  leaseMs: number;
}) {
  const { db, log, now } = deps;

  /** Nothing queued is due: done, or wait for back-offs and sends in flight. */
  async function finishOrWait(merge: MergeRow): Promise<RunOutcome> {
    const pending = await repo.pendingWork(db, merge.id);
    if (pending.queued > 0 || pending.sending > 0) {
      const candidates = [
        pending.nextNotBefore,
        pending.oldestHandedAt && new Date(pending.oldestHandedAt.getTime() + deps.leaseMs),
      ].filter((value): value is Date => value instanceof Date);
      const next = new Date(Math.max(now().getTime(), Math.min(...candidates.map((d) => d.getTime()))));
      await repo.updateMerge(db, merge.id, { nextRunAt: next });
      return { next };
    }
    // A merge sent now never gets a schedule: DONE in one statement.
    if (merge.scheduledCampaignId === null) {
      await repo.markMergeDone(db, merge.id, now());
      return { next: null };
    }
    await db.transaction(async (tx) => {
      const locked = await repo.lockMerge(tx, merge.id, 'update');
      if (!locked || locked.status === 'CANCELLED') return;
      // Done, a scheduled merge leaves the Scheduled list (spec 002 §4.1 has no status for a sent
      // one): its row is deleted; the merge is no longer a scheduled one (no cancel by schedule),
      // and the add-on still finds it by the scheduled id it was answered.
      await repo.updateMerge(tx, merge.id, {
        status: 'DONE',
        nextRunAt: null,
        finishedAt: now(),
        ...(locked.scheduledCampaignId === null ? {} : { scheduledAt: null }),
      });
      if (locked.scheduledCampaignId !== null) {
        await deleteOwnScheduledCampaign(tx, locked.scheduledCampaignId, locked.userId);
      }
    });
    return { next: null };
  }

  /** Out of quota (spec 002 §4.1): IN PROGRESS, no next run ('Upon quota reset'); back when the window frees. */
  async function waitForQuota(merge: MergeRow, nextFreeAt: Date | null): Promise<RunOutcome> {
    const next = nextFreeAt ?? new Date(now().getTime() + QUOTA_RECHECK_MS);
    await db.transaction(async (tx) => {
      await repo.updateMerge(tx, merge.id, { status: 'WAITING_FOR_QUOTA', nextRunAt: next });
      if (merge.scheduledCampaignId !== null) {
        await recordScheduledProgress(tx, merge.scheduledCampaignId, {
          status: IN_PROGRESS_STATUS,
          nextScheduledRunAt: null,
        });
      }
    });
    return { next };
  }

  async function pauseRateLimited(merge: MergeRow, until: Date): Promise<RunOutcome> {
    await repo.updateMerge(db, merge.id, { status: 'PAUSED_RATE_LIMITED', nextRunAt: until });
    return { next: until };
  }

  /** The sender's grant is gone: paused, nothing lost; the sweeper resumes it on reconnection. */
  async function pauseDisconnected(merge: MergeRow): Promise<RunOutcome> {
    log.warn({ mergeId: merge.id, userId: merge.userId }, 'merge paused: Gmail disconnected');
    await repo.updateMerge(db, merge.id, { status: 'PAUSED_GMAIL_DISCONNECTED', nextRunAt: null });
    return { next: null };
  }

  /**
   * A run that failed on an error of ours (a bug, the database away): a scheduled merge follows
   * spec 002 §4.1 (UNKNOWN ERROR, retried one hour after the try, up to 5 tries); a merge sent
   * now is retried by the job queue's back-off.
   */
  async function failRun(merge: MergeRow, error: unknown): Promise<RunOutcome> {
    if (merge.scheduledCampaignId === null) throw error;
    log.error({ err: error, mergeId: merge.id }, 'scheduled merge run failed');
    const outcome = scheduledErrorOutcome(
      'UNKNOWN ERROR',
      {
        recoverableErrorRetries: merge.errorTries,
        recoverableErrorLastRetryTimestamp: merge.lastErrorAt?.getTime() ?? null,
      },
      now().getTime(),
    );
    const next = outcome.retryAt === null ? null : new Date(outcome.retryAt);
    await db.transaction(async (tx) => {
      await repo.updateMerge(tx, merge.id, {
        error: outcome.status,
        errorTries: outcome.errorDetails.recoverableErrorRetries,
        lastErrorAt: now(),
        nextRunAt: next,
      });
      if (merge.scheduledCampaignId !== null) {
        await recordScheduledProgress(tx, merge.scheduledCampaignId, {
          status: outcome.status,
          nextScheduledRunAt: next,
          error: outcome.errorDetails.error,
          recoverableErrorRetries: outcome.errorDetails.recoverableErrorRetries,
          recoverableErrorLastRetryAt:
            outcome.errorDetails.recoverableErrorLastRetryTimestamp === null
              ? null
              : new Date(outcome.errorDetails.recoverableErrorLastRetryTimestamp),
        });
      }
    });
    return { next };
  }

  return { finishOrWait, waitForQuota, pauseRateLimited, pauseDisconnected, failRun };
}

/** Cancels a merge: CANCELLED under the row's FOR UPDATE lock, its queued recipients with it. */
export async function cancelMerge(db: Database, mergeId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockMerge(tx, mergeId, 'update');
    if (!locked || isMergeOver(locked.status)) return false;
    await repo.updateMerge(tx, mergeId, { status: 'CANCELLED', nextRunAt: null, cancelledAt: new Date() });
    await repo.cancelQueuedRecipients(tx, mergeId);
    return true;
  });
}
