import { GMAIL_COMPOSE_SCOPE, type SignInIntent } from '@mergedesk/domain/api/auth';
import {
  GRANT_STATE_PREFIX,
  WRONG_ACCOUNT_MESSAGE,
  WRONG_ACCOUNT_REASON,
} from '@mergedesk/domain/session/compose-grant';
import { jwtVerify, SignJWT } from 'jose';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createSecretBox } from '../../lib/secret-box';
import type { AccessTokenSigner } from '../../lib/access-token';
import {
  findSession,
  grantSessionScopes,
  insertSession,
  revokeSession,
  rotateRefreshToken,
  type SessionRow,
} from './auth.repo';
import type { OidcClient } from './oidc-client';

const BASE_SCOPES = ['openid', 'email', 'profile'];
/** Purpose of the secret box that seals the provider's access tokens in the sessions table. */
export const PROVIDER_TOKEN_PURPOSE = 'provider-access-token';
const SIGN_IN_STATE_TTL_SECONDS = 10 * 60;

export type SignInState = {
  state: string;
  nonce: string;
  codeVerifier: string;
  intent: SignInIntent;
  /** Set for a permission round trip (never a sign-in): the scope it adds to the session. */
  grant?: 'compose';
};

/** The httpOnly cookie of the refresh credential (path /api/v1/auth). */
export const REFRESH_COOKIE_NAME = 'md_session';

/** The refresh credential in the httpOnly cookie: `{sessionId}.{secret}`; only a hash is stored. */
function formatRefreshCredential(sessionId: string, secret: string): string {
  return `${sessionId}.${secret}`;
}

