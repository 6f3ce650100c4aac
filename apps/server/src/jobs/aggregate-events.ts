import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { isRetryableInsertError, retryTransient } from '../db/retry';

/**
 * Folds new tracking events into the campaign counters (ARCHITECTURE.md "Scale": the hot path only
 * appends events; counters are a job's). A small poller (docs/decisions/084-the-aggregation-job.md) over two
 * queues of its own: tracking_hit_batches (the tracking endpoints' hits, one row per committed
 * batch) and the partial index of unaggregated events (the add-on's).
 *
 * Each run, in one transaction: moves the oldest rows of tracking_hit_batches into
 * campaign_events (inserted as aggregated; the rows deleted), picks up to `batchSize`
 * unaggregated events and flags them (`for update skip locked` on both queues, so several
 * processes can run it at once without taking the same rows); then, for all of them, sets each
 * recipient's first open / click / bounce / unsubscription / response where it is still null,
 * adds those transitions (distinct recipients, never repeated hits) to the campaigns' counters,
 * and counts new poll responses into poll_results. Only the recipients with a first time still
 * to set for a type they were seen with are locked (a repeated open waits on no one), in id order
 * (recipients, then campaigns) so concurrent runs cannot deadlock, and `for no key update`: that
 * strength does not conflict with the `for key share` locks inserting an event takes through its
 * foreign keys on the same rows (issue 10: the job's `for update` deadlocked against them). The
 * poller warns when the hits it moves are more than HIT_LAG_WARN_MS old. A tracked hit never
 * waits on the job: tracking_hit_batches has no foreign key. A run that meets a deadlock, a
 * serialization failure or a foreign-key violation (a merge deleted while its hits move in) is
 * run again.
 */

/** Per event type: the recipient's first-time column and the campaign counter it feeds. */
const FIRSTS = {
  sent: { at: 'sent_at', count: 'sent_count' },
  opened: { at: 'first_opened_at', count: 'opened_count' },
  clicked: { at: 'first_clicked_at', count: 'clicked_count' },
  bounced: { at: 'bounced_at', count: 'bounced_count' },
  unsubscribed: { at: 'unsubscribed_at', count: 'unsubscribed_count' },
  responded: { at: 'responded_at', count: 'responded_count' },
} as const;

type EventType = keyof typeof FIRSTS;
const EVENT_TYPES = Object.keys(FIRSTS) as EventType[];

export type AggregationResult = {
  /** Events counted: the add-on's unaggregated events and the tracked hits moved in. */
  events: number;
  pollResponses: number;
  /** Rows of tracking_hit_batches moved into campaign_events (and deleted). */
  hitBatches: number;
  /** When the earliest tracked hit moved happened: how late hits reach the counters. */
  oldestHit: Date | null;
};

type PickedEvent = { campaign_id: string; recipient_id: string | null; type: EventType; occurred_at: string };

/** Rows of tracking_hit_batches a run moves at most: a batch holds up to 500 hits, usually tens. */
export const HIT_BATCHES_PER_RUN = 100;

export async function aggregateEventsOnce(db: Database, batchSize = 5000): Promise<AggregationResult> {
  // A merge deleted while its hits move in: the insert's foreign key fails, and the next run's
  // join leaves those hits out (isRetryableInsertError).
  return retryTransient(() => aggregateInTransaction(db, batchSize), { retryOn: isRetryableInsertError });
}

function aggregateInTransaction(db: Database, batchSize: number): Promise<AggregationResult> {
  return db.transaction(async (tx) => {
    const hits = await moveTrackedHits(tx, Math.min(HIT_BATCHES_PER_RUN, batchSize));
    const picked = await tx.execute<PickedEvent>(sql`
      with picked as (
        select id from campaign_events
        where not aggregated
        order by id
        limit ${batchSize}
        for update skip locked
      )
      update campaign_events e set aggregated = true
      from picked where e.id = picked.id
      returning e.campaign_id, e.recipient_id, e.type, e.occurred_at
    `);
    const pollResponses = await aggregatePollResponses(tx, batchSize);
    const events = [...hits.events, ...picked.rows];
    if (events.length > 0) await applyEvents(tx, events);
    return {
      events: hits.moved + picked.rows.length,
      pollResponses,
      hitBatches: hits.batches,
      oldestHit: hits.oldest === null ? null : new Date(hits.oldest),
    };
  });
}

