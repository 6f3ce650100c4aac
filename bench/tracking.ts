/**
 * npm run bench -- tracking: the open pixel and the click redirect of the production server
 * (`apps/server/dist/main.js`, built first, NODE_ENV=production, logging at its default level)
 * side by side with a raw `node:http` server answering the same GIF and redirect
 * (bench/raw-tracking-server.ts). Each server runs in a process of its own; the load comes from
 * autocannon in this process (CONNECTIONS in flight, SECONDS per run, ROUNDS rounds alternating
 * raw and MergeDesk). Targets (issue 11): at least 70 % of raw's throughput, p99 under 20 ms, and
 * every acknowledged hit in PostgreSQL afterwards.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { createTrackingTokens } from '../apps/server/src/modules/tracking/tracking-token';
import { freePort } from '../dev-services/identity-provider/src/testing/provider-browser';
import { inTransaction, seedOwner, type Section } from './context';
import { log, printRows } from './report';

/** Enough recipients that none comes near its own rate limit (TRACKING_TOKEN_RATE_PER_MINUTE). */
const TRACKING_RECIPIENTS = 30_000;
const LINK = 'https://example.com/offer';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_TRACKING_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_TRACKING_ROUNDS ?? 2);
const WARM_UP_SECONDS = 1;
const SERVER_LOG = '.data/bench/tracking-server.log';

type Endpoint = { name: string; status: number; path: (token: string) => string };
const endpoints: Endpoint[] = [
  { name: 'open pixel /t/o/{token}.gif', status: 200, path: (token) => `/t/o/${token}.gif` },
  { name: 'click redirect /t/c/{token}/0', status: 302, path: (token) => `/t/c/${token}/0` },
];

type Run = {
  server: string;
  endpoint: Endpoint;
  round: number;
  /** Answers with the endpoint's status. */
  acknowledged: number;
  other: number;
  errors: number;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
};

export const trackingSection: Section = {
  name: 'tracking',
  description:
    'open pixel and click redirect against raw node:http (autocannon), every acknowledged hit written',
  run: async ({ database, report }) => {
    const { connectionString, pool } = await database();
    buildServer();
    const secret = randomBytes(32).toString('base64url');
    const { mergeId, recipientIds } = await seedMerge(pool, 'tracking');
    // The peer writes into a merge of its own, so the count of MergeDesk's events stays its own.
    const peerMerge = await seedMerge(pool, 'peer');
    const tokens = createTrackingTokens(secret);
    const tokensOf = (ids: string[]) => {
      const signed = ids.map((id) => tokens.sign(id));
      let next = 0;
      return () => signed[next++ % signed.length]!;
    };
    const nextToken = tokensOf(recipientIds);
    const nextPeerToken = tokensOf(peerMerge.recipientIds);
    const eventsWritten = async () =>
      Number(
        (
          await pool.query<{ n: string }>(
            'select count(*) as n from campaign_events where campaign_id = $1',
            [mergeId],
          )
        ).rows[0]?.n ?? 0,
      );

    const raw = await startServer('raw node:http', ['--import', 'tsx', 'bench/raw-tracking-server.ts'], {
      RAW_LINK: LINK,
    });
    // BENCH_CPU_PROF=<dir>: MergeDesk writes a CPU profile there (node --cpu-prof) when it stops.
    const profile = process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
      : [];
    const mergedesk = await startServer('MergeDesk', [...profile, 'apps/server/dist/main.js'], {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://mergedesk.bench.test',
      SESSION_SECRET: secret,
      DATABASE_URL: connectionString,
      // All the load comes from one address: its limit would answer 429 to the benchmark.
      TRACKING_ADDRESS_RATE_PER_SECOND: '1000000',
    });
    const peer = await startServer(
      'raw node:http + one INSERT per hit',
      ['--import', 'tsx', 'bench/raw-tracking-server.ts'],
      { DATABASE_URL: connectionString },
    );
    log(`the servers' output: ${SERVER_LOG}`);
    const runs: Run[] = [];
    let acknowledged = 0;
    let sent = 0;
    try {
      const load = async (server: Server, endpoint: Endpoint, round: number, seconds: number) => {
        const result = await autocannon({
          url: server.url,
          connections: CONNECTIONS,
          duration: seconds,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => ({
                ...request,
                path: endpoint.path(server === peer ? nextPeerToken() : nextToken()),
              }),
            },
          ],
        });
        const answered = Object.entries(result.statusCodeStats ?? {}).reduce(
          (total, [, stats]) => total + (stats.count ?? 0),
          0,
        );
        const run: Run = {
          server: server.name,
          endpoint,
          round,
          acknowledged: result.statusCodeStats?.[`${endpoint.status}`]?.count ?? 0,
          other: answered - (result.statusCodeStats?.[`${endpoint.status}`]?.count ?? 0),
          errors: result.errors,
          rps: answered / result.duration,
          p50: result.latency.p50,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          max: result.latency.max,
        };
        if (server === mergedesk) {
          acknowledged += run.acknowledged;
          sent += result.requests.sent;
        }
        return run;
      };

      // The peer pattern answers the open pixel only (it is context, not a target).
      const serversFor = (endpoint: Endpoint) =>
        endpoint === endpoints[0] ? [raw, mergedesk, peer] : [raw, mergedesk];
      for (const endpoint of endpoints) {
        for (const server of serversFor(endpoint)) await load(server, endpoint, 0, WARM_UP_SECONDS);
      }
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const endpoint of endpoints) {
          for (const server of serversFor(endpoint)) {
            const run = await load(server, endpoint, round, SECONDS);
            log(
              `round ${round} ${server.name} ${endpoint.name}: ${Math.round(run.rps)} req/s, p99 ${run.p99} ms` +
                (run.other + run.errors > 0 ? `, ${run.other} other answers, ${run.errors} errors` : ''),
            );
            runs.push(run);
          }
        }
      }
    } finally {
      await Promise.all([raw.stop(), mergedesk.stop(), peer.stop()]);
    }
    const written = await eventsWritten();

    console.log(
      `\nTracking: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds (autocannon; each server in its own process)\n`,
    );
    printRows(
      [
        'server',
        'endpoint',
        'round',
        'answers',
        'req/s',
        'p50 ms',
        'p97.5 ms',
        'p99 ms',
        'max ms',
        'other answers',
        'errors',
      ],
      runs.map((run) => [
        run.server,
        run.endpoint.name,
        String(run.round),
        String(run.acknowledged + run.other),
        String(Math.round(run.rps)),
        String(run.p50),
        String(run.p97_5),
        String(run.p99),
        String(run.max),
        String(run.other),
        String(run.errors),
      ]),
      2,
    );
    log(
      `MergeDesk acknowledged ${acknowledged} hits (of ${sent} sent, warm-up included); ${written} events written`,
    );

    const best = (server: Server, endpoint: Endpoint) =>
      runs
        .filter((run) => run.server === server.name && run.endpoint === endpoint)
        .reduce((a, b) => (b.rps > a.rps ? b : a));
    for (const endpoint of endpoints) {
      const ours = best(mergedesk, endpoint);
      const theirs = best(raw, endpoint);
      report.target({
        section: 'tracking',
        name: `${endpoint.name}: throughput (best of ${ROUNDS})`,
        value: ours.rps,
        unit: 'req/s',
        ratio: { baselineName: 'raw node:http', baseline: theirs.rps, atLeast: 0.7, as: 'percent' },
      });
      report.target({
        section: 'tracking',
        name: `${endpoint.name}: p99 (same run)`,
        value: ours.p99,
        unit: 'ms',
        below: 20,
        context: { name: 'raw node:http', value: theirs.p99 },
      });
    }
    report.target({
      section: 'tracking',
      name: 'acknowledged hits in PostgreSQL',
      value: written,
      unit: 'events',
      atLeast: acknowledged,
    });
  },
};

