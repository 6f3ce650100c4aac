import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, PgBoss, type Job } from 'pg-boss';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { GmailAccounts } from '../gmail/gmail-accounts';
import type { TrackingTokens } from '../tracking/tracking-token';
import { createMergeWorker, type MergeWorker } from './merge-worker';

/**
 * The sending engine's job queue (issue 24; docs/decisions/393-sending-job-queue.md): pg-boss in the
 * application's PostgreSQL, schema `pgboss`. One queue, `merge-run`, policy `short` with the merge
 * id as singleton key: one run of a merge waits at most; the merge's run lease (merge-worker.ts)
 * keeps two runs of it from working at once across processes. A run is queued in the transaction
 * that makes it due (pg-boss `upsert` with the caller's transaction as its `db`), so a merge is
 * never stored without its job, nor a job sent for a merge rolled back. A sweeper (every SWEEP_INTERVAL_MS, in every process) resolves crashed
 * sends, resumes merges whose sender reconnected Gmail and re-queues merges due for more than a few
 * seconds whose job went missing (merge-worker.ts SWEEP_GRACE_MS).
 */

const MERGE_RUN_QUEUE = 'merge-run';
const SWEEP_INTERVAL_MS = 2000;
/** A scheduled merge starts within this of its time (pg-boss polls at least every 0.5 s). */
const POLLING_INTERVAL_SECONDS = 0.5;
/** How long shutdown waits for the runs in flight (each stops at its next recipient). */
const STOP_TIMEOUT_MS = 15_000;

export type SendingEngine = {
  /** Queues a run of the merge at `at` (now by default), in the caller's transaction. */
  enqueue: (db: Executor, mergeId: string, at?: Date) => Promise<void>;
  /** Starts this process's workers and sweeper (SENDING_WORKERS). */
  startWorkers: () => Promise<void>;
  /** Stops taking runs, lets the runs in flight end at their next recipient (bounded), closes. */
  stop: () => Promise<void>;
  /** The worker, for tests that drive a run by hand. */
  readonly worker: MergeWorker;
};

export type SendingEngineDeps = {
  config: Config;
  db: Database;
  connectionString: string;
  gmail: GmailAccounts;
  tokens: TrackingTokens;
  log: FastifyBaseLogger;
};

export function createSendingEngine(deps: SendingEngineDeps): SendingEngine {
  const { config, db, log } = deps;
  const boss = new PgBoss({
    connectionString: deps.connectionString,
    schema: 'pgboss',
    max: 4,
    application_name: 'mergedesk-sending',
  });
  // pg-boss reports some failures as plain objects: logged with their fields, not '[object Object]'.
  boss.on('error', (error: unknown) =>
    log.error(error instanceof Error ? { err: error } : { error: safeFields(error) }, 'job queue error'),
  );
  let started: Promise<void> | undefined;
  const ensureStarted = () =>
    (started ??= (async () => {
      await boss.start();
      await boss.createQueue(MERGE_RUN_QUEUE, {
        // One waiting run per merge (the singleton key); runs of one merge exclude each other by
        // the merge's run lease (merge-worker.ts), which a crashed process lets lapse.
        policy: 'short',
        // A run that throws (the database away, a bug) is tried again with back-off.
        retryLimit: 20,
        retryDelay: 2,
        retryBackoff: true,
        retryDelayMax: 300,
        expireInSeconds: 180,
      });
    })());

  const enqueue: SendingEngine['enqueue'] = async (executor, mergeId, at) => {
    await ensureStarted();
    await boss.upsert(
      MERGE_RUN_QUEUE,
      { mergeId },
      { singletonKey: mergeId, startAfter: at ?? new Date(), db: fromDrizzle(executor, sql) },
    );
  };

  const stopping = new AbortController();
  const worker = createMergeWorker({
    db,
    gmail: deps.gmail,
    tokens: deps.tokens,
    trackingBaseUrl: config.TRACKING_URL ?? config.PUBLIC_URL,
    messageIdHost: new URL(config.PUBLIC_URL).hostname,
    ratePerSender: config.SENDING_RATE_PER_SENDER,
    leaseMs: config.SENDING_LEASE_MS,
    log,
    enqueue: (executor, mergeId, at) => enqueue(executor, mergeId, at),
  });

  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= worker
      .sweep()
      .catch((error: unknown) => log.warn({ err: error }, 'sending sweeper failed'))
      .finally(() => {
        sweeping = undefined;
      });
  };

  // One fetcher per process takes as many due runs as it has free slots (SENDING_CONCURRENCY):
  // an idle process polls the queue once per interval, not once per slot, and merges that are due
  // together start together (docs/decisions/416-sending-one-fetcher-per-process.md).
  const runs = new Set<Promise<void>>();
  let wakeUp: (() => void) | undefined;
  const wake = () => wakeUp?.();
  let fetching: Promise<void> | undefined;

  async function runJob(job: Job<{ mergeId: string }>): Promise<void> {
    try {
      await worker.runMerge(job.data.mergeId, stopping.signal);
      await boss.complete(MERGE_RUN_QUEUE, job.id);
    } catch (error) {
      // Tried again with the queue's back-off (retryLimit, retryDelay).
      log.warn({ err: error, mergeId: job.data.mergeId }, 'merge run failed');
      await boss
        .fail(MERGE_RUN_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) })
        .catch((failError: unknown) => log.error({ err: failError }, 'job queue error'));
    }
  }

  async function fetchLoop(): Promise<void> {
    while (!stopping.signal.aborted) {
      const free = config.SENDING_CONCURRENCY - runs.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await boss.fetch<{ mergeId: string }>(MERGE_RUN_QUEUE, { batchSize: free });
          fetched = jobs.length;
          for (const job of jobs) {
            const run = runJob(job).finally(() => {
              runs.delete(run);
              wake();
            });
            runs.add(run);
          }
        } catch (error) {
          log.error({ err: error }, 'job queue error');
        }
      }
      // Every free slot filled: more may be due, look again at once; else after the interval, or
      // as soon as a run ends.
      if (free > 0 && fetched === free) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stopping.signal.removeEventListener('abort', done);
          wakeUp = undefined;
          resolve();
        };
        const timer = setTimeout(done, POLLING_INTERVAL_SECONDS * 1000);
        wakeUp = done;
        stopping.signal.addEventListener('abort', done);
      });
    }
  }

  return {
    enqueue,
    worker,
    startWorkers: async () => {
      await ensureStarted();
      fetching ??= fetchLoop();
      sweep();
      sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
      sweeper.unref();
    },
    stop: async () => {
      clearInterval(sweeper);
      stopping.abort();
      if (started === undefined) return;
      await started.catch(() => undefined);
      await fetching;
      await sweeping;
      // The runs in flight end at their next recipient; one that does not within the bound keeps
      // its job active until the queue expires it (and its merge's lease lapses).
      await Promise.race([Promise.all(runs), sleep(STOP_TIMEOUT_MS, undefined, { ref: false })]);
      await boss.stop({ graceful: false, close: true });
    },
  };
}

/** The own enumerable fields of a non-Error value pg-boss reported, as text (for the log). */
function safeFields(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
