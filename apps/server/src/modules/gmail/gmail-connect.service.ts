import { ENDPOINTS } from '@mergedesk/domain/api/endpoints';
import type { GmailConnection } from '@mergedesk/domain/api/sending';
import {
  GMAIL_CONNECT_OUTCOME_PARAM,
  GMAIL_SEND_SCOPE,
  type GmailConnectOutcome,
} from '@mergedesk/domain/gmail/grant';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createSecretBox } from '../../lib/secret-box';
import { findSessionOfRefreshCredential } from '../auth/auth.service';
import type { OidcClient } from '../auth/oidc-client';
import { userView } from '../users/users.views';
import { GMAIL_REFRESH_TOKEN_PURPOSE } from './gmail-accounts';
import { deleteGmailGrant, findGmailGrant, upsertGmailGrant } from './gmail-grants.repo';

const CONNECT_STATE_TTL_SECONDS = 10 * 60;
/** openid + email: the callback checks the account's address; gmail.send: the grant itself. */
const CONNECT_SCOPES = ['openid', 'email', GMAIL_SEND_SCOPE];

/** What the connect round trip carries through the provider, sealed in a cookie of its own. */
type ConnectState = {
  state: string;
  nonce: string;
  codeVerifier: string;
  userId: string;
  email: string;
  returnTo: string;
};

/** Where the browser goes next: the provider, the sign-in page, or back to the app with an outcome. */
export type ConnectStart =
  { kind: 'provider'; url: string; sealedState: string; maxAge: number } | { kind: 'sign-in'; url: string };

