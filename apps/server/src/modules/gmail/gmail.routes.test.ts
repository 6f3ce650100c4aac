import { AUTH_BASE_PATH, ENDPOINTS } from '@mergedesk/domain/api/endpoints';
import type { GmailConnection } from '@mergedesk/domain/api/sending';
import { startGmailEmulator, type RunningGmailEmulator } from '@mergedesk/gmail-emulator/server';
import { startIdentityProvider } from '@mergedesk/identity-provider/provider';
import { freePort, signInAtProvider } from '@mergedesk/identity-provider/testing/provider-browser';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmailGrants, sessions } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { composeMime } from '../../mail/mime';
import { apiPath } from '../../test/api-path';
import { bearer, createTestApp } from '../../test/test-app';
import { createGmailAccounts, GMAIL_REFRESH_TOKEN_PURPOSE, GmailApiError } from './gmail-accounts';

const PUBLIC_URL = 'http://localhost:3997';
const SIGN_IN_CALLBACK = `${PUBLIC_URL}/auth/callback`;
const GMAIL_CALLBACK = `${PUBLIC_URL}${ENDPOINTS['gmail.callback'].path}`;
const SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send';
const CLIENT_SECRET = 'gmail-test-secret';

let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
/** The Gmail stand-in, resolving access tokens at the provider's userinfo like `npm start`. */
let gmail: RunningGmailEmulator;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  const port = await freePort();
  idp = await startIdentityProvider({
    port,
    issuer: `http://localhost:${port}`,
    clients: [
      {
        clientId: 'mergedesk-web',
        clientSecret: CLIENT_SECRET,
        redirectUris: [SIGN_IN_CALLBACK, GMAIL_CALLBACK],
      },
    ],
  });
  gmail = await startGmailEmulator({ port: 0, userinfoUrl: `${idp.issuer}/me`, sendsPerSecond: 1000 });
  t = await createTestApp({
    seed: true,
    env: {
      PUBLIC_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      GMAIL_API_URL: `${gmail.url}/`,
      GMAIL_TIMEOUT_MS: '500',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
});

afterAll(async () => {
  await t.close();
  await gmail.close();
  await idp.close();
});

const cookiesOf = (response: LightMyRequestResponse) =>
  Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
const userId = async (email: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: apiPath('users.me'),
    headers: bearer(await t.signIn(email)),
  });
  return response.json<{ userId: string }>().userId;
};

/** Signs `email` in through the provider; answers the refresh cookie (path /api/v1/auth). */
async function signIn(email: string): Promise<Record<string, string>> {
  const authorize = await t.app.inject({ method: 'GET', url: apiPath('auth.authorize') });
  const callback = await signInAtProvider(
    new URL(authorize.headers.location as string),
    email,
    SIGN_IN_CALLBACK,
  );
  const token = await t.app.inject({
    method: 'POST',
    url: apiPath('auth.token'),
    headers: { cookie: cookieHeader(cookiesOf(authorize)) },
    payload: Object.fromEntries(callback.searchParams),
  });
  expect(token.statusCode).toBe(200);
  return { md_session: cookiesOf(token).md_session! };
}

/** The connect round trip: signed in as `signedIn`, the provider answered by `answeredBy`. */
async function connect(signedIn: string, answeredBy = signedIn, returnTo = '/mail-merges') {
  const session = await signIn(signedIn);
  const start = await t.app.inject({
    method: 'GET',
    url: apiPath('gmail.connect', {}, { returnTo }),
    headers: { cookie: cookieHeader(session) },
  });
  expect(start.statusCode).toBe(302);
  const providerUrl = new URL(start.headers.location as string);
  const callback = await signInAtProvider(providerUrl, answeredBy, GMAIL_CALLBACK);
  const done = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieHeader(cookiesOf(start)) },
  });
  return { start, providerUrl, callback, done };
}

