import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoAccounts } from './accounts';
import { startIdentityProvider } from './provider';
import {
  accountButtons,
  browse,
  CookieJar,
  formAction,
  freePort,
  submitAutoPostForm,
} from './testing/provider-browser';
import type { RunningIdentityProvider } from './provider';

const composeScope = 'https://www.googleapis.com/auth/gmail.compose';
const sendScope = 'https://www.googleapis.com/auth/gmail.send';
const clientId = 'mergedesk-web';
const clientSecret = 'test-secret';
const redirectUri = 'http://localhost:3999/auth/callback';

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

async function startSignIn(
  config: client.Configuration,
  extra: Record<string, string> = {},
  scope = `openid email profile ${composeScope}`,
) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
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

  it('issues no refresh token to a plain sign-in', async () => {
    const config = await discover('basic');
    const tokens = await signInAs(config, 'olivia@acme.test');
    expect(tokens.refresh_token).toBeUndefined();
  });
});

/** Signs `email` in through the chooser and exchanges the code. */
async function signInAs(
  config: client.Configuration,
  email: string,
  extra: Record<string, string> = {},
  scope?: string,
) {
  const { url, codeVerifier, state } = await startSignIn(config, extra, scope);
  const jar = new CookieJar();
  const page = await browse(jar, url);
  const callback = await browse(jar, new URL(formAction(page.html, '/login'), page.url), {
    method: 'POST',
    form: new URLSearchParams({ email }),
  });
  return client.authorizationCodeGrant(config, callback.url, {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
  });
}

describe("the Gmail grant's offline access (as Google's access_type=offline)", () => {
  const gmailGrant = { access_type: 'offline', include_granted_scopes: 'true', prompt: 'consent' };
  const grantScope = `openid email ${sendScope}`;

  it('says on the page that it asks to send e-mail as you', async () => {
    const config = await discover('basic');
    const { url } = await startSignIn(config, gmailGrant, grantScope);
    const page = await browse(new CookieJar(), url);
    expect(page.html).toContain('also asks to send e-mail as you (<code>gmail.send</code>)');
  });

  it('issues a refresh token for gmail.send that refreshes (unrotated) to tokens userinfo resolves', async () => {
    const config = await discover('post');
    const tokens = await signInAs(config, 'olivia@acme.test', gmailGrant, grantScope);
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', sendScope]));
    const refreshToken = tokens.refresh_token;
    expect(refreshToken).toEqual(expect.any(String));

    const refreshed = await client.refreshTokenGrant(config, refreshToken!);
    expect(refreshed.refresh_token ?? refreshToken).toBe(refreshToken);
    expect(refreshed.scope?.split(' ')).toContain(sendScope);
    const userInfo = await client.fetchUserInfo(config, refreshed.access_token, client.skipSubjectCheck);
    expect(userInfo.email).toBe('olivia@acme.test');
  });

  it('answers invalid_grant to a refresh token that was revoked', async () => {
    const config = await discover('basic');
    const { refresh_token: refreshToken } = await signInAs(config, 'mia@acme.test', gmailGrant, grantScope);
    await client.tokenRevocation(config, refreshToken!);
    await expect(client.refreshTokenGrant(config, refreshToken!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('keeps grants and refresh tokens across a restart when given a data file', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'idp-'));
    const dataFile = path.join(directory, 'identity-provider.json');
    const port = await freePort();
    const options = {
      port,
      issuer: `http://localhost:${port}`,
      clients: [{ clientId, clientSecret, redirectUris: [redirectUri] }],
      dataFile,
    };
    const discoverAt = () =>
      client.discovery(new URL(options.issuer), clientId, undefined, client.ClientSecretBasic(clientSecret), {
        execute: [client.allowInsecureRequests],
      });
    let provider = await startIdentityProvider(options);
    try {
      const tokens = await signInAs(await discoverAt(), 'adam@acme.test', gmailGrant, grantScope);
      await provider.close();
      provider = await startIdentityProvider(options);
      const refreshed = await client.refreshTokenGrant(await discoverAt(), tokens.refresh_token!);
      expect(refreshed.access_token).toEqual(expect.any(String));
    } finally {
      await provider.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