export function createGmailConnectService(deps: {
  config: Config;
  db: Database;
  oidc: OidcClient;
  /** Told about a failed round trip (the log; never the code or tokens). */
  onFailure?: (reason: string, error?: unknown) => void;
}) {
  const { config, db } = deps;
  const stateKey = new TextEncoder().encode(`${config.SESSION_SECRET}:gmail-connect-state`);
  const box = createSecretBox(config.SESSION_SECRET, GMAIL_REFRESH_TOKEN_PURPOSE);
  const callbackUrl = new URL(ENDPOINTS['gmail.callback'].path, config.PUBLIC_URL).toString();

  const appUrl = (path: string, outcome?: GmailConnectOutcome) => {
    const url = new URL(path, config.PUBLIC_URL);
    if (outcome) url.searchParams.set(GMAIL_CONNECT_OUTCOME_PARAM, outcome);
    return url.toString();
  };

  async function openState(sealed: string | undefined, state: unknown): Promise<ConnectState | null> {
    if (!sealed || typeof state !== 'string') return null;
    try {
      const { payload } = await jwtVerify(sealed, stateKey, { algorithms: ['HS256'] });
      const opened = payload as unknown as ConnectState;
      return opened.state === state ? opened : null;
    } catch {
      return null;
    }
  }

  return {
    callbackUrl,

    /**
     * GET /api/v1/auth/gmail/connect: the person named by the refresh cookie is sent to the provider
     * for gmail.send with offline access (Google: access_type=offline, prompt=consent so that a
     * refresh token is issued again on a reconnect; include_granted_scopes for the incremental
     * consent), their own address as login_hint, state and S256 PKCE. Without a live session: the
     * sign-in page, back to `returnTo` afterwards.
     */
    async start(input: { refreshCredential: string | undefined; returnTo: string }): Promise<ConnectStart> {
      const session = await findSessionOfRefreshCredential(db, input.refreshCredential);
      const [user] = session
        ? await db
            .select({ id: userView.id, email: userView.email })
            .from(userView)
            .where(eq(userView.email, session.email))
        : [];
      if (!session || !user) {
        // The web app's sign-in page (apps/web/src/app/router.tsx), back to returnTo afterwards.
        const login = new URL('login', config.PUBLIC_URL);
        login.searchParams.set('continue', input.returnTo);
        return { kind: 'sign-in', url: login.toString() };
      }
      const connectState: ConnectState = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        userId: user.id,
        email: user.email,
        returnTo: input.returnTo,
      };
      const url = await deps.oidc.buildAuthorizationUrl({
        state: connectState.state,
        nonce: connectState.nonce,
        codeVerifier: connectState.codeVerifier,
        scopes: CONNECT_SCOPES,
        loginHint: user.email,
        redirectUri: callbackUrl,
        extraParameters: { access_type: 'offline', include_granted_scopes: 'true', prompt: 'consent' },
      });
      const sealedState = await new SignJWT({ ...connectState })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(`${CONNECT_STATE_TTL_SECONDS}s`)
        .sign(stateKey);
      return { kind: 'provider', url: url.toString(), sealedState, maxAge: CONNECT_STATE_TTL_SECONDS };
    },

    /**
     * GET /api/v1/auth/gmail/callback: checks the sealed state, exchanges the code (PKCE), requires
     * the account that answered to be the signed-in person's own address and the refresh token to
     * carry gmail.send, then stores the refresh token sealed (status ACTIVE). Answers the app URL to
     * go back to, with `?gmail=connected` or why not.
     */
    async complete(input: {
      sealedState: string | undefined;
      query: Record<string, unknown>;
    }): Promise<string> {
      const connectState = await openState(input.sealedState, input.query.state);
      // Without a matching state nothing is exchanged, and there is no trusted returnTo either.
      if (!connectState) {
        deps.onFailure?.('invalid_state');
        return appUrl('/', 'failed');
      }
      const back = (outcome: GmailConnectOutcome) => appUrl(connectState.returnTo, outcome);
      if (typeof input.query.error === 'string') {
        return back(input.query.error === 'access_denied' ? 'cancelled' : 'failed');
      }
      if (typeof input.query.code !== 'string') return back('failed');
      const callbackParameters: Record<string, string> = {
        code: input.query.code,
        state: connectState.state,
      };
      if (typeof input.query.iss === 'string') callbackParameters.iss = input.query.iss;
      let identity: Awaited<ReturnType<OidcClient['exchangeCode']>>;
      try {
        identity = await deps.oidc.exchangeCode({
          callbackParameters,
          state: connectState.state,
          nonce: connectState.nonce,
          codeVerifier: connectState.codeVerifier,
          redirectUri: callbackUrl,
        });
      } catch (error) {
        deps.onFailure?.('code_exchange', error);
        return back('failed');
      }
      if (!identity || identity.email !== connectState.email.toLowerCase()) {
        // Another Google account answered: its token is not kept (and is revoked at once).
        if (identity?.refreshToken) await deps.oidc.revoke(identity.refreshToken).catch(() => undefined);
        return back('wrong-account');
      }
      if (!identity.refreshToken || !identity.scopes.includes(GMAIL_SEND_SCOPE)) {
        deps.onFailure?.(identity.refreshToken ? 'scope_not_granted' : 'no_refresh_token');
        return back('failed');
      }
      await upsertGmailGrant(db, {
        userId: connectState.userId,
        email: identity.email,
        refreshToken: box.seal(identity.refreshToken),
        scopes: identity.scopes.join(' '),
        at: new Date(),
      });
      return back('connected');
    },

    /** GET /api/v1/users/me/gmail */
    async status(userId: string): Promise<GmailConnection> {
      const grant = await findGmailGrant(db, userId);
      if (!grant) return { status: 'NOT_CONNECTED', email: null, connectedAt: null };
      return {
        status: grant.status === 'ACTIVE' ? 'CONNECTED' : 'REVOKED',
        email: grant.email,
        connectedAt: grant.grantedAt.getTime(),
      };
    },

    /**
     * DELETE /api/v1/users/me/gmail: the grant is deleted first (nothing sends with it any more),
     * then revoked at the provider when it has a revocation endpoint; a failed revocation is only
     * logged — the token is gone from here either way.
     */
    async disconnect(userId: string): Promise<void> {
      const sealed = await deleteGmailGrant(db, userId);
      const refreshToken = sealed === null ? null : box.open(sealed);
      if (refreshToken === null) return;
      await deps.oidc.revoke(refreshToken).catch((error: unknown) => deps.onFailure?.('revocation', error));
    },
  };
}
