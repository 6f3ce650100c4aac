import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  campaignEvents,
  campaignLinks,
  campaignRecipients,
  campaigns,
  trackingHitBatches,
} from '../../db/schema';
import { aggregateEventsOnce } from '../../jobs/aggregate-events';
import type { DemoSeedResult } from '../../seed/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storedHits } from '../../test/tracked-hits';
import {
  createBatchWriter,
  createEventWriter,
  TRACKED_EVENTS_STATEMENT,
  WRITER_CLOSED_MESSAGE,
} from './event-writer';

/** A fake executor: records each batch it is asked to write. */
function fakeFlush(options: { fail?: Error } = {}) {
  const batches: number[][] = [];
  return {
    batches,
    flush: (items: number[]) => {
      batches.push(items);
      return options.fail ? Promise.reject(options.fail) : Promise.resolve();
    },
  };
}

describe('batch writer', () => {
  it('writes the items arriving together in one batch, and each caller waits for it', async () => {
    const fake = fakeFlush();
    const writer = createBatchWriter({ flush: fake.flush, maxWaitMs: 5, maxBatchSize: 100 });
    const writes = [1, 2, 3].map((item) => writer.write(item));
    expect(fake.batches).toEqual([]);
    await Promise.all(writes);
    expect(fake.batches).toEqual([[1, 2, 3]]);
    await writer.write(4);
    expect(fake.batches).toEqual([[1, 2, 3], [4]]);
  });

  it('flushes as soon as a batch is full', async () => {
    const fake = fakeFlush();
    const writer = createBatchWriter({ flush: fake.flush, maxWaitMs: 60_000, maxBatchSize: 2 });
    await Promise.all([writer.write(1), writer.write(2)]);
    expect(fake.batches).toEqual([[1, 2]]);
  });

  it('gives the batch’s error to every caller of the batch', async () => {
    const fake = fakeFlush({ fail: new Error('disk full') });
    const writer = createBatchWriter({ flush: fake.flush, maxWaitMs: 1 });
    const results = await Promise.allSettled([writer.write(1), writer.write(2)]);
    expect(results).toEqual([
      { status: 'rejected', reason: new Error('disk full') },
      { status: 'rejected', reason: new Error('disk full') },
    ]);
    expect(fake.batches).toHaveLength(1);
  });

  it('answers each caller with its own item’s result', async () => {
    const writer = createBatchWriter<number, string>({
      flush: (items) => Promise.resolve(items.map((item) => `row ${item}`)),
    });
    expect(await Promise.all([writer.write(1), writer.write(2)])).toEqual(['row 1', 'row 2']);
  });

  it('by default writes in the next turn of the event loop, without a fixed delay', async () => {
    const fake = fakeFlush();
    const writer = createBatchWriter({ flush: fake.flush });
    const writes = [writer.write(1), writer.write(2)];
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(fake.batches).toEqual([[1, 2]]);
    await Promise.all(writes);
  });

  it('counts items, batches and the time they took (what the benchmark reads)', async () => {
    const fake = fakeFlush();
    const writer = createBatchWriter({ flush: fake.flush });
    await Promise.all([writer.write(1), writer.write(2)]);
    await writer.write(3);
    expect(writer.stats).toMatchObject({ items: 3, batches: 2, inFlightAtStart: 0, heldBack: 0 });
    expect(writer.stats.queueWaitMs).toBeGreaterThanOrEqual(0);
    expect(writer.stats.flushMs).toBeGreaterThanOrEqual(0);
  });

  it('lets the next batch grow while maxInFlight batches are being written (group commit)', async () => {
    const batches: number[][] = [];
    const release: Array<() => void> = [];
    const writer = createBatchWriter<number>({
      maxInFlight: 1,
      flush: (items) => {
        batches.push(items);
        return new Promise<void>((resolve) => release.push(resolve));
      },
    });
    const first = writer.write(1);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const more = [2, 3, 4].map((item) => writer.write(item));
    await new Promise<void>((resolve) => setImmediate(resolve));
    // The first batch is still being written: the others wait, together.
    expect(batches).toEqual([[1]]);
    release.shift()!();
    await first;
    await vi.waitFor(() => expect(batches).toEqual([[1], [2, 3, 4]]));
    release.shift()!();
    await Promise.all(more);
  });

  it('flushes what is pending on close, then refuses new items', async () => {
    const fake = fakeFlush();
    const writer = createBatchWriter({ flush: fake.flush, maxWaitMs: 60_000 });
    const pending = writer.write(1);
    await writer.close();
    await pending;
    expect(fake.batches).toEqual([[1]]);
    await expect(writer.write(2)).rejects.toThrow(WRITER_CLOSED_MESSAGE);
  });
});

