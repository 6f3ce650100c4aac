import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { aggregateEventsOnce } from '../jobs/aggregate-events';

/**
 * Runs the aggregation job until it finds nothing left: no queued hit, no unaggregated event, no
 * new poll response (what the server's poller does over its runs).
 */
export async function aggregateAll(db: Database): Promise<void> {
  for (;;) {
    const result = await aggregateEventsOnce(db, 1000);
    if (result.events === 0 && result.pollResponses === 0 && result.hitBatches === 0) return;
  }
}

/** A recipient's hit as the tracking endpoints stored it. */
export type StoredHit = {
  recipientId: string | null;
  type: string;
  url: string | null;
  occurredAt: Date;
  /** Already moved into campaign_events by the aggregation job (else still queued). */
  moved: boolean;
};

/**
 * The hits of a merge that PostgreSQL holds, wherever they are: still queued in
 * tracking_hit_batches (as the tracking writer committed them) or moved into campaign_events by
 * the aggregation job. Tests that check "stored before the answer" read both, as durable is
 * durable whether the job has run or not.
 */
export async function storedHits(
  db: Executor,
  campaignId: string,
  type?: 'opened' | 'clicked' | 'unsubscribed' | 'responded',
): Promise<StoredHit[]> {
  const result = await db.execute<{
    recipient_id: string | null;
    type: string;
    url: string | null;
    occurred_at: string;
    moved: boolean;
  }>(sql`
    select recipient_id, type, url, occurred_at, true as moved
    from campaign_events
    where campaign_id = ${campaignId}
      and type in ('opened', 'clicked', 'unsubscribed', 'responded')
      and (${type ?? null}::text is null or type = ${type ?? null}::text)
    union all
    select h.recipient_id, h.type, h.url, h.occurred_at, false
    from tracking_hit_batches b,
      unnest(b.recipient_ids, b.types, b.urls, b.occurred_at) as h(recipient_id, type, url, occurred_at)
    join campaign_recipients r on r.id = h.recipient_id
    where r.campaign_id = ${campaignId}
      and (${type ?? null}::text is null or h.type = ${type ?? null}::text)
  `);
  return result.rows.map((row) => ({
    recipientId: row.recipient_id,
    type: row.type,
    url: row.url,
    occurredAt: new Date(row.occurred_at),
    moved: row.moved,
  }));
}
