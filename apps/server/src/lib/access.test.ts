import { hasRoleAtLeast, type Role } from '@mergedesk/domain/roles/roles';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { users, workspaceMembers } from '../db/schema';
import type { DemoSeedResult } from '../seed/seed';
import { createAccessTokenSigner } from './access-token';
import { findMembership } from '../modules/workspaces/workspaces.repo';
import { bearer, createTestApp, type TestApp } from '../test/test-app';
import {
  DISABLED_MEMBER_MESSAGE,
  listRouteAccess,
  membershipOf,
  registerAccessPolicy,
  ROLE_REQUIRED_MESSAGES,
  SPACE_NOT_FOUND_MESSAGE,
  userInSpaceOf,
  type RouteAccessRecord,
  type SpaceAccess,
  type SpaceMembership,
} from './access';
import { apiPath } from '../test/api-path';

const CHECKOUT_SESSION_SAMPLE = {
  workspaceId: randomUUID(),
  addressInfo: { country: 'US', city: 'Springfield', street: '1 Main St' },
  customerName: 'Olivia',
  isB2BTransaction: false,
  goBackUrl: 'http://localhost:3000/',
};

/** Valid inputs besides the space id, for routes whose schema needs more than the id. */
const SAMPLE_INPUTS: Record<string, { body?: Record<string, unknown>; query?: Record<string, string> }> = {
  'PUT /api/v1/workspaces/:id': { body: { workspaceName: 'Renamed space' } },
  'DELETE /api/v1/workspaces/:id': { body: { workspaceName: 'Acme Sales' } },
  'POST /api/v1/users/workspace-activation-add-bounces/me': { body: { emailAddresses: ['x@example.com'] } },
  'POST /api/v1/users/workspace-activation-add-unsubscriptions/me': {
    body: { emailAddresses: ['x@example.com'] },
  },
  'POST /api/addon/campaigns': {
    body: {
      subject: 'Hello',
      mergeSourceSheetKey: 'sheet-1',
      spreadsheetName: 'Leads',
      sheetName: 'Sheet1',
      recipients: [{ email: 'x@example.com' }],
    },
  },
  'POST /api/addon/scheduled-campaigns': {
    body: {
      mergeSourceSheetKey: 'sheet-1',
      spreadsheetName: 'Leads',
      sheetName: 'Sheet1',
      nextScheduledRunTimestamp: null,
      toSendCount: 1,
    },
  },
  'POST /api/addon/merges': {
    body: {
      subject: 'Hello {{First name}}',
      htmlBody: '<p>Hi {{First name}}</p>',
      mergeSourceSheetKey: 'sheet-1',
      spreadsheetName: 'Leads',
      sheetName: 'Sheet1',
      recipients: [{ email: 'x@example.com', fields: { 'First name': 'Ada' } }],
    },
  },
  'POST /api/v1/users/me/workspaces/:id/recipient-check': { body: { emails: ['x@example.com'] } },
  'POST /api/v1/users/me/workspaces/:id/test-send': {
    body: { subject: 'Hello {{First name}}', htmlBody: '<p>Hi</p>', fields: { 'First name': 'Ada' } },
  },
  'GET /api/v1/users/me/workspaces/:id/sending-forecast': { query: { count: '1' } },
  'GET /api/v2/users/suggest': { query: { keyword: 'ad' } },
  'POST /api/workspaces/:workspaceId/users/v1': { body: { userEmails: ['x@example.com'] } },
  'PATCH /api/workspaces/:workspaceId/users/v1': { body: { userEmails: ['x@example.com'] } },
  'POST /api/workspaces/:workspaceId/members': { body: { userEmails: ['x@example.com'] } },
  'DELETE /api/workspaces/:workspaceId/members': { body: { userIds: [randomUUID()] } },
  'PUT /api/workspaces/:workspaceId/members/activate': { body: { userIds: [randomUUID()] } },
  'PUT /api/workspaces/:workspaceId/members/seats': { body: { userIds: [randomUUID()] } },
  'PUT /api/workspaces/:workspaceId/members/change-role': {
    body: { memberRoles: [{ userId: randomUUID(), userRole: 'ADMIN' }] },
  },
  'PUT /api/workspaces/:workspaceId/owner': { body: { userId: randomUUID() } },
  'POST /api/workspaces/:workspaceId/invitations': { body: { userEmails: ['x@example.com'] } },
  'PUT /api/workspaces/:workspaceId/invitations/resend': { body: { invitedUserEmails: ['x@example.com'] } },
  'DELETE /api/workspaces/:workspaceId/invitations': { body: { invitedUserEmails: ['x@example.com'] } },
  'GET /api/workspace-billing/workspaces/:workspaceId/stripe/customer/v1/portal': {
    query: { returnUrl: 'http://localhost:3000/' },
  },
  'GET /api/workspace-billing/workspaces/:workspaceId/stripe/checkout/v1/outcome': {
    query: { sessionId: 'cs_test_access' },
  },
  ...Object.fromEntries(
    ['v1', 'v2'].map((version) => [
      `POST /api/workspace-billing/workspaces/:workspaceId/stripe/checkout/${version}/info`,
      {
        body: { country: 'US', purchaseType: 'B2C', billingInterval: 'YEARLY', workspacePlan: 'PRO' },
      },
    ]),
  ),
  'POST /api/workspace-billing/workspaces/:workspaceId/stripe/checkout/v2/session': {
    body: { ...CHECKOUT_SESSION_SAMPLE, stripePlans: [{ stripePriceId: 'price_x', quantity: 2 }] },
  },
  'PUT /api/workspace-billing/workspaces/:workspaceId/subscriptions/v1/:subscriptionId': { body: {} },
  'POST /api/workspace-billing/workspaces/:workspaceId/subscriptions/v2/:subscriptionId/seats/v1': {
    body: { seatPlans: [{ userPlan: 'PRO', quantity: 1 }] },
  },
  ...Object.fromEntries(
    ['removal-quote', 'scheduled-removals'].map((path) => [
      `POST /api/workspace-billing/workspaces/:workspaceId/subscriptions/v2/:subscriptionId/seats/v1/${path}`,
      { body: { subscriptionPlanSeats: [{ paymentPlanId: 'price_x', targetSeatsQuantity: 1 }] } },
    ]),
  ),
  'POST /api/workspace-billing/workspaces/:workspaceId/stripe/checkout/v1/session': {
    body: {
      ...CHECKOUT_SESSION_SAMPLE,
      plans: [{ stripePriceId: 'price_x', userIds: [randomUUID()] }],
    },
  },
};

