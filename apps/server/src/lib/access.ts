import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AccessTokenClaims, AccessTokenSigner } from '../modules/auth/access-token';
import type { UserRecord } from '../modules/users/users.repo';
import { AppError } from './app-error';

/**
 * Who may call a route (CONVENTIONS.md "Secure by default"):
 * - public: anybody;
 * - session: a valid access token (`Authorization: Bearer`) of a live session (not revoked, not
 *   expired), whether or not the person has an account;
 * - user: a valid access token of a person with a MergeDesk account.
 * Space-scoped rules (membership, role) are checked by the services (requireMembership).
 */
export const ACCESS_POLICIES = ['public', 'session', 'user'] as const;
export type AccessPolicy = (typeof ACCESS_POLICIES)[number];

export type SessionIdentity = AccessTokenClaims;

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
  interface FastifyRequest {
    session: SessionIdentity | null;
    user: UserRecord | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export type RouteAccessRecord = { method: string; url: string; access: AccessPolicy | undefined };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const registeredRoutes = new WeakMap<FastifyInstance, RouteAccessRecord[]>();

/** What the access check needs to know about the session an access token names. */
export type SessionState = {
  email: string;
  revokedAt: Date | null;
  expiresAt: Date;
  user: UserRecord | null;
};

export type AccessPolicyOptions = {
  signer: AccessTokenSigner;
  findSession: (sessionId: string) => Promise<SessionState | undefined>;
  /**
   * Routes registered by third-party plugins that we configure ourselves (API docs, static files
   * of the web app) cannot declare a policy; they are public.
   */
  isThirdPartyPublicRoute: (url: string) => boolean;
};

/**
 * Adds the access policy to `app` (the root instance): every route must declare
 * `config.access` or start-up fails, and each request is authenticated according to it.
 */
export function registerAccessPolicy(app: FastifyInstance, options: AccessPolicyOptions): void {
  const routes: RouteAccessRecord[] = [];
  registeredRoutes.set(app, routes);
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.access;
    if (declared === undefined && options.isThirdPartyPublicRoute(route.url)) {
      route.config = { ...route.config, access: 'public' };
    }
    const access = route.config?.access;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
    if (access === undefined || !(ACCESS_POLICIES as readonly string[]).includes(access)) {
      throw new Error(
        `Route ${[route.method].flat().join(',')} ${route.url} declares no access policy (config.access).`,
      );
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    // Unmatched requests (the not-found handler) carry no policy and need none.
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const claims = await verifyBearerToken(request, options.signer);
    // The session row is checked too, so signing out (revoke) ends every access token at once.
    const session =
      claims && UUID.test(claims.sessionId) ? await options.findSession(claims.sessionId) : undefined;
    if (
      !claims ||
      !session ||
      session.revokedAt !== null ||
      session.expiresAt.getTime() <= Date.now() ||
      session.email.toLowerCase() !== claims.email.toLowerCase()
    ) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
    }
    request.session = claims;
    if (access === 'user') {
      // The web app's 'no-user' state hangs on this 404 (spec 000 §4 "The me request").
      if (!session.user) throw new AppError('USER_NOT_FOUND', `No account exists for ${claims.email}.`);
      request.user = session.user;
    }
  });
}

/** Every route registered on `app` with its access policy (for the route-policy test). */
export function listRouteAccess(app: FastifyInstance): RouteAccessRecord[] {
  return [...(registeredRoutes.get(app) ?? [])];
}

async function verifyBearerToken(
  request: FastifyRequest,
  signer: AccessTokenSigner,
): Promise<AccessTokenClaims | null> {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match?.[1]) return null;
  return signer.verify(match[1]);
}

/** The signed-in identity of a route with access 'session' or 'user'. */
export function sessionOf(request: FastifyRequest): SessionIdentity {
  if (!request.session) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
  return request.session;
}

/** The account of a route with access 'user'. */
export function userOf(request: FastifyRequest): UserRecord {
  if (!request.user) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
  return request.user;
}
