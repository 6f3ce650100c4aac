/**
 * npm run bench -- lists: the sent-merges list and the recipients view of a 5,000-recipient merge
 * (beside PostgreSQL's own EXPLAIN ANALYZE time) in a space with more than a million tracking
 * events, seeded with generate_series; the aggregation job runs over the seeded events first.
 * Measured through real HTTP on a random port (app in this process).
 */
import type pg from 'pg';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { aggregateEventsOnce } from '../apps/server/src/jobs/aggregate-events';
import { createAccessTokenSigner } from '../apps/server/src/lib/access-token';
import {
  linkClicksSql,
  recipientActivityQuery,
  recipientMatchingQuery,
  recipientPageQuery,
  type RecipientPageQuery,
} from '../apps/server/src/modules/campaigns/campaign-recipients.repo';
import { RECIPIENT_TOTAL_CAP } from '@mergedesk/domain/campaigns/recipient-status';
import { count } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../apps/server/src/db/client';
import { inTransaction, seedOwner, type Section } from './context';
import { expectStatus, log, measure, seconds, type Row } from './report';

const CAMPAIGNS = 2000;
const RECIPIENTS_PER_CAMPAIGN = 120;
const LIST_REQUESTS = 200;
/** The recipients view (issue 9): one big merge in the same space. */
const BIG_MERGE_RECIPIENTS = 5000;
const BIG_MERGE_LINKS = 3;
const RECIPIENT_REQUESTS = 200;
const EXPORT_REQUESTS = 10;
const EXPLAIN_RUNS = 5;

export const listsSection: Section = {
  name: 'lists',
  description: 'sent-merges list and recipients view in a space with over a million events',
  run: async ({ database, config: configFor, report }) => {
    const { db, pool } = await database();
    const config = await configFor();
    const seedStart = performance.now();
    const ids = await seed(pool);
    const { rows: countRows } = await pool.query<{ n: string }>('select count(*) as n from campaign_events');
    const eventCount = Number(countRows[0]?.n ?? 0);
    log(
      `seeded ${CAMPAIGNS} campaigns, ${CAMPAIGNS * RECIPIENTS_PER_CAMPAIGN} recipients, ${eventCount} events in ${seconds(seedStart)}`,
    );

    const aggregationStart = performance.now();
    let aggregated = 0;
    for (;;) {
      const result = await aggregateEventsOnce(db, 20000);
      aggregated += result.events;
      if (result.events === 0) break;
    }
    const aggregationSeconds = (performance.now() - aggregationStart) / 1000;
    log(
      `aggregated ${aggregated} events in ${aggregationSeconds.toFixed(1)} s (${Math.round(aggregated / aggregationSeconds)} events/s)`,
    );
    await pool.query('analyze');

    const app = await buildApp(config, { db, pool });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const signer = createAccessTokenSigner(config.SESSION_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
      const { token: accessToken } = await signer.sign({ sessionId: ids.sessionId, email: ids.email });
      const rows: Row[] = [];

      const listUrl = `${baseUrl}/api/v1/users/me/campaigns?filterBy=workspaceId:${ids.workspaceId}&limit=25`;
      const headers = { authorization: `Bearer ${accessToken}`, 'x-id-token': accessToken };
      const probe = await fetch(listUrl, { headers });
      if (probe.status === 200) {
        await probe.arrayBuffer();
        rows.push(
          await measure('sent-merges list (limit 25)', LIST_REQUESTS, 1, () =>
            expectStatus(listUrl, 200, headers),
          ),
        );
        rows.push(
          await measure('sent-merges list (limit 25)', LIST_REQUESTS, 10, () =>
            expectStatus(listUrl, 200, headers),
          ),
        );
        const page = `${listUrl}&limitOffset=1000`;
        rows.push(
          await measure('sent-merges list, offset 1000', LIST_REQUESTS, 1, () =>
            expectStatus(page, 200, headers),
          ),
        );
      } else {
        log(`sent-merges list answered ${probe.status}: skipped`);
      }

      rows.push(...(await measureRecipients(db, pool, baseUrl, headers, ids.bigMergeId)));
      report.table(
        `Lists: space with ${eventCount.toLocaleString('en')} events (${CAMPAIGNS} merges)`,
        rows,
        'PostgreSQL ms: EXPLAIN ANALYZE execution time of the statements one request runs (median).',
      );
    } finally {
      await app.close();
    }
  },
};