const status = async (email: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: apiPath('gmail.status'),
      headers: bearer(await t.signIn(email)),
    })
  ).json<GmailConnection>();

const grantRow = async (id: string) =>
  (await t.db.select().from(gmailGrants).where(eq(gmailGrants.userId, id)))[0];

const discoverProvider = () =>
  oidc.discovery(new URL(idp.issuer), 'mergedesk-web', undefined, oidc.ClientSecretBasic(CLIENT_SECRET), {
    execute: [oidc.allowInsecureRequests],
  });

const message = (from: string, to: string, id = `${crypto.randomUUID()}@mergedesk.test`) =>
  composeMime({
    from: { name: 'Sender', address: from },
    to,
    subject: 'Grüße',
    html: '<p>Hallo</p>',
    text: 'Hallo',
    messageId: id,
  });

describe('connecting Gmail (gmail.send with offline access)', () => {
  it('redirects to the provider for gmail.send, offline, the own address, with state and S256 PKCE', async () => {
    const session = await signIn('olivia@acme.test');
    const start = await t.app.inject({
      method: 'GET',
      url: apiPath('gmail.connect', {}, { returnTo: '/mail-merges' }),
      headers: { cookie: cookieHeader(session) },
    });
    expect(start.statusCode).toBe(302);
    const location = new URL(start.headers.location as string);
    expect(location.origin).toBe(idp.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      scope: `openid email ${SEND_SCOPE}`,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      login_hint: 'olivia@acme.test',
      redirect_uri: GMAIL_CALLBACK,
      code_challenge_method: 'S256',
      state: expect.any(String),
      code_challenge: expect.any(String),
    });
    const cookie = start.cookies.find(({ name }) => name === 'md_gmail');
    // Lax: it must come back with the top-level navigation from the provider.
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: `${AUTH_BASE_PATH}/gmail` });
  });

  it('sends a caller without a session to the sign-in page, back to returnTo afterwards', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: apiPath('gmail.connect', {}, { returnTo: '/mail-merges' }),
    });
    expect(start.statusCode).toBe(302);
    const location = new URL(start.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/login`);
    expect(location.searchParams.get('continue')).toBe('/mail-merges');
    expect(start.cookies.find(({ name }) => name === 'md_gmail')).toBeUndefined();

    // A signed-out session's cookie is no session either.
    const session = await signIn('mia@acme.test');
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.email, 'mia@acme.test'));
    const signedOut = await t.app.inject({
      method: 'GET',
      url: apiPath('gmail.connect'),
      headers: { cookie: cookieHeader(session) },
    });
    expect(new URL(signedOut.headers.location as string).pathname).toBe('/login');
  });

  it('stores the refresh token sealed, answers CONNECTED and goes back to returnTo', async () => {
    const { done } = await connect('olivia@acme.test', 'olivia@acme.test', '/mail-merges?tab=scheduled');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`${PUBLIC_URL}/mail-merges?tab=scheduled&gmail=connected`);
    // The state cookie is single-use.
    expect(done.cookies.find(({ name }) => name === 'md_gmail')?.value).toBe('');

    const olivia = await userId('olivia@acme.test');
    const row = await grantRow(olivia);
    expect(row).toMatchObject({ email: 'olivia@acme.test', status: 'ACTIVE', revokedAt: null });
    expect(row?.scopes.split(' ')).toContain(SEND_SCOPE);
    // Sealed: the column is not the provider's token, which opens from it and works at the provider.
    const refreshToken = createSecretBox(t.config.SESSION_SECRET, GMAIL_REFRESH_TOKEN_PURPOSE).open(
      row!.refreshToken,
    );
    expect(refreshToken).toEqual(expect.any(String));
    expect(row!.refreshToken).not.toContain(refreshToken!);
    expect(row!.refreshToken).toMatch(/^v1\./);
    const refreshed = await oidc.refreshTokenGrant(await discoverProvider(), refreshToken!);
    expect(refreshed.access_token).toEqual(expect.any(String));

    expect(await status('olivia@acme.test')).toEqual({
      status: 'CONNECTED',
      email: 'olivia@acme.test',
      connectedAt: row!.grantedAt.getTime(),
    });
  });

  it('refuses the consent of another Google account and stores nothing', async () => {
    const { done } = await connect('adam@acme.test', 'mia@acme.test');
    expect(done.headers.location).toBe(`${PUBLIC_URL}/mail-merges?gmail=wrong-account`);
    expect(await grantRow(await userId('adam@acme.test'))).toBeUndefined();
    expect(await grantRow(await userId('mia@acme.test'))).toBeUndefined();
    expect((await status('adam@acme.test')).status).toBe('NOT_CONNECTED');
  });

  it('refuses a callback whose state is not the one sealed in the cookie, and one without the cookie', async () => {
    const session = await signIn('adam@acme.test');
    const start = await t.app.inject({
      method: 'GET',
      url: apiPath('gmail.connect'),
      headers: { cookie: cookieHeader(session) },
    });
    const callback = await signInAtProvider(
      new URL(start.headers.location as string),
      'adam@acme.test',
      GMAIL_CALLBACK,
    );
    const forged = new URLSearchParams(callback.search);
    forged.set('state', 'another-state');
    const badState = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}?${forged.toString()}`,
      headers: { cookie: cookieHeader(cookiesOf(start)) },
    });
    expect(badState.headers.location).toBe(`${PUBLIC_URL}/?gmail=failed`);
    const noCookie = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(noCookie.headers.location).toBe(`${PUBLIC_URL}/?gmail=failed`);
    expect(await grantRow(await userId('adam@acme.test'))).toBeUndefined();
  });

  it('keeps returnTo on this site only', async () => {
    const session = await signIn('adam@acme.test');
    const start = await t.app.inject({
      method: 'GET',
      url: apiPath('gmail.connect', {}, { returnTo: '//evil.example/x' }),
      headers: { cookie: cookieHeader(session) },
    });
    const callback = await signInAtProvider(
      new URL(start.headers.location as string),
      'adam@acme.test',
      GMAIL_CALLBACK,
    );
    const done = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeader(cookiesOf(start)) },
    });
    expect(done.headers.location).toBe(`${PUBLIC_URL}/?gmail=connected`);
  });

  it("answers each person's own grant only, and 401 without a token", async () => {
    expect((await status('olivia@acme.test')).status).toBe('CONNECTED');
    expect(await status('mia@acme.test')).toEqual({
      status: 'NOT_CONNECTED',
      email: null,
      connectedAt: null,
    });
    expect((await t.app.inject({ method: 'GET', url: apiPath('gmail.status') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: apiPath('gmail.disconnect') })).statusCode).toBe(401);
    // Mia disconnecting touches nobody else's grant.
    const mia = await t.app.inject({
      method: 'DELETE',
      url: apiPath('gmail.disconnect'),
      headers: bearer(await t.signIn('mia@acme.test')),
    });
    expect(mia.statusCode).toBe(204);
    expect((await status('olivia@acme.test')).status).toBe('CONNECTED');
  });
});

