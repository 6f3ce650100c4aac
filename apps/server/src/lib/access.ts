import { filterValuesOf } from '@mergedesk/domain/api/list-query';
import { deriveEntitlements, toOtherFeatures, type Entitlements } from '@mergedesk/domain/plans/entitlements';
import {
  hasMemberAccess,
  type SpaceFeatureFlags,
  type UserInSpace,
} from '@mergedesk/domain/roles/permissions';
import { hasRoleAtLeast, ROLES, type Role } from '@mergedesk/domain/roles/roles';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AccessTokenClaims, AccessTokenSigner } from './access-token';
import type { UserRecord } from '../db/records';
import type { MembershipRecord } from '../db/records';
import { AppError } from './app-error';

/**
 * Who may call a route (CONVENTIONS.md "Secure by default"):
 * - public: anybody;
 * - session: a valid access token (`Authorization: Bearer`) of a live session (not revoked, not
 *   expired), whether or not the person has an account;
 * - user: a valid access token of a person with a MergeDesk account.
 *
 * A route of one space also declares `config.space` (SpaceAccess): where the space id is read and
 * the least role (plus, where the spec names one, a capability rule of packages/domain). The access
 * layer resolves the caller's membership once, after validation and before the handler, and the
 * handler takes it with `membershipOf(request)` and hands it to the service:
 *
 *   config: {
 *     access: 'user',
 *     space: {
 *       from: { param: 'id' },        // or { query: 'workspaceId' }, { body: 'workspaceId' },
 *                                     // { filter: 'workspaceId', missingMessage } (filterBy=workspaceId:…),
 *                                     // { resourceParam: 'id', spaceOf: (id, caller) => …, notFoundMessage }
 *       role: 'ADMIN',                       // MEMBER, ADMIN or OWNER
 *       capability: { rule: canManageUserRoles, message: '…' }, // optional, a packages/domain rule
 *     },
 *   },
 *   handler: async (request) => doSomething(db, membershipOf(request), request.body)
 *
 * Strangers, unknown or malformed ids get 404 (another space's existence is never revealed),
 * DISABLED members and roles or capabilities below the requirement get 403. The server refuses to
 * start when a route whose path or schema carries a space id declares no `config.space`.
 */
const ACCESS_POLICIES = ['public', 'session', 'user'] as const;
type AccessPolicy = (typeof ACCESS_POLICIES)[number];

export type SessionIdentity = AccessTokenClaims;

/** The caller's membership of the space a route is about, as the access layer resolved it. */
export type SpaceMembership = MembershipRecord;

/** Where a route finds the id of its space (after validation, so values are the validated ones). */
type SpaceSource =
  | { param: string }
  | { query: string }
  | { body: string }
  /** The one `key:value` of the list query's filterBy (spec 002 §7 campaign lists). */
  | { filter: string; missingMessage: string }
  /**
   * The space of a resource named by a path parameter (a mail merge by id). `spaceOf` answers
   * undefined when the resource does not exist or is not the caller's; then, as for strangers and
   * malformed ids, 404 with `notFoundMessage` (another space's merge looks like a missing one).
   */
  | {
      resourceParam: string;
      spaceOf: (resourceId: string, caller: UserRecord) => Promise<string | undefined>;
      notFoundMessage: string;
    };

/** A packages/domain rule over the caller in the space, with the 403 message when it says no. */
type SpaceCapability = { rule: (user: UserInSpace) => boolean; message: string };

