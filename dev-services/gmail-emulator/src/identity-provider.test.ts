import { createHash, randomBytes } from 'node:crypto';

import { startIdentityProvider } from '@mergedesk/identity-provider/provider';
import type { RunningIdentityProvider } from '@mergedesk/identity-provider/provider';
import { freePort, signInAtProvider } from '@mergedesk/identity-provider/testing/provider-browser';
import { afterAll, beforeAll, expect, it } from 'vitest';

import type { RunningGmailEmulator } from './server';
import { startGmailEmulator } from './server';

const clientId = 'mergedesk-web';
const clientSecret = 'test-secret';
const redirectUri = 'http://localhost:3999/auth/callback';
const composeScope = 'https://www.googleapis.com/auth/gmail.compose';

let idp: RunningIdentityProvider;
let emulator: RunningGmailEmulator;

beforeAll(async () => {
  const port = await freePort();
  idp = await startIdentityProvider({
    port,
    issuer: `http://localhost:${port}`,
    clients: [{ clientId, clientSecret, redirectUris: [redirectUri] }],
  });
  // As `npm start` wires it (scripts/start.ts).
  emulator = await startGmailEmulator({ port: 0, userinfoUrl: `${idp.issuer}/me` });
});

afterAll(async () => {
  await emulator.close();
  await idp.close();
});

/** An access token of the local provider for `email`, got as the server gets one (code flow, PKCE). */
async function accessTokenFor(email: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const authorization = new URL(`${idp.issuer}/auth`);
  authorization.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: `openid email profile ${composeScope}`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'state-1',
  }).toString();
  const callback = await signInAtProvider(authorization, email, redirectUri);
  const response = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

it('takes the mailbox of an access token issued by the local identity provider', async () => {
  const token = await accessTokenFor('olivia@acme.test');
  const profile = await fetch(`${emulator.url}/gmail/v1/users/me/profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(profile.status).toBe(200);
  expect(await profile.json()).toMatchObject({ emailAddress: 'olivia@acme.test' });
  const sendAs = await fetch(`${emulator.url}/gmail/v1/users/me/settings/sendAs`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await sendAs.json()).toEqual({
    sendAs: [expect.objectContaining({ sendAsEmail: 'olivia@acme.test', displayName: 'Olivia Owens' })],
  });

  const forged = await fetch(`${emulator.url}/gmail/v1/users/me/profile`, {
    headers: { authorization: 'Bearer not-a-token-of-the-provider' },
  });
  expect(forged.status).toBe(401);
});
