import { startIdentityProvider } from '@mergedesk/identity-provider/provider';
import { freePort, signInAtProvider } from '@mergedesk/identity-provider/testing/provider-browser';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { createGoogleAccessTokenProvider } from './provider-tokens';
import { AUTH_BASE_PATH } from '@mergedesk/domain/api/endpoints';
import { apiPath } from '../../test/api-path';

const PUBLIC_URL = 'http://localhost:3998';
const CALLBACK = `${PUBLIC_URL}/auth/callback`;

let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
let t: TestApp;

beforeAll(async () => {
  const port = await freePort();
  idp = await startIdentityProvider({
    port,
    issuer: `http://localhost:${port}`,
    clients: [{ clientId: 'mergedesk-web', clientSecret: 'test-secret', redirectUris: [CALLBACK] }],
  });
  t = await createTestApp({
    seed: true,
    env: {
      PUBLIC_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_SECRET: 'test-secret',
      AUTH_RATE_LIMIT_PER_MINUTE: '30',
      REFRESH_RATE_LIMIT_PER_MINUTE: '6',
    },
  });
});

afterAll(async () => {
  await t.close();
  await idp.close();
});

/** `name=value` pairs of the response's Set-Cookie headers, for the next request. */
function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** The whole browser path: authorize → provider account chooser → callback → token. */
async function signInThroughProvider(email: string, query = '') {
  const authorize = await t.app.inject({ method: 'GET', url: apiPath('auth.authorize', {}, query) });
  expect(authorize.statusCode).toBe(302);
  const stateCookie = cookiesOf(authorize);
  const callback = await signInAtProvider(new URL(authorize.headers.location as string), email, CALLBACK);
  const token = await t.app.inject({
    method: 'POST',
    url: apiPath('auth.token'),
    headers: { cookie: cookieHeader(stateCookie) },
    payload: Object.fromEntries(callback.searchParams),
  });
  return { authorize, callback, token, stateCookie };
}