/** A user, their PRO space, 2,000 merges with recipients, links and > 1,000,000 events (SQL only). */
function seed(pool: pg.Pool) {
  const email = 'bench@bench.test';
  return inTransaction(pool, async (client) => {
    const { userId, workspaceId, sessionId } = await seedOwner(client, {
      email,
      spaceName: 'Bench space',
      slug: 'bench-space',
    });
    // Merges spread over the last year.
    await client.query(
      `insert into campaigns (workspace_id, user_id, subject, merge_source_sheet_key, spreadsheet_name, sheet_name,
         created_at, last_update_at, last_email_sent_at, sent_count)
       select $1, $2, 'Subject ' || g, 'sheet' || g || '-0', 'Spreadsheet ' || g, 'Sheet ' || (g % 7),
         now() - (g * interval '4 hours'), now() - (g * interval '4 hours'), now() - (g * interval '4 hours'), $3
       from generate_series(1, $4) g`,
      [workspaceId, userId, RECIPIENTS_PER_CAMPAIGN, CAMPAIGNS],
    );
    await client.query(
      `insert into campaign_links (campaign_id, link_index, url)
       select id, 0, 'https://example.com/offer?c=' || id from campaigns where workspace_id = $1`,
      [workspaceId],
    );
    await client.query(
      `insert into campaign_recipients (id, campaign_id, email, tracking_token, sent_at)
       select s.id, s.campaign_id, 'r' || s.g || '.' || left(s.campaign_id::text, 8) || '@example.com',
         s.id::text, s.created_at
       from (
         select gen_random_uuid() as id, c.id as campaign_id, c.created_at, g
         from campaigns c cross join generate_series(1, $2) g
         where c.workspace_id = $1
       ) s`,
      [workspaceId, RECIPIENTS_PER_CAMPAIGN],
    );
    // One 'sent' event per recipient (already counted in sent_count), then opens (0–7 per
    // recipient), a click for every 4th, a bounce for every 50th and an unsubscription for every 100th.
    // The events of 9 recipients in 10 are seeded as aggregated already (their counters are set
    // below in SQL); the job aggregates the rest, so the bench measures it without taking minutes.
    await client.query(
      `with numbered as (
         select r.id, r.campaign_id, r.sent_at, row_number() over () as n
         from campaign_recipients r join campaigns c on c.id = r.campaign_id where c.workspace_id = $1
       )
       insert into campaign_events (campaign_id, recipient_id, type, occurred_at, aggregated)
       select campaign_id, id, 'sent', sent_at, true from numbered
       union all
       select campaign_id, id, 'opened', sent_at + (k * interval '1 hour'), n % 10 <> 3
         from numbered cross join generate_series(1, (n % 8)::int) k
       union all
       select campaign_id, id, 'clicked', sent_at + interval '2 hours', n % 10 <> 3 from numbered where n % 4 = 0
       union all
       select campaign_id, id, 'bounced', sent_at, n % 10 <> 3 from numbered where n % 50 = 0
       union all
       select campaign_id, id, 'unsubscribed', sent_at + interval '3 hours', n % 10 <> 3
         from numbered where n % 100 = 0`,
      [workspaceId],
    );
    const bigMergeId = await seedBigMerge(client, workspaceId, userId);
    // What the job would have made of the events seeded as aggregated.
    await client.query(
      `update campaign_recipients r set
         first_opened_at = f.opened, first_clicked_at = f.clicked, bounced_at = f.bounced,
         unsubscribed_at = f.unsubscribed, responded_at = f.responded
       from (
         select recipient_id,
           min(occurred_at) filter (where type in ('opened', 'clicked')) as opened,
           min(occurred_at) filter (where type = 'clicked') as clicked,
           min(occurred_at) filter (where type = 'bounced') as bounced,
           min(occurred_at) filter (where type = 'unsubscribed') as unsubscribed,
           min(occurred_at) filter (where type = 'responded') as responded
         from campaign_events where aggregated and type <> 'sent' group by recipient_id
       ) f
       where r.id = f.recipient_id`,
    );
    await client.query(
      `update campaigns c set opened_count = f.opened, clicked_count = f.clicked, bounced_count = f.bounced,
         unsubscribed_count = f.unsubscribed
       from (
         select campaign_id, count(first_opened_at)::int as opened, count(first_clicked_at)::int as clicked,
           count(bounced_at)::int as bounced, count(unsubscribed_at)::int as unsubscribed
         from campaign_recipients group by campaign_id
       ) f
       where c.id = f.campaign_id`,
    );
    return { email, workspaceId, bigMergeId, sessionId };
  });
}

