/**
 * npm run bench — timings of the sent-merges list and the tracking endpoints on a space with more
 * than a million tracking events (docs: "Performance"). Starts an embedded PostgreSQL of its own
 * (.data/bench, port BENCH_POSTGRES_PORT or 54390), migrates, seeds with generate_series, runs the
 * aggregation job over the seeded events, then measures through real HTTP on a random port.
 */
import { rmSync } from 'node:fs';
import type pg from 'pg';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase, runMigrations } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { aggregateEventsOnce } from '../apps/server/src/jobs/aggregate-events';
import { createAccessTokenSigner } from '../apps/server/src/lib/access-token';
import { createTrackingTokens } from '../apps/server/src/modules/tracking/tracking-token';

const DATA_DIR = '.data/bench';
const PORT = Number(process.env.BENCH_POSTGRES_PORT ?? 54390);
const CAMPAIGNS = 2000;
const RECIPIENTS_PER_CAMPAIGN = 120;
const LIST_REQUESTS = 200;
const TRACKING_REQUESTS = 2000;
const IN_FLIGHT = 50;

type Row = {
  name: string;
  requests: number;
  concurrency: number;
  p50: number;
  p95: number;
  max: number;
  rps: number;
};

const log = (message: string) => console.log(`[bench] ${message}`);

async function main(): Promise<void> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const started = performance.now();
  const postgres = await startEmbeddedPostgres({
    dataDir: DATA_DIR,
    port: PORT,
    database: 'mergedesk_bench',
  });
  const { db, pool } = createDatabase(postgres.connectionString, { maxConnections: 20 });
  // PostgreSQL stopping at the end must not crash the run through an idle client's error.
  pool.on('error', () => undefined);
  try {
    await runMigrations(db);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: postgres.connectionString,
      WEB_DIST_DIR: '',
      // The load comes from one address: its tracking limit would answer 429 to the benchmark.
      TRACKING_ADDRESS_RATE_PER_SECOND: '1000000',
    });

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
      const tokens = createTrackingTokens(config.SESSION_SECRET);
      const recipientTokens = ids.recipientIds.map((id) => tokens.sign(id));
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

      let next = 0;
      const nextToken = () => recipientTokens[next++ % recipientTokens.length]!;
      rows.push(
        await measure('open pixel /t/o', TRACKING_REQUESTS, IN_FLIGHT, () =>
          expectStatus(`${baseUrl}/t/o/${nextToken()}.gif`, 200),
        ),
      );
      rows.push(
        await measure('click redirect /t/c', TRACKING_REQUESTS, IN_FLIGHT, () =>
          expectStatus(`${baseUrl}/t/c/${nextToken()}/0`, 302),
        ),
      );
      rows.push(
        await measure('open pixel, bad token', TRACKING_REQUESTS, IN_FLIGHT, () =>
          expectStatus(`${baseUrl}/t/o/${nextToken().slice(0, -2)}xx.gif`, 200),
        ),
      );
      const { rows: after } = await pool.query<{ n: string }>('select count(*) as n from campaign_events');
      const written = Number(after[0]?.n ?? 0) - eventCount;
      log(`tracking hits written: ${written} (expected ${2 * TRACKING_REQUESTS})`);

      printTable(eventCount, rows);
    } finally {
      await app.close();
    }
  } finally {
    await pool.end();
    await postgres.stop();
    log(`done in ${seconds(started)}`);
  }
}

/** A user, their PRO space, 2,000 merges with recipients, links and > 1,000,000 events (SQL only). */
async function seed(pool: pg.Pool) {
  const email = 'bench@bench.test';
  const client = await pool.connect();
  try {
    await client.query('begin');
    const user = await client.query<{ id: string }>(
      `insert into users (email, name, user_type, domain_name) values ($1, 'Bench', 'BUSINESS', 'bench.test') returning id`,
      [email],
    );
    const userId = user.rows[0]!.id;
    const space = await client.query<{ id: string }>(
      `insert into workspaces (name, slug, plan) values ('Bench space', 'bench-space', 'PRO') returning id`,
    );
    const workspaceId = space.rows[0]!.id;
    await client.query(
      `insert into workspace_members (workspace_id, user_id, email, role, user_plan, status)
       values ($1, $2, $3, 'OWNER', 'PRO', 'ACTIVE')`,
      [workspaceId, userId, email],
    );
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
    // What the job would have made of the events seeded as aggregated.
    await client.query(
      `update campaign_recipients r set
         first_opened_at = f.opened, first_clicked_at = f.clicked, bounced_at = f.bounced,
         unsubscribed_at = f.unsubscribed
       from (
         select recipient_id,
           min(occurred_at) filter (where type in ('opened', 'clicked')) as opened,
           min(occurred_at) filter (where type = 'clicked') as clicked,
           min(occurred_at) filter (where type = 'bounced') as bounced,
           min(occurred_at) filter (where type = 'unsubscribed') as unsubscribed
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
    const session = await client.query<{ id: string }>(
      `insert into sessions (subject, email, name, refresh_token_hash, expires_at)
       values ('bench', $1, 'Bench', 'bench', now() + interval '1 day') returning id`,
      [email],
    );
    const recipients = await client.query<{ id: string }>(
      `select r.id from campaign_recipients r join campaigns c on c.id = r.campaign_id
       where c.workspace_id = $1 order by random() limit 5000`,
      [workspaceId],
    );
    await client.query('commit');
    return {
      email,
      workspaceId,
      sessionId: session.rows[0]!.id,
      recipientIds: recipients.rows.map((row) => row.id),
    };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function expectStatus(
  url: string,
  status: number,
  headers: Record<string, string> = {},
): Promise<void> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status !== status) throw new Error(`${url} answered ${response.status}, expected ${status}`);
}

/** Runs `request` `total` times with `concurrency` in flight; latencies in ms. */
async function measure(
  name: string,
  total: number,
  concurrency: number,
  request: () => Promise<void>,
): Promise<Row> {
  const latencies: number[] = [];
  let started = 0;
  const begin = performance.now();
  const worker = async () => {
    while (started < total) {
      started += 1;
      const t0 = performance.now();
      await request();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const row = {
    name,
    requests: total,
    concurrency,
    p50: at(0.5),
    p95: at(0.95),
    max: at(1),
    rps: total / elapsed,
  };
  log(`${name} ×${concurrency}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms`);
  return row;
}

function printTable(eventCount: number, rows: Row[]): void {
  console.log(`\nSpace with ${eventCount.toLocaleString('en')} events (${CAMPAIGNS} merges)\n`);
  console.log('| endpoint | requests | in flight | p50 ms | p95 ms | max ms | req/s |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.requests} | ${row.concurrency} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.max.toFixed(1)} | ${Math.round(row.rps)} |`,
    );
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

await main();
