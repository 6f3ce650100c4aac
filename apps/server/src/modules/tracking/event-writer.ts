import { sql } from 'drizzle-orm';
import { findPgCode, type Executor } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { isTransientTransactionError, retryTransient, type RetryOptions } from '../../db/retry';
import type { CampaignEventType } from '@mergedesk/domain/campaigns/constants';

export type BatchWriter<T> = {
  /** Resolves once the item is durably written (its batch committed); rejects with the batch's error. */
  write: (item: T) => Promise<void>;
  /** Flushes what is pending and refuses new items; resolves when every batch has settled. */
  close: () => Promise<void>;
};

export type BatchWriterOptions<T> = {
  /** Writes one batch in one statement. */
  flush: (items: T[]) => Promise<void>;
  /** A batch is written at most this long after its first item arrived. */
  maxWaitMs?: number;
  /** …or as soon as it holds this many items. */
  maxBatchSize?: number;
};

export const WRITER_CLOSED_MESSAGE = 'The event writer is closed.';

type Waiter<T> = { item: T; resolve: () => void; reject: (error: unknown) => void };

/**
 * Groups the writes arriving within a few milliseconds into one batch (ARCHITECTURE.md "Scale":
 * tracking writes are append-only). Every caller waits for its own batch to be written, so nothing
 * is acknowledged that lives only in memory; when a batch fails, each of its callers gets the error.
 * Batches are flushed concurrently, bounded by the database pool.
 */
export function createBatchWriter<T>(options: BatchWriterOptions<T>): BatchWriter<T> {
  const maxWaitMs = options.maxWaitMs ?? 5;
  const maxBatchSize = options.maxBatchSize ?? 100;
  let pending: Waiter<T>[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const inFlight = new Set<Promise<void>>();

  const flushPending = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const done = options
      .flush(batch.map((waiter) => waiter.item))
      .then(
        () => batch.forEach((waiter) => waiter.resolve()),
        (error: unknown) => batch.forEach((waiter) => waiter.reject(error)),
      )
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };

  return {
    write: (item) =>
      new Promise<void>((resolve, reject) => {
        if (closed) {
          reject(new Error(WRITER_CLOSED_MESSAGE));
          return;
        }
        pending.push({ item, resolve, reject });
        if (pending.length >= maxBatchSize) flushPending();
        else timer ??= setTimeout(flushPending, maxWaitMs);
      }),
    close: async () => {
      closed = true;
      flushPending();
      await Promise.all([...inFlight]);
    },
  };
}

/** The events a recipient's hit records (sent and bounced come from the add-on). */
export type TrackedEventType = Exclude<CampaignEventType, 'sent' | 'bounced'>;

export type TrackedEvent = {
  recipientId: string;
  type: TrackedEventType;
  /** The clicked link of a 'clicked' event. */
  url?: string | null;
  occurredAt: Date;
};

/**
 * One multi-row INSERT for a batch of recipients' hits. The campaign of each event is looked up in
 * the same statement; a hit of a recipient that no longer exists (merge deleted) writes nothing.
 * The rows travel as one JSON parameter, so the statement text is the same for every batch size.
 */
export async function insertTrackedEvents(db: Executor, events: readonly TrackedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(
    events.map((event) => ({
      recipient_id: event.recipientId,
      type: event.type,
      url: event.url ?? null,
      occurred_at: event.occurredAt.toISOString(),
    })),
  );
  await db.execute(sql`
    insert into campaign_events (campaign_id, recipient_id, type, url, occurred_at)
    select r.campaign_id, v.recipient_id, v.type, v.url, v.occurred_at
    from json_to_recordset(${rows}::json)
      as v(recipient_id uuid, type text, url text, occurred_at timestamptz)
    join campaign_recipients r on r.id = v.recipient_id
  `);
}

/**
 * Whether a failed batch INSERT is worth another run: a deadlock or serialization failure, or a
 * foreign-key violation (a recipient deleted with its merge between the statement's join and its
 * checks; the next run's join leaves that hit out). Each failed run wrote nothing.
 */
export function isRetryableInsertError(error: unknown): boolean {
  return isTransientTransactionError(error) || findPgCode(error) === FOREIGN_KEY_VIOLATION;
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The tracking endpoints' writer: hits of the same few milliseconds share one INSERT, run again
 * on a retryable error, and through a short database outage, before any caller is answered.
 * `stopRetrying` (at shutdown) ends the outage retries: a batch that fails after it gets no
 * further run, so the server does not wait out an outage before it can stop.
 */
export function createEventWriter(
  db: Executor,
  options: Omit<BatchWriterOptions<TrackedEvent>, 'flush'> & { onRetry?: RetryOptions['onRetry'] } = {},
): BatchWriter<TrackedEvent> & { stopRetrying: () => void } {
  const { onRetry, ...batchOptions } = options;
  const shutdown = new AbortController();
  const insertOnce = (events: TrackedEvent[]) =>
    retryTransient(() => insertTrackedEvents(db, events), {
      retryOn: isRetryableInsertError,
      onRetry,
      signal: shutdown.signal,
    });
  const writer = createBatchWriter<TrackedEvent>({
    ...batchOptions,
    // While the database is away (restart, lost connection) the batch waits and tries again, up to
    // about OUTAGE_RETRY_DELAYS_MS in all, before its callers get the error.
    flush: (events: TrackedEvent[]) =>
      retryTransient(() => insertOnce(events), {
        attempts: OUTAGE_RETRY_DELAYS_MS.length + 1,
        retryOn: isDatabaseUnavailable,
        delayMs: (attempt) => OUTAGE_RETRY_DELAYS_MS[attempt - 1] ?? 0,
        onRetry,
        signal: shutdown.signal,
      }),
  });
  return { ...writer, stopRetrying: () => shutdown.abort() };
}

/** The pauses between the runs of a batch while the database is away: about 7 s in all. */
export const OUTAGE_RETRY_DELAYS_MS: readonly number[] = [100, 200, 400, 800, 1600, 2000, 2000];