/**
 * A merge of 5,000 recipients in the bench space (issue 9's recipients view): 3 links, opens for 6
 * in 10 recipients (1–4 each), a click for every 5th (a second one for every 15th), a bounce for
 * every 50th, an unsubscription for every 100th and a reply for every 40th; all aggregated.
 */
async function seedBigMerge(client: pg.PoolClient, workspaceId: string, userId: string): Promise<string> {
  const merge = await client.query<{ id: string }>(
    `insert into campaigns (workspace_id, user_id, subject, merge_source_sheet_key, spreadsheet_name, sheet_name,
       created_at, last_update_at, last_email_sent_at, sent_count)
     values ($1, $2, 'Big merge', 'big-0', 'Big spreadsheet', 'Everyone', now() - interval '1 day',
       now(), now() - interval '1 day', $3)
     returning id`,
    [workspaceId, userId, BIG_MERGE_RECIPIENTS],
  );
  const mergeId = merge.rows[0]!.id;
  await client.query(
    `insert into campaign_links (campaign_id, link_index, url)
     select $1, k, 'https://example.com/big/' || k from generate_series(0, $2 - 1) k`,
    [mergeId, BIG_MERGE_LINKS],
  );
  await client.query(
    `insert into campaign_recipients (id, campaign_id, email, tracking_token, sent_at)
     select gen_random_uuid(), $1, 'person' || lpad(g::text, 5, '0') || '@big.example.com',
       'big-' || g, now() - interval '1 day'
     from generate_series(1, $2) g`,
    [mergeId, BIG_MERGE_RECIPIENTS],
  );
  await client.query(
    `with numbered as (
       select id, campaign_id, sent_at, row_number() over (order by email) as n
       from campaign_recipients where campaign_id = $1
     )
     insert into campaign_events (campaign_id, recipient_id, type, url, occurred_at, aggregated)
     select campaign_id, id, 'sent', null, sent_at, true from numbered
     union all
     select campaign_id, id, 'opened', null, sent_at + (k * interval '37 minutes'), true
       from numbered cross join generate_series(1, (n % 4 + 1)::int) k where n % 10 < 6
     union all
     select campaign_id, id, 'clicked', 'https://example.com/big/' || ((n / 5) % $2), sent_at + interval '2 hours', true
       from numbered where n % 5 = 0
     union all
     select campaign_id, id, 'clicked', 'https://example.com/big/0', sent_at + interval '5 hours', true
       from numbered where n % 15 = 0
     union all
     select campaign_id, id, 'bounced', null, sent_at, true from numbered where n % 50 = 7
     union all
     select campaign_id, id, 'unsubscribed', null, sent_at + interval '6 hours', true from numbered where n % 100 = 3
     union all
     select campaign_id, id, 'responded', null, sent_at + interval '7 hours', true from numbered where n % 40 = 1`,
    [mergeId, BIG_MERGE_LINKS],
  );
  return mergeId;
}

