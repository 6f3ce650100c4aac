import { startGmailEmulator, type RunningGmailEmulator } from '@mergedesk/gmail-emulator/server';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createDatabase, type Database } from '../db/client';
import { sessions } from '../db/schema';
import { seedDemo, type DemoSeedResult } from '../seed/seed';
import { createAccessTokenSigner } from '../lib/access-token';
import { createSecretBox } from '../lib/secret-box';
import { PROVIDER_TOKEN_PURPOSE } from '../modules/auth/auth.service';

/**
 * The Google access token a test sign-in holds (sessions.providerAccessToken): the test's Gmail
 * stand-in resolves it to the mailbox of `email`.
 */
const testGoogleAccessToken = (email: string) => `test-google-access-token:${email}`;

/** The mailbox of a token made by testGoogleAccessToken, else null (the stand-in answers 401). */
const resolveTestGoogleAccessToken = (token: string): Promise<string | null> =>
  Promise.resolve(token.startsWith('test-google-access-token:') ? token.slice(token.indexOf(':') + 1) : null);

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  pool: pg.Pool;
  config: Config;
  /**
   * The Gmail stand-in (dev-services/gmail-emulator) this app's GMAIL_API_URL points at, unless
   * the test set GMAIL_API_URL itself: drafts, invitations and merges land here.
   */
  gmail: RunningGmailEmulator;
  /**
   * Creates a sign-in session for `email` (as the auth module would) and returns its access token;
   * `scopes` are the session's granted scopes (space-separated; the Gmail compose scope lets the
   * session's Google token create drafts and send invitations).
   */
  signIn: (
    email: string,
    profile?: { name?: string; picture?: string | null; scopes?: string },
  ) => Promise<string>;
  /** Seeds shared/demo-data.md into this test file's database. */
  seedDemo: (options?: { now?: Date }) => Promise<DemoSeedResult>;
  close: () => Promise<void>;
};

/**
 * The real app on a fresh database of its own (a copy of the migrated template), for API tests
 * through `app.inject`.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; seed?: boolean } = {},
): Promise<TestApp & { demo: DemoSeedResult | undefined }> {
  const adminUrl = inject('postgresAdminUrl');
  const databaseName = `test_${randomUUID().replaceAll('-', '')}`;
  // The app connects as the application role (not a superuser), as it does on `npm start`.
  const url = new URL(inject('postgresAppUrl'));
  url.pathname = `/${databaseName}`;
  await createDatabaseFromTemplate(adminUrl, databaseName, inject('postgresTemplateDatabase'), url.username);
  const { db, pool } = createDatabase(url.toString(), { maxConnections: 5 });
  const gmail = await startGmailEmulator({ port: 0, resolveAccessToken: resolveTestGoogleAccessToken });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    WEB_DIST_DIR: '',
    GMAIL_API_URL: `${gmail.url}/`,
    ...options.env,
  });
  const app = await buildApp(config, { db, pool });
  const signIn = createSignIn(db, config);

  const demo = options.seed === true ? await seedDemo(db) : undefined;
  return {
    app,
    db,
    pool,
    config,
    gmail,
    signIn,
    demo,
    seedDemo: (seedOptions) => seedDemo(db, seedOptions),
    close: async () => {
      await app.close();
      await gmail.close();
      await pool.end().catch(() => undefined);
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists "${databaseName}" with (force)`),
      );
    },
  };
}

/** Signs in as `email` the way the auth module would: a session row and its access token. */
export function createSignIn(db: Database, config: Config): TestApp['signIn'] {
  const signer = createAccessTokenSigner(config.SESSION_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const providerTokens = createSecretBox(config.SESSION_SECRET, PROVIDER_TOKEN_PURPOSE);
  return async (email, profile = {}) => {
    const [session] = await db
      .insert(sessions)
      .values({
        subject: `test-${email}`,
        email,
        name: profile.name ?? email.split('@')[0] ?? email,
        picture: profile.picture ?? null,
        ...(profile.scopes === undefined ? {} : { scopes: profile.scopes }),
        refreshTokenHash: 'test-refresh-token-hash',
        expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
        // Google's access token of the sign-in; the Gmail calls need it with the compose scope
        // (sessions.scopes), which a test grants when it needs it.
        providerAccessToken: providerTokens.seal(testGoogleAccessToken(email)),
        providerTokenExpiresAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('no session row');
    const { token } = await signer.sign({ sessionId: session.id, email });
    return token;
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A copy of the template, owned (like the template and its tables) by the application role. */
async function createDatabaseFromTemplate(
  adminUrl: string,
  name: string,
  template: string,
  owner: string,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdminClient(adminUrl, (client) =>
        client.query(`create database "${name}" template "${template}" owner "${owner}"`),
      );
      return;
    } catch (error) {
      // 55006: another file is copying the template at this very moment; wait and retry.
      const code = (error as { code?: unknown }).code;
      if (code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
    }
  }
}

async function withAdminClient<T>(adminUrl: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}