/**
 * Moves the oldest rows of tracking_hit_batches (the tracking writer's, one per committed batch of
 * hits) into campaign_events, each hit under its recipient's merge, as events already aggregated
 * (this run counts them), and deletes them. Hits of a recipient that no longer exists (deleted
 * with its merge) are dropped. Rows another run holds are skipped.
 */
async function moveTrackedHits(
  tx: Executor,
  batches: number,
): Promise<{ batches: number; moved: number; oldest: string | null; events: PickedEvent[] }> {
  const result = await tx.execute<{
    batches: number;
    moved: number;
    oldest: string | null;
    events: PickedEvent[];
  }>(sql`
    with moved as (
      delete from tracking_hit_batches
      where id in (select id from tracking_hit_batches order by id limit ${batches} for update skip locked)
      returning recipient_ids, types, urls, occurred_at
    ), inserted as (
      insert into campaign_events (campaign_id, recipient_id, type, url, occurred_at, aggregated)
      select r.campaign_id, h.recipient_id, h.type, h.url, h.occurred_at, true
      from moved, unnest(moved.recipient_ids, moved.types, moved.urls, moved.occurred_at)
        as h(recipient_id, type, url, occurred_at)
      join campaign_recipients r on r.id = h.recipient_id
      returning campaign_id, recipient_id, type, occurred_at
    )
    select
      (select count(*)::int from moved) as batches,
      (select count(*)::int from inserted) as moved,
      (select min(occurred_at) from inserted) as oldest,
      -- Only the earliest hit per recipient and type can be a first time: the job reads those.
      (select coalesce(json_agg(firsts), '[]') from (
        select campaign_id, recipient_id, type, min(occurred_at) as occurred_at
        from inserted group by campaign_id, recipient_id, type
      ) firsts) as events
  `);
  const row = result.rows[0];
  return {
    batches: row?.batches ?? 0,
    moved: row?.moved ?? 0,
    oldest: row?.oldest ?? null,
    events: row?.events ?? [],
  };
}