describe("the sender's Gmail through the grant", () => {
  it('sends as the sender, finds the message by its Message-ID, lists sendAs, and keeps drafts', async () => {
    const accounts = createGmailAccounts({ config: t.config, db: t.db });
    const account = await accounts.forUser(await userId('olivia@acme.test'));
    expect(account.email).toBe('olivia@acme.test');
    const messageId = `${crypto.randomUUID()}@mergedesk.test`;
    const sent = await account.send(await message('olivia@acme.test', 'zoe@example.test', messageId));
    expect(sent).toEqual({ id: expect.any(String), threadId: expect.any(String) });
    const delivered = gmail.messages().find((candidate) => candidate.id === sent.id);
    expect(delivered).toMatchObject({
      mailbox: 'olivia@acme.test',
      to: ['zoe@example.test'],
      subject: 'Grüße',
    });
    expect(await account.findByRfc822MessageId(messageId)).toBe(sent.id);
    expect(await account.findByRfc822MessageId(`<${messageId}>`)).toBe(sent.id);
    expect(await account.findByRfc822MessageId(`${crypto.randomUUID()}@mergedesk.test`)).toBeNull();
    expect(await account.sendAsAddresses()).toContainEqual(
      expect.objectContaining({ email: 'olivia@acme.test', isDefault: true }),
    );

    const draft = await account.createDraft(await message('olivia@acme.test', ''));
    const listed = await account.listDrafts();
    expect(listed.drafts).toContainEqual({
      ...draft,
      subject: 'Grüße',
      snippet: 'Hallo',
      updatedAt: expect.any(Date),
    });
    expect(await account.getDraft(draft.draftId)).toMatchObject({
      ...draft,
      subject: 'Grüße',
      html: '<p>Hallo</p>',
      text: 'Hallo',
    });
  });

  it("sends an invitation from the inviter's mailbox through the grant when the sign-in has no compose token", async () => {
    // olivia's test session holds no gmail.compose scope: only her grant can send.
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath('members.addSeatMembers', { workspaceId: t.demo!.spaces['Acme Sales']! }),
      headers: bearer(await t.signIn('olivia@acme.test')),
      payload: { userEmails: ['erin@acme.test'] },
    });
    expect(response.json()).toMatchObject({ results: [{ userEmail: 'erin@acme.test', errorDetails: null }] });
    const invitation = gmail.messages().find((candidate) => candidate.to.includes('erin@acme.test'));
    expect(invitation).toMatchObject({
      mailbox: 'olivia@acme.test',
      subject: 'Olivia Owens invited you to Acme Sales on MergeDesk',
    });
    expect(invitation?.text).toContain(`${PUBLIC_URL}/invitations/`);
  });

  it('answers not-connected for a sender without a grant', async () => {
    const accounts = createGmailAccounts({ config: t.config, db: t.db });
    await expect(accounts.forUser(await userId('mia@acme.test'))).rejects.toMatchObject({
      kind: 'not-connected',
    });
  });

  describe('maps Gmail failures for the sending engine, and never retries a send itself', () => {
    const cases = [
      { status: 429, kind: 'rate-limited', retryAfterMs: 1000 },
      { status: 500, kind: 'transient' },
      { status: 503, kind: 'transient' },
      { status: 'timeout', kind: 'transient' },
    ] as const;
    for (const failure of cases) {
      it(`${failure.status} → ${failure.kind}`, async () => {
        const account = await createGmailAccounts({ config: t.config, db: t.db }).forUser(
          await userId('olivia@acme.test'),
        );
        const before = gmail.messages().length;
        gmail.injectFailures({ status: failure.status, count: 1, method: 'messages.send' });
        const error = await account
          .send(await message('olivia@acme.test', 'zoe@example.test'))
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(GmailApiError);
        expect(error).toMatchObject({ kind: failure.kind });
        if (typeof failure.status === 'number')
          expect((error as GmailApiError).options.status).toBe(failure.status);
        if ('retryAfterMs' in failure) {
          expect((error as GmailApiError).options.retryAfterMs).toBe(failure.retryAfterMs);
        }
        // One call, one failure: nothing was sent behind the engine's back.
        expect(gmail.messages().length).toBe(before);
        // And the grant is untouched.
        expect((await status('olivia@acme.test')).status).toBe('CONNECTED');
      });
    }

    it('429 dailyLimitExceeded → daily-limit', async () => {
      const capped = await startGmailEmulator({
        port: 0,
        userinfoUrl: `${idp.issuer}/me`,
        dailySendLimit: 1,
      });
      try {
        const accounts = createGmailAccounts({
          config: { ...t.config, GMAIL_API_URL: `${capped.url}/` },
          db: t.db,
        });
        const account = await accounts.forUser(await userId('olivia@acme.test'));
        await account.send(await message('olivia@acme.test', 'zoe@example.test'));
        await expect(
          account.send(await message('olivia@acme.test', 'zoe@example.test')),
        ).rejects.toMatchObject({
          kind: 'daily-limit',
          options: { status: 429 },
        });
      } finally {
        await capped.close();
      }
    });

    it('401 (Gmail refuses the credentials) → revoked, and the grant is marked REVOKED', async () => {
      const { done } = await connect('adam@acme.test');
      expect(done.headers.location).toContain('gmail=connected');
      const refusing = await startGmailEmulator({ port: 0, resolveAccessToken: () => Promise.resolve(null) });
      try {
        const accounts = createGmailAccounts({
          config: { ...t.config, GMAIL_API_URL: `${refusing.url}/` },
          db: t.db,
        });
        const account = await accounts.forUser(await userId('adam@acme.test'));
        await expect(account.send(await message('adam@acme.test', 'zoe@example.test'))).rejects.toMatchObject(
          {
            kind: 'revoked',
            options: { status: 401 },
          },
        );
        expect((await status('adam@acme.test')).status).toBe('REVOKED');
      } finally {
        await refusing.close();
      }
    });
  });

  it('turns a grant the provider revoked (invalid_grant) into revoked and status REVOKED; a reconnect restores it', async () => {
    const olivia = await userId('olivia@acme.test');
    const row = await grantRow(olivia);
    const refreshToken = createSecretBox(t.config.SESSION_SECRET, GMAIL_REFRESH_TOKEN_PURPOSE).open(
      row!.refreshToken,
    )!;
    // The person withdraws MergeDesk's access at the provider (Google: myaccount.google.com/permissions).
    await oidc.tokenRevocation(await discoverProvider(), refreshToken);

    const accounts = createGmailAccounts({ config: t.config, db: t.db });
    const account = await accounts.forUser(olivia);
    const before = gmail.messages().length;
    const error = await account
      .send(await message('olivia@acme.test', 'zoe@example.test'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GmailApiError);
    expect(error).toMatchObject({ kind: 'revoked' });
    expect(gmail.messages().length).toBe(before);
    expect(await status('olivia@acme.test')).toMatchObject({ status: 'REVOKED', email: 'olivia@acme.test' });
    expect((await grantRow(olivia))?.revokedAt).toBeInstanceOf(Date);
    await expect(accounts.forUser(olivia)).rejects.toMatchObject({ kind: 'revoked' });

    const { done } = await connect('olivia@acme.test');
    expect(done.headers.location).toContain('gmail=connected');
    expect((await status('olivia@acme.test')).status).toBe('CONNECTED');
    const again = await accounts.forUser(olivia);
    await expect(again.send(await message('olivia@acme.test', 'zoe@example.test'))).resolves.toMatchObject({
      id: expect.any(String),
    });
  });

  it('disconnect deletes the grant and revokes the token at the provider', async () => {
    const olivia = await userId('olivia@acme.test');
    const row = await grantRow(olivia);
    const refreshToken = createSecretBox(t.config.SESSION_SECRET, GMAIL_REFRESH_TOKEN_PURPOSE).open(
      row!.refreshToken,
    )!;
    const response = await t.app.inject({
      method: 'DELETE',
      url: apiPath('gmail.disconnect'),
      headers: bearer(await t.signIn('olivia@acme.test')),
    });
    expect(response.statusCode).toBe(204);
    expect(await grantRow(olivia)).toBeUndefined();
    expect(await status('olivia@acme.test')).toEqual({
      status: 'NOT_CONNECTED',
      email: null,
      connectedAt: null,
    });
    await expect(oidc.refreshTokenGrant(await discoverProvider(), refreshToken)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});
