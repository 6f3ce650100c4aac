import { startIdentityProvider } from '@mergedesk/identity-provider/provider';
import { freePort, signInAtProvider } from '@mergedesk/identity-provider/testing/provider-browser';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { createGoogleAccessTokenProvider } from './provider-tokens';

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
  const authorize = await t.app.inject({ method: 'GET', url: `/api/v1/auth/authorize${query}` });
  expect(authorize.statusCode).toBe(302);
  const stateCookie = cookiesOf(authorize);
  const callback = await signInAtProvider(new URL(authorize.headers.location as string), email, CALLBACK);
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    headers: { cookie: cookieHeader(stateCookie) },
    payload: Object.fromEntries(callback.searchParams),
  });
  return { authorize, callback, token, stateCookie };
}

describe('sign-in through the OpenID provider', () => {
  it('redirects to the provider with state, nonce and S256 PKCE, sealing them in an httpOnly cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/authorize?scope=compose' });
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
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });
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
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    const [stored] = await t.db
      .select({ email: sessions.email, hash: sessions.refreshTokenHash })
      .from(sessions)
      .where(eq(sessions.id, body.sessionId as string));
    expect(stored?.email).toBe('olivia@acme.test');
    // Only a hash of the refresh secret is stored.
    expect(refreshCookie?.value).not.toContain(stored?.hash);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v2/users/me?includeWorkspaces=true',
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
      url: '/api/v2/users/me',
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

    const noCookie = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json()).toEqual(invalid);

    const foreignState = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: { cookie: cookieHeader(stateCookie) },
      payload: { ...payload, state: 'not-the-state' },
    });
    expect(foreignState.statusCode).toBe(400);
    expect(foreignState.json()).toEqual(invalid);

    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: { cookie: cookieHeader(stateCookie) },
      payload,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(invalid);
  });

  it('names the missing field of a malformed token request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
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
      url: '/api/v1/auth/revoke',
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
      url: '/api/v1/auth/refresh-token',
      headers: { cookie },
      payload: { sessionId },
    });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<{ accessToken: string; sessionId: string; profile: { email: string } }>();
    expect(next).toMatchObject({ sessionId, profile: { email: 'adam@acme.test' } });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v2/users/me',
      headers: bearer(next.accessToken),
    });
    expect(me.statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/revoke',
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
      url: '/api/v1/auth/refresh-token',
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
      url: '/api/v2/users/me',
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
        url: '/api/v1/auth/refresh-token',
        headers,
        payload,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('answers 401 to a revoke that names no session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/revoke', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('rate-limits the auth endpoints with the error shape', async () => {
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i += 1) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh-token',
        remoteAddress: '203.0.113.9',
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [] });
  });
});
