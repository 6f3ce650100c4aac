import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  campaignEvents,
  campaignRecipients,
  campaigns,
  pollResponses,
  pollResults,
  trackingHitBatches,
} from '../db/schema';
import { useSeededTestApp } from '../test/seeded-app';
import { aggregateAll } from '../test/tracked-hits';
import { freePort } from '@mergedesk/identity-provider/testing/provider-browser';
import { createDatabase } from '../db/client';
import {
  aggregateEventsOnce,
  HIT_BATCHES_PER_RUN,
  startEventAggregation,
  type JobLogger,
} from './aggregate-events';

/**
 * A logger whose methods read `this`, as pino's do: a method called detached from it throws, as
 * it did in the poller (which ended the process on the first database outage).
 */
class RecordingLogger implements JobLogger {
  readonly entries: Array<{ level: string; object: unknown; message: string; at: number }> = [];
  private record(level: string, object: unknown, message: string) {
    this.entries.push({ level, object, message, at: Date.now() });
  }
  error(object: unknown, message: string) {
    this.record('error', object, message);
  }
  warn(object: unknown, message: string) {
    this.record('warn', object, message);
  }
  info(object: unknown, message: string) {
    this.record('info', object, message);
  }
  of(level: string) {
    return this.entries
      .filter((entry) => entry.level === level)
      .map(({ object, message }) => ({ object, message }));
  }
}