async function applyEvents(tx: Executor, events: PickedEvent[]): Promise<void> {
  // The earliest occurrence per recipient and type in this batch. A click also counts as an open
  // when no open was seen (the pixel is often blocked), as mail tools usually count it.
  const firsts = new Map<string, Partial<Record<EventType, string>>>();
  const note = (recipientId: string, type: EventType, at: string) => {
    const seen = firsts.get(recipientId) ?? {};
    const known = seen[type];
    if (known === undefined || at < known) seen[type] = at;
    firsts.set(recipientId, seen);
  };
  for (const event of events) {
    if (event.recipient_id === null || !(event.type in FIRSTS)) continue;
    const at = new Date(event.occurred_at).toISOString();
    note(event.recipient_id, event.type, at);
    if (event.type === 'clicked') note(event.recipient_id, 'opened', at);
  }
  if (firsts.size === 0) return;

  // Only recipients with a first time still open for a type seen are locked and read: a repeated
  // open or click (most hits) changes nothing, and a first-time column once set stays set. In id
  // order, so concurrent runs lock in the same order; a row another run changes meanwhile is read
  // again once its lock is free, and left out if it no longer qualifies.
  const seenTypes = JSON.stringify(
    [...firsts].map(([id, seen]) => ({
      id,
      ...Object.fromEntries(Object.keys(seen).map((type) => [type, true])),
    })),
  );
  const locked = await tx.execute<{ id: string; campaign_id: string } & Record<string, string | null>>(sql`
    select r.id, r.campaign_id, ${sql.join(
      Object.values(FIRSTS).map(({ at }) => sql`r.${sql.identifier(at)}`),
      sql`, `,
    )}
    from campaign_recipients r
    join json_to_recordset(${seenTypes}::json)
      as v(id uuid, ${sql.join(
        EVENT_TYPES.map((type) => sql`${sql.identifier(type)} boolean`),
        sql`, `,
      )}) on v.id = r.id
    where ${sql.join(
      EVENT_TYPES.map(
        (type) => sql`(v.${sql.identifier(type)} and r.${sql.identifier(FIRSTS[type].at)} is null)`,
      ),
      sql` or `,
    )}
    order by r.id
    for no key update of r
  `);

  // Only first times count: a recipient opening twice is one open.
  const recipientUpdates: Record<string, string | null>[] = [];
  const campaignCounts = new Map<string, Record<EventType, number>>();
  for (const recipient of locked.rows) {
    const seen = firsts.get(recipient.id) ?? {};
    const update: Record<string, string | null> = { id: recipient.id };
    let changed = false;
    for (const [type, { at }] of Object.entries(FIRSTS) as [EventType, (typeof FIRSTS)[EventType]][]) {
      const first = seen[type];
      if (first === undefined || recipient[at] !== null) continue;
      update[at] = first;
      changed = true;
      const counts = campaignCounts.get(recipient.campaign_id) ?? emptyCounts();
      counts[type] += 1;
      campaignCounts.set(recipient.campaign_id, counts);
    }
    if (changed) recipientUpdates.push(update);
  }
  if (recipientUpdates.length === 0) return;

  const columns = Object.values(FIRSTS).map(({ at }) => at);
  await tx.execute(sql`
    update campaign_recipients r set ${sql.join(
      columns.map(
        (column) =>
          sql`${sql.identifier(column)} = coalesce(r.${sql.identifier(column)}, v.${sql.identifier(column)})`,
      ),
      sql`, `,
    )}
    from json_to_recordset(${JSON.stringify(recipientUpdates)}::json)
      as v(id uuid, ${sql.join(
        columns.map((column) => sql`${sql.identifier(column)} timestamptz`),
        sql`, `,
      )})
    where r.id = v.id
  `);

  const campaignRows = [...campaignCounts]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, counts]) => ({ id, ...counts }));
  await tx.execute(sql`
    select id from campaigns
    where id in (select value::uuid from json_array_elements_text(${JSON.stringify(campaignRows.map((row) => row.id))}::json))
    order by id
    for no key update
  `);
  await tx.execute(sql`
    update campaigns c set ${sql.join(
      EVENT_TYPES.map(
        (type) =>
          sql`${sql.identifier(FIRSTS[type].count)} = c.${sql.identifier(FIRSTS[type].count)} + v.${sql.identifier(type)}`,
      ),
      sql`, `,
    )}
    from json_to_recordset(${JSON.stringify(campaignRows)}::json)
      as v(id uuid, ${sql.join(
        EVENT_TYPES.map((type) => sql`${sql.identifier(type)} int`),
        sql`, `,
      )})
    where c.id = v.id
  `);
}

function emptyCounts(): Record<EventType, number> {
  return { sent: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0, responded: 0 };
}

/**
 * New and changed form/poll answers (tracking writes them with aggregated = false) → poll_results
 * counts. A recipient has one row whose latest answer counts: the answer counted before
 * (counted_value) loses one, the new one gains one, and an answer left with no count disappears.
 */
async function aggregatePollResponses(tx: Executor, batchSize: number): Promise<number> {
  const result = await tx.execute<{ responses: number; lowered: string[] }>(sql`
    with picked as (
      select id, counted_value as previous from poll_responses
      where not aggregated order by id limit ${batchSize} for update skip locked
    ),
    marked as (
      update poll_responses p set aggregated = true, counted_value = p.value
      from picked where p.id = picked.id
      returning p.campaign_id, p.value, picked.previous
    ),
    moves as (
      select campaign_id, value as info, 1 as n from marked
      union all
      select campaign_id, previous, -1 from marked where previous is not null
    ),
    grouped as (
      select campaign_id, info, sum(n)::int as n from moves group by campaign_id, info having sum(n) <> 0
    ),
    upserted as (
      insert into poll_results (campaign_id, info, count)
      select campaign_id, info, n from grouped order by campaign_id, info
      on conflict (campaign_id, info) do update set count = poll_results.count + excluded.count
      returning campaign_id
    )
    select
      (select count(*)::int from marked) as responses,
      (select coalesce(json_agg(distinct campaign_id), '[]') from grouped where n < 0) as lowered
  `);
  const row = result.rows[0];
  if (row && row.lowered.length > 0) {
    await tx.execute(sql`
      delete from poll_results
      where count <= 0
        and campaign_id in (select value::uuid from json_array_elements_text(${JSON.stringify(row.lowered)}::json))
    `);
  }
  return row?.responses ?? 0;
}

