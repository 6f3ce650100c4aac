import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isDatabaseUnavailable, toSafeDatabaseError } from './errors';
import * as schema from './schema';

export type Database = ReturnType<typeof createDatabase>['db'];

/**
 * The database or an open transaction: repository functions take this, so a service can run
 * several of them in one transaction (and the demo seed can reuse them).
 */
export type Executor = PgDatabase<
  NodePgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

export type DatabaseErrorLog = (error: unknown, message: string) => void;

/** Until the app's logger exists (migrations, seed), connection errors go to stderr, codes only. */
export const logConnectionErrorToStderr: DatabaseErrorLog = (error, message) =>
  console.error(message, toSafeDatabaseError(error) ?? String(error));

/**
 * The pool and Drizzle over it. A connection that PostgreSQL ends (restart, pg_terminate_backend,
 * network) makes pg emit 'error' on the pool (idle client) or on the client (checked out between
 * two queries); unheard, that event would end the process. Both are heard and logged: the broken
 * client is dropped by the pool, the query in flight fails (the API answers 503) and the next one
 * opens a new connection.
 */
export function createDatabase(
  connectionString: string,
  options: { maxConnections?: number; onConnectionError?: DatabaseErrorLog } = {},
) {
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    // While the database is away, requests fail within seconds instead of waiting for a connection.
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
  });
  const report = options.onConnectionError ?? logConnectionErrorToStderr;
  const onError = (error: Error) => report(error, 'database connection lost');
  const clients = new Set<pg.PoolClient>();
  pool.on('error', onError);
  pool.on('connect', (client) => {
    clients.add(client);
    client.on('error', onError);
  });
  pool.on('remove', (client) => clients.delete(client));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  releaseEveryTransactionClient(db, pool);
  /**
   * Ends the pool. pool.end() waits for every client to come back; one that never does would hold
   * shutdown forever, so after `graceMs` the sockets still open are destroyed and the clients
   * still checked out are given back as broken. Seen: a connection lost mid-query whose end was
   * never noticed (after a database restart). (A client Drizzle never released after a failed
   * BEGIN was the other; releaseEveryTransactionClient gives those back as they fail.)
   */
  const close = async (graceMs = POOL_END_GRACE_MS): Promise<void> => {
    const ended = pool.end();
    const timer = setTimeout(() => {
      for (const client of clients) {
        client.connection.stream.destroy();
        try {
          // Throws for a client already given back (idle): nothing to do then.
          client.release(new Error('The pool is closing.'));
        } catch {
          // already released
        }
      }
    }, graceMs);
    try {
      await ended;
    } finally {
      clearTimeout(timer);
    }
  };
  return { db, pool, close };
}

type SessionTransaction = (transaction: unknown, config?: unknown) => Promise<unknown>;

/**
 * Drizzle's transaction() over a pool checks a client out and runs BEGIN before its try/finally:
 * a BEGIN that fails (the connection died between the check-out and BEGIN, or a bad transaction
 * setting) never gives the client back, and after `max` such failures the pool is exhausted for
 * good while the server runs. Here the pool's client is checked out by us, Drizzle runs the
 * transaction on that one client (over a client it neither checks out nor releases), and the client
 * always goes back: as broken when the database went away, so the pool drops it.
 */
function releaseEveryTransactionClient(db: { _: { session: unknown } }, pool: pg.Pool): void {
  const session = db._.session as { transaction: SessionTransaction; client: unknown };
  const transactionOnClient = session.transaction;
  session.transaction = async (transaction, config) => {
    const client = await pool.connect();
    // The same session (dialect, schema, logger) over the one checked-out client.
    const onClient = Object.create(session) as typeof session;
    onClient.client = client;
    let broken: Error | undefined;
    try {
      return await transactionOnClient.call(onClient, transaction, config);
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/** How long shutdown waits for the pool's connections before it drops them. */
const POOL_END_GRACE_MS = 2000;

const CONNECTION_TIMEOUT_MS = 5000;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the versioned migrations in src/db/migrations (drizzle-kit), idempotently. */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}

export { findPgCode, isUniqueViolation } from './errors';
