import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import type { GmailAccounts } from './modules/gmail/gmail-accounts';
import {
  createDatabase,
  logConnectionErrorToStderr,
  runMigrations,
  type Database,
  type DatabaseErrorLog,
} from './db/client';
import { startEmbeddedPostgres, takeOverShutdownSignals } from './db/embedded';
import { hasNoUsers, seedDemo } from './seed/seed';
import { startEventAggregation } from './jobs/aggregate-events';
import { startSpaceErasure } from './jobs/erase-spaces';

export type RunningServer = {
  app: FastifyInstance;
  /** The server's database (the demo set-up of `npm start` arranges billing with it). */
  db: Database;
  /** The address the server listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  /** Stops accepting requests, finishes the open ones, closes the database (and the embedded PostgreSQL). */
  close: () => Promise<void>;
};

/**
 * Starts the whole server: PostgreSQL (DATABASE_URL, or an embedded one under DATA_DIR),
 * migrations, the demo seed when asked for and the database is empty, then the HTTP API and the
 * event aggregation job.
 */
export async function startServer(
  config: Config,
  /** The senders' Gmail instead of the grants' (the sending engine's fault tests). */
  overrides: { gmailAccounts?: GmailAccounts } = {},
): Promise<RunningServer> {
  const embedded =
    config.DATABASE_URL === undefined
      ? await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_POSTGRES_PORT })
      : undefined;
  const connectionString = config.DATABASE_URL ?? embedded?.connectionString;
  if (connectionString === undefined) throw new Error('No database: set DATABASE_URL.');
  // Lost connections are logged through the app's logger once it exists (stderr before).
  let logConnectionError: DatabaseErrorLog | undefined;
  const {
    db,
    pool,
    close: closePool,
  } = createDatabase(connectionString, {
    onConnectionError: (error, message) => (logConnectionError ?? logConnectionErrorToStderr)(error, message),
  });
  try {
    await runMigrations(db);
    if (config.SEED_DEMO && (await hasNoUsers(db))) await seedDemo(db);
    const app = await buildApp(config, { db, pool, ...overrides });
    logConnectionError = (error, message) => app.log.warn({ err: error }, message);
    if (embedded) app.log.info({ port: config.EMBEDDED_POSTGRES_PORT }, 'using embedded PostgreSQL');
    // The sending engine's workers (issue 24) start before the server listens: once /readyz
    // answers, the whole server is up, and a SIGTERM then (a deploy's rolling restart) finds the
    // job queue started, not starting on a database that is being stopped under it. app.close()
    // stops them, waiting for the runs in flight to end at their next recipient (bounded).
    if (config.SENDING_WORKERS) await app.sendingEngine.startWorkers();
    const url = await app.listen({ host: config.HOST, port: config.PORT });
    const aggregation = startEventAggregation({
      db,
      intervalMs: config.AGGREGATION_INTERVAL_MS,
      log: app.log,
      status: app.aggregationStatus,
    });
    const erasure = startSpaceErasure({ db, log: app.log });
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        await app.close();
        // The pool drops, after a grace period, a connection that never comes back; that also
        // ends an aggregation run stuck on it.
        await Promise.all([aggregation.stop(), erasure.stop(), closePool()]);
        await embedded?.stop();
      })());
    return { app, db, url, close };
  } catch (error) {
    await pool.end();
    await embedded?.stop();
    throw error;
  }
}

/** The signals that stop the server (SIGHUP: a closed terminal). */
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A stop asked while the server starts (a deploy's rolling restart that changes its mind, Ctrl-C
 * during the migrations) is kept until it has started, then carried out as stopOnSignals carries
 * out one afterwards: requests drained, pool closed, embedded PostgreSQL stopped, exit 0. Before,
 * the embedded PostgreSQL's own hook took the signal, stopped the database under the starting
 * server and ended the process with 143. A second signal while starting ends it at once (1).
 * Call `started()` once stopOnSignals is in place.
 */
export function deferSignalsWhileStarting(log: (message: string) => void = console.error): {
  started: () => void;
} {
  takeOverShutdownSignals();
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received !== undefined) process.exit(1);
    received = signal;
    log(`${signal} received while starting: the server stops once it has started`);
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, onSignal);
  return {
    started: () => {
      for (const signal of SHUTDOWN_SIGNALS) process.off(signal, onSignal);
      if (received !== undefined) process.kill(process.pid, received);
    },
  };
}

/**
 * Stops on SIGINT, SIGTERM and SIGHUP; a second signal exits at once. The stop is the only one: the embedded
 * PostgreSQL's own signal hook is taken off, so the database stops after the requests in flight
 * are answered and the pool is closed, not beside them.
 */
export function stopOnSignals(
  stop: () => Promise<void>,
  log: (message: string) => void = console.error,
): void {
  takeOverShutdownSignals();
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal} received, shutting down…`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  // SIGHUP, a closed terminal: stopped like the others (the embedded PostgreSQL's hook used to take it).
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, onSignal);
}