/**
 * The work waiting for the poller: queued tracking batches and the hits in them, and events not
 * yet counted. Cheap at any backlog: the queue table holds about a second's worth of batches
 * under load, and the unaggregated events have a partial index of their own.
 */
export async function readAggregationBacklog(
  db: Executor,
): Promise<{ hitBatches: number; hits: number; events: number }> {
  const result = await db.execute<{ hit_batches: number; hits: number; events: number }>(sql`
    select
      (select count(*)::int from tracking_hit_batches) as hit_batches,
      (select coalesce(sum(cardinality(recipient_ids)), 0)::int from tracking_hit_batches) as hits,
      (select count(*)::int from campaign_events where not aggregated) as events
  `);
  const row = result.rows[0];
  return { hitBatches: row?.hit_batches ?? 0, hits: row?.hits ?? 0, events: row?.events ?? 0 };
}

/** The longest wait between two runs while they fail. */
const MAX_BACKOFF_MS = 10_000;

/** The wait before the next run: the interval, doubled per consecutive failure up to MAX_BACKOFF_MS. */
function nextDelay(intervalMs: number, failures: number): number {
  if (failures === 0) return intervalMs;
  return Math.min(Math.max(intervalMs, MAX_BACKOFF_MS), intervalMs * 2 ** Math.min(failures, 16));
}

/**
 * How late tracked hits may reach the counters before the poller warns that it is not keeping up
 * (docs/operations.md "Processes"); while behind it warns again at this interval.
 */
const HIT_LAG_WARN_MS = 60_000;

/**
 * What a job logs through: pino's logger (the app's), whose methods read `this`. They are declared
 * as methods, not function-typed properties, so that `@typescript-eslint/unbound-method` refuses a
 * method taken off the logger and called detached (that threw inside the poller and ended the
 * process on the first database outage).
 */
export type JobLogger = {
  error(object: unknown, message: string): void;
  warn?(object: unknown, message: string): void;
  info?(object: unknown, message: string): void;
};

/** A warning through the logger's `warn`, or its `error` where it has none; never detached. */
function warn(log: JobLogger, object: unknown, message: string): void {
  if (log.warn) log.warn(object, message);
  else log.error(object, message);
}

/** What the poller last saw, for /metrics (modules/metrics): updated after every run. */
export type AggregationStatus = {
  /** How long ago the earliest hit of the last run that moved hits happened; null before any. */
  lagMs: number | null;
  /** Runs failed in a row (0 while it works). */
  consecutiveFailures: number;
  /** When a run last succeeded (ms since the epoch); null before the first. */
  lastSuccessAt: number | null;
};

export const createAggregationStatus = (): AggregationStatus => ({
  lagMs: null,
  consecutiveFailures: 0,
  lastSuccessAt: null,
});

/** While the database stays away, the poller says so again at this interval (one line a minute). */
const OUTAGE_WARN_MS = 60_000;

export type EventAggregator = {
  /** Runs until no unaggregated event is left (or the batch came back short). */
  runOnce: () => Promise<AggregationResult>;
  /** Stops polling and waits for the run in progress. */
  stop: () => Promise<void>;
};

/**
 * Starts the poller: a run every `intervalMs`, at once again while runs come back full. Errors are
 * logged and retried with a growing delay (a deadlock or a lost connection loses nothing: the
 * events stay unaggregated).
 */
