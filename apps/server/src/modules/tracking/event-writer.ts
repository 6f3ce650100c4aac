import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { isDatabaseUnavailable } from '../../db/errors';
import { retryTransient, type RetryOptions } from '../../db/retry';
import type { CampaignEventType } from '@mergedesk/domain/campaigns/constants';

export type BatchWriter<T, R = void> = {
  /**
   * Resolves once the item is durably written (its batch committed), with what the batch's
   * statement answered for it; rejects with the batch's error.
   */
  write: (item: T) => Promise<R>;
  /** Flushes what is pending and refuses new items; resolves when every batch has settled. */
  close: () => Promise<void>;
  /** Counters since the writer was made (cumulative; read them twice and subtract). */
  readonly stats: Readonly<BatchWriterStats>;
};

/**
 * What the writer did, for measuring (the benchmark reads it): the time of an item is split into
 * its wait for a batch to start (queue) and its batch's write (statement and commit).
 */
export type BatchWriterStats = {
  items: number;
  batches: number;
  /** Summed over items: from write() to the start of its batch's flush, ms. */
  queueWaitMs: number;
  /** Summed over batches: from the start of the flush to its end (statement and commit), ms. */
  flushMs: number;
  /** Summed over batches: the other batches in flight when it started. */
  inFlightAtStart: number;
  /** Times a batch was ready but held back because maxInFlight batches were in flight. */
  heldBack: number;
};

export type BatchWriterOptions<T, R = void> = {
  /** Writes one batch in one statement; may answer one result per item, in the items' order. */
  flush: (items: T[]) => Promise<readonly R[] | void>;
  /**
   * A batch is written at most this long after its first item arrived. 0 (the default): as soon
   * as the requests of the current turn of the event loop are in (setImmediate).
   */
  maxWaitMs?: number;
  /** …or as soon as it holds this many items. */
  maxBatchSize?: number;
  /**
   * Batches being written at once. While that many are in flight, new items wait and the next
   * batch grows; it is written when one of them settles. Under load batches grow by themselves,
   * without a fixed delay at low load (group commit).
   */
  maxInFlight?: number;
  /** Where to count (createBatchWriterStats); a fresh object by default. */
  stats?: BatchWriterStats;
};

export function createBatchWriterStats(): BatchWriterStats {
  return { items: 0, batches: 0, queueWaitMs: 0, flushMs: 0, inFlightAtStart: 0, heldBack: 0 };
}

export const WRITER_CLOSED_MESSAGE = 'The event writer is closed.';

type Waiter<T, R> = {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
  /** performance.now() at write(). */
  at: number;
};

/**
 * Groups the writes arriving together into one batch (ARCHITECTURE.md "Scale": tracking writes
 * are append-only). Every caller waits for its own batch to be written, so nothing is
 * acknowledged that lives only in memory; when a batch fails, each of its callers gets the error.
 * At most `maxInFlight` batches are written at once.
 */
