import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import {
  ConfigError,
  DEVELOPMENT_SESSION_SECRET,
  isLocalDatabase,
  isLoopbackHost,
  isLocalSetup,
  loadConfig,
} from './config';
import { createDatabase } from './db/client';
import { HSTS_VALUE, PERMISSIONS_POLICY } from './lib/security-headers';
import { apiPath } from './test/api-path';

const REAL_SECRET = 'a-real-secret-of-at-least-thirty-two-characters';
const base = { WEB_DIST_DIR: '', LOG_LEVEL: 'silent' } as const;

describe('start-up: the development secret only on a local set-up', () => {
  it.each<[string, Record<string, string>]>([
    ['the defaults (embedded PostgreSQL, loopback)', {}],
    ['a PostgreSQL on localhost', { DATABASE_URL: 'postgres://u:p@localhost:5432/db' }],
    ['a PostgreSQL on 127.0.0.1', { DATABASE_URL: 'postgres://u:p@127.0.0.1/db' }],
    ['a PostgreSQL on ::1', { DATABASE_URL: 'postgres://u:p@[::1]:5432/db' }],
    ['a PostgreSQL over a Unix socket', { DATABASE_URL: 'postgres://u@/db?host=/var/run/postgresql' }],
    ['a PUBLIC_URL on localhost', { PUBLIC_URL: 'http://localhost:3500' }],
    ['a PUBLIC_URL on a .localhost name', { PUBLIC_URL: 'http://app.localhost:3000' }],
    ['HOST ::1', { HOST: '::1' }],
    ['the test environment', { NODE_ENV: 'test' }],
  ])('starts with %s', (_label, env) => {
    expect(loadConfig({ ...base, ...env }).SESSION_SECRET).toBe(DEVELOPMENT_SESSION_SECRET);
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      'a remote DATABASE_URL',
      { DATABASE_URL: 'postgres://u:p@db.example:5432/db' },
      /DATABASE_URL is not on this machine/,
    ],
    [
      'a DATABASE_URL with a remote host parameter',
      { DATABASE_URL: 'postgres://u:p@/db?host=db.example' },
      /DATABASE_URL/,
    ],
    ['an unreadable DATABASE_URL', { DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [
      'a public PUBLIC_URL',
      { PUBLIC_URL: 'https://app.example' },
      /PUBLIC_URL https:\/\/app.example is not local/,
    ],
    ['HOST 0.0.0.0', { HOST: '0.0.0.0' }, /HOST 0.0.0.0 is not a loopback address/],
    ['production', { NODE_ENV: 'production' }, /NODE_ENV is production/],
  ])('refuses %s without a real SESSION_SECRET, saying why', (_label, env, reason) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(/SESSION_SECRET must be set/);
    expect(() => loadConfig({ ...base, ...env })).toThrow(reason);
  });

  it('starts anywhere with a real SESSION_SECRET', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://app.example',
      DATABASE_URL: 'postgres://u:p@db.example/db',
      SESSION_SECRET: REAL_SECRET,
    });
    expect(isLocalSetup(config)).toBe(false);
  });

  it('recognises loopback hosts and local databases', () => {
    expect(
      ['localhost', 'LOCALHOST', 'a.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'].every(
        isLoopbackHost,
      ),
    ).toBe(true);
    expect(['0.0.0.0', '10.0.0.1', 'example.com', 'localhost.example.com', '::'].some(isLoopbackHost)).toBe(
      false,
    );
    expect(isLocalDatabase(undefined)).toBe(true);
    expect(isLocalDatabase('postgres://u@db.example,localhost/db')).toBe(false);
  });
});

describe('development conveniences and security headers', () => {
  const appFor = async (env: Record<string, string>) => {
    const config = loadConfig({ ...base, ...env });
    // No query is made: the routes answered here never touch the database.
    const { db, pool } = createDatabase('postgres://u:p@127.0.0.1:1/none', { onConnectionError: () => {} });
    const app = await buildApp(config, { db, pool });
    return { app, close: async () => (await app.close(), await pool.end()) };
  };

  it('serves /dev/mailbox only on a local set-up with a local Gmail stand-in', async () => {
    const remote = await appFor({
      DATABASE_URL: 'postgres://u:p@db.example/db',
      SESSION_SECRET: REAL_SECRET,
      GMAIL_API_URL: 'http://localhost:3003/',
    });
    try {
      expect(
        (await remote.app.inject({ method: 'GET', url: apiPath('development.mailbox') })).statusCode,
      ).toBe(404);
    } finally {
      await remote.close();
    }
    const local = await appFor({ GMAIL_API_URL: 'http://localhost:3003/' });
    try {
      const response = await local.app.inject({ method: 'GET', url: apiPath('development.mailbox') });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('http://localhost:3003/');
    } finally {
      await local.close();
    }
    // Local, but the mail goes to Google: there is no stand-in page to lead to.
    const google = await appFor({});
    try {
      expect(google.app.hasRoute({ method: 'GET', url: apiPath('development.mailbox') })).toBe(false);
    } finally {
      await google.close();
    }
  });

  it('sends Permissions-Policy always and HSTS only over https', async () => {
    const { app, close } = await appFor({ TRUST_PROXY: 'true' });
    try {
      const plain = await app.inject({ method: 'GET', url: apiPath('health.liveness') });
      expect(plain.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const secure = await app.inject({
        method: 'GET',
        url: apiPath('health.liveness'),
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBe(HSTS_VALUE);
      expect(secure.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    } finally {
      await close();
    }
  });
});
