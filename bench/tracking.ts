/**
 * npm run bench -- tracking: the open pixel and the click redirect under 50 requests in flight, in
 * a space of its own (one merge of TRACKING_RECIPIENTS recipients); every acknowledged hit must be
 * in PostgreSQL afterwards.
 */
import { buildApp } from '../apps/server/src/app';
import { createTrackingTokens } from '../apps/server/src/modules/tracking/tracking-token';
import { inTransaction, seedOwner, type Section } from './context';
import { expectStatus, log, measure, type Row } from './report';

const TRACKING_RECIPIENTS = 5000;
const TRACKING_REQUESTS = 2000;
const IN_FLIGHT = 50;

export const trackingSection: Section = {
  name: 'tracking',
  description: 'open pixel and click redirect, every acknowledged hit written',
  run: async ({ database, config: configFor, report }) => {
    const { db, pool } = await database();
    // The load comes from one address: its tracking limit would answer 429 to the benchmark.
    const config = await configFor({ TRACKING_ADDRESS_RATE_PER_SECOND: '1000000' });
    const recipientIds = await seedMerge(pool);
    const tokens = createTrackingTokens(config.SESSION_SECRET);
    const recipientTokens = recipientIds.map((id) => tokens.sign(id));
    const events = async () =>
      Number((await pool.query<{ n: string }>('select count(*) as n from campaign_events')).rows[0]?.n ?? 0);
    const before = await events();

    const app = await buildApp(config, { db, pool });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      let next = 0;
      const nextToken = () => recipientTokens[next++ % recipientTokens.length]!;
      const rows: Row[] = [];
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
      const written = (await events()) - before;
      log(`tracking hits written: ${written} (expected ${2 * TRACKING_REQUESTS})`);
      report.table('Tracking', rows);
      report.target({
        section: 'tracking',
        name: 'acknowledged hits in PostgreSQL',
        value: written,
        unit: 'rows',
        atLeast: 2 * TRACKING_REQUESTS,
      });
    } finally {
      await app.close();
    }
  },
};

/** A space of its own with one merge of TRACKING_RECIPIENTS recipients and one link; their ids. */
function seedMerge(pool: Parameters<typeof inTransaction>[0]): Promise<string[]> {
  return inTransaction(pool, async (client) => {
    const { userId, workspaceId } = await seedOwner(client, {
      email: 'tracking@bench.test',
      spaceName: 'Tracking bench',
      slug: 'tracking-bench',
    });
    const merge = await client.query<{ id: string }>(
      `insert into campaigns (workspace_id, user_id, subject, merge_source_sheet_key, spreadsheet_name, sheet_name,
         created_at, last_update_at, last_email_sent_at, sent_count)
       values ($1, $2, 'Tracked merge', 'tracked-0', 'Tracked', 'Sheet', now(), now(), now(), $3)
       returning id`,
      [workspaceId, userId, TRACKING_RECIPIENTS],
    );
    const mergeId = merge.rows[0]!.id;
    await client.query(
      `insert into campaign_links (campaign_id, link_index, url) values ($1, 0, 'https://example.com/offer')`,
      [mergeId],
    );
    const recipients = await client.query<{ id: string }>(
      `insert into campaign_recipients (id, campaign_id, email, tracking_token, sent_at)
       select id, $1, 'tracked' || g || '@example.com', id::text, now()
       from (select gen_random_uuid() as id, g from generate_series(1, $2) g) s
       returning id`,
      [mergeId, TRACKING_RECIPIENTS],
    );
    return recipients.rows.map((row) => row.id);
  });
}