export function createBatchWriter<T, R = void>(options: BatchWriterOptions<T, R>): BatchWriter<T, R> {
  const maxWaitMs = options.maxWaitMs ?? 0;
  const maxBatchSize = options.maxBatchSize ?? 500;
  const maxInFlight = options.maxInFlight ?? 4;
  const pending: Waiter<T, R>[] = [];
  let scheduled: { cancel: () => void } | undefined;
  let closed = false;
  const inFlight = new Set<Promise<void>>();
  const stats = options.stats ?? createBatchWriterStats();

  const schedule = () => {
    if (scheduled) return;
    if (maxWaitMs > 0) {
      const timer = setTimeout(flushPending, maxWaitMs);
      scheduled = { cancel: () => clearTimeout(timer) };
    } else {
      const immediate = setImmediate(flushPending);
      scheduled = { cancel: () => clearImmediate(immediate) };
    }
  };

  function flushPending(force = false) {
    scheduled?.cancel();
    scheduled = undefined;
    if (pending.length === 0) return;
    // Full house: the batch keeps growing; the next settled batch flushes it.
    if (!force && inFlight.size >= maxInFlight) {
      stats.heldBack += 1;
      return;
    }
    const batch = pending.splice(0, maxBatchSize);
    const started = performance.now();
    stats.batches += 1;
    stats.items += batch.length;
    stats.inFlightAtStart += inFlight.size;
    for (const waiter of batch) stats.queueWaitMs += started - waiter.at;
    const done = options
      .flush(batch.map((waiter) => waiter.item))
      .then(
        (results) => batch.forEach((waiter, index) => waiter.resolve(results?.[index] as R)),
        (error: unknown) => batch.forEach((waiter) => waiter.reject(error)),
      )
      .finally(() => {
        stats.flushMs += performance.now() - started;
        inFlight.delete(done);
        if (pending.length > 0) flushPending(closed);
      });
    inFlight.add(done);
    if (pending.length > 0) schedule();
  }

  return {
    write: (item) =>
      new Promise<R>((resolve, reject) => {
        if (closed) {
          reject(new Error(WRITER_CLOSED_MESSAGE));
          return;
        }
        pending.push({ item, resolve, reject, at: performance.now() });
        if (pending.length >= maxBatchSize) flushPending();
        else schedule();
      }),
    close: async () => {
      closed = true;
      while (pending.length > 0) flushPending(true);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    stats,
  };
}

/** The events a recipient's hit records (sent and bounced come from the add-on). */
type TrackedEventType = Exclude<CampaignEventType, 'sent' | 'bounced'>;

export type TrackedEvent = {
  recipientId: string;
  type: TrackedEventType;
  /** The clicked link of a 'clicked' event… */
  url?: string | null;
  /**
   * …or its index in the recipient's merge: the statement looks the link up and writes the event
   * only when the merge has that link and it is not disabled.
   */
  linkIndex?: number;
  occurredAt: Date;
};

/** What the statement answered for one event: a click by link index written, with its link. */
export type WrittenEvent = { url: string | null } | undefined;

/** What the writer needs of the pool: a query with a statement name (node-postgres). */
export type StatementRunner = Pick<pg.Pool, 'query'>;

/**
 * The batch INSERT's one statement text, whatever the batch's size: the events travel as parallel
 * arrays unnested in the statement, and are stored as one row of tracking_hit_batches (the same
 * arrays, only the hits written), which the aggregation job later moves into campaign_events
 * (jobs/aggregate-events.ts), looking each recipient's merge up then: a hit costs PostgreSQL a few
 * array elements instead of an event row and its five index entries while the recipient waits
 * (docs/decisions/299-a-batch-of-hits-is-one-row-of-trackinghitbatches.md). Only a click given by
 * link index is looked up here
 * (its recipient's merge and the link), because the redirect needs the link's URL; a click on a
 * link the merge does not have, or a disabled one, is not written. Sent as a named prepared
 * statement (TRACKED_EVENTS_STATEMENT), PostgreSQL parses and plans it once per connection. It
 * answers the clicks' rows only.
 */
const INSERT_TRACKED_EVENTS = `
  with hits as (
    select v.i::int - 1 as i, v.recipient_id, v.type, coalesce(l.url, v.url) as url, v.link_index, v.occurred_at
    from unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::timestamptz[]) with ordinality
      as v(recipient_id, type, url, link_index, occurred_at, i)
    left join lateral (
      select l.url, l.disabled_at
      from campaign_recipients r
      join campaign_links l on l.campaign_id = r.campaign_id and l.link_index = v.link_index
      where v.link_index is not null and r.id = v.recipient_id
    ) l on true
    where v.link_index is null or (l.url is not null and l.disabled_at is null)
  ), written as (
    insert into tracking_hit_batches (recipient_ids, types, urls, occurred_at)
    select array_agg(recipient_id order by i), array_agg(type order by i), array_agg(url order by i),
      array_agg(occurred_at order by i)
    from hits
    having count(*) > 0
  )
  select i, url from hits where link_index is not null`;

/** The prepared statement's name on each connection of the pool. */
export const TRACKED_EVENTS_STATEMENT = 'mergedesk_insert_tracked_events';

/**
 * One INSERT for a batch of recipients' hits (one row of tracking_hit_batches). The link of a click
 * given by index is looked up in the same statement: a click on a link the recipient's merge does
 * not have or that is disabled (or of a recipient that no longer exists) writes nothing. Any other
 * hit is written as it comes; one of a recipient deleted since is dropped when the aggregation job
 * moves it. Answers, per event in order, the link a click by index was written with (undefined for
 * a click not written, and for every other event).
 */
async function insertTrackedEvents(
  db: StatementRunner,
  events: readonly TrackedEvent[],
): Promise<WrittenEvent[]> {
  if (events.length === 0) return [];
  const result = await db.query<{ i: number; url: string | null }>({
    name: TRACKED_EVENTS_STATEMENT,
    text: INSERT_TRACKED_EVENTS,
    values: [
      events.map((event) => event.recipientId),
      events.map((event) => event.type),
      events.map((event) => event.url ?? null),
      events.map((event) => event.linkIndex ?? null),
      events.map((event) => event.occurredAt.toISOString()),
    ],
  });
  const written: WrittenEvent[] = events.map(() => undefined);
  for (const row of result.rows) written[row.i] = { url: row.url };
  return written;
}

/**
 * The tracking endpoints' writer: hits of the same few milliseconds share one INSERT, run again
 * on a retryable error, and through a short database outage, before any caller is answered.
 * `stopRetrying` (at shutdown) ends the outage retries: a batch that fails after it gets no
 * further run, so the server does not wait out an outage before it can stop.
 */
export function createEventWriter(
  db: StatementRunner,
  options: Omit<BatchWriterOptions<TrackedEvent, WrittenEvent>, 'flush'> & {
    onRetry?: RetryOptions['onRetry'];
  } = {},
): BatchWriter<TrackedEvent, WrittenEvent> & { stopRetrying: () => void } {
  const { onRetry, ...batchOptions } = options;
  const shutdown = new AbortController();
  // tracking_hit_batches has no foreign key, so the statement locks no row: a deadlock or a
  // serialization failure is not expected, but would be run again (retryTransient's default).
  const insertOnce = (events: TrackedEvent[]) =>
    retryTransient(() => insertTrackedEvents(db, events), {
      onRetry,
      signal: shutdown.signal,
    });
  const writer = createBatchWriter<TrackedEvent, WrittenEvent>({
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
const OUTAGE_RETRY_DELAYS_MS: readonly number[] = [100, 200, 400, 800, 1600, 2000, 2000];