export type SpaceAccess = {
  from: SpaceSource;
  /** The least role (spec 000 §6). */
  role: Role;
  /** Checked after the role; when the role falls short, the capability's message is answered. */
  capability?: SpaceCapability;
  /** DISABLED members pass too (the space summary, which shows them the disabled page). */
  allowDisabled?: boolean;
  /**
   * The space is only named, not required: a caller who does not belong to it gets no membership
   * (membershipIfAny) instead of an error (page views, spec 000 §7).
   */
  optional?: boolean;
};

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
    space?: SpaceAccess;
  }
  interface FastifyRequest {
    session: SessionIdentity | null;
    user: UserRecord | null;
    membership: SpaceMembership | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export const SPACE_NOT_FOUND_MESSAGE = 'Space not found.';

/** Spec 000 §2: the page a DISABLED member sees; also the message of everything they may not do. */
export const DISABLED_MEMBER_MESSAGE =
  'Sorry, your account is disabled. Contact your space administrator to solve this issue.';

export const ROLE_REQUIRED_MESSAGES = {
  MEMBER: 'Only members of this space can do this.',
  ADMIN: 'Only an admin or the owner of this space can do this.',
  OWNER: 'Only the owner of this space can do this.',
} as const satisfies Record<Role, string>;

export type RouteAccessRecord = {
  method: string;
  url: string;
  access: AccessPolicy | undefined;
  space: SpaceAccess | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const registeredRoutes = new WeakMap<FastifyInstance, RouteAccessRecord[]>();

/** What the access check needs to know about the session an access token names. */
type SessionState = {
  email: string;
  revokedAt: Date | null;
  expiresAt: Date;
  user: UserRecord | null;
  /**
   * Only when findSession was given a space: the account's member row in it (whatever its status),
   * null when there is none.
   */
  membership?: SpaceMembership | null;
};

export type AccessPolicyOptions = {
  signer: AccessTokenSigner;
  /**
   * The session with its account. With `spaceId` (a well-formed id) it also answers the account's
   * membership of that space, read in the same statement: a space route whose id the URL carries
   * costs one round trip for the session and the membership (issue 11).
   */
  findSession: (sessionId: string, spaceId?: string) => Promise<SessionState | undefined>;
  /** The member row of `userId` in the space with a well-formed `workspaceId`, whatever its status. */
  findMembership: (userId: string, workspaceId: string) => Promise<SpaceMembership | undefined>;
  /**
   * Routes registered by third-party plugins that we configure ourselves (API docs, static files
   * of the web app) cannot declare a policy; they are public.
   */
  isThirdPartyPublicRoute: (url: string) => boolean;
};

/**
 * Adds the access policy to `app` (the root instance): every route must declare `config.access`
 * (and `config.space` when it is about one space) or start-up fails, and each request is
 * authenticated and, for a space route, authorised according to it.
 */
export function registerAccessPolicy(app: FastifyInstance, options: AccessPolicyOptions): void {
  const routes: RouteAccessRecord[] = [];
  registeredRoutes.set(app, routes);
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('membership', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.access;
    if (declared === undefined && options.isThirdPartyPublicRoute(route.url)) {
      route.config = { ...route.config, access: 'public' };
    }
    const access = route.config?.access;
    const space = route.config?.space;
    const name = `Route ${[route.method].flat().join(',')} ${route.url}`;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access, space });
    if (access === undefined || !(ACCESS_POLICIES as readonly string[]).includes(access)) {
      throw new Error(`${name} declares no access policy (config.access).`);
    }
    if (space === undefined) {
      const carried = spaceIdCarriedBy(route);
      if (carried !== undefined) {
        throw new Error(
          `${name} carries a space id (${carried}) but declares no space access (config.space).`,
        );
      }
    } else if (access !== 'user' || !ROLES.includes(space.role)) {
      throw new Error(`${name}: space access needs access 'user' and a role (${ROLES.join(', ')}).`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    // Unmatched requests (the not-found handler) carry no policy and need none.
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const claims = await verifyBearerToken(request, options.signer);
    // The space a route reads from its path or query string is known already (unvalidated): its
    // membership comes with the session, in one statement; the preHandler uses it only when the
    // validated space id is the same (resolveMembership).
    const space = request.routeOptions.config.space;
    const spaceId = access === 'user' && space ? rawSpaceIdOf(request, space.from) : undefined;
    // The session row is checked too, so signing out (revoke) ends every access token at once.
    const session =
      claims && UUID.test(claims.sessionId)
        ? await options.findSession(claims.sessionId, spaceId)
        : undefined;
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
      if (spaceId !== undefined && session.membership !== undefined) {
        prefetchedMemberships.set(request, {
          userId: session.user.id,
          workspaceId: spaceId,
          membership: session.membership ?? undefined,
        });
      }
    }
  });

  // After validation (the space id is a validated value) and before the handler.
  app.addHook('preHandler', async (request) => {
    const space = request.routeOptions.config.space;
    if (space === undefined) return;
    const prefetched = prefetchedMemberships.get(request);
    request.membership = await resolveMembership(request, space, (userId, workspaceId) =>
      prefetched?.userId === userId && prefetched.workspaceId === workspaceId
        ? Promise.resolve(prefetched.membership)
        : options.findMembership(userId, workspaceId),
    );
  });
}

