import pg from 'pg';
import { loadConfig } from '../config';
import { createDatabase, runMigrations } from '../db/client';
import { embeddedConnectionString, readCredentials, startEmbeddedPostgres } from '../db/embedded';
import { seedDemo } from './seed';

/**
 * `npm run seed:demo`: empties every table of the application and seeds the demo again, against
 * DATABASE_URL, or the embedded PostgreSQL (the running server's when it is up, else a fresh start).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  let stopEmbedded: (() => Promise<void>) | undefined;
  let connectionString = config.DATABASE_URL;
  if (connectionString === undefined) {
    const credentials = readCredentials(config.DATA_DIR);
    const running = credentials && embeddedConnectionString(credentials, config.EMBEDDED_POSTGRES_PORT);
    if (running !== undefined && (await canConnect(running))) {
      connectionString = running;
    } else {
      const embedded = await startEmbeddedPostgres({
        dataDir: config.DATA_DIR,
        port: config.EMBEDDED_POSTGRES_PORT,
      });
      connectionString = embedded.connectionString;
      stopEmbedded = embedded.stop;
    }
  }
  const { db, pool } = createDatabase(connectionString);
  try {
    await runMigrations(db);
    const tables = await pool.query<{ name: string }>(
      "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'",
    );
    const names = tables.rows.map((row) => row.name);
    // The migrations journal lives in the "drizzle" schema, so it is not among these.
    if (names.length > 0) await pool.query(`truncate table ${names.join(', ')} restart identity cascade`);
    const result = await seedDemo(db);
    console.log(
      `Demo data seeded: ${Object.keys(result.users).length} users, ${Object.keys(result.spaces).length} spaces.`,
    );
  } finally {
    await pool.end();
    await stopEmbedded?.();
  }
}

async function canConnect(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

await main();