function parseRefreshCredential(value: string | undefined): { sessionId: string; secret: string } | null {
  if (!value) return null;
  const [sessionId, secret, ...rest] = value.split('.');
  if (!sessionId || !secret || rest.length > 0) return null;
  if (!/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  return { sessionId, secret };
}

/** The session id named by a well-formed refresh cookie (the refresh rate-limit key), else null. */
export const refreshCredentialSessionId = (value: string | undefined): string | null =>
  parseRefreshCredential(value)?.sessionId ?? null;

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

function sameHash(a: string | null, b: string): boolean {
  if (a === null) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Which of the session's refresh secrets a presented one is. */
type CredentialMatch = 'current' | 'previous' | null;

function matchCredential(session: SessionRow, secret: string): CredentialMatch {
  const hash = hashSecret(secret);
  if (sameHash(session.refreshTokenHash, hash)) return 'current';
  if (sameHash(session.previousRefreshTokenHash, hash)) return 'previous';
  return null;
}

/**
 * The live session the refresh cookie names (its current secret only: a replaced one may be a
 * copy), without rotating it: browser navigations under /api/v1/auth (the Gmail grant's connect)
 * identify the person by it.
 */
export async function findSessionOfRefreshCredential(
  db: Database,
  value: string | undefined,
): Promise<{ sessionId: string; email: string } | null> {
  const credential = parseRefreshCredential(value);
  if (!credential) return null;
  const session = await findSession(db, credential.sessionId);
  if (!session || session.revokedAt !== null || session.expiresAt.getTime() <= Date.now()) return null;
  if (matchCredential(session, credential.secret) !== 'current') return null;
  return { sessionId: session.id, email: session.email };
}

export function createAuthService(deps: {
  config: Config;
  db: Database;
  signer: AccessTokenSigner;
  oidc: OidcClient;
}) {
  const { config, db, signer } = deps;
  const stateKey = new TextEncoder().encode(`${config.SESSION_SECRET}:sign-in-state`);
  const providerTokenBox = createSecretBox(config.SESSION_SECRET, PROVIDER_TOKEN_PURPOSE);
  const rotationKey = `${config.SESSION_SECRET}:refresh-rotation`;
  const graceMs = config.REFRESH_REUSE_GRACE_SECONDS * 1000;

  /**
   * The secret that replaces `secret` on rotation. Derived (HMAC with the server's secret) rather
   * than random, so that every request presenting the same old cookie within the grace window —
   * a second tab, a retry whose first answer was lost — is handed the same new cookie, and the
   * browser's shared cookie jar ends with a cookie the server knows whatever order the answers
   * arrive in. Without the server's secret the next one cannot be computed from a stolen one.
   */
  const nextSecret = (sessionId: string, secret: string) =>
    createHmac('sha256', rotationKey).update(`${sessionId}.${secret}`).digest('base64url');

  async function issueTokens(session: SessionRow) {
    const { token, expiresAt } = await signer.sign({ sessionId: session.id, email: session.email });
    const idToken = await signer.signIdToken({
      email: session.email,
      name: session.name,
      picture: session.picture,
      sessionId: session.id,
    });
    return {
      accessToken: token,
      idToken,
      sessionId: session.id,
      expiresAt,
      profile: { name: session.name, email: session.email, picture: session.picture },
      scopes: session.scopes.split(' ').filter(Boolean),
    };
  }

  const invalidSession = () =>
    new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');

  const invalidGrant = () =>
    new AppError('BAD_REQUEST', 'The sign-in could not be completed. Please sign in again.', {
      reason: 'invalid_grant',
    });

  /** The sealed state of the state cookie, checked against the state the provider returned. */
  async function openSignInState(sealedState: string | undefined, state: string): Promise<SignInState> {
    if (!sealedState) throw invalidGrant();
    let signInState: SignInState;
    try {
      const { payload } = await jwtVerify(sealedState, stateKey, { algorithms: ['HS256'] });
      signInState = payload as unknown as SignInState;
    } catch {
      throw invalidGrant();
    }
    if (signInState.state !== state) throw invalidGrant();
    return signInState;
  }

  /** The code exchanged at the provider: the identity, or null without a verified e-mail. */
  async function exchangeCode(
    signInState: SignInState,
    callbackParameters: { code: string; state: string; iss?: string },
  ) {
    try {
      return await deps.oidc.exchangeCode({
        callbackParameters,
        state: signInState.state,
        nonce: signInState.nonce,
        codeVerifier: signInState.codeVerifier,
      });
    } catch (error) {
      throw new AppError('BAD_REQUEST', 'The sign-in could not be completed. Please sign in again.', {
        reason: 'invalid_grant',
        cause: error,
      });
    }
  }

  const noVerifiedEmail = () =>
    new AppError('FORBIDDEN', 'Your Google account has no verified e-mail address.', {
      reason: 'email_not_verified',
    });

  return {
    /** Starts the authorization code flow: the provider URL and the sealed state for the cookie. */
    async startSignIn(options: {
      intent: SignInIntent;
      compose: boolean;
      loginHint?: string;
      /** A permission for the signed-in session rather than a sign-in (its own state prefix). */
      grant?: 'compose';
    }) {
      const signInState: SignInState = {
        state: options.grant ? `${GRANT_STATE_PREFIX}${oidc.randomState()}` : oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        intent: options.intent,
        ...(options.grant ? { grant: options.grant } : {}),
      };
      let url: URL;
      try {
        url = await deps.oidc.buildAuthorizationUrl({
          state: signInState.state,
          nonce: signInState.nonce,
          codeVerifier: signInState.codeVerifier,
          scopes: options.compose || options.grant ? [...BASE_SCOPES, GMAIL_COMPOSE_SCOPE] : BASE_SCOPES,
          loginHint: options.loginHint,
        });
      } catch (error) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The sign-in service is not reachable. Please try again later.',
          {
            cause: error,
          },
        );
      }
      const sealed = await new SignJWT({ ...signInState })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(`${SIGN_IN_STATE_TTL_SECONDS}s`)
        .sign(stateKey);
      return { url: url.toString(), sealedState: sealed, maxAge: SIGN_IN_STATE_TTL_SECONDS };
    },

    /** POST /api/v1/auth/token: verifies state and PKCE, exchanges the code, opens a session. */
    async completeSignIn(input: {
      sealedState: string | undefined;
      callbackParameters: { code: string; state: string; iss?: string };
    }) {
      const signInState = await openSignInState(input.sealedState, input.callbackParameters.state);
      // A permission round trip never opens a session (issue 9).
      if (signInState.grant) throw invalidGrant();
      const identity = await exchangeCode(signInState, input.callbackParameters);
      if (!identity) throw noVerifiedEmail();
      const secret = randomBytes(32).toString('base64url');
      const session = await insertSession(db, {
        subject: identity.subject,
        email: identity.email,
        name: identity.name,
        picture: identity.picture,
        scopes: identity.scopes.join(' '),
        refreshTokenHash: hashSecret(secret),
        expiresAt: new Date(Date.now() + config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000),
        providerAccessToken: providerTokenBox.seal(identity.accessToken),
        providerTokenExpiresAt:
          identity.accessTokenExpiresIn === null
            ? null
            : new Date(Date.now() + identity.accessTokenExpiresIn * 1000),
      });
      return {
        tokens: { ...(await issueTokens(session)), intent: signInState.intent },
        refreshCredential: formatRefreshCredential(session.id, secret),
        sessionExpiresAt: session.expiresAt,
      };
    },

    /**
     * POST /api/v1/auth/refresh-token: a new access token for a live, unrevoked session, and a
     * rotated refresh credential. The cookie replaced by the last rotation is honoured for
     * REFRESH_REUSE_GRACE_SECONDS (it gets the same new cookie); presented later it was copied —
     * the session is revoked (issue 10, docs/decisions/078-refresh-cookie-rotation.md).
     */
    async refresh(input: {
      refreshCredential: string | undefined;
      sessionId?: string;
      /** Told when a reused refresh cookie revoked a session (for the log). */
      onReuse?: (sessionId: string) => void;
    }) {
      const credential = parseRefreshCredential(input.refreshCredential);
      if (!credential) throw invalidSession();
      if (input.sessionId && input.sessionId !== credential.sessionId) throw invalidSession();
      const next = nextSecret(credential.sessionId, credential.secret);
      // Twice at most: a lost race to rotate is re-read once and then is the grace case.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const session = await findSession(db, credential.sessionId);
        if (!session || session.revokedAt !== null || session.expiresAt.getTime() <= Date.now()) {
          throw invalidSession();
        }
        const match = matchCredential(session, credential.secret);
        const now = new Date();
        if (match === 'current') {
          const rotated = await rotateRefreshToken(db, session.id, {
            fromHash: session.refreshTokenHash,
            toHash: hashSecret(next),
            at: now,
          });
          if (!rotated) continue;
        } else if (match === 'previous') {
          const rotatedAt = session.refreshRotatedAt?.getTime() ?? 0;
          if (now.getTime() - rotatedAt > graceMs) {
            await revokeSession(db, session.id);
            input.onReuse?.(session.id);
            throw invalidSession();
          }
          // Within the grace window: the same new cookie, if it is still the current one.
          if (!sameHash(session.refreshTokenHash, hashSecret(next))) throw invalidSession();
        } else {
          throw invalidSession();
        }
        return {
          tokens: await issueTokens(session),
          refreshCredential: formatRefreshCredential(session.id, next),
          sessionExpiresAt: session.expiresAt,
        };
      }
      throw invalidSession();
    },

    /**
     * POST /api/v1/auth/grant: completes a permission round trip for the signed-in session. The
     * provider's answer must be the session's own account (same subject); another account is
     * refused (403 wrong_account) and changes nothing — the session stays the same person's.
     */
    async completeGrant(input: {
      sessionId: string;
      sealedState: string | undefined;
      callbackParameters: { code: string; state: string; iss?: string };
    }) {
      const signInState = await openSignInState(input.sealedState, input.callbackParameters.state);
      if (!signInState.grant) throw invalidGrant();
      const session = await findSession(db, input.sessionId);
      if (!session || session.revokedAt !== null || session.expiresAt.getTime() <= Date.now()) {
        throw invalidSession();
      }
      const identity = await exchangeCode(signInState, input.callbackParameters);
      if (!identity) throw noVerifiedEmail();
      if (identity.subject !== session.subject) {
        throw new AppError('FORBIDDEN', WRONG_ACCOUNT_MESSAGE, { reason: WRONG_ACCOUNT_REASON });
      }
      const scopes = [...new Set([...session.scopes.split(' ').filter(Boolean), ...identity.scopes])];
      await grantSessionScopes(db, session.id, {
        scopes: scopes.join(' '),
        providerAccessToken: providerTokenBox.seal(identity.accessToken),
        providerTokenExpiresAt:
          identity.accessTokenExpiresIn === null
            ? null
            : new Date(Date.now() + identity.accessTokenExpiresIn * 1000),
      });
      return { scopes, intent: signInState.intent };
    },

    /** POST /api/v1/auth/revoke: ends the session named by the cookie or by a valid bearer token. */
    async revoke(input: { refreshCredential: string | undefined; bearerToken: string | undefined }) {
      let sessionId: string | undefined;
      const credential = parseRefreshCredential(input.refreshCredential);
      if (credential) {
        const session = await findSession(db, credential.sessionId);
        if (session && matchCredential(session, credential.secret)) sessionId = session.id;
      }
      if (!sessionId && input.bearerToken) sessionId = (await signer.verify(input.bearerToken))?.sessionId;
      if (!sessionId) throw invalidSession();
      await revokeSession(db, sessionId);
    },
  };
}