/** The membership read with the session (onRequest), for the space id the request named then. */
const prefetchedMemberships = new WeakMap<
  FastifyRequest,
  { userId: string; workspaceId: string; membership: SpaceMembership | undefined }
>();

/**
 * The space id of a route reading it from its path or query string, before validation: a
 * well-formed id or undefined (body and resource sources are not known yet). Only a guess for the
 * look-up; the access decision takes the validated id (spaceIdOf).
 */
function rawSpaceIdOf(request: FastifyRequest, from: SpaceSource): string | undefined {
  let value: unknown;
  if ('param' in from) value = (request.params as Record<string, unknown> | undefined)?.[from.param];
  else if ('query' in from) value = (request.query as Record<string, unknown> | undefined)?.[from.query];
  else if ('filter' in from) {
    const filterBy = (request.query as { filterBy?: unknown } | undefined)?.filterBy;
    const values = filterValuesOf(typeof filterBy === 'string' ? filterBy : undefined, from.filter);
    value = values.length === 1 ? values[0] : undefined;
  }
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

async function resolveMembership(
  request: FastifyRequest,
  space: SpaceAccess,
  findMembership: AccessPolicyOptions['findMembership'],
): Promise<SpaceMembership | null> {
  const caller = userOf(request);
  const notFound = () =>
    new AppError(
      'NOT_FOUND',
      'resourceParam' in space.from ? space.from.notFoundMessage : SPACE_NOT_FOUND_MESSAGE,
    );
  const workspaceId = await spaceIdOf(request, space.from, caller);
  const membership =
    workspaceId !== undefined && UUID.test(workspaceId)
      ? await findMembership(caller.id, workspaceId)
      : undefined;
  const disabled = membership?.status === 'DISABLED';
  if (!membership || (!disabled && !hasMemberAccess(membership.status))) {
    if (space.optional === true) return null;
    throw notFound();
  }
  if (disabled && space.allowDisabled !== true && space.optional !== true) {
    throw new AppError('FORBIDDEN', DISABLED_MEMBER_MESSAGE);
  }
  if (!hasRoleAtLeast(membership.role, space.role)) {
    throw new AppError('FORBIDDEN', space.capability?.message ?? ROLE_REQUIRED_MESSAGES[space.role]);
  }
  if (space.capability && !space.capability.rule(userInSpaceOf(membership))) {
    throw new AppError('FORBIDDEN', space.capability.message);
  }
  return membership;
}

/** The space id named by the request, or undefined; a missing required filter is a 400. */
async function spaceIdOf(
  request: FastifyRequest,
  from: SpaceSource,
  caller: UserRecord,
): Promise<string | undefined> {
  if ('resourceParam' in from) {
    const resourceId = (request.params as Record<string, unknown> | undefined)?.[from.resourceParam];
    return typeof resourceId === 'string' && UUID.test(resourceId)
      ? from.spaceOf(resourceId, caller)
      : undefined;
  }
  if ('filter' in from) {
    const query = request.query as { filterBy?: unknown } | undefined;
    const values = filterValuesOf(
      typeof query?.filterBy === 'string' ? query.filterBy : undefined,
      from.filter,
    );
    const message =
      values.length === 0
        ? from.missingMessage
        : values.length > 1
          ? `Filter '${from.filter}' may be given once.`
          : null;
    if (message !== null) {
      throw new AppError('VALIDATION_FAILED', message, { fieldErrors: [{ field: 'filterBy', message }] });
    }
    return values[0];
  }
  const [container, key] =
    'param' in from
      ? [request.params, from.param]
      : 'query' in from
        ? [request.query, from.query]
        : [request.body, from.body];
  const value = (container as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** Names of space ids: the spec's workspaceId and the page views' space_id. */
const SPACE_ID_KEY = /^(workspace|space)_?id$/i;

/** Where a route's path or schema carries a space id ('path :id', 'body workspaceId'…), if anywhere. */
function spaceIdCarriedBy(route: RouteOptions): string | undefined {
  const pathParam = /\/workspaces\/:([A-Za-z_]+)|:([A-Za-z_]+)/g;
  for (const match of route.url.matchAll(pathParam)) {
    const param = match[1] ?? match[2] ?? '';
    if (match[1] !== undefined || SPACE_ID_KEY.test(param)) return `path :${param}`;
  }
  const schema = route.schema as Record<string, unknown> | undefined;
  for (const part of ['params', 'querystring', 'body'] as const) {
    const key = objectKeysOf(schema?.[part]).find((candidate) => SPACE_ID_KEY.test(candidate));
    if (key !== undefined) return `${part} ${key}`;
  }
  return undefined;
}

/** The keys of a zod object schema (also behind optional/refine/pipe wrappers); [] otherwise. */
function objectKeysOf(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const candidate = schema as { shape?: unknown; def?: { innerType?: unknown; in?: unknown } };
  if (typeof candidate.shape === 'object' && candidate.shape !== null) return Object.keys(candidate.shape);
  if (candidate.def?.innerType !== undefined) return objectKeysOf(candidate.def.innerType);
  if (candidate.def?.in !== undefined) return objectKeysOf(candidate.def.in);
  return [];
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

/** The caller's membership of the space of a route that declares `config.space`. */
export function membershipOf(request: FastifyRequest): SpaceMembership {
  if (!request.membership) {
    throw new Error(`Route ${request.routeOptions.url ?? ''} declares no space access (config.space).`);
  }
  return request.membership;
}

/** The membership of a route declaring `space.optional`: null when the caller does not belong. */
export function membershipIfAny(request: FastifyRequest): SpaceMembership | null {
  if (request.routeOptions.config.space?.optional !== true) return membershipOf(request);
  return request.membership;
}

/**
 * A member's entitlements, derived on every read from the space's plan, its subscription state and
 * the member's user plan (packages/domain/src/plans/entitlements.ts; issue 21): what billing records
 * takes effect at once, and nothing is stored.
 */
export function entitlementsOf(
  membership: Pick<SpaceMembership, 'userPlan' | 'workspace'>,
  freeUserQuota?: number | null,
): Entitlements {
  const { workspace } = membership;
  return deriveEntitlements({
    workspacePlan: workspace.plan,
    legacyType: workspace.legacyType,
    subscriptionState: workspace.subscriptionState,
    member: { userPlan: membership.userPlan },
    freeUserQuota,
  });
}

/**
 * The space's features under the API's names (spec 000 §3 otherFeatures, spelling as in the spec).
 * They are the space's (the member's seat does not change them; the rules that need the seat, such
 * as hasSharedUnsubscribes, read the user plan beside them).
 */
export function otherFeaturesOf(workspace: SpaceMembership['workspace']): SpaceFeatureFlags {
  return toOtherFeatures(entitlementsOf({ userPlan: 'FREE', workspace }));
}

/** A membership as the capability rules of packages/domain read it. */
export function userInSpaceOf(membership: SpaceMembership): UserInSpace {
  const { workspace } = membership;
  return {
    role: membership.role,
    userPlan: membership.userPlan,
    workspacePlan: workspace.plan,
    legacyType: workspace.legacyType,
    billingModel: workspace.billingModel,
    status: membership.status,
    subscriptionState: workspace.subscriptionState,
    features: otherFeaturesOf(workspace),
  };
}
