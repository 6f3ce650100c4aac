import { createServer } from 'node:net';

import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoAccounts } from './accounts';
import { startIdentityProvider } from './provider';
import type { RunningIdentityProvider } from './provider';

const composeScope = 'https://www.googleapis.com/auth/gmail.compose';
const clientId = 'mergedesk-web';
const clientSecret = 'test-secret';
const redirectUri = 'http://localhost:3999/auth/callback';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, 'localhost', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address !== null) {
          resolve(address.port);
        } else {
          reject(new Error('no port'));
        }
      });
    });
  });
}

type StoredCookie = { value: string; path: string };

/** A browser's cookie handling, as far as these flows need it (names, values, paths, deletion). */
class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      }
      const key = `${name} ${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { value: `${name}=${value}`, path });
    }
  }

  header(url: URL): string {
    return [...this.#cookies.values()]
      .filter(
        ({ path }) =>
          url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
      )
      .map(({ value }) => value)
      .join('; ');
  }
}

type Page = { url: URL; status: number; html: string };

/** Loads a URL like a browser: follows redirects, carries cookies, stops at the relying party. */
async function browse(jar: CookieJar, start: URL, init: { method?: string; form?: URLSearchParams } = {}) {
  let url = start;
  let method = init.method ?? 'GET';
  let body: URLSearchParams | undefined = init.form;
  for (let hops = 0; hops < 20; hops += 1) {
    if (url.href.startsWith(redirectUri)) {
      return { url, status: 0, html: '' } satisfies Page;
    }
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(url),
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: body?.toString(),
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      url = new URL(location, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    return { url, status: response.status, html: await response.text() } satisfies Page;
  }
  throw new Error('too many redirects');
}

function decodeHtml(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The account buttons of the sign-in page: the value each posts and its text (accessible name). */
function accountButtons(html: string): Array<{ value: string; text: string }> {
  return [
    ...html.matchAll(
      /<button type="submit" class="account" name="email" value="([^"]*)"[^>]*>([^<]*)<\/button>/g,
    ),
  ].map(([, value = '', text = '']) => ({ value: decodeHtml(value), text: decodeHtml(text) }));
}

function formAction(html: string, suffix: string): string {
  const action = [...html.matchAll(/<form method="post" action="([^"]*)"/g)]
    .map(([, value = '']) => decodeHtml(value))
    .find((value) => value.endsWith(suffix));
  if (action === undefined) throw new Error(`no form posting to …${suffix}`);
  return action;
}

/**
 * oidc-provider ends the old IdP session before signing in a different account: it answers with an
 * auto-submitting form (a browser runs its script); post it the way the script would.
 */
async function submitAutoPostForm(jar: CookieJar, page: Page): Promise<Page> {
  const action = /<form method="post" action="([^"]*)"/.exec(page.html)?.[1];
  if (!page.html.includes('document.forms[0].submit()') || action === undefined) return page;
  const form = new URLSearchParams();
  for (const [, name = '', value = ''] of page.html.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g,
  )) {
    form.set(name, decodeHtml(value));
  }
  return browse(jar, new URL(decodeHtml(action), page.url), { method: 'POST', form });
}

let idp: RunningIdentityProvider;

beforeAll(async () => {
  const port = await freePort();
  idp = await startIdentityProvider({
    port,
    issuer: `http://localhost:${port}`,
    clients: [{ clientId, clientSecret, redirectUris: [redirectUri], clientName: 'MergeDesk' }],
  });
});

afterAll(async () => {
  await idp.close();
});

async function discover(auth: 'basic' | 'post'): Promise<client.Configuration> {
  return client.discovery(
    new URL(idp.issuer),
    clientId,
    undefined,
    auth === 'basic' ? client.ClientSecretBasic(clientSecret) : client.ClientSecretPost(clientSecret),
    { execute: [client.allowInsecureRequests] },
  );
}

async function startSignIn(config: client.Configuration, extra: Record<string, string> = {}) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: `openid email profile ${composeScope}`,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { url, codeVerifier, state };
}

