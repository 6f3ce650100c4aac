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
import pg from 'pg';
import { createTrackingTokens } from '../apps/server/src/modules/tracking/tracking-token';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags';
import { freePort } from '../dev-services/identity-provider/src/testing/provider-browser';
import { inTransaction, seedOwner, type Section } from './context';
import { cpuMsOf, postgresCpuMs } from './proc-cpu';
import { log, printRows } from './report';

/** Enough recipients that none comes near its own rate limit (TRACKING_TOKEN_RATE_PER_MINUTE). */
const TRACKING_RECIPIENTS = 30_000;
const LINK = 'https://example.com/offer';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_TRACKING_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_TRACKING_ROUNDS ?? 2);
/**
 * The context server's hold (raw node:http doing nothing but answering this much later): about
 * what a hit waits at least for a durable commit here — the WAL fsync of its batch (0.5–0.7 ms on
 * this machine's disk, printed below) after the one in progress when it arrived.
 */
const ANSWER_AFTER_MS = 1;
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
  /** CPU of the server's process per answer, ms. */
  cpuMsPerHit: number;
  /** MergeDesk only: the load-robust figures (CPU per hit, the writer's batches). */
  cost?: Cost;
};

/** What a run cost, whatever the machine's load did to its throughput. */
type Cost = {
  /** CPU of the server's process per answered hit, ms. */
  serverCpuMsPerHit: number;
  /** CPU of PostgreSQL (postmaster and backends) per answered hit, ms. */
  postgresCpuMsPerHit: number;
  /** The writer's batches (one INSERT, one commit each) per second. */
  commitsPerSecond: number;
  hitsPerCommit: number;
  /** A hit's mean wait for its batch to start, ms. */
  queueMs: number;
  /** A batch's mean write: statement and commit (WAL flush included), ms. */
  statementMs: number;
  /** Mean batches already in flight when one started. */
  inFlightAtStart: number;
};

type WriterStats = {
  items: number;
  batches: number;
  queueWaitMs: number;
  flushMs: number;
  inFlightAtStart: number;
  heldBack: number;
};

