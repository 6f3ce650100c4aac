import { AUTH_BASE_PATH } from '@mergedesk/domain/api/endpoints';
import { errorBodySchema } from '@mergedesk/domain/errors/error-body';
import { safeContinuePath } from '@mergedesk/domain/session/continue-path';
import type {} from '@fastify/cookie';
import type {} from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AccessTokenSigner } from '../../lib/access-token';
import { sessionOf } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { sameOriginOnly } from '../../lib/same-origin';
import { createAuthService, REFRESH_COOKIE_NAME, refreshCredentialSessionId } from './auth.service';
import { createOidcClient } from './oidc-client';

export type AuthRoutesOptions = { config: Config; db: Database; signer: AccessTokenSigner };

/** httpOnly cookie holding the refresh credential (docs/decisions/004-where-credentials-live.md). */
const REFRESH_COOKIE = REFRESH_COOKIE_NAME;
/** httpOnly cookie sealing state, nonce and PKCE verifier during the provider round trip. */
const SIGN_IN_STATE_COOKIE = 'md_signin';
const COOKIE_PATH = AUTH_BASE_PATH;

const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** Sign-in and session endpoints of spec 000 §7 under /api/v1/auth. */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async functions
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { config, db, signer }) => {
  const service = createAuthService({ config, db, signer, oidc: createOidcClient(config) });
  const secure = config.PUBLIC_URL.startsWith('https://');
  const rateLimit = { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  // The POSTs here carry the sign-in cookies (token, grant, refresh, revoke): a page of another
  // origin must not sign anybody in or out (issue 20: the revoke accepted a foreign Origin).
  app.addHook('onRequest', sameOriginOnly(config.PUBLIC_URL));

  const setRefreshCookie = (reply: FastifyReply, value: string, expires: Date) =>
    reply.setCookie(REFRESH_COOKIE, value, {
      path: COOKIE_PATH,
      httpOnly: true,
      secure,
      sameSite: 'strict',
      expires,
    });
  const clearCookie = (reply: FastifyReply, name: string) =>
    reply.clearCookie(name, {
      path: COOKIE_PATH,
      httpOnly: true,
      secure,
      sameSite: name === REFRESH_COOKIE ? 'strict' : 'lax',
    });
  const bearer = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
  };

  route(
    app,
    'auth.authorize',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with the OpenID provider (Google)',
        response: { 302: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { url, sealedState, maxAge } = await service.startSignIn({
        intent: {
          continue: safeContinuePath(query.continue) ?? undefined,
          createAccount: query.createAccount === 'true',
          redirectToBilling: query.redirectToBilling === 'true',
        },
        compose: query.scope === 'compose',
        loginHint: query.loginHint,
        ...(query.grant ? { grant: query.grant } : {}),
      });
      // Lax, not Strict: the cookie must come back with the top-level navigation from the provider.
      reply.setCookie(SIGN_IN_STATE_COOKIE, sealedState, {
        path: COOKIE_PATH,
        httpOnly: true,
        secure,
        sameSite: 'lax',
        maxAge,
      });
      return reply.redirect(url, 302);
    },
  );

  route(
    app,
    'auth.token',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the authorization code for a session',
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { code, state, iss } = request.body;
      const result = await service.completeSignIn({
        sealedState: request.cookies[SIGN_IN_STATE_COOKIE],
        callbackParameters: iss ? { code, state, iss } : { code, state },
      });
      clearCookie(reply, SIGN_IN_STATE_COOKIE);
      setRefreshCookie(reply, result.refreshCredential, result.sessionExpiresAt);
      return result.tokens;
    },
  );

  route(
    app,
    'auth.grant',
    {
      config: { access: 'session', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Add the permission of a grant round trip (Gmail compose) to the signed-in session',
        description:
          'Exchanges the code of a round trip started with `grant=compose`. The provider must have answered for the ' +
          "session's own account: another one is refused (403, reason `wrong_account`) and the session is unchanged.",
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { code, state, iss } = request.body;
      // The state cookie is single-use, whatever the outcome.
      clearCookie(reply, SIGN_IN_STATE_COOKIE);
      return service.completeGrant({
        sessionId: sessionOf(request).sessionId,
        sealedState: request.cookies[SIGN_IN_STATE_COOKIE],
        callbackParameters: iss ? { code, state, iss } : { code, state },
      });
    },
  );

  route(
    app,
    'auth.refreshToken',
    {
      config: {
        access: 'public',
        // Its own budget, per session (the cookie's session id), not per address: many people
        // behind one NAT or proxy must not share it (issue 6). Without a well-formed cookie
        // the address is the key, as on the sign-in endpoints.
        rateLimit: {
          max: config.REFRESH_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => {
            const sessionId = refreshCredentialSessionId(request.cookies[REFRESH_COOKIE]);
            return sessionId ? `session:${sessionId}` : `address:${request.ip}`;
          },
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'A new access token for the session in the refresh cookie',
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const result = await service.refresh({
        refreshCredential: request.cookies[REFRESH_COOKIE],
        sessionId: request.body?.sessionId,
        onReuse: (sessionId) =>
          request.log.warn({ sessionId }, 'refresh cookie reused after rotation: session revoked'),
      });
      setRefreshCookie(reply, result.refreshCredential, result.sessionExpiresAt);
      return result.tokens;
    },
  );

  route(
    app,
    'auth.revoke',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the session',
        response: errorResponses,
      },
    },
    async (request, reply) => {
      await service.revoke({
        refreshCredential: request.cookies[REFRESH_COOKIE],
        bearerToken: bearer(request),
      });
      clearCookie(reply, REFRESH_COOKIE);
      return reply.code(204).send(null);
    },
  );
};
