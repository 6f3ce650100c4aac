import { and, countDistinct, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignEvents, campaignRecipients, campaigns } from '../../db/schema';
import { aggregateEventsOnce } from '../../jobs/aggregate-events';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { aggregateAll } from '../../test/tracked-hits';
import { apiPath } from '../../test/api-path';

type Recipient = { trackingToken: string; openPixelUrl: string; clickUrls: Record<string, string> };

const RECIPIENTS = 120;
const HITS = 1600;
const IN_FLIGHT = 200;

/**
 * Tracking hits racing the aggregation job (issue 10): since issue 11 the hits go to their queue
 * (tracking_hit_batches) while several runs of the job move them into campaign_events, whose
 * foreign-key locks meet the job's row locks on recipients and campaigns. Nothing acknowledged may
 * be lost and nothing may be counted twice.
 */
describe('tracking hits while the aggregation job runs', () => {
  let t: TestApp;
  let campaignIds: string[];
  let recipients: Recipient[];

  beforeAll(async () => {
    t = await createTestApp({ env: { TRACKING_ADDRESS_RATE_PER_SECOND: '100000' } });
    const demo = await t.seedDemo();
    const token = await t.signIn('olivia@acme.test');
    campaignIds = [];
    recipients = [];
    // Two merges, so one batch of events touches several campaigns and many recipients.
    for (const sheet of ['sheet-1', 'sheet-2']) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath('addon.createCampaign'),
        headers: bearer(token),
        payload: {
          workspaceId: demo.spaces['Acme Sales'],
          subject: 'Race',
          mergeSourceSheetKey: sheet,
          spreadsheetName: 'Leads',
          sheetName: 'Sheet1',
          recipients: Array.from({ length: RECIPIENTS / 2 }, (_, index) => ({
            email: `race${index}@example.com`,
            links: ['https://example.com/offer'],
          })),
        },
      });
      expect(response.statusCode).toBe(201);
      const sent = response.json<{ campaignId: string; recipients: Recipient[] }>();
      campaignIds.push(sent.campaignId);
      recipients.push(...sent.recipients);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const pathOf = (url: string) => url.replace(t.config.PUBLIC_URL, '');

  it('stores every acknowledged hit and folds each event exactly once', async () => {
    let hitsDone = false;
    // Several aggregation runs at once, in small batches, for as long as hits arrive.
    const aggregators = Array.from({ length: 2 }, async () => {
      while (!hitsDone) await aggregateEventsOnce(t.db, 40);
    });

    let opensAnswered = 0;
    let clicksAnswered = 0;
    const statuses = new Map<number, number>();
    for (let start = 0; start < HITS; start += IN_FLIGHT) {
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async (_, offset) => {
          const hit = start + offset;
          const recipient = recipients[(hit * 7) % recipients.length]!;
          const click = hit % 2 === 1;
          const url = click
            ? pathOf(recipient.clickUrls['https://example.com/offer']!)
            : pathOf(recipient.openPixelUrl);
          const response = await t.app.inject({ method: 'GET', url });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (click && response.statusCode === 302) clicksAnswered += 1;
          if (!click && response.statusCode === 200) opensAnswered += 1;
        }),
      );
    }
    hitsDone = true;
    await Promise.all(aggregators);
    await aggregateAll(t.db);

    expect(Object.fromEntries(statuses)).toEqual({ 200: HITS / 2, 302: HITS / 2 });
    expect(t.app.trackingStats).toEqual({ lost: 0, limited: 0 });

    const stored = await t.db
      .select({ type: campaignEvents.type, rows: sql<number>`count(*)::int` })
      .from(campaignEvents)
      .where(
        and(
          inArray(campaignEvents.campaignId, campaignIds),
          inArray(campaignEvents.type, ['opened', 'clicked']),
        ),
      )
      .groupBy(campaignEvents.type);
    // Every 2xx/3xx is a row.
    expect(Object.fromEntries(stored.map((row) => [row.type, row.rows]))).toEqual({
      opened: opensAnswered,
      clicked: clicksAnswered,
    });
    const [unfolded] = await t.db
      .select({ rows: sql<number>`count(*)::int` })
      .from(campaignEvents)
      .where(and(inArray(campaignEvents.campaignId, campaignIds), eq(campaignEvents.aggregated, false)));
    expect(unfolded?.rows).toBe(0);

    // Every row folded exactly once: each counter is its number of distinct recipients.
    for (const campaignId of campaignIds) {
      const [distinct] = await t.db
        .select({
          opened: countDistinct(campaignEvents.recipientId),
          clicked: sql<number>`count(distinct ${campaignEvents.recipientId}) filter (where ${campaignEvents.type} = 'clicked')::int`,
        })
        .from(campaignEvents)
        .where(
          and(eq(campaignEvents.campaignId, campaignId), inArray(campaignEvents.type, ['opened', 'clicked'])),
        );
      const [counters] = await t.db
        .select({ opened: campaigns.openedCount, clicked: campaigns.clickedCount })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId));
      expect(counters).toEqual({ opened: distinct?.opened, clicked: distinct?.clicked });
      expect(counters?.opened).toBe(RECIPIENTS / 2);
      const [firsts] = await t.db
        .select({ opened: sql<number>`count(*)::int` })
        .from(campaignRecipients)
        .where(
          and(eq(campaignRecipients.campaignId, campaignId), isNotNull(campaignRecipients.firstOpenedAt)),
        );
      expect(firsts?.opened).toBe(counters?.opened);
    }
  });
});