type Server = { name: string; url: string; process: ChildProcess; stop: () => Promise<void> };

/** The production server's build (scripts/build-server.ts), so the run measures the current code. */
function buildServer(): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The server build failed.');
}

/** Starts `node …args` in a process of its own on a free port; resolves once /readyz answers 200. */
async function startServer(name: string, args: string[], env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const output = createWriteStream(SERVER_LOG, { flags: 'a' });
  await once(output, 'open');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', output, output],
  });
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    output.end();
  };
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { name, url, process: child, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`${name} did not start (see ${SERVER_LOG}).`);
}

/** A space of its own with one merge of TRACKING_RECIPIENTS recipients and one link. */
function seedMerge(pool: pg.Pool, name: string): Promise<{ mergeId: string; recipientIds: string[] }> {
  return inTransaction(pool, async (client) => {
    const { userId, workspaceId } = await seedOwner(client, {
      email: `${name}@bench.test`,
      spaceName: `${name} bench`,
      slug: `${name}-bench`,
    });
    const merge = await client.query<{ id: string }>(
      `insert into campaigns (workspace_id, user_id, subject, merge_source_sheet_key, spreadsheet_name, sheet_name,
         created_at, last_update_at, last_email_sent_at, sent_count)
       values ($1, $2, 'Tracked merge', 'tracked-0', 'Tracked', 'Sheet', now(), now(), now(), $3)
       returning id`,
      [workspaceId, userId, TRACKING_RECIPIENTS],
    );
    const mergeId = merge.rows[0]!.id;
    await client.query(`insert into campaign_links (campaign_id, link_index, url) values ($1, 0, $2)`, [
      mergeId,
      LINK,
    ]);
    const recipients = await client.query<{ id: string }>(
      `insert into campaign_recipients (id, campaign_id, email, tracking_token, sent_at)
       select id, $1, 'r' || g || '@' || $3 || '.example.com', id::text, now()
       from (select gen_random_uuid() as id, g from generate_series(1, $2) g) s
       returning id`,
      [mergeId, TRACKING_RECIPIENTS, name],
    );
    return { mergeId, recipientIds: recipients.rows.map((row) => row.id) };
  });
}
