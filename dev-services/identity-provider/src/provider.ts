import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

import type { AccountClaims, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { interactionPolicy, Provider } from 'oidc-provider';

import type { DemoAccount } from './accounts';
import { createFileAdapter } from './file-adapter';
import { findDemoAccountBySub } from './accounts';
import {
  composeScope,
  contentSecurityPolicy,
  sendScope,
  escapeHtml,
  renderLogoutPage,
  renderMessagePage,
  renderPage,
} from './html';
import { handleInteractionRequest, interactionUrl, matchInteractionRoute } from './interactions';

type IdentityProviderClient = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** Shown on the sign-in page ("continue to …"); defaults to the client id. */
  clientName?: string;
};

export type IdentityProviderOptions = {
  port: number;
  /** Issuer identifier, e.g. http://localhost:3001 (no path: the provider is mounted at the root). */
  issuer: string;
  clients: IdentityProviderClient[];
  /** Interface to listen on; defaults to 'localhost', the host of the default issuer. */
  host?: string;
  /**
   * Where grants and refresh tokens are kept across restarts (JSON); unset: memory only. `npm start`
   * sets it, so a restart does not ask every sender to reconnect Gmail.
   */
  dataFile?: string;
};

export type RunningIdentityProvider = {
  close(): Promise<void>;
  issuer: string;
};

const personalDomains = new Set(['gmail.com', 'googlemail.com']);

/** The claims Google puts in its ID tokens, including `hd` (hosted domain) for Workspace accounts. */
function accountClaims(account: DemoAccount): AccountClaims {
  const domain = account.email.slice(account.email.lastIndexOf('@') + 1);
  return {
    sub: account.sub,
    email: account.email,
    email_verified: account.email_verified,
    name: account.name,
    given_name: account.given_name,
    family_name: account.family_name,
    ...(account.picture === null ? {} : { picture: account.picture }),
    ...(personalDomains.has(domain) ? {} : { hd: domain }),
  };
}

/**
 * Google shows its account chooser on every sign-in from MergeDesk (prompt=select_account), so this
 * provider never reuses its own session silently: the login prompt has a check that fails until the
 * current authorization request has a login result of its own. `prompt=none` therefore always answers
 * `login_required`. `select_account` is registered as a prompt so that `prompt=select_account` is
 * accepted (oidc-provider rejects prompt values it does not know); the login form resolves it.
 */
function signInPolicy() {
  const policy = interactionPolicy.base();
  const login = policy.get('login');
  if (login === undefined) {
    throw new Error('oidc-provider has no login prompt');
  }
  login.checks.add(
    new interactionPolicy.Check(
      'account_selection',
      'the account chooser is shown on every authorization request',
      'login_required',
      (ctx) => ctx.oidc.result?.login === undefined,
    ),
    0,
  );
  policy.add(
    new interactionPolicy.Prompt({ name: 'select_account', requestable: true }),
    policy.indexOf(login) + 1,
  );
  return policy;
}

function sendKoaPage(ctx: KoaContextWithOIDC, html: string): void {
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', contentSecurityPolicy);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = html;
}

/** A fresh RS256 key per start: MergeDesk sessions never depend on IdP tokens surviving a restart. */
function devSigningKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: `dev-${randomUUID()}`, alg: 'RS256', use: 'sig' };
}

/** The code's grant holds offline access (the offline_access scope, or access_type=offline: interactions.ts). */
async function hasOfflineAccess(
  ctx: KoaContextWithOIDC,
  code: { scopes: Set<string>; grantId?: string | undefined },
): Promise<boolean> {
  if (code.scopes.has('offline_access')) return true;
  const grant =
    ctx.oidc.entities.Grant ?? (code.grantId ? await ctx.oidc.provider.Grant.find(code.grantId) : undefined);
  return grant?.getOIDCScope().split(' ').includes('offline_access') ?? false;
}