describe('sign-in through the OpenID provider', () => {
  it('redirects to the provider with state, nonce and S256 PKCE, sealing them in an httpOnly cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath('auth.authorize', {}, 'scope=compose'),
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toEqual(expect.any(String));
    expect(location.searchParams.get('nonce')).toEqual(expect.any(String));
    expect(location.searchParams.get('scope')).toBe(
      'openid email profile https://www.googleapis.com/auth/gmail.compose',
    );
    const cookie = response.cookies.find(({ name }) => name === 'md_signin');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: AUTH_BASE_PATH });
  });

  it('exchanges the code: tokens, profile, intent, and the refresh credential in an httpOnly cookie', async () => {
    const { token } = await signInThroughProvider(
      'olivia@acme.test',
      '?continue=%2Fsettings%2Fbilling%3Fplan%3DPRO&redirectToBilling=true',
    );
    expect(token.statusCode).toBe(200);
    const body = token.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      accessToken: expect.any(String),
      idToken: expect.any(String),
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      profile: { name: 'Olivia Owens', email: 'olivia@acme.test' },
      scopes: expect.arrayContaining(['openid', 'email', 'profile']),
      intent: { continue: '/settings/billing?plan=PRO', createAccount: false, redirectToBilling: true },
    });
    // expiresAt is in seconds (spec 000 §3), about an hour ahead by default.
    const expiresAt = body.expiresAt as number;
    expect(expiresAt).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(expiresAt).toBeLessThan(Date.now() / 1000 + 3700);

    const refreshCookie = token.cookies.find(({ name }) => name === 'md_session');
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: AUTH_BASE_PATH });
    const [stored] = await t.db
      .select({ email: sessions.email, hash: sessions.refreshTokenHash })
      .from(sessions)
      .where(eq(sessions.id, body.sessionId as string));
    expect(stored?.email).toBe('olivia@acme.test');
    // Only a hash of the refresh secret is stored.
    expect(refreshCookie?.value).not.toContain(stored?.hash);

    const me = await t.app.inject({
      method: 'GET',
      url: apiPath('users.me', {}, 'includeWorkspaces=true'),
      headers: bearer(body.accessToken as string),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userEmail: 'olivia@acme.test' });
  });

  it('gives an identity without an account a session, and the me call answers 404 (no-user)', async () => {
    const { token } = await signInThroughProvider('nina@newcomer.test', '?createAccount=true');
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({ intent: { createAccount: true } });
    const me = await t.app.inject({
      method: 'GET',
      url: apiPath('users.me'),
      headers: bearer(token.json<{ accessToken: string }>().accessToken),
    });
    expect(me.statusCode).toBe(404);
    expect(me.json()).toEqual({
      errors: [],
      code: 'USER_NOT_FOUND',
      message: 'No account exists for nina@newcomer.test.',
    });
  });

  it('refuses a code without the state cookie, with a foreign state, or used twice', async () => {
    const { callback, stateCookie, token } = await signInThroughProvider('mia@acme.test');
    expect(token.statusCode).toBe(200);
    const invalid = {
      errors: [],
      code: 'BAD_REQUEST',
      message: 'The sign-in could not be completed. Please sign in again.',
      reason: 'invalid_grant',
    };
    const payload = Object.fromEntries(callback.searchParams);

    const noCookie = await t.app.inject({ method: 'POST', url: apiPath('auth.token'), payload });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json()).toEqual(invalid);

    const foreignState = await t.app.inject({
      method: 'POST',
      url: apiPath('auth.token'),
      headers: { cookie: cookieHeader(stateCookie) },
      payload: { ...payload, state: 'not-the-state' },
    });
    expect(foreignState.statusCode).toBe(400);
    expect(foreignState.json()).toEqual(invalid);

    const replay = await t.app.inject({
      method: 'POST',
      url: apiPath('auth.token'),
      headers: { cookie: cookieHeader(stateCookie) },
      payload,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(invalid);
  });

  it('names the missing field of a malformed token request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath('auth.token'),
      payload: { state: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ field: 'code' })],
    });
  });

  it.each([
    ['a protocol-relative address', '%2F%2Fevil.example%2F'],
    ['a tab between the slashes (issue 6)', '%2F%09%2Fevil.example'],
    ['a backslash', '%2F%5Cevil.example'],
    ['an absolute URL', 'https%3A%2F%2Fevil.example%2F'],
  ])('drops a continue parameter holding %s: the sign-in lands on the default page', async (_name, value) => {
    const { token } = await signInThroughProvider('mia@acme.test', `?continue=${value}`);
    expect(token.statusCode).toBe(200);
    expect(token.json<{ intent: Record<string, unknown> }>().intent).toEqual({
      createAccount: false,
      redirectToBilling: false,
    });
  });
});