describe('event aggregation job', () => {
  const t = useSeededTestApp();

  const drain = () => aggregateAll(t.db);

  const newCampaign = async (recipientCount: number) => {
    const [campaign] = await t.db
      .insert(campaigns)
      .values({
        workspaceId: t.demo.spaces['Acme Sales']!,
        mergeSourceSheetKey: 'a-1',
        sentCount: recipientCount,
      })
      .returning({ id: campaigns.id });
    const recipients = await t.db
      .insert(campaignRecipients)
      .values(
        Array.from({ length: recipientCount }, (_, index) => ({
          campaignId: campaign!.id,
          email: `r${index}@example.com`,
          trackingToken: `${campaign!.id}-${index}`,
          sentAt: new Date(),
        })),
      )
      .returning({ id: campaignRecipients.id });
    return { id: campaign!.id, recipients: recipients.map((recipient) => recipient.id) };
  };

  const countersOf = async (id: string) => {
    const [row] = await t.db
      .select({
        sent: campaigns.sentCount,
        opened: campaigns.openedCount,
        clicked: campaigns.clickedCount,
        bounced: campaigns.bouncedCount,
        unsubscribed: campaigns.unsubscribedCount,
        responded: campaigns.respondedCount,
      })
      .from(campaigns)
      .where(eq(campaigns.id, id));
    return row;
  };

  it('counts distinct recipients’ first events, marks them aggregated, and is idempotent', async () => {
    await drain();
    const campaign = await newCampaign(4);
    const [r0, r1, r2, r3] = campaign.recipients as [string, string, string, string];
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
    await t.db.insert(campaignEvents).values([
      // r0 opens three times, then clicks twice.
      { campaignId: campaign.id, recipientId: r0, type: 'opened', occurredAt: at(5) },
      { campaignId: campaign.id, recipientId: r0, type: 'opened', occurredAt: at(1) },
      { campaignId: campaign.id, recipientId: r0, type: 'opened', occurredAt: at(9) },
      { campaignId: campaign.id, recipientId: r0, type: 'clicked', occurredAt: at(10) },
      { campaignId: campaign.id, recipientId: r0, type: 'clicked', occurredAt: at(11) },
      // r1 clicks with images blocked: a click is an open too.
      { campaignId: campaign.id, recipientId: r1, type: 'clicked', occurredAt: at(3) },
      { campaignId: campaign.id, recipientId: r2, type: 'bounced', occurredAt: at(2) },
      { campaignId: campaign.id, recipientId: r3, type: 'unsubscribed', occurredAt: at(4) },
      { campaignId: campaign.id, recipientId: r3, type: 'responded', occurredAt: at(4) },
      { campaignId: campaign.id, recipientId: null, type: 'opened', occurredAt: at(4) },
    ]);

    await drain();
    expect(await countersOf(campaign.id)).toEqual({
      sent: 4,
      opened: 2,
      clicked: 2,
      bounced: 1,
      unsubscribed: 1,
      responded: 1,
    });
    const [first] = await t.db
      .select({ opened: campaignRecipients.firstOpenedAt, clicked: campaignRecipients.firstClickedAt })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.id, r0));
    expect(first).toEqual({ opened: at(1), clicked: at(10) });
    const left = await t.db
      .select({ id: campaignEvents.id })
      .from(campaignEvents)
      .where(eq(campaignEvents.aggregated, false));
    expect(left).toEqual([]);

    // A second run changes nothing; a repeated open later does not count again.
    await drain();
    await t.db
      .insert(campaignEvents)
      .values({ campaignId: campaign.id, recipientId: r0, type: 'opened', occurredAt: at(30) });
    await drain();
    expect(await countersOf(campaign.id)).toMatchObject({ opened: 2, clicked: 2 });
  });

  /** A row of tracking_hit_batches as the tracking writer commits it. */
  const queueHits = (
    hits: {
      recipientId: string;
      type: 'opened' | 'clicked';
      url?: string;
      occurredAt: Date;
    }[],
  ) =>
    t.db.insert(trackingHitBatches).values({
      recipientIds: hits.map((hit) => hit.recipientId),
      types: hits.map((hit) => hit.type),
      urls: hits.map((hit) => hit.url ?? null) as string[],
      occurredAt: hits.map((hit) => hit.occurredAt),
    });

  it('moves the tracked hits into campaign_events, counted, and empties their queue', async () => {
    await drain();
    const campaign = await newCampaign(3);
    const [r0, r1, r2] = campaign.recipients as [string, string, string];
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 10, minute));
    const hit = (recipientId: string, type: 'opened' | 'clicked', minute: number) => ({
      recipientId,
      type,
      ...(type === 'clicked' ? { url: 'https://example.com/a' } : {}),
      occurredAt: at(minute),
    });
    await queueHits([hit(r0, 'opened', 4), hit(r0, 'opened', 2), hit(r1, 'clicked', 3)]);
    await queueHits([hit(r0, 'clicked', 6), hit(r2, 'opened', 1)]);
    // r2's recipient row is gone (its merge's recipients deleted) before the job runs.
    await t.db.delete(campaignRecipients).where(eq(campaignRecipients.id, r2));

    const result = await aggregateEventsOnce(t.db);
    expect(result).toMatchObject({ hitBatches: 2, events: 4 });
    expect(await t.db.select({ id: trackingHitBatches.id }).from(trackingHitBatches)).toEqual([]);
    const events = await t.db
      .select({
        recipientId: campaignEvents.recipientId,
        type: campaignEvents.type,
        url: campaignEvents.url,
        occurredAt: campaignEvents.occurredAt,
        aggregated: campaignEvents.aggregated,
      })
      .from(campaignEvents)
      .where(eq(campaignEvents.campaignId, campaign.id))
      .orderBy(campaignEvents.occurredAt);
    expect(events).toEqual([
      { recipientId: r0, type: 'opened', url: null, occurredAt: at(2), aggregated: true },
      { recipientId: r1, type: 'clicked', url: 'https://example.com/a', occurredAt: at(3), aggregated: true },
      { recipientId: r0, type: 'opened', url: null, occurredAt: at(4), aggregated: true },
      { recipientId: r0, type: 'clicked', url: 'https://example.com/a', occurredAt: at(6), aggregated: true },
    ]);
    // r0 opened (first at minute 2) and clicked; r1's click is an open too.
    expect(await countersOf(campaign.id)).toMatchObject({ opened: 2, clicked: 2 });
    const [first] = await t.db
      .select({ opened: campaignRecipients.firstOpenedAt, clicked: campaignRecipients.firstClickedAt })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.id, r0));
    expect(first).toEqual({ opened: at(2), clicked: at(6) });
  });

  it('runs the move again when the merge is deleted while its hits move in, and drops them', async () => {
    await drain();
    const campaign = await newCampaign(1);
    await queueHits([{ recipientId: campaign.recipients[0]!, type: 'opened', occurredAt: new Date() }]);
    // The merge's deletion, not yet committed, holds its rows: the move's foreign-key checks wait.
    const deleting = await t.pool.connect();
    try {
      await deleting.query('begin');
      await deleting.query('delete from campaigns where id = $1', [campaign.id]);
      const move = aggregateEventsOnce(t.db);
      await expect
        .poll(async () => {
          const { rows } = await t.pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return rows[0]?.n;
        })
        .toBeGreaterThan(0);
      await deleting.query('commit');
      // The first run fails with a foreign-key violation (23503); the next one finds no recipient.
      expect(await move).toMatchObject({ hitBatches: 1, events: 0 });
    } finally {
      deleting.release();
    }
    expect(await t.db.select({ id: trackingHitBatches.id }).from(trackingHitBatches)).toEqual([]);
    const [left] = await t.db
      .select({ n: count() })
      .from(campaignEvents)
      .where(eq(campaignEvents.campaignId, campaign.id));
    expect(left?.n).toBe(0);
  });

  it('does not wait on the row of a recipient whose hit is not a first time', async () => {
    await drain();
    const campaign = await newCampaign(1);
    const recipientId = campaign.recipients[0]!;
    await queueHits([{ recipientId, type: 'opened', occurredAt: new Date() }]);
    await drain();
    await queueHits([{ recipientId, type: 'opened', occurredAt: new Date() }]);
    // Another writer (the add-on recording a bounce) holds the recipient's row meanwhile.
    const writer = await t.pool.connect();
    try {
      await writer.query('begin');
      await writer.query('update campaign_recipients set bounced_at = now() where id = $1', [recipientId]);
      const move = aggregateEventsOnce(t.db);
      const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 2000));
      expect(await Promise.race([move, waited])).toMatchObject({ hitBatches: 1, events: 1 });
      await writer.query('commit');
      await move;
    } finally {
      writer.release();
    }
    expect(await countersOf(campaign.id)).toMatchObject({ opened: 1 });
  });

  it('moves every queued batch once when several runs move them at once', async () => {
    await drain();
    const campaign = await newCampaign(40);
    // More batches than one run takes, one hit each: 3 opens per recipient.
    const batches = campaign.recipients.flatMap((recipientId) =>
      Array.from({ length: 3 }, () => ({ recipientId, type: 'opened' as const })),
    );
    expect(batches.length).toBeGreaterThan(HIT_BATCHES_PER_RUN);
    for (const batch of batches) await queueHits([{ ...batch, occurredAt: new Date() }]);
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (;;) {
          const result = await aggregateEventsOnce(t.db, 1000);
          if (result.hitBatches === 0) return;
        }
      }),
    );
    const [moved] = await t.db
      .select({ n: count() })
      .from(campaignEvents)
      .where(and(eq(campaignEvents.campaignId, campaign.id), eq(campaignEvents.type, 'opened')));
    expect(moved?.n).toBe(batches.length);
    expect(await countersOf(campaign.id)).toMatchObject({ opened: 40 });
  });

  it('gives the same counters when several runs aggregate at once', async () => {
    await drain();
    const campaign = await newCampaign(50);
    await t.db.insert(campaignEvents).values(
      campaign.recipients.flatMap((recipientId, index) =>
        Array.from({ length: index % 3 === 0 ? 0 : 4 }, (_, hit) => ({
          campaignId: campaign.id,
          recipientId,
          type: hit % 2 === 0 ? ('opened' as const) : ('clicked' as const),
        })),
      ),
    );
    const opened = campaign.recipients.filter((_, index) => index % 3 !== 0).length;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (;;) {
          const result = await aggregateEventsOnce(t.db, 7);
          if (result.events === 0) return;
        }
      }),
    );
    expect(await countersOf(campaign.id)).toMatchObject({ opened, clicked: opened });
  });

  it('counts new poll responses into poll results', async () => {
    await drain();
    const campaign = await newCampaign(1);
    await t.db.insert(pollResponses).values([
      { campaignId: campaign.id, value: 'Yes', aggregated: false },
      { campaignId: campaign.id, value: 'Yes', aggregated: false },
      { campaignId: campaign.id, value: 'No', aggregated: false },
    ]);
    await drain();
    await t.db.insert(pollResponses).values({ campaignId: campaign.id, value: 'Yes', aggregated: false });
    await drain();
    const results = await t.db
      .select({ info: pollResults.info, count: pollResults.count })
      .from(pollResults)
      .where(inArray(pollResults.campaignId, [campaign.id]))
      .orderBy(pollResults.info);
    expect(results).toEqual([
      { info: 'No', count: 1 },
      { info: 'Yes', count: 3 },
    ]);
  });

  it('counts one answer per recipient, the latest: a changed answer moves its count', async () => {
    await drain();
    const campaign = await newCampaign(3);
    const [r0, r1, r2] = campaign.recipients as [string, string, string];
    const results = () =>
      t.db
        .select({ info: pollResults.info, count: pollResults.count })
        .from(pollResults)
        .where(eq(pollResults.campaignId, campaign.id))
        .orderBy(pollResults.info);
    const answer = (recipientId: string, value: string) =>
      t.db
        .insert(pollResponses)
        .values({ campaignId: campaign.id, recipientId, value, aggregated: false })
        .onConflictDoUpdate({ target: pollResponses.recipientId, set: { value, aggregated: false } });
    await answer(r0, 'Yes');
    await answer(r1, 'Yes');
    await answer(r2, 'No');
    await drain();
    expect(await results()).toEqual([
      { info: 'No', count: 1 },
      { info: 'Yes', count: 2 },
    ]);
    // r2 changes to Maybe and back to Yes before the job runs; r0 changes to Maybe.
    await answer(r2, 'Maybe');
    await answer(r2, 'Yes');
    await answer(r0, 'Maybe');
    await drain();
    expect(await results()).toEqual([
      { info: 'Maybe', count: 1 },
      { info: 'Yes', count: 2 },
    ]);
    // Re-counting the same answer changes nothing.
    await answer(r1, 'Yes');
    await drain();
    expect(await results()).toEqual([
      { info: 'Maybe', count: 1 },
      { info: 'Yes', count: 2 },
    ]);
  });

  it('polls on its own and stops cleanly', async () => {
    const campaign = await newCampaign(1);
    const aggregator = startEventAggregation({ db: t.db, intervalMs: 10, log: { error: () => undefined } });
    await t.db
      .insert(campaignEvents)
      .values({ campaignId: campaign.id, recipientId: campaign.recipients[0]!, type: 'opened' });
    await expect.poll(async () => (await countersOf(campaign.id))?.opened, { timeout: 5000 }).toBe(1);
    await aggregator.stop();
  });

  it('warns when tracked hits reach the counters late, and again once it caught up', async () => {
    await drain();
    const campaign = await newCampaign(2);
    const [late, fresh] = campaign.recipients as [string, string];
    const log = new RecordingLogger();
    const aggregator = startEventAggregation({ db: t.db, intervalMs: 10, lagWarnMs: 60_000, log });
    try {
      // A hit of five minutes ago moved only now: the poller is behind.
      await queueHits([{ recipientId: late, type: 'opened', occurredAt: new Date(Date.now() - 300_000) }]);
      await expect.poll(() => log.of('warn').length, { timeout: 5000 }).toBe(1);
      expect(log.of('warn')[0]).toEqual({
        object: { lagMs: expect.any(Number), hitBatches: 1 },
        message: 'tracked hits reach the counters late: event aggregation is not keeping up',
      });
      expect((log.of('warn')[0]!.object as { lagMs: number }).lagMs).toBeGreaterThanOrEqual(300_000);
      expect(log.of('info')).toEqual([]);
      // A hit of now: back under the bound, said once; no further warning.
      await queueHits([{ recipientId: fresh, type: 'opened', occurredAt: new Date() }]);
      await expect.poll(() => log.of('info').length, { timeout: 5000 }).toBe(1);
      expect(log.of('info')[0]).toEqual({
        object: { lagMs: expect.any(Number) },
        message: 'event aggregation caught up with the tracked hits',
      });
      expect(log.of('warn')).toHaveLength(1);
      expect(log.of('error')).toEqual([]);
    } finally {
      await aggregator.stop();
    }
  });

  it('keeps polling through a database that is away, warning once per outage interval', async () => {
    // A database nobody listens on: every run fails as a lost connection does.
    const away = createDatabase(`postgres://nobody:x@127.0.0.1:${await freePort()}/none`, {
      onConnectionError: () => undefined,
    });
    const log = new RecordingLogger();
    const aggregator = startEventAggregation({ db: away.db, intervalMs: 10, outageWarnMs: 300, log });
    try {
      await expect.poll(() => log.of('warn').length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
      const warnings = log.of('warn');
      expect(
        warnings.every((entry) => entry.message === 'event aggregation paused: database unavailable'),
      ).toBe(true);
      expect(log.of('error')).toEqual([]);
    } finally {
      await aggregator.stop();
      await away.close();
    }
    // Not one line per failed run: the runs fail every few ms at first, the warnings come 300 ms apart.
    const [first, second] = log.entries.filter((entry) => entry.level === 'warn').map((entry) => entry.at);
    expect(second! - first!).toBeGreaterThanOrEqual(300);
  });
});
