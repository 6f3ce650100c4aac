import { MEMBER_MESSAGES, transferLegacyMessage } from '@mergedesk/domain/members/messages';
import { PRODUCT_NAME } from '@mergedesk/domain/constants';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, workspaceMembers } from '../../db/schema';
import type { DemoSeedResult } from '../../seed/seed';
import { DISABLED_MEMBER_MESSAGE, listRouteAccess, SPACE_NOT_FOUND_MESSAGE } from '../../lib/access';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { GENERAL_SETTINGS_OWNER_ONLY_MESSAGE } from '../workspaces/workspaces.routes';
import { MEMBERS_FORBIDDEN_MESSAGE } from './members.service';

/**
 * Issue 7 "Each call answers 404 for another space and 403 with the spec message for a role that may
 * not act, proven per route and role": every members, invitations, owner, change-role and settings
 * call, for every kind of person of a per-seat space (Acme Sales) and of a legacy one (Legacy Team).
 *
 * Those who may act get an answer from the service, not from the access layer: the bodies name
 * nobody in the space (404 'This person is not a member of this space.', not 'Space not found.'),
 * only check addresses, or repeat what is there, so the table writes nothing (checked at the end).
 */
type Who = 'OWNER' | 'ADMIN' | 'MEMBER' | 'FREE_MEMBER' | 'DISABLED' | 'STRANGER';
type Outcome = { status: number; message?: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RouteCase = {
  /** The route as registered, e.g. 'PUT /api/workspaces/:workspaceId/owner'. */
  route: string;
  /** Query string and body of the call (the space id goes into the path). */
  query?: string;
  body?: (ids: Ids) => Record<string, unknown>;
  /** What each person who belongs to the space gets; DISABLED and STRANGER are the same everywhere. */
  expected: Partial<Record<Exclude<Who, 'DISABLED' | 'STRANGER'>, Outcome>>;
};
type Ids = { unknownUser: string };

const ok = (status = 200): Outcome => ({ status });
const refused = (message: string): Outcome => ({ status: 403, message });
const notAMember: Outcome = { status: 404, message: MEMBER_MESSAGES.NOT_A_MEMBER };
const disabled: Outcome = { status: 403, message: DISABLED_MEMBER_MESSAGE };
const hidden: Outcome = { status: 404, message: SPACE_NOT_FOUND_MESSAGE };
const manageOnly = refused(MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS);
const rolesOnly = refused(MEMBER_MESSAGES.CANNOT_CHANGE_ROLES);
const transferOnly = refused(MEMBER_MESSAGES.CANNOT_TRANSFER);
const settingsOnly = refused(GENERAL_SETTINGS_OWNER_ONLY_MESSAGE);

const managers = (owner: Outcome, others: Outcome = manageOnly) => ({
  OWNER: owner,
  ADMIN: owner,
  MEMBER: others,
  FREE_MEMBER: others,
});

/** Acme Sales: PRO per seat, olivia OWNER, adam ADMIN, mia MEMBER, fred a free MEMBER, dora DISABLED. */
const ACME_SALES: RouteCase[] = [
  { route: 'GET /api/workspaces/:workspaceId/members', query: 'limit=5', expected: managers(ok(), ok()) },
  { route: 'GET /api/workspaces/:workspaceId/users/v1', query: 'limit=5', expected: managers(ok(), ok()) },
  { route: 'GET /api/workspaces/:workspaceId/seats', expected: managers(ok(), ok()) },
  {
    route: 'POST /api/workspaces/:workspaceId/users/v1',
    // Already a member: refused for that address (200 with the reason), nothing added.
    body: () => ({ userEmails: ['mia@acme.test'] }),
    expected: managers(ok()),
  },
  {
    route: 'PATCH /api/workspaces/:workspaceId/users/v1',
    body: () => ({ userEmails: ['nobody@acme.test'] }),
    expected: managers(notAMember),
  },
  {
    route: 'POST /api/workspaces/:workspaceId/members',
    query: 'onlyCheckValidity=true',
    body: () => ({ userEmails: ['newhire@acme.test'] }),
    // The legacy team's 'Add users' is no call for a per-seat space, even for its owner.
    expected: managers(refused(MEMBER_MESSAGES.LEGACY_ADD_ONLY)),
  },
  {
    route: 'DELETE /api/workspaces/:workspaceId/members',
    body: (ids) => ({ userIds: [ids.unknownUser] }),
    expected: managers(notAMember),
  },
  {
    route: 'PUT /api/workspaces/:workspaceId/members/change-role',
    body: (ids) => ({ memberRoles: [{ userId: ids.unknownUser, userRole: 'ADMIN' }] }),
    expected: { OWNER: notAMember, ADMIN: rolesOnly, MEMBER: rolesOnly, FREE_MEMBER: rolesOnly },
  },
  {
    route: 'PUT /api/workspaces/:workspaceId/members/activate',
    body: (ids) => ({ userIds: [ids.unknownUser] }),
    expected: managers(notAMember),
  },
  { route: 'GET /api/workspaces/:workspaceId/members/promote-validity', expected: managers(ok()) },
  {
    route: 'PUT /api/workspaces/:workspaceId/members/seats',
    body: (ids) => ({ userIds: [ids.unknownUser] }),
    expected: managers(notAMember),
  },
  {
    route: 'PUT /api/workspaces/:workspaceId/owner',
    body: (ids) => ({ userId: ids.unknownUser }),
    expected: {
      OWNER: { status: 409, message: MEMBER_MESSAGES.NOT_AN_OWNER_CANDIDATE },
      ADMIN: transferOnly,
      MEMBER: transferOnly,
      FREE_MEMBER: transferOnly,
    },
  },
  {
    route: 'POST /api/workspaces/:workspaceId/invitations',
    query: 'onlyCheckValidity=true',
    body: () => ({ userEmails: ['newhire@acme.test'] }),
    expected: managers(ok()),
  },
  {
    route: 'PUT /api/workspaces/:workspaceId/invitations/resend',
    body: () => ({ invitedUserEmails: ['nobody@acme.test'] }),
    expected: managers(notAMember),
  },
  {
    route: 'DELETE /api/workspaces/:workspaceId/invitations',
    body: () => ({ invitedUserEmails: ['nobody@acme.test'] }),
    expected: managers(notAMember),
  },
  {
    route: 'PUT /api/v1/workspaces/:id',
    body: () => ({ workspaceName: 'Acme Sales' }),
    expected: { OWNER: ok(), ADMIN: settingsOnly, MEMBER: settingsOnly, FREE_MEMBER: settingsOnly },
  },
];

/**
 * Legacy Team: LEGACY (TEAM) per user, leo OWNER, lara ADMIN, liam MEMBER, dan DISABLED. Plain
 * members do not see the users of a legacy space (spec 000 §6 "Access to users"); roles do not
 * change and the ownership does not move on a legacy plan (spec 002 §5, §6).
 */
const LEGACY_TEAM: RouteCase[] = ACME_SALES.map((entry): RouteCase => {
  const legacy = { OWNER: entry.expected.OWNER, ADMIN: entry.expected.ADMIN, MEMBER: entry.expected.MEMBER };
  switch (entry.route) {
    case 'GET /api/workspaces/:workspaceId/members':
    case 'GET /api/workspaces/:workspaceId/users/v1':
      return { ...entry, expected: { ...legacy, MEMBER: refused(MEMBERS_FORBIDDEN_MESSAGE) } };
    case 'POST /api/workspaces/:workspaceId/users/v1':
      return { ...entry, body: () => ({ userEmails: ['liam@legacy.test'] }) };
    case 'POST /api/workspaces/:workspaceId/members':
      return {
        ...entry,
        body: () => ({ userEmails: ['newhire@legacy.test'] }),
        expected: { ...legacy, OWNER: ok(), ADMIN: ok() },
      };
    case 'POST /api/workspaces/:workspaceId/invitations':
      return { ...entry, body: () => ({ userEmails: ['newhire@legacy.test'] }) };
    case 'PATCH /api/workspaces/:workspaceId/users/v1':
      return { ...entry, body: () => ({ userEmails: ['nobody@legacy.test'] }) };
    case 'PUT /api/workspaces/:workspaceId/invitations/resend':
    case 'DELETE /api/workspaces/:workspaceId/invitations':
      return { ...entry, body: () => ({ invitedUserEmails: ['nobody@legacy.test'] }) };
    case 'PUT /api/workspaces/:workspaceId/members/change-role':
      return { ...entry, expected: { OWNER: rolesOnly, ADMIN: rolesOnly, MEMBER: rolesOnly } };
    case 'PUT /api/workspaces/:workspaceId/owner':
      return { ...entry, expected: { ...legacy, OWNER: refused(transferLegacyMessage(PRODUCT_NAME)) } };
    case 'PUT /api/v1/workspaces/:id':
      return { ...entry, body: () => ({ workspaceName: 'Legacy Team' }) };
    default:
      return { ...entry, expected: legacy };
  }
});

const PEOPLE = {
  'Acme Sales': {
    OWNER: 'olivia@acme.test',
    ADMIN: 'adam@acme.test',
    MEMBER: 'mia@acme.test',
    FREE_MEMBER: 'fred@acme.test',
    DISABLED: 'dora@acme.test',
    STRANGER: 'gina@gmail.com',
  },
  'Legacy Team': {
    OWNER: 'leo@legacy.test',
    ADMIN: 'lara@legacy.test',
    MEMBER: 'liam@legacy.test',
    DISABLED: 'dan@legacy.test',
    // Owner of other spaces, a stranger here.
    STRANGER: 'olivia@acme.test',
  },
} as const satisfies Record<string, Partial<Record<Who, string>>>;

describe('who may call each administration route, per role (issue 7)', () => {
  let t: TestApp;
  let demo: DemoSeedResult;
  const tokens = new Map<string, string>();
  const ids: Ids = { unknownUser: randomUUID() };

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.seedDemo();
  });
  afterAll(async () => {
    await t.close();
  });

  const tokenOf = async (email: string) => {
    const known = tokens.get(email);
    if (known) return known;
    const token = await t.signIn(email);
    tokens.set(email, token);
    return token;
  };
  const call = async (email: string, spaceId: string, entry: RouteCase) => {
    const [method, path] = entry.route.split(' ') as [Method, string];
    const url = path.replace(/:(workspaceId|id)\b/, spaceId) + (entry.query ? `?${entry.query}` : '');
    const body = entry.body?.(ids);
    return t.app.inject({
      method,
      url,
      headers: bearer(await tokenOf(email)),
      ...(body ? { payload: body } : {}),
    });
  };
  const snapshot = async () => ({
    members: await t.db
      .select({
        workspaceId: workspaceMembers.workspaceId,
        email: workspaceMembers.email,
        role: workspaceMembers.role,
        status: workspaceMembers.status,
      })
      .from(workspaceMembers)
      .orderBy(workspaceMembers.workspaceId, workspaceMembers.email),
    invitations: await t.db
      .select({ id: invitations.id, status: invitations.status, tokenHash: invitations.tokenHash })
      .from(invitations)
      .orderBy(invitations.id),
  });

  it('covers every route about members, invitations and the owner that the app registers', () => {
    const registered = listRouteAccess(t.app)
      // eslint-disable-next-line no-restricted-syntax -- a prefix of the table's routes, not an address
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/workspaces/:workspaceId/'))
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.length).toBeGreaterThan(10);
    expect(ACME_SALES.map((entry) => entry.route)).toEqual(expect.arrayContaining(registered));
  });

  for (const [spaceName, table] of [
    ['Acme Sales', ACME_SALES],
    ['Legacy Team', LEGACY_TEAM],
  ] as const) {
    const people: Partial<Record<Who, string>> = PEOPLE[spaceName];
    for (const entry of table) {
      it(`${spaceName}: ${entry.route}`, async () => {
        const before = await snapshot();
        const expected: Partial<Record<Who, Outcome>> = {
          ...entry.expected,
          DISABLED: disabled,
          STRANGER: hidden,
        };
        const actual: Partial<Record<Who, Outcome>> = {};
        for (const who of Object.keys(expected) as Who[]) {
          const email = people[who];
          if (email === undefined) {
            delete expected[who];
            continue;
          }
          const response = await call(email, demo.spaces[spaceName]!, entry);
          const message = response.json<{ message?: string }>().message;
          const wanted = expected[who]!;
          actual[who] =
            wanted.message === undefined
              ? { status: response.statusCode }
              : { status: response.statusCode, message };
          if (response.statusCode === 403 || (response.statusCode === 404 && wanted.message !== undefined)) {
            // Refusals are in the spec's error shape.
            expect(response.json()).toMatchObject({ errors: expect.any(Array), code: expect.any(String) });
          }
        }
        expect(actual).toEqual(expected);
        expect(await snapshot()).toEqual(before);
      });
    }
  }
});