describe("the provider's access token (for Gmail drafts)", () => {
  it('keeps it sealed with the session and hands it out only for a compose grant', async () => {
    const tokens = createGoogleAccessTokenProvider(t.db, t.config.SESSION_SECRET);
    const plain = await signInThroughProvider('leo@legacy.test');
    expect(plain.token.statusCode).toBe(200);
    const [stored] = await t.db
      .select({ sealed: sessions.providerAccessToken, expiresAt: sessions.providerTokenExpiresAt })
      .from(sessions)
      .where(eq(sessions.id, plain.token.json<{ sessionId: string }>().sessionId));
    expect(stored?.sealed).toMatch(/^v1\./);
    expect(stored?.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    // Signed in without the compose scope: no token for the Gmail API.
    expect(await tokens({ email: 'leo@legacy.test' })).toBeNull();

    const compose = await signInThroughProvider('leo@legacy.test', '?scope=compose');
    expect(compose.token.json<{ scopes: string[] }>().scopes).toContain(
      'https://www.googleapis.com/auth/gmail.compose',
    );
    const token = await tokens({ email: 'leo@legacy.test' });
    expect(token).toEqual(expect.any(String));
    expect(token).not.toMatch(/^v1\./);

    // Revoking the session withdraws its token too.
    await t.app.inject({
      method: 'POST',
      url: apiPath('auth.revoke'),
      headers: bearer(compose.token.json<{ accessToken: string }>().accessToken),
    });
    expect(await tokens({ email: 'leo@legacy.test' })).toBeNull();
  });
});

describe('refresh and revoke', () => {
  it('refreshes with the cookie, then revoking ends the session for good', async () => {
    const { token } = await signInThroughProvider('adam@acme.test');
    const cookie = cookieHeader(cookiesOf(token));
    const { sessionId } = token.json<{ sessionId: string }>();

    const refreshed = await t.app.inject({
      method: 'POST',
      url: apiPath('auth.refreshToken'),
      headers: { cookie },
      payload: { sessionId },
    });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<{ accessToken: string; sessionId: string; profile: { email: string } }>();
    expect(next).toMatchObject({ sessionId, profile: { email: 'adam@acme.test' } });
    const me = await t.app.inject({
      method: 'GET',
      url: apiPath('users.me'),
      headers: bearer(next.accessToken),
    });
    expect(me.statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'POST',
      url: apiPath('auth.revoke'),
      headers: { cookie, ...bearer(next.accessToken) },
      payload: { sessionId },
    });
    expect(revoked.statusCode).toBe(204);
    expect(revoked.cookies.find(({ name }) => name === 'md_session')?.value).toBe('');
    const [row] = await t.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    expect(row?.revokedAt).toBeInstanceOf(Date);

    const again = await t.app.inject({
      method: 'POST',
      url: apiPath('auth.refreshToken'),
      headers: { cookie },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      errors: [],
      code: 'UNAUTHENTICATED',
      message: 'Your session has expired. Please sign in again.',
    });
    // The access token issued before the revocation no longer opens anything either.
    const after = await t.app.inject({
      method: 'GET',
      url: apiPath('users.me'),
      headers: bearer(next.accessToken),
    });
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 to a refresh without a cookie, with a forged secret, or for another session id', async () => {
    const { token } = await signInThroughProvider('mia@acme.test');
    const { sessionId } = token.json<{ sessionId: string }>();
    const credential = cookiesOf(token).md_session ?? '';

    const cases = [
      { headers: {}, payload: {} },
      { headers: { cookie: `md_session=${sessionId}.forged-secret` }, payload: {} },
      {
        headers: { cookie: `md_session=${credential}` },
        payload: { sessionId: '00000000-0000-4000-8000-000000000000' },
      },
    ];
    for (const { headers, payload } of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath('auth.refreshToken'),
        headers,
        payload,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('answers 401 to a revoke that names no session', async () => {
    const response = await t.app.inject({ method: 'POST', url: apiPath('auth.revoke'), payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a revoke and a refresh from a page of another origin (403), and keeps the session', async () => {
    const { token } = await signInThroughProvider('fred@acme.test');
    const cookie = cookieHeader(cookiesOf(token));
    const { sessionId, accessToken } = token.json<{ sessionId: string; accessToken: string }>();
    const post = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload: { sessionId } });

    const foreignHeaders: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3999' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const foreign of foreignHeaders) {
      for (const url of [apiPath('auth.revoke'), apiPath('auth.refreshToken')]) {
        const refused = await post(url, { ...bearer(accessToken), ...foreign });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          errors: [],
          code: 'FORBIDDEN',
          message: 'This request came from another site and was refused.',
        });
      }
    }
    const [row] = await t.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    expect(row?.revokedAt).toBeNull();

    // The web app's own origin signs out.
    const revoked = await post(apiPath('auth.revoke'), { ...bearer(accessToken), origin: PUBLIC_URL });
    expect(revoked.statusCode).toBe(204);
  });

  it('rate-limits the sign-in endpoints per client address, with the error shape', async () => {
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i += 1) {
      last = await t.app.inject({
        method: 'POST',
        url: apiPath('auth.revoke'),
        remoteAddress: '203.0.113.9',
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [] });
  });
});

