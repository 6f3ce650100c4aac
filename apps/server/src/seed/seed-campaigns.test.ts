import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSeededTestApp } from '../test/seeded-app';
import { campaigns, monthlySentMails, pollResults, scheduledCampaigns } from '../db/schema';
import {
  ACME_SALES_SENT_MERGES,
  DEMO_MERGES_WITH_RECIPIENTS,
  LEGACY_TEAM_SENT_MERGES,
  RECIPIENTS_DEMO_SUBJECT,
  SURVEY_SUBJECT,
} from './seed-campaigns';

/** The mail-merge facts of shared/demo-data.md ("Content"), at an ordinary time and a month's first minutes. */
describe.each(['2026-11-22T12:00:00Z', '2026-12-01T00:05:00Z'])('demo mail merges seeded at %s', (at) => {
  const now = new Date(at);
  const t = useSeededTestApp({ now });

  const merges = (spaceName: string) =>
    t.db
      .select({
        userId: campaigns.userId,
        subject: campaigns.subject,
        createdAt: campaigns.createdAt,
        lastEmailSentAt: campaigns.lastEmailSentAt,
        lastUpdateAt: campaigns.lastUpdateAt,
        sent: campaigns.sentCount,
        opened: campaigns.openedCount,
        clicked: campaigns.clickedCount,
        bounced: campaigns.bouncedCount,
      })
      .from(campaigns)
      .where(
        and(eq(campaigns.workspaceId, t.demo.spaces[spaceName]!), eq(campaigns.isFormNotification, false)),
      );

  /** Every monthly counter of the space equals the mails its merges sent that month, and back. */
  const expectConsistentCounters = async (spaceName: string) => {
    const sums = new Map<string, number>();
    for (const merge of await merges(spaceName)) {
      const key = `${merge.userId}:${merge.createdAt.getUTCFullYear()}-${merge.createdAt.getUTCMonth() + 1}`;
      sums.set(key, (sums.get(key) ?? 0) + merge.sent);
    }
    const rows = await t.db
      .select({
        userId: monthlySentMails.userId,
        year: monthlySentMails.year,
        month: monthlySentMails.month,
        count: monthlySentMails.count,
      })
      .from(monthlySentMails)
      .where(
        and(eq(monthlySentMails.workspaceId, t.demo.spaces[spaceName]!), sql`${monthlySentMails.count} > 0`),
      );
    expect(new Map(rows.map((row) => [`${row.userId}:${row.year}-${row.month}`, row.count]))).toEqual(sums);
  };

  it('gives Acme Sales 120 merges of olivia, adam and mia over 18 months, with realistic counts', async () => {
    const rows = await merges('Acme Sales');
    expect(rows).toHaveLength(ACME_SALES_SENT_MERGES);
    const senders = new Set(rows.map((row) => row.userId));
    expect(senders).toEqual(
      new Set(['olivia@acme.test', 'adam@acme.test', 'mia@acme.test'].map((email) => t.demo.users[email])),
    );
    const oldest = Math.min(...rows.map((row) => row.createdAt.getTime()));
    expect(oldest).toBeGreaterThanOrEqual(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 17, 1));
    for (const row of rows) {
      expect(row.sent).toBeGreaterThanOrEqual(20);
      expect(row.sent).toBeLessThanOrEqual(1500);
      expect(row.opened).toBeGreaterThanOrEqual(Math.floor((row.sent - row.bounced) * 0.2));
      expect(row.opened).toBeLessThanOrEqual(Math.ceil((row.sent - row.bounced) * 0.7));
      expect(row.clicked).toBeLessThanOrEqual(row.opened);
      expect(row.lastUpdateAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(rows.filter((row) => row.bounced > 0).length).toBeGreaterThan(10);
    const thisMonth = rows.filter(
      (row) =>
        row.lastEmailSentAt !== null &&
        row.lastEmailSentAt.getTime() >= Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1),
    );
    expect(thisMonth.length).toBeGreaterThanOrEqual(3);
    const noSubject = rows.filter((row) => row.subject === null);
    expect(noSubject.map((row) => row.userId)).toEqual([t.demo.users['adam@acme.test']]);
    await expectConsistentCounters('Acme Sales');
  });

  it('gives the survey its poll results', async () => {
    const [survey] = await t.db
      .select({ id: campaigns.id, responded: campaigns.respondedCount })
      .from(campaigns)
      .where(eq(campaigns.subject, SURVEY_SUBJECT));
    const results = await t.db
      .select({ count: pollResults.count })
      .from(pollResults)
      .where(eq(pollResults.campaignId, survey!.id));
    expect(results.length).toBe(5);
    expect(results.reduce((sum, row) => sum + row.count, 0)).toBe(survey!.responded);
  });

  it("gives Gina's space 2 merges and Legacy Team 30, with their counters", async () => {
    expect(await merges("Gina's space")).toHaveLength(2);
    expect(await merges('Legacy Team')).toHaveLength(LEGACY_TEAM_SENT_MERGES);
    await expectConsistentCounters("Gina's space");
    await expectConsistentCounters('Legacy Team');
  });

  it('gives olivia one scheduled merge per status in Acme Sales', async () => {
    const rows = await t.db
      .select({ status: scheduledCampaigns.status, next: scheduledCampaigns.nextScheduledRunAt })
      .from(scheduledCampaigns)
      .where(eq(scheduledCampaigns.userId, t.demo.users['olivia@acme.test']!));
    expect(rows.map((row) => row.status).sort()).toEqual(
      [
        'IN PROGRESS',
        'IN PROGRESS',
        'UNKNOWN ERROR',
        'SHEET DELETED',
        'DRAFT NOT FOUND',
        'INVALID DRAFT',
        'TOO COMPLEX REGEXP',
        'SPREADSHEET DELETED',
        'NAMED RANGE DELETED',
        'USER PROPERTY NOT FOUND',
      ].sort(),
    );
    expect(rows.filter((row) => row.status === 'IN PROGRESS' && row.next === null)).toHaveLength(1);
  });

  it('gives the newest merges their recipients, whose flags add up to the counters, with events', async () => {
    const rows = await t.db.execute<{
      sent_count: number;
      opened_count: number;
      clicked_count: number;
      bounced_count: number;
      unsubscribed_count: number;
      responded_count: number;
      recipients: number;
      opened: number;
      clicked: number;
      bounced: number;
      unsubscribed: number;
      responded: number;
      open_events: number;
      click_events: number;
    }>(sql`
      select c.sent_count, c.opened_count, c.clicked_count, c.bounced_count, c.unsubscribed_count,
        c.responded_count, count(r.id)::int as recipients, count(r.first_opened_at)::int as opened,
        count(r.first_clicked_at)::int as clicked, count(r.bounced_at)::int as bounced,
        count(r.unsubscribed_at)::int as unsubscribed, count(r.responded_at)::int as responded,
        (select count(*)::int from campaign_events e where e.campaign_id = c.id and e.type = 'opened') as open_events,
        (select count(*)::int from campaign_events e where e.campaign_id = c.id and e.type = 'clicked') as click_events
      from campaigns c join campaign_recipients r on r.campaign_id = c.id
      where c.workspace_id = ${t.demo.spaces['Acme Sales']!} and c.subject is distinct from ${SURVEY_SUBJECT}
      group by c.id
    `);
    expect(rows.rows).toHaveLength(DEMO_MERGES_WITH_RECIPIENTS);
    for (const row of rows.rows) {
      expect([row.recipients, row.opened, row.clicked, row.bounced, row.unsubscribed, row.responded]).toEqual(
        [
          row.sent_count,
          row.opened_count,
          row.clicked_count,
          row.bounced_count,
          row.unsubscribed_count,
          row.responded_count,
        ],
      );
      expect(row.open_events).toBeGreaterThanOrEqual(row.opened - row.clicked);
      expect(row.click_events).toBeGreaterThanOrEqual(row.clicked);
    }
    // The recipients demo merge (the newest) has every kind of recipient but a form answer.
    const [demoMerge] = await t.db
      .select({ id: campaigns.id, lastUpdateAt: campaigns.lastUpdateAt })
      .from(campaigns)
      .where(eq(campaigns.subject, RECIPIENTS_DEMO_SUBJECT));
    const flags = await t.db.execute<Record<string, number>>(sql`
      select count(first_clicked_at)::int as clicked, count(bounced_at)::int as bounced,
        count(unsubscribed_at)::int as unsubscribed, count(responded_at)::int as replied,
        count(*) filter (where first_opened_at is null and bounced_at is null)::int as unopened
      from campaign_recipients where campaign_id = ${demoMerge!.id}
    `);
    for (const value of Object.values(flags.rows[0]!)) expect(value).toBeGreaterThan(0);
    // Varied statuses across them: opens, clicks and at least one bounce, opt-out or reply.
    const total = (key: 'opened' | 'clicked' | 'bounced' | 'unsubscribed' | 'responded') =>
      rows.rows.reduce((sum, row) => sum + row[key], 0);
    expect(total('opened')).toBeGreaterThan(0);
    expect(total('clicked')).toBeGreaterThan(0);
    expect(total('bounced') + total('unsubscribed') + total('responded')).toBeGreaterThan(0);
  });
});