/**
 * The recipients view of the big merge over HTTP, each beside PostgreSQL's own execution time of
 * the statements the endpoint runs (EXPLAIN ANALYZE, the median of EXPLAIN_RUNS).
 */
async function measureRecipients(
  db: Database,
  pool: pg.Pool,
  baseUrl: string,
  headers: Record<string, string>,
  mergeId: string,
): Promise<Row[]> {
  const base = `${baseUrl}/api/v1/users/me/campaigns/${mergeId}`;
  const page = (query: Partial<RecipientPageQuery>): RecipientPageQuery => ({
    campaignId: mergeId,
    status: 'all',
    sort: { key: 'email', direction: 'asc' },
    limit: 25,
    offset: 0,
    ...query,
  });
  const cases: Array<[name: string, url: string, query: RecipientPageQuery, concurrency: number]> = [
    ['recipients of a 5,000 merge (limit 25)', `${base}/recipients?limit=25`, page({}), 1],
    ['recipients of a 5,000 merge (limit 25)', `${base}/recipients?limit=25`, page({}), 10],
    [
      'recipients, filter clicked',
      `${base}/recipients?filterBy=status:clicked`,
      page({ status: 'clicked' }),
      1,
    ],
    ['recipients, offset 2500', `${base}/recipients?limitOffset=2500`, page({ offset: 2500 }), 1],
    [
      'recipients, by first open',
      `${base}/recipients?sortBy=firstOpenedTimestamp:desc`,
      page({ sort: { key: 'firstOpenedTimestamp', direction: 'desc' } }),
      1,
    ],
    [
      'recipients, search',
      `${base}/recipients?filterBy=search:person0421`,
      page({ search: '%person0421%' }),
      1,
    ],
  ];
  const rows: Row[] = [];
  for (const [name, url, query, concurrency] of cases) {
    const row = await measure(name, RECIPIENT_REQUESTS, concurrency, () => expectStatus(url, 200, headers));
    row.pgMs = await recipientPagePgMs(db, pool, query);
    rows.push(row);
  }
  const links = await measure('link clicks of the 5,000 merge', RECIPIENT_REQUESTS, 1, () =>
    expectStatus(`${base}/links`, 200, headers),
  );
  links.pgMs = await explainMs(pool, new PgDialect().sqlToQuery(linkClicksSql(mergeId)));
  rows.push(links);
  rows.push(
    await measure('recipients CSV export (5,000 rows)', EXPORT_REQUESTS, 1, () =>
      expectStatus(`${base}/recipients/export`, 200, headers),
    ),
  );
  return rows;
}

/** The page, its capped count and the page's activity: the statements of one list request. */
async function recipientPagePgMs(db: Database, pool: pg.Pool, query: RecipientPageQuery): Promise<number> {
  const pageRows = await recipientPageQuery(db, query);
  const counted = db
    .select({ value: count() })
    .from(recipientMatchingQuery(db, query).limit(RECIPIENT_TOTAL_CAP).as('capped'));
  const activity = recipientActivityQuery(
    db,
    pageRows.map((row) => row.id),
  );
  return (
    (await explainMs(pool, recipientPageQuery(db, query).toSQL())) +
    (await explainMs(pool, counted.toSQL())) +
    (pageRows.length > 0 ? await explainMs(pool, activity.toSQL()) : 0)
  );
}

/** PostgreSQL's execution time of a statement (EXPLAIN ANALYZE), the median of EXPLAIN_RUNS runs. */
async function explainMs(pool: pg.Pool, query: { sql: string; params: unknown[] }): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < EXPLAIN_RUNS; run += 1) {
    const result = await pool.query<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>(
      `explain (analyze, format json) ${query.sql}`,
      query.params,
    );
    times.push(result.rows[0]?.['QUERY PLAN'][0]?.['Execution Time'] ?? Number.NaN);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}