/** POST /refresh-token with the given refresh cookie value. */
const refreshWith = (credential: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: apiPath('auth.refreshToken'),
    headers: { cookie: `md_session=${credential}` },
    payload: {},
    remoteAddress,
  });

const refreshCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find(({ name }) => name === 'md_session')?.value;

async function sessionRow(sessionId: string) {
  const [row] = await t.db
    .select({ revokedAt: sessions.revokedAt, rotatedAt: sessions.refreshRotatedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row;
}

describe('refresh cookie rotation (issue 10)', () => {
  it('rotates the cookie on each refresh; the new one works', async () => {
    const { token } = await signInThroughProvider('olivia@acme.test');
    const first = cookiesOf(token).md_session ?? '';
    const refreshed = await refreshWith(first);
    expect(refreshed.statusCode).toBe(200);
    const second = refreshCookieOf(refreshed);
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);
    expect(refreshed.cookies.find(({ name }) => name === 'md_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: AUTH_BASE_PATH,
    });

    const again = await refreshWith(second ?? '');
    expect(again.statusCode).toBe(200);
    expect(refreshCookieOf(again)).not.toBe(second);
  });

  it('gives two tabs refreshing with one cookie at the same moment the same new cookie', async () => {
    const { token } = await signInThroughProvider('adam@acme.test');
    const cookie = cookiesOf(token).md_session ?? '';
    const [a, b] = await Promise.all([refreshWith(cookie), refreshWith(cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(refreshCookieOf(a)).toBe(refreshCookieOf(b));
    // A retry within the grace window (its first answer lost) is answered the same way.
    const late = await refreshWith(cookie);
    expect(late.statusCode).toBe(200);
    expect(refreshCookieOf(late)).toBe(refreshCookieOf(a));
    expect((await refreshWith(refreshCookieOf(a) ?? '')).statusCode).toBe(200);
  });

  it('treats the replaced cookie used after the grace window as theft: the session is revoked', async () => {
    const { token } = await signInThroughProvider('mia@acme.test');
    const { sessionId, accessToken } = token.json<{ sessionId: string; accessToken: string }>();
    const stolen = cookiesOf(token).md_session ?? '';
    const refreshed = await refreshWith(stolen);
    const current = refreshCookieOf(refreshed) ?? '';
    // The grace window (60 s by default) has passed.
    await t.db
      .update(sessions)
      .set({ refreshRotatedAt: sql`now() - interval '61 seconds'` })
      .where(eq(sessions.id, sessionId));

    const reuse = await refreshWith(stolen);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({
      errors: [],
      code: 'UNAUTHENTICATED',
      message: 'Your session has expired. Please sign in again.',
    });
    expect((await sessionRow(sessionId))?.revokedAt).toBeInstanceOf(Date);
    // The holder of the newest cookie is signed out too, and so are its access tokens.
    expect((await refreshWith(current)).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: apiPath('users.me'), headers: bearer(accessToken) });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a cookie two rotations old without revoking (it cannot be told from a forgery)', async () => {
    const { token } = await signInThroughProvider('fred@acme.test');
    const { sessionId } = token.json<{ sessionId: string }>();
    const c0 = cookiesOf(token).md_session ?? '';
    const c1 = refreshCookieOf(await refreshWith(c0)) ?? '';
    expect((await refreshWith(c1)).statusCode).toBe(200);
    expect((await refreshWith(c0)).statusCode).toBe(401);
    expect((await sessionRow(sessionId))?.revokedAt).toBeNull();
  });
});

describe('refresh budget (issue 6)', () => {
  it('is counted per session, not per address: one busy session leaves the others alone', async () => {
    const office = '198.51.100.7';
    const busy = await signInThroughProvider('olivia@acme.test');
    const other = await signInThroughProvider('adam@acme.test');
    let cookie = cookiesOf(busy.token).md_session ?? '';
    for (let i = 0; i < 6; i += 1) {
      const response = await refreshWith(cookie, office);
      expect(response.statusCode).toBe(200);
      cookie = refreshCookieOf(response) ?? '';
    }
    const limited = await refreshWith(cookie, office);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [] });

    // Another session behind the same address still refreshes.
    const neighbour = await refreshWith(cookiesOf(other.token).md_session ?? '', office);
    expect(neighbour.statusCode).toBe(200);
    // The sign-in endpoints keep their own per-address budget.
    const authorize = await t.app.inject({
      method: 'GET',
      url: apiPath('auth.authorize'),
      remoteAddress: office,
    });
    expect(authorize.statusCode).toBe(302);
  });
});

describe('access-token lifetime (issue 10)', () => {
  const key = () => new TextEncoder().encode(t.config.SESSION_SECRET);
  const mint = async (sessionId: string, iat: number, exp: number) =>
    new SignJWT({ email: 'mia@acme.test' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sessionId)
      .setIssuer('mergedesk')
      .setAudience('mergedesk-api')
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key());
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: apiPath('users.me'), headers: bearer(token) });

  it('accepts a token within the configured lifetime and refuses one that claims more', async () => {
    const sessionId = decodeJwt(await t.signIn('mia@acme.test')).sub ?? '';
    const now = Math.floor(Date.now() / 1000);
    const ttl = t.config.ACCESS_TOKEN_TTL_SECONDS;
    expect((await me(await mint(sessionId, now, now + ttl))).statusCode).toBe(200);

    const cases = [
      ['a year long', now, now + 365 * 24 * 3600],
      ['a second longer than the TTL', now, now + ttl + 1],
      ['issued before the TTL, still "valid"', now - ttl - 60, now + 60],
      ['issued in the future', now + 3600, now + 3600 + ttl],
    ] as const;
    for (const [name, iat, exp] of cases) {
      const response = await me(await mint(sessionId, iat, exp));
      expect(response.statusCode, name).toBe(401);
    }
    const noIat = await new SignJWT({ email: 'mia@acme.test' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sessionId)
      .setIssuer('mergedesk')
      .setAudience('mergedesk-api')
      .setExpirationTime(now + 60)
      .sign(key());
    expect((await me(noIat)).statusCode).toBe(401);
  });
});