export const trackingSection: Section = {
  name: 'tracking',
  description:
    'open pixel and click redirect against raw node:http (autocannon), every acknowledged hit written',
  run: async ({ database, report }) => {
    const { connectionString, adminConnectionString, pool, postmasterPid } = await database();
    const walBefore = await walIo(adminConnectionString);
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
    // Every stored hit of the merge: moved into campaign_events by the aggregation job, or still in
    // its queue (tracking_hit_batches, as the tracking writer committed it).
    const hitsStored = async () => {
      const { rows } = await pool.query<{ moved: string; queued: string }>(
        `select
           (select count(*) from campaign_events where campaign_id = $1) as moved,
           (select count(*) from tracking_hit_batches b, unnest(b.recipient_ids) as h(recipient_id)
            join campaign_recipients r on r.id = h.recipient_id
            where r.campaign_id = $1) as queued`,
        [mergeId],
      );
      const moved = Number(rows[0]?.moved ?? 0);
      const queued = Number(rows[0]?.queued ?? 0);
      return { moved, queued, total: moved + queued };
    };

    const raw = await startServer('raw node:http', ['--import', 'tsx', 'bench/raw-tracking-server.ts'], {
      RAW_LINK: LINK,
    });
    // BENCH_CPU_PROF=<dir>: MergeDesk writes a CPU profile there (node --cpu-prof) when it stops.
    const profile = process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
      : [];
    const mergedesk = await startServer(
      'MergeDesk',
      [...profile, ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'],
      {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://mergedesk.bench.test',
        SESSION_SECRET: secret,
        DATABASE_URL: connectionString,
        // All the load comes from one address: its limit would answer 429 to the benchmark.
        TRACKING_ADDRESS_RATE_PER_SECOND: '1000000',
        ...(process.env.TRACKING_BATCHES_IN_FLIGHT
          ? { TRACKING_BATCHES_IN_FLIGHT: process.env.TRACKING_BATCHES_IN_FLIGHT }
          : {}),
      },
      { ipc: true },
    );
    const peer = await startServer(
      'raw node:http + one INSERT per hit',
      ['--import', 'tsx', 'bench/raw-tracking-server.ts'],
      { DATABASE_URL: connectionString },
    );
    // Context: the wait for a durable commit alone, without any work (see raw-tracking-server.ts).
    const waiting = await startServer(
      `raw node:http answering ${ANSWER_AFTER_MS} ms later`,
      ['--import', 'tsx', 'bench/raw-tracking-server.ts'],
      { RAW_LINK: LINK, RAW_ANSWER_AFTER_MS: String(ANSWER_AFTER_MS) },
    );
    log(`the servers' output: ${SERVER_LOG}`);
    const runs: Run[] = [];
    let acknowledged = 0;
    let sent = 0;
    try {
      const load = async (server: Server, endpoint: Endpoint, round: number, seconds: number) => {
        const measured = server === mergedesk;
        const cpuBefore = cpuMsOf(server.process.pid!);
        const before = measured
          ? {
              server: cpuMsOf(server.process.pid!),
              postgres: postgresCpuMs(postmasterPid()),
              writer: await writerStatsOf(server),
            }
          : undefined;
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
        let cost: Cost | undefined;
        if (before) {
          const writer = subtract(await writerStatsOf(server), before.writer);
          const hits = Math.max(1, answered);
          cost = {
            serverCpuMsPerHit: (cpuMsOf(server.process.pid!) - before.server) / hits,
            postgresCpuMsPerHit: (postgresCpuMs(postmasterPid()) - before.postgres) / hits,
            commitsPerSecond: writer.batches / result.duration,
            hitsPerCommit: writer.items / Math.max(1, writer.batches),
            queueMs: writer.queueWaitMs / Math.max(1, writer.items),
            statementMs: writer.flushMs / Math.max(1, writer.batches),
            inFlightAtStart: writer.inFlightAtStart / Math.max(1, writer.batches),
          };
        }
        const run: Run = {
          cost,
          cpuMsPerHit: (cpuMsOf(server.process.pid!) - cpuBefore) / Math.max(1, answered),
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
        endpoint === endpoints[0] ? [raw, waiting, mergedesk, peer] : [raw, waiting, mergedesk];
      for (const endpoint of endpoints) {
        for (const server of serversFor(endpoint)) await load(server, endpoint, 0, WARM_UP_SECONDS);
      }
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const endpoint of endpoints) {
          for (const server of serversFor(endpoint)) {
            const run = await load(server, endpoint, round, SECONDS);
            log(
              `round ${round} ${server.name} ${endpoint.name}: ${Math.round(run.rps)} req/s, p99 ${run.p99} ms` +
                (run.other + run.errors > 0 ? `, ${run.other} other answers, ${run.errors} errors` : '') +
                (run.cost ? `, ${describeCost(run.cost)}` : ''),
            );
            runs.push(run);
          }
        }
      }
    } finally {
      await Promise.all([raw.stop(), waiting.stop(), mergedesk.stop(), peer.stop()]);
    }
    const written = await hitsStored();

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
        'CPU ms/hit',
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
        run.cpuMsPerHit.toFixed(3),
        String(run.other),
        String(run.errors),
      ]),
      2,
    );
    log(
      `MergeDesk acknowledged ${acknowledged} hits (of ${sent} sent, warm-up included); ${written.total} stored: ` +
        `${written.moved} moved into campaign_events by the aggregation job, ${written.queued} still queued when the servers stopped`,
    );
    const measuredRuns = runs.filter((run) => run.cost !== undefined && run.round > 0);
    console.log(
      `\nTracking: what MergeDesk's hits cost (load-robust: CPU per hit, commits; a hit's time = queue + statement with its commit)\n`,
    );
    printRows(
      [
        'endpoint',
        'round',
        'req/s',
        'p50 ms',
        'CPU ms/hit server',
        'CPU ms/hit PostgreSQL',
        'commits/s',
        'hits/commit',
        'queue ms',
        'statement+commit ms',
        'in flight at start',
      ],
      measuredRuns.map((run) => [
        run.endpoint.name,
        String(run.round),
        String(Math.round(run.rps)),
        String(run.p50),
        run.cost!.serverCpuMsPerHit.toFixed(3),
        run.cost!.postgresCpuMsPerHit.toFixed(3),
        String(Math.round(run.cost!.commitsPerSecond)),
        run.cost!.hitsPerCommit.toFixed(1),
        run.cost!.queueMs.toFixed(2),
        run.cost!.statementMs.toFixed(2),
        run.cost!.inFlightAtStart.toFixed(2),
      ]),
      2,
    );
    // PostgreSQL's WAL fsyncs over the whole section (every server's runs). Backends report their
    // I/O statistics when idle, at the latest after about 10 s.
    await sleep(11_000);
    const wal = subtractWal(await walIo(adminConnectionString), walBefore);
    log(
      `PostgreSQL WAL over the section: ${wal.fsyncs} fsyncs, mean ${(wal.fsyncTimeMs / Math.max(1, wal.fsyncs)).toFixed(2)} ms; ` +
        `${wal.writes} writes, mean ${(wal.writeTimeMs / Math.max(1, wal.writes)).toFixed(3)} ms (track_wal_io_timing)`,
    );

    const best = (server: Server, endpoint: Endpoint) =>
      runs
        .filter((run) => run.server === server.name && run.endpoint === endpoint)
        .reduce((a, b) => (b.rps > a.rps ? b : a));
    for (const endpoint of endpoints) {
      const ours = best(mergedesk, endpoint);
      const theirs = best(raw, endpoint);
      const wait = best(waiting, endpoint);
      const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;
      log(
        `${endpoint.name}: ${waiting.name} (no work, only the wait): ${Math.round(wait.rps)} req/s, ` +
          `${percent(wait.rps, theirs.rps)} of raw; MergeDesk ${percent(ours.rps, theirs.rps)} of raw, ` +
          `${percent(ours.rps, wait.rps)} of the waiting server`,
      );
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
      value: written.total,
      unit: 'events',
      atLeast: acknowledged,
    });
  },
};