export function startEventAggregation(options: {
  db: Database;
  intervalMs: number;
  batchSize?: number;
  /** HIT_LAG_WARN_MS by default. */
  lagWarnMs?: number;
  /** OUTAGE_WARN_MS by default. */
  outageWarnMs?: number;
  /** Where the poller reports its lag and failures (for /metrics). */
  status?: AggregationStatus;
  log: JobLogger;
}): EventAggregator {
  const batchSize = options.batchSize ?? 5000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<AggregationResult> | undefined;

  const drain = async (): Promise<AggregationResult> => {
    const total: AggregationResult = { events: 0, pollResponses: 0, hitBatches: 0, oldestHit: null };
    for (;;) {
      const result = await aggregateEventsOnce(options.db, batchSize);
      total.events += result.events;
      total.pollResponses += result.pollResponses;
      total.hitBatches += result.hitBatches;
      if (result.oldestHit && (!total.oldestHit || result.oldestHit < total.oldestHit)) {
        total.oldestHit = result.oldestHit;
      }
      const full =
        result.events >= batchSize ||
        result.pollResponses >= batchSize ||
        result.hitBatches >= Math.min(HIT_BATCHES_PER_RUN, batchSize);
      if (stopped || !full) return total;
    }
  };
  // The hits' lag: how long ago the earliest hit a drain moved happened. Past lagWarnMs the poller
  // is not keeping up with the tracked hits: warned once, again every lagWarnMs while it lasts,
  // and once more when a drain is back under it.
  const lagWarnMs = options.lagWarnMs ?? HIT_LAG_WARN_MS;
  let lastLagWarning: number | undefined;
  const status = options.status ?? createAggregationStatus();
  const watchLag = (result: AggregationResult) => {
    if (!result.oldestHit) return;
    const now = Date.now();
    const lagMs = now - result.oldestHit.getTime();
    status.lagMs = lagMs;
    if (lagMs > lagWarnMs) {
      if (lastLagWarning === undefined || now - lastLagWarning >= lagWarnMs) {
        lastLagWarning = now;
        warn(
          options.log,
          { lagMs, hitBatches: result.hitBatches },
          'tracked hits reach the counters late: event aggregation is not keeping up',
        );
      }
    } else if (lastLagWarning !== undefined) {
      lastLagWarning = undefined;
      options.log.info?.({ lagMs }, 'event aggregation caught up with the tracked hits');
    }
  };
  const runOnce = () =>
    (running ??= drain()
      .then((result) => {
        watchLag(result);
        return result;
      })
      .finally(() => (running = undefined)));
  // Consecutive failed runs: while the database is away the poller waits longer and longer
  // (doubling, at most MAX_BACKOFF_MS) and says so once a minute (OUTAGE_WARN_MS), then resumes at
  // its interval and says that too.
  const outageWarnMs = options.outageWarnMs ?? OUTAGE_WARN_MS;
  let failures = 0;
  let lastOutageWarning: number | undefined;
  const onSuccess = () => {
    if (failures > 0) options.log.info?.({ failures }, 'event aggregation resumed');
    failures = 0;
    status.consecutiveFailures = 0;
    status.lastSuccessAt = Date.now();
    lastOutageWarning = undefined;
  };
  const onFailure = (error: unknown) => {
    failures += 1;
    status.consecutiveFailures = failures;
    if (!isDatabaseUnavailable(error)) {
      options.log.error({ err: error }, 'event aggregation failed');
      return;
    }
    const now = Date.now();
    if (lastOutageWarning === undefined || now - lastOutageWarning >= outageWarnMs) {
      lastOutageWarning = now;
      warn(options.log, { err: error, failures }, 'event aggregation paused: database unavailable');
    }
  };
  // The loop's top level: whatever a run, or the logging of its outcome, throws is caught here, so
  // that nothing escapes as an unhandled rejection (which ends the process) and the next run is
  // always scheduled.
  const tick = () => {
    runOnce()
      .then(onSuccess, onFailure)
      .catch((error: unknown) => {
        try {
          options.log.error({ err: error }, 'event aggregation: unexpected error in the poller');
        } catch {
          // The logger itself failed: nothing more to do than to carry on.
        }
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, nextDelay(options.intervalMs, failures));
      });
  };
  timer = setTimeout(tick, options.intervalMs);
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