describe('the Gmail compose permission for the signed-in session (issue 9)', () => {
  const COMPOSE = 'https://www.googleapis.com/auth/gmail.compose';

  /** A permission round trip for `session`, answered at the provider by `email`. */
  async function grantThroughProvider(accessToken: string, email: string) {
    const authorize = await t.app.inject({
      method: 'GET',
      url: apiPath(
        'auth.authorize',
        {},
        'grant=compose&continue=%2Fs%2Fginas-space%2Ftemplates%3Fimport%3Dt1',
      ),
    });
    expect(authorize.statusCode).toBe(302);
    const location = new URL(authorize.headers.location as string);
    expect(location.searchParams.get('state')).toMatch(/^grant\./);
    expect(location.searchParams.get('scope')).toContain(COMPOSE);
    const callback = await signInAtProvider(location, email, CALLBACK);
    return t.app.inject({
      method: 'POST',
      url: apiPath('auth.grant'),
      headers: { cookie: cookieHeader(cookiesOf(authorize)), ...bearer(accessToken) },
      payload: Object.fromEntries(callback.searchParams),
    });
  }

  const sessionsOf = (email: string) =>
    t.db.select({ id: sessions.id, scopes: sessions.scopes }).from(sessions).where(eq(sessions.email, email));

  it('adds the permission to the same session: no new session, the token for drafts is kept', async () => {
    const signedIn = await signInThroughProvider('gina@gmail.com');
    const { sessionId, accessToken } = signedIn.token.json<{ sessionId: string; accessToken: string }>();
    const tokens = createGoogleAccessTokenProvider(t.db, t.config.SESSION_SECRET);
    expect(await tokens({ email: 'gina@gmail.com' })).toBeNull();
    const before = await sessionsOf('gina@gmail.com');

    const granted = await grantThroughProvider(accessToken, 'gina@gmail.com');
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({
      scopes: expect.arrayContaining(['openid', 'email', 'profile', COMPOSE]),
      intent: {
        continue: '/s/ginas-space/templates?import=t1',
        createAccount: false,
        redirectToBilling: false,
      },
    });
    expect(granted.cookies.find(({ name }) => name === 'md_session')).toBeUndefined();
    const after = await sessionsOf('gina@gmail.com');
    expect(after.map(({ id }) => id).sort()).toEqual(before.map(({ id }) => id).sort());
    expect(after.find(({ id }) => id === sessionId)?.scopes.split(' ')).toContain(COMPOSE);
    expect(await tokens({ email: 'gina@gmail.com' })).toEqual(expect.any(String));

    // The session's next refresh carries the scope; the access token in hand still works.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: apiPath('auth.refreshToken'),
      headers: { cookie: cookieHeader(cookiesOf(signedIn.token)) },
    });
    expect(refreshed.json<{ sessionId: string; scopes: string[] }>()).toMatchObject({
      sessionId,
      scopes: expect.arrayContaining([COMPOSE]),
    });
  });

  it('refuses another account at the consent step and leaves the session as it was', async () => {
    const signedIn = await signInThroughProvider('gina@gmail.com');
    const { sessionId, accessToken } = signedIn.token.json<{ sessionId: string; accessToken: string }>();
    const pennyBefore = await sessionsOf('penny@gmail.com');

    const refused = await grantThroughProvider(accessToken, 'penny@gmail.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: [],
      code: 'FORBIDDEN',
      reason: 'wrong_account',
      message:
        'The Gmail permission was given for another Google account. Choose the account you are signed in with.',
    });
    expect(await sessionsOf('penny@gmail.com')).toEqual(pennyBefore);
    const [gina] = (await sessionsOf('gina@gmail.com')).filter(({ id }) => id === sessionId);
    expect(gina?.scopes.split(' ')).not.toContain(COMPOSE);
    const me = await t.app.inject({ method: 'GET', url: apiPath('users.me'), headers: bearer(accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userEmail: 'gina@gmail.com' });
  });

  it('keeps the two round trips apart: a grant opens no session, a sign-in grants nothing', async () => {
    const signedIn = await signInThroughProvider('gina@gmail.com');
    const { accessToken } = signedIn.token.json<{ accessToken: string }>();

    // A grant round trip's code at /token.
    const authorize = await t.app.inject({
      method: 'GET',
      url: apiPath('auth.authorize', {}, 'grant=compose'),
    });
    const grantCallback = await signInAtProvider(
      new URL(authorize.headers.location as string),
      'gina@gmail.com',
      CALLBACK,
    );
    const token = await t.app.inject({
      method: 'POST',
      url: apiPath('auth.token'),
      headers: { cookie: cookieHeader(cookiesOf(authorize)) },
      payload: Object.fromEntries(grantCallback.searchParams),
    });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ code: 'BAD_REQUEST', reason: 'invalid_grant' });

    // A sign-in round trip's code at /grant.
    const signIn = await t.app.inject({ method: 'GET', url: apiPath('auth.authorize', {}, 'scope=compose') });
    const signInCallback = await signInAtProvider(
      new URL(signIn.headers.location as string),
      'gina@gmail.com',
      CALLBACK,
    );
    const grant = await t.app.inject({
      method: 'POST',
      url: apiPath('auth.grant'),
      headers: { cookie: cookieHeader(cookiesOf(signIn)), ...bearer(accessToken) },
      payload: Object.fromEntries(signInCallback.searchParams),
    });
    expect(grant.statusCode).toBe(400);

    // No session, no grant.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: apiPath('auth.grant'),
      payload: { code: 'x', state: 'grant.x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
