import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createDatabase, runMigrations } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- vitest's ProvidedContext is extended by declaration merging */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the maintenance database of the test PostgreSQL (its superuser). */
    postgresAdminUrl: string;
    /** Connection string of the application role (not a superuser) on the template database. */
    postgresAppUrl: string;
    /** A migrated, empty database that each test file copies (`create database … template …`). */
    postgresTemplateDatabase: string;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

// A directory and port of its own per run, so two runs on one machine never share a server.
const DATA_DIR = fileURLToPath(new URL(`../../../../.data/test-postgres-${process.pid}`, import.meta.url));
const PORT = 54400 + (process.pid % 500);
const TEMPLATE_DATABASE = 'mergedesk_template';

/** One embedded PostgreSQL for the whole run, wiped at start, with the migrations in a template database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const postgres = await startEmbeddedPostgres({
    dataDir: DATA_DIR,
    port: PORT,
    database: TEMPLATE_DATABASE,
  });
  const { db, pool } = createDatabase(postgres.connectionString, { maxConnections: 1 });
  try {
    await runMigrations(db);
  } finally {
    // No session may stay connected to a template database.
    await pool.end();
  }
  project.provide('postgresAdminUrl', postgres.adminConnectionString);
  project.provide('postgresAppUrl', postgres.connectionString);
  project.provide('postgresTemplateDatabase', TEMPLATE_DATABASE);
  return async () => {
    await postgres.stop();
    rmSync(DATA_DIR, { recursive: true, force: true });
  };
}
