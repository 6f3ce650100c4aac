import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
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

export function createDatabase(connectionString: string, options: { maxConnections?: number } = {}) {
  const pool = new pg.Pool({ connectionString, max: options.maxConnections ?? 10 });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the versioned migrations in src/db/migrations (drizzle-kit), idempotently. */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** PostgreSQL's unique_violation: a concurrent insert won the race for a unique key. */
export function isUniqueViolation(error: unknown): boolean {
  return findPgCode(error) === '23505';
}

/** The SQLSTATE of a PostgreSQL error, also when wrapped (Drizzle's DrizzleQueryError); else undefined. */
export function findPgCode(error: unknown): string | undefined {
  // Drizzle wraps driver errors (DrizzleQueryError) with the pg error as `cause`.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current.code;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}