type Server = { name: string; url: string; process: ChildProcess; stop: () => Promise<void> };

/** The server's tracking writer counters (over its IPC channel; main.ts answers). */
async function writerStatsOf(server: Server): Promise<WriterStats> {
  const answer = new Promise<WriterStats>((resolve) => {
    const onMessage = (message: { type?: string; writer?: WriterStats }) => {
      if (message.type !== 'tracking-stats' || !message.writer) return;
      server.process.off('message', onMessage);
      resolve(message.writer);
    };
    server.process.on('message', onMessage);
  });
  server.process.send('tracking-stats');
  return answer;
}

function subtract(after: WriterStats, before: WriterStats): WriterStats {
  return {
    items: after.items - before.items,
    batches: after.batches - before.batches,
    queueWaitMs: after.queueWaitMs - before.queueWaitMs,
    flushMs: after.flushMs - before.flushMs,
    inFlightAtStart: after.inFlightAtStart - before.inFlightAtStart,
    heldBack: after.heldBack - before.heldBack,
  };
}

function describeCost(cost: Cost): string {
  return (
    `CPU/hit ${cost.serverCpuMsPerHit.toFixed(3)} ms server, ${cost.postgresCpuMsPerHit.toFixed(3)} ms PostgreSQL; ` +
    `${Math.round(cost.commitsPerSecond)} commits/s × ${cost.hitsPerCommit.toFixed(1)} hits; ` +
    `queue ${cost.queueMs.toFixed(2)} ms + statement ${cost.statementMs.toFixed(2)} ms; ` +
    `${cost.inFlightAtStart.toFixed(2)} in flight at start`
  );
}

type WalIo = { writes: number; writeTimeMs: number; fsyncs: number; fsyncTimeMs: number };

/** PostgreSQL's WAL writes and fsyncs so far (pg_stat_io, PostgreSQL 18; times need track_wal_io_timing). */
async function walIo(adminConnectionString: string): Promise<WalIo> {
  const client = new pgClient({ connectionString: adminConnectionString });
  await client.connect();
  try {
    await client.query(`alter system set track_wal_io_timing = on`);
    await client.query(`select pg_reload_conf()`);
    const result = await client.query<{
      writes: string;
      write_time: string;
      fsyncs: string;
      fsync_time: string;
    }>(
      `select coalesce(sum(writes), 0) as writes, coalesce(sum(write_time), 0) as write_time,
              coalesce(sum(fsyncs), 0) as fsyncs, coalesce(sum(fsync_time), 0) as fsync_time
       from pg_stat_io where object = 'wal'`,
    );
    const row = result.rows[0]!;
    return {
      writes: Number(row.writes),
      writeTimeMs: Number(row.write_time),
      fsyncs: Number(row.fsyncs),
      fsyncTimeMs: Number(row.fsync_time),
    };
  } finally {
    await client.end();
  }
}

function subtractWal(after: WalIo, before: WalIo): WalIo {
  return {
    writes: after.writes - before.writes,
    writeTimeMs: after.writeTimeMs - before.writeTimeMs,
    fsyncs: after.fsyncs - before.fsyncs,
    fsyncTimeMs: after.fsyncTimeMs - before.fsyncTimeMs,
  };
}

/** The production server's build (scripts/build-server.ts), so the run measures the current code. */
function buildServer(): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The server build failed.');
}

/** Starts `node …args` in a process of its own on a free port; resolves once /readyz answers 200. */
async function startServer(
  name: string,
  args: string[],
  env: Record<string, string>,
  options: { ipc?: boolean } = {},
): Promise<Server> {
  const port = await freePort();
  const output = createWriteStream(SERVER_LOG, { flags: 'a' });
  await once(output, 'open');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: options.ipc ? ['ignore', output, output, 'ipc'] : ['ignore', output, output],
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
const pgClient = pg.Client;

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
