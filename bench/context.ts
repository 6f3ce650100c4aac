/**
 * What the benchmark's sections share: one embedded PostgreSQL for the run (started on first use
 * in `.data/bench`, port BENCH_POSTGRES_PORT or 54390, migrated), the server's configuration for
 * it, the report, and a helper that makes a user with a PRO space and a session.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { loadConfig, type Config } from '../apps/server/src/config';
import { createDatabase, runMigrations, type Database } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import type { Report } from './report';

const DATA_DIR = '.data/bench';
const PORT = Number(process.env.BENCH_POSTGRES_PORT ?? 54390);

type BenchDatabase = {
  connectionString: string;
  /** The superuser, for the statistics views (pg_stat_io). */
  adminConnectionString: string;
  db: Database;
  pool: pg.Pool;
  /** The postmaster's process id: its children are the backends (CPU figures from /proc). */
  postmasterPid: () => number;
};

/**
 * BENCH_PG_SETTINGS="commit_delay=20,wal_buffers=16MB": server settings for the run's PostgreSQL
 * (passed as -c at its start), to measure what a setting changes.
 */
function benchPostgresSettings(): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const pair of (process.env.BENCH_PG_SETTINGS ?? '').split(',')) {
    const [name, ...value] = pair.split('=');
    if (name?.trim() && value.length > 0) settings[name.trim()] = value.join('=').trim();
  }
  return settings;
}

export type BenchContext = {
  report: Report;
  /** The run's PostgreSQL, started and migrated on the first call. */
  database: () => Promise<BenchDatabase>;
  /** The server's configuration against the run's PostgreSQL (quiet, no web app). */
  config: (overrides?: Record<string, string>) => Promise<Config>;
};

/** A benchmark section: `npm run bench -- <name>` runs only this one. */
export type Section = { name: string; description: string; run: (context: BenchContext) => Promise<void> };

export function createBenchContext(report: Report): BenchContext & { close: () => Promise<void> } {
  let started: Promise<BenchDatabase & { stop: () => Promise<void> }> | undefined;
  const database = () => {
    started ??= (async () => {
      rmSync(DATA_DIR, { recursive: true, force: true });
      const postgres = await startEmbeddedPostgres({
        dataDir: DATA_DIR,
        port: PORT,
        database: 'mergedesk_bench',
        settings: benchPostgresSettings(),
      });
      // PostgreSQL stopping at the end ends the idle connections: not worth a log line.
      const { db, pool, close } = createDatabase(postgres.connectionString, {
        maxConnections: 20,
        onConnectionError: () => undefined,
      });
      await runMigrations(db);
      return {
        connectionString: postgres.connectionString,
        adminConnectionString: postgres.adminConnectionString,
        postmasterPid: () =>
          Number(readFileSync(path.join(DATA_DIR, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]),
        db,
        pool,
        stop: async () => {
          await close();
          await postgres.stop();
        },
      };
    })();
    return started;
  };
  return {
    report,
    database,
    config: async (overrides = {}) =>
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
        DATABASE_URL: (await database()).connectionString,
        WEB_DIST_DIR: '',
        ...overrides,
      }),
    close: async () => {
      if (started) await (await started).stop();
    },
  };
}

/** A user who owns a PRO space, with a session (for a signed access token). */
export async function seedOwner(
  client: pg.PoolClient,
  { email, spaceName, slug }: { email: string; spaceName: string; slug: string },
): Promise<{ userId: string; workspaceId: string; sessionId: string }> {
  const user = await client.query<{ id: string }>(
    `insert into users (email, name, user_type, domain_name) values ($1, 'Bench', 'BUSINESS', 'bench.test') returning id`,
    [email],
  );
  const userId = user.rows[0]!.id;
  const space = await client.query<{ id: string }>(
    `insert into workspaces (name, slug, plan) values ($1, $2, 'PRO') returning id`,
    [spaceName, slug],
  );
  const workspaceId = space.rows[0]!.id;
  await client.query(
    `insert into workspace_members (workspace_id, user_id, email, role, user_plan, status)
     values ($1, $2, $3, 'OWNER', 'PRO', 'ACTIVE')`,
    [workspaceId, userId, email],
  );
  const session = await client.query<{ id: string }>(
    `insert into sessions (subject, email, name, refresh_token_hash, expires_at)
     values ($1, $2, 'Bench', 'bench', now() + interval '1 day') returning id`,
    [`bench-${slug}`, email],
  );
  return { userId, workspaceId, sessionId: session.rows[0]!.id };
}

/** Runs `work` in one transaction on a client of the pool. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