describe('event writer on PostgreSQL', () => {
  let t: TestApp;
  let demo: DemoSeedResult;
  let campaignId: string;
  const recipientIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.seedDemo();
    const [campaign] = await t.db
      .insert(campaigns)
      .values({ workspaceId: demo.spaces['Acme Sales']!, mergeSourceSheetKey: 'a-1' })
      .returning({ id: campaigns.id });
    campaignId = campaign!.id;
    const recipients = await t.db
      .insert(campaignRecipients)
      .values(
        Array.from({ length: 3 }, (_, index) => ({
          campaignId,
          email: `r${index}@example.com`,
          trackingToken: `token-${index}`,
        })),
      )
      .returning({ id: campaignRecipients.id });
    recipientIds.push(...recipients.map((recipient) => recipient.id));
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes a batch in one statement as one queued row, which the job moves under each recipient’s merge', async () => {
    const writer = createEventWriter(t.pool, { maxWaitMs: 5 });
    const query = vi.spyOn(t.pool, 'query');
    const occurredAt = new Date('2026-01-01T10:00:00Z');
    const gone = '00000000-0000-4000-8000-000000000000';
    try {
      await Promise.all([
        writer.write({ recipientId: recipientIds[0]!, type: 'opened', occurredAt }),
        writer.write({
          recipientId: recipientIds[1]!,
          type: 'clicked',
          url: 'https://example.com/x',
          occurredAt,
        }),
        writer.write({ recipientId: recipientIds[2]!, type: 'unsubscribed', occurredAt }),
        // A recipient that does not exist (merge deleted): queued, dropped by the job.
        writer.write({ recipientId: gone, type: 'opened', occurredAt }),
      ]);
    } finally {
      await writer.close();
    }
    const statements = query.mock.calls.filter(([text]) =>
      JSON.stringify(text).includes('tracking_hit_batches'),
    );
    query.mockRestore();
    expect(statements).toHaveLength(1);
    // One row for the batch: the hits as parallel arrays, in the order they were made; nothing in
    // campaign_events until the aggregation job moves them.
    const batches = await t.db
      .select({
        recipientIds: trackingHitBatches.recipientIds,
        types: trackingHitBatches.types,
        urls: trackingHitBatches.urls,
        occurredAt: trackingHitBatches.occurredAt,
      })
      .from(trackingHitBatches);
    expect(batches).toEqual([
      {
        recipientIds: [...recipientIds.slice(0, 3), gone],
        types: ['opened', 'clicked', 'unsubscribed', 'opened'],
        urls: [null, 'https://example.com/x', null, null],
        occurredAt: [occurredAt, occurredAt, occurredAt, occurredAt],
      },
    ]);
    expect(await t.db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, campaignId))).toEqual(
      [],
    );

    // The aggregation job moves them under the merge (the unknown recipient's dropped) and empties
    // the queue (jobs/aggregate-events.test.ts tests the move itself).
    expect(await aggregateEventsOnce(t.db)).toMatchObject({ events: 3, hitBatches: 1 });
    const moved = await storedHits(t.db, campaignId);
    expect(moved.map(({ recipientId, type, moved }) => ({ recipientId, type, moved }))).toEqual(
      expect.arrayContaining([
        { recipientId: recipientIds[0], type: 'opened', moved: true },
        { recipientId: recipientIds[1], type: 'clicked', moved: true },
        { recipientId: recipientIds[2], type: 'unsubscribed', moved: true },
      ]),
    );
    expect(moved).toHaveLength(3);
    expect(await t.db.select().from(trackingHitBatches)).toEqual([]);
  });

  it('sends every batch, whatever its size, as the same named prepared statement', async () => {
    const writer = createEventWriter(t.pool);
    const query = vi.spyOn(t.pool, 'query');
    const open = (index: number) =>
      writer.write({ recipientId: recipientIds[index]!, type: 'opened', occurredAt: new Date() });
    try {
      await open(0);
      await Promise.all([open(0), open(1), open(2)]);
    } finally {
      await writer.close();
    }
    const batches = query.mock.calls.map(([config]) => config as unknown as { name?: string; text: string });
    query.mockRestore();
    expect(batches).toHaveLength(2);
    // One text and one name: PostgreSQL parses and plans it once per connection.
    expect(batches.map((batch) => batch.name)).toEqual([TRACKED_EVENTS_STATEMENT, TRACKED_EVENTS_STATEMENT]);
    expect(batches[1]?.text).toBe(batches[0]?.text);
  });

  it('looks a click’s link up by index in the same statement; an unknown or disabled link, or an unknown recipient, writes nothing', async () => {
    await t.db.insert(campaignLinks).values([
      { campaignId, linkIndex: 0, url: 'https://example.com/zero' },
      { campaignId, linkIndex: 1, url: 'https://example.com/one', disabledAt: new Date() },
    ]);
    const writer = createEventWriter(t.pool);
    const click = (linkIndex: number, recipientId = recipientIds[0]!) =>
      writer.write({ recipientId, type: 'clicked', linkIndex, occurredAt: new Date() });
    try {
      expect(
        await Promise.all([click(0), click(1), click(2), click(0, '00000000-0000-4000-8000-000000000000')]),
      ).toEqual([{ url: 'https://example.com/zero' }, undefined, undefined, undefined]);
    } finally {
      await writer.close();
    }
    const clicks = await storedHits(t.db, campaignId, 'clicked');
    expect(clicks.filter((hit) => hit.recipientId === recipientIds[0]).map((hit) => hit.url)).toEqual([
      'https://example.com/zero',
    ]);
  });

  it('rejects every waiter of a batch the database refuses', async () => {
    const writer = createEventWriter(t.pool, { maxWaitMs: 1 });
    // Not a uuid: PostgreSQL refuses the whole statement, so the whole batch.
    const broken = { recipientId: 'not-a-uuid', type: 'opened' as const, occurredAt: new Date() };
    const results = await Promise.allSettled([
      writer.write({ recipientId: recipientIds[1]!, type: 'opened', occurredAt: new Date() }),
      writer.write(broken),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await writer.close();
  });
});
