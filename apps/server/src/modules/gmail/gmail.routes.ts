import { AUTH_BASE_PATH } from '@mergedesk/domain/api/endpoints';
import { errorBodySchema } from '@mergedesk/domain/errors/error-body';
import { DEFAULT_LANDING_PATH, safeContinuePath } from '@mergedesk/domain/session/continue-path';
import type {} from '@fastify/cookie';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { userOf } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { REFRESH_COOKIE_NAME } from '../auth/auth.service';
import { createOidcClient } from '../auth/oidc-client';
import { createGmailConnectService } from './gmail-connect.service';

/** httpOnly cookie sealing state, nonce, PKCE verifier and the person during the connect round trip. */
const CONNECT_STATE_COOKIE = 'md_gmail';
const CONNECT_COOKIE_PATH = `${AUTH_BASE_PATH}/gmail`;

const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  503: errorBodySchema,
};

/** The sender's Gmail grant (issue 24): connect, callback, status, disconnect. */
export const gmailRoutes: FastifyPluginCallbackZod<{ config: Config; db: Database }> = (
  app,
  { config, db },
  done,
) => {
  const service = createGmailConnectService({
    config,
    db,
    oidc: createOidcClient(config),
    onFailure: (reason, error) => app.log.warn({ reason, err: error }, 'gmail connect failed'),
  });
  const secure = config.PUBLIC_URL.startsWith('https://');
  const rateLimit = { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  route(
    app,
    'gmail.connect',
    {
      // A browser navigation: the person is the one of the refresh cookie (path /api/v1/auth).
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['gmail'],
        summary: "Connect the sender's Gmail: consent to gmail.send with offline access",
        description:
          'Redirects to the OpenID provider (Google) for `gmail.send` with offline access, the signed-in ' +
          "person's address as login_hint, state and S256 PKCE. Without a session: the sign-in page.",
        response: { 302: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const returnTo = safeContinuePath(request.query.returnTo) ?? DEFAULT_LANDING_PATH;
      const next = await service.start({ refreshCredential: request.cookies[REFRESH_COOKIE_NAME], returnTo });
      if (next.kind === 'provider') {
        // Lax, not Strict: the cookie must come back with the top-level navigation from the provider.
        reply.setCookie(CONNECT_STATE_COOKIE, next.sealedState, {
          path: CONNECT_COOKIE_PATH,
          httpOnly: true,
          secure,
          sameSite: 'lax',
          maxAge: next.maxAge,
        });
      }
      return reply.redirect(next.url, 302);
    },
  );

  route(
    app,
    'gmail.callback',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['gmail'],
        summary: "The provider's answer to the Gmail connect: stores the grant and goes back to the app",
        description:
          'Back to `returnTo` with `?gmail=connected`, or `cancelled`, `wrong-account` (another Google account ' +
          'answered) or `failed` (bad state, failed exchange, no offline access).',
        response: { 302: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const location = await service.complete({
        sealedState: request.cookies[CONNECT_STATE_COOKIE],
        query: request.query,
      });
      // Single-use, whatever the outcome.
      reply.clearCookie(CONNECT_STATE_COOKIE, {
        path: CONNECT_COOKIE_PATH,
        httpOnly: true,
        secure,
        sameSite: 'lax',
      });
      return reply.redirect(location, 302);
    },
  );

  route(
    app,
    'gmail.status',
    {
      config: { access: 'user' },
      schema: {
        tags: ['gmail'],
        summary: "The sender's Gmail grant: CONNECTED, NOT_CONNECTED or REVOKED",
        response: errorResponses,
      },
    },
    async (request) => service.status(userOf(request).id),
  );

  route(
    app,
    'gmail.disconnect',
    {
      config: { access: 'user' },
      schema: {
        tags: ['gmail'],
        summary: "Disconnect the sender's Gmail: the grant is deleted and revoked at the provider",
        response: errorResponses,
      },
    },
    async (request, reply) => {
      await service.disconnect(userOf(request).id);
      return reply.code(204).send(null);
    },
  );
  done();
};
