import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AccessTokenClaims, AccessTokenSigner } from '../modules/auth/access-token';
import type { UserRecord } from '../modules/users/users.repo';
import { AppError } from './app-error';

/**
 * Who may call a route (CONVENTIONS.md "Secure by default"):
 * - public: anybody;
 * - session: a valid access token (`Authorization: Bearer`), whether or not the person has an account;
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

const registeredRoutes = new WeakMap<FastifyInstance, RouteAccessRecord[]>();

export type AccessPolicyOptions = {
  signer: AccessTokenSigner;
  findUserByEmail: (email: string) => Promise<UserRecord | undefined>;
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
    if (!claims) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
    }
    request.session = claims;
    if (access === 'user') {
      const user = await options.findUserByEmail(claims.email);
      // The web app's 'no-user' state hangs on this 404 (spec 000 §4 "The me request").
      if (!user) throw new AppError('USER_NOT_FOUND', `No account exists for ${claims.email}.`);
      request.user = user;
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