function configuration(clients: IdentityProviderClient[], dataFile: string | undefined): Configuration {
  return {
    adapter: createFileAdapter(dataFile),
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      client_name: client.clientName ?? client.clientId,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // oidc-provider 9 accepts client_secret_post from a client registered for client_secret_basic
      // (and the reverse), so the relying party may use either, as with Google.
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    })),
    findAccount: (_ctx, sub) => {
      const account = findDemoAccountBySub(sub);
      return account === undefined
        ? undefined
        : { accountId: account.sub, claims: () => accountClaims(account) };
    },
    scopes: ['openid', 'offline_access', 'email', 'profile', composeScope, sendScope],
    // Google's way of asking for a refresh token (access_type=offline), which MergeDesk's Gmail
    // grant uses; include_granted_scopes is accepted and changes nothing here.
    extraParams: ['access_type', 'include_granted_scopes'],
    // A refresh token when the grant holds offline access (access_type=offline or the
    // offline_access scope, see interactions.ts), as Google issues one for access_type=offline.
    issueRefreshToken: async (ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && (await hasOfflineAccess(ctx, code)),
    // Offline tokens outlive the provider's session (and a restart, with a dataFile).
    expiresWithSession: async (ctx, code) => !(await hasOfflineAccess(ctx, code)),
    // Like Google: a refresh token stays the same until it is revoked (no rotation on use).
    rotateRefreshToken: false,
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      email: ['email', 'email_verified', 'hd'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    // Like Google: the ID token carries the profile and e-mail claims, no userinfo call needed.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    cookies: {
      // Fixed development keys: this provider only ever runs on a developer's machine or in tests.
      keys: ['mergedesk-identity-provider-dev-cookie-key-1', 'mergedesk-identity-provider-dev-cookie-key-0'],
    },
    jwks: { keys: [devSigningKey()] },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      // Google's refresh tokens live until revoked; 30 days is long enough for development.
      RefreshToken: 30 * 24 * 60 * 60,
      Session: 24 * 60 * 60,
      Grant: 30 * 24 * 60 * 60,
    },
    interactions: {
      policy: signInPolicy(),
      url: (_ctx, interaction) => interactionUrl(interaction.uid),
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      // MergeDesk revokes the Gmail grant's refresh token on disconnect (RFC 7009, as Google's /revoke).
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => sendKoaPage(ctx, renderLogoutPage(ctx.host, form)),
        postLogoutSuccessSource: (ctx) =>
          sendKoaPage(
            ctx,
            renderMessagePage('Signed out', 'You are signed out of the local Google stand-in.'),
          ),
      },
    },
    renderError: (ctx, out) => {
      const rows = Object.entries(out)
        .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
        .join('\n');
      sendKoaPage(ctx, renderPage('Sign-in error', `<h1>Sign-in error</h1>\n${rows}`));
    },
  };
}

function normaliseIssuer(issuer: string): string {
  const url = new URL(issuer);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new Error(`The issuer must be an origin without a path (got ${issuer}).`);
  }
  return url.origin;
}

/** Starts the local OpenID provider (the stand-in for Google sign-in) on its own HTTP server. */
export async function startIdentityProvider(
  options: IdentityProviderOptions,
): Promise<RunningIdentityProvider> {
  const issuer = normaliseIssuer(options.issuer);
  const provider = new Provider(issuer, configuration(options.clients, options.dataFile));
  provider.on('server_error', (_ctx, error) => {
    console.error('identity-provider: server error', error);
  });
  const providerCallback = provider.callback();

  const server = createServer((req, res) => {
    const pathname = URL.parse(req.url ?? '/', issuer)?.pathname ?? '/';
    const route = matchInteractionRoute(pathname);
    const handled =
      route === undefined ? providerCallback(req, res) : handleInteractionRequest(provider, req, res, route);
    handled.catch((error: unknown) => {
      console.error('identity-provider: request failed', error);
      if (!res.headersSent) {
        res.statusCode = 500;
      }
      res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? 'localhost', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        // Keep-alive connections (fetch, browsers) would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