/** The routes that name their space directly (path, query, body or filter), as registered. */
function spaceRoutes(app: TestApp['app']): Array<RouteAccessRecord & { space: SpaceAccess }> {
  return listRouteAccess(app).filter(
    (route): route is RouteAccessRecord & { space: SpaceAccess } =>
      route.method !== 'HEAD' &&
      route.space !== undefined &&
      route.space.optional !== true &&
      !('resourceParam' in route.space.from),
  );
}

/** A request to `route` about the space `workspaceId`, valid in everything but (maybe) access. */
function requestTo(route: RouteAccessRecord & { space: SpaceAccess }, workspaceId: string) {
  const { from } = route.space;
  const sample = SAMPLE_INPUTS[`${route.method} ${route.url}`] ?? {};
  const url = route.url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    if ('param' in from && from.param === name) return workspaceId;
    return name.toLowerCase().includes('email') ? 'x@example.com' : randomUUID();
  });
  const query = new URLSearchParams(sample.query);
  if ('query' in from) query.set(from.query, workspaceId);
  if ('filter' in from) query.set('filterBy', `${from.filter}:${workspaceId}`);
  const body = 'body' in from ? { ...sample.body, [from.body]: workspaceId } : sample.body;
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return { method: route.method as 'GET', url: `${url}${search}`, ...(body ? { payload: body } : {}) };
}