describe('local identity provider', () => {
  it('publishes a discovery document the relying party can use', async () => {
    const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata['issuer']).toBe(idp.issuer);
    expect(metadata['scopes_supported']).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', composeScope]),
    );
    expect(metadata['claims_supported']).toEqual(
      expect.arrayContaining([
        'sub',
        'email',
        'email_verified',
        'name',
        'given_name',
        'family_name',
        'picture',
      ]),
    );
    expect(metadata['code_challenge_methods_supported']).toEqual(['S256']);
    expect(metadata['token_endpoint_auth_methods_supported']).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    );
    expect(metadata['userinfo_endpoint']).toBe(`${idp.issuer}/me`);
  });

  it('signs Olivia in with the authorization code flow and PKCE, granting gmail.compose', async () => {
    const config = await discover('basic');
    const { url, codeVerifier, state } = await startSignIn(config);
    const jar = new CookieJar();

    const page = await browse(jar, url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Choose an account</title>');
    expect(page.html).toContain('<h1>Sign in with Google (local)</h1>');
    expect(page.html).toContain('gmail.compose');
    const buttons = accountButtons(page.html);
    expect(buttons.map(({ text }) => text)).toEqual(demoAccounts.map(({ email }) => email));
    expect(buttons.every(({ value, text }) => value === text)).toBe(true);
    expect(page.html).toContain('Olivia Owens');

    const callback = await browse(jar, new URL(formAction(page.html, '/login'), page.url), {
      method: 'POST',
      form: new URLSearchParams({ email: 'olivia@acme.test' }),
    });
    expect(callback.url.href.startsWith(redirectUri)).toBe(true);
    expect(callback.url.searchParams.get('code')).toEqual(expect.any(String));
    expect(callback.url.searchParams.get('state')).toBe(state);

    const tokens = await client.authorizationCodeGrant(config, callback.url, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: clientId,
      sub: 'demo-olivia',
      email: 'olivia@acme.test',
      email_verified: true,
      name: 'Olivia Owens',
      given_name: 'Olivia',
      family_name: 'Owens',
      hd: 'acme.test',
    });
    expect(claims?.['picture']).toMatch(/^data:image\/svg\+xml,/);
    expect(tokens.scope?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', composeScope]),
    );

    const userInfo = await client.fetchUserInfo(config, tokens.access_token, 'demo-olivia');
    expect(userInfo).toMatchObject({ email: 'olivia@acme.test', name: 'Olivia Owens' });
  });

  it('shows the chooser again on the next sign-in and lets another account sign in', async () => {
    const config = await discover('post');
    const jar = new CookieJar();

    const steps = [
      { email: 'mia@acme.test', prompt: undefined, endsOldSession: false },
      { email: 'gina@gmail.com', prompt: 'select_account', endsOldSession: true },
      { email: 'gina@gmail.com', prompt: 'login', endsOldSession: false },
      { email: 'gina@gmail.com', prompt: undefined, endsOldSession: false },
    ];
    for (const { email, prompt, endsOldSession } of steps) {
      const { url, codeVerifier, state } = await startSignIn(config, prompt === undefined ? {} : { prompt });
      const page = await browse(jar, url);
      expect(page.html).toContain('<title>Choose an account</title>');
      const afterLogin = await browse(jar, new URL(formAction(page.html, '/login'), page.url), {
        method: 'POST',
        form: new URLSearchParams({ email }),
      });
      expect(afterLogin.url.href.startsWith(redirectUri)).toBe(!endsOldSession);
      const callback = await submitAutoPostForm(jar, afterLogin);
      expect(callback.url.href.startsWith(redirectUri)).toBe(true);

      const tokens = await client.authorizationCodeGrant(config, callback.url, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      });
      expect(tokens.claims()?.['email']).toBe(email);
    }
  });

  it('answers error=access_denied at the redirect URI when the person cancels', async () => {
    const config = await discover('basic');
    const { url, codeVerifier, state } = await startSignIn(config);
    const jar = new CookieJar();

    const page = await browse(jar, url);
    const callback = await browse(jar, new URL(formAction(page.html, '/abort'), page.url), {
      method: 'POST',
      form: new URLSearchParams(),
    });
    expect(callback.url.href.startsWith(redirectUri)).toBe(true);
    expect(callback.url.searchParams.get('error')).toBe('access_denied');
    expect(callback.url.searchParams.get('state')).toBe(state);
    await expect(
      client.authorizationCodeGrant(config, callback.url, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'access_denied' });
  });

  it('answers login_required to prompt=none, as it never reuses a session silently', async () => {
    const config = await discover('basic');
    const { url } = await startSignIn(config, { prompt: 'none' });
    const callback = await browse(new CookieJar(), url);
    expect(callback.url.searchParams.get('error')).toBe('login_required');
  });

  it('requires PKCE', async () => {
    const config = await discover('basic');
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state: 'x',
    });
    const callback = await browse(new CookieJar(), url);
    expect(callback.url.searchParams.get('error')).toBe('invalid_request');
  });

  it('rejects an unknown account and keeps the chooser', async () => {
    const config = await discover('basic');
    const { url } = await startSignIn(config);
    const jar = new CookieJar();
    const page = await browse(jar, url);
    const again = await browse(jar, new URL(formAction(page.html, '/login'), page.url), {
      method: 'POST',
      form: new URLSearchParams({ email: '<script>@evil.test' }),
    });
    expect(again.status).toBe(400);
    expect(again.html).toContain('role="alert"');
    expect(again.html).not.toContain('<script>');
    expect(accountButtons(again.html)).toHaveLength(demoAccounts.length);
  });
});