describe('space access declared on the route', () => {
  let t: TestApp;
  let demo: DemoSeedResult;
  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => {
    const known = tokens.get(email);
    if (known) return known;
    const token = await t.signIn(email);
    tokens.set(email, token);
    return token;
  };
  const call = async (email: string, route: RouteAccessRecord & { space: SpaceAccess }, spaceId: string) =>
    t.app.inject({ ...requestTo(route, spaceId), headers: bearer(await tokenOf(email)) });

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.seedDemo();
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the space routes in the registry', () => {
    const urls = spaceRoutes(t.app).map((route) => `${route.method} ${route.url}`);
    // A floor, not a list: every route declaring space access is walked below.
    expect(urls.length).toBeGreaterThanOrEqual(15);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/workspaces/:id',
        'GET /api/workspaces/:workspaceId/members',
        'GET /api/v1/users/me/campaigns',
        'POST /api/addon/campaigns',
      ]),
    );
  });

  it('reads the session and the membership of a space named in the path or filter in one statement (issue 11)', async () => {
    const acme = demo.spaces['Acme Sales']!;
    const statementsOf = async (email: string, url: string) => {
      const headers = bearer(await tokenOf(email));
      const spy = vi.spyOn(t.pool, 'query');
      try {
        const response = await t.app.inject({ method: 'GET', url, headers });
        const texts = spy.mock.calls.map(([query]) =>
          typeof query === 'string' ? query : (query as { text: string }).text,
        );
        return { status: response.statusCode, texts };
      } finally {
        spy.mockRestore();
      }
    };
    const lists = [
      apiPath('unsubscriptions.list', { id: acme }, 'limit=25'),
      apiPath('campaigns.list', {}, { limit: 25, filterBy: `workspaceId:${acme}` }),
    ];
    for (const url of lists) {
      const member = await statementsOf('mia@acme.test', url);
      expect({ url, status: member.status, statements: member.texts.length }).toEqual({
        url,
        status: 200,
        statements: 2,
      });
      // The session and the membership, read through their owners' views (auth, members).
      expect(member.texts[0]).toMatch(
        /from \(select .* from "sessions"\).*join \(select .* from "workspace_members"\)/,
      );
      const stranger = await statementsOf('gina@gmail.com', url);
      expect({ url, status: stranger.status, statements: stranger.texts.length }).toEqual({
        url,
        status: 404,
        statements: 1,
      });
    }
  });

  it('answers a stranger 404 on every space route', async () => {
    const acme = demo.spaces['Acme Sales']!;
    for (const route of spaceRoutes(t.app)) {
      const response = await call('gina@gmail.com', route, acme);
      expect({
        route: `${route.method} ${route.url}`,
        status: response.statusCode,
        body: response.json(),
      }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 404,
        body: { errors: [], code: 'NOT_FOUND', message: SPACE_NOT_FOUND_MESSAGE },
      });
    }
  });

  it('answers a malformed or unknown space id 404 where validation lets it through', async () => {
    for (const route of spaceRoutes(t.app)) {
      for (const spaceId of [randomUUID(), 'not-a-space']) {
        const response = await call('olivia@acme.test', route, spaceId);
        const name = `${route.method} ${route.url} ${spaceId}`;
        // A body or query schema may reject a malformed id first (400); never anything else.
        expect({ name, status: response.statusCode }).toEqual({
          name,
          status: spaceId === 'not-a-space' && response.statusCode === 400 ? 400 : 404,
        });
      }
    }
  });

  it('answers a role below the declared one (or a DISABLED member) 403', async () => {
    const acme = demo.spaces['Acme Sales']!;
    // Acme Sales: olivia OWNER, adam ADMIN, mia MEMBER, dora a DISABLED member.
    const below: Record<Role, string> = {
      OWNER: 'adam@acme.test',
      ADMIN: 'mia@acme.test',
      MEMBER: 'dora@acme.test',
    };
    let checked = 0;
    for (const route of spaceRoutes(t.app)) {
      const name = `${route.method} ${route.url}`;
      const email = below[route.space.role];
      const response = await call(email, route, acme);
      if (route.space.role === 'MEMBER' && route.space.allowDisabled === true) {
        expect({ name, status: response.statusCode }).toEqual({ name, status: 200 });
        continue;
      }
      const message =
        route.space.role === 'MEMBER'
          ? DISABLED_MEMBER_MESSAGE
          : (route.space.capability?.message ?? ROLE_REQUIRED_MESSAGES[route.space.role]);
      expect({ name, status: response.statusCode, body: response.json() }).toEqual({
        name,
        status: 403,
        body: { errors: [], code: 'FORBIDDEN', message },
      });
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('answers 403 to a member whose role suffices but whose capability (packages/domain) does not', async () => {
    const members = await t.db
      .select({ email: users.email, userId: users.id, workspaceId: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.status, 'ACTIVE'));
    const withCapability = spaceRoutes(t.app).filter((route) => route.space.capability !== undefined);
    expect(withCapability.length).toBeGreaterThan(0);
    let checked = 0;
    for (const route of withCapability) {
      const { role, capability } = route.space;
      for (const member of members) {
        const membership = await findMembership(t.db, member.userId, member.workspaceId);
        if (!membership || !hasRoleAtLeast(membership.role, role)) continue;
        if (capability!.rule(userInSpaceOf(membership))) continue;
        const response = await call(member.email, route, member.workspaceId);
        const name = `${route.method} ${route.url} as ${member.email}`;
        expect({
          name,
          status: response.statusCode,
          message: response.json<{ message: string }>().message,
        }).toEqual({ name, status: 403, message: capability!.message });
        checked += 1;
        break;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('the membership read with the session (issue 11)', () => {
  const signer = createAccessTokenSigner('x'.repeat(32), 60);
  const sessionId = randomUUID();
  const spaceId = randomUUID();
  const user = {
    id: randomUUID(),
    email: 'mia@acme.test',
    name: 'Mia',
    profilePictureUrl: null,
    userType: 'BUSINESS' as const,
    domainName: 'acme.test',
    installationTimestamp: null,
    addonWorkspaceId: null,
    freeUserQuota: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const membershipIn = (workspaceId: string) =>
    ({
      id: randomUUID(),
      workspaceId,
      userId: user.id,
      email: user.email,
      role: 'MEMBER',
      userPlan: 'PRO',
      status: 'ACTIVE',
      seatType: null,
      freeTrialEndTimestamp: null,
      createdAt: new Date(),
      workspace: { id: workspaceId },
    }) as unknown as SpaceMembership;

  /** An app whose look-ups are recorded; the session's account is a member of every space asked. */
  const appRecordingLookups = () => {
    const calls: string[] = [];
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerAccessPolicy(app, {
      signer,
      findSession: (id, space) => {
        calls.push(`session ${space ?? '-'}`);
        return Promise.resolve({
          email: user.email,
          revokedAt: null,
          expiresAt: new Date(Date.now() + 60_000),
          user,
          ...(space === undefined ? {} : { membership: membershipIn(space) }),
        });
      },
      findMembership: (_userId, workspaceId) => {
        calls.push(`membership ${workspaceId}`);
        return Promise.resolve(membershipIn(workspaceId));
      },
      isThirdPartyPublicRoute: () => false,
    });
    const answer = (request: FastifyRequest) => ({ space: membershipOf(request).workspaceId });
    app.get(
      '/spaces/:workspaceId',
      { config: { access: 'user', space: { from: { param: 'workspaceId' }, role: 'MEMBER' } } },
      answer,
    );
    // A schema that changes the id: the one read before validation is not the one decided on.
    app.get(
      '/lower/:workspaceId',
      {
        config: { access: 'user', space: { from: { param: 'workspaceId' }, role: 'MEMBER' } },
        schema: { params: z.object({ workspaceId: z.string().transform((id) => id.toLowerCase()) }) },
      },
      answer,
    );
    app.post(
      '/things',
      {
        config: { access: 'user', space: { from: { body: 'workspaceId' }, role: 'MEMBER' } },
        schema: { body: z.object({ workspaceId: z.string() }) },
      },
      answer,
    );
    return { app, calls };
  };

  it('takes the membership from the session look-up when the validated space id is the one read', async () => {
    const { app, calls } = appRecordingLookups();
    const { token } = await signer.sign({ sessionId, email: user.email });
    const response = await app.inject({ method: 'GET', url: `/spaces/${spaceId}`, headers: bearer(token) });
    expect(response.json()).toEqual({ space: spaceId });
    expect(calls).toEqual([`session ${spaceId}`]);
  });

  it('looks the membership up again for the validated id when validation changed it', async () => {
    const { app, calls } = appRecordingLookups();
    const { token } = await signer.sign({ sessionId, email: user.email });
    const upper = spaceId.toUpperCase();
    const response = await app.inject({ method: 'GET', url: `/lower/${upper}`, headers: bearer(token) });
    expect(response.json()).toEqual({ space: spaceId });
    expect(calls).toEqual([`session ${upper}`, `membership ${spaceId}`]);
  });

  it('reads a space named in the body after validation, in a second look-up', async () => {
    const { app, calls } = appRecordingLookups();
    const { token } = await signer.sign({ sessionId, email: user.email });
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: bearer(token),
      payload: { workspaceId: spaceId },
    });
    expect(response.json()).toEqual({ space: spaceId });
    expect(calls).toEqual(['session -', `membership ${spaceId}`]);
  });
});

describe('start-up checks of the space access', () => {
  const appWithPolicy = () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerAccessPolicy(app, {
      signer: createAccessTokenSigner('x'.repeat(32), 60),
      findSession: () => Promise.resolve(undefined),
      findMembership: () => Promise.resolve(undefined),
      isThirdPartyPublicRoute: () => false,
    });
    return app;
  };

  it.each([
    ['/spaces/:workspaceId/things', {}, 'path :workspaceId'],
    ['/workspaces/:id/things', {}, 'path :id'],
    ['/things', { body: z.object({ name: z.string(), workspaceId: z.string() }) }, 'body workspaceId'],
    ['/things', { querystring: z.object({ workspaceId: z.uuid().optional() }) }, 'querystring workspaceId'],
    ['/things', { body: z.object({ space_id: z.string() }).strict() }, 'body space_id'],
  ])('refuses %s carrying a space id without config.space (%#)', (url, schema, carried) => {
    const app = appWithPolicy();
    expect(() => app.post(url, { config: { access: 'user' }, schema }, () => 'oops')).toThrow(
      `Route POST ${url} carries a space id (${carried}) but declares no space access (config.space).`,
    );
  });

  it('accepts a declared space route and routes without a space id', () => {
    const app = appWithPolicy();
    expect(() =>
      app.get(
        '/spaces/:workspaceId/things',
        { config: { access: 'user', space: { from: { param: 'workspaceId' }, role: 'ADMIN' } } },
        () => 'ok',
      ),
    ).not.toThrow();
    expect(() => app.get('/users/:userId/things', { config: { access: 'user' } }, () => 'ok')).not.toThrow();
  });

  it('refuses space access on a route that is not for signed-in users', () => {
    const app = appWithPolicy();
    expect(() =>
      app.get(
        '/spaces/:workspaceId/things',
        { config: { access: 'public', space: { from: { param: 'workspaceId' }, role: 'MEMBER' } } },
        () => 'ok',
      ),
    ).toThrow("space access needs access 'user'");
  });
});
