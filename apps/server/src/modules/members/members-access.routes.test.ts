import { MEMBER_MESSAGES, transferLegacyMessage } from '@mergedesk/domain/members/messages';
import { PRODUCT_NAME } from '@mergedesk/domain/constants';
import { ENDPOINTS, endpointPath, type EndpointName } from '@mergedesk/domain/api/endpoints';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { invitations, workspaceMembers } from '../../db/schema';
import { DISABLED_MEMBER_MESSAGE, listRouteAccess, SPACE_NOT_FOUND_MESSAGE } from '../../lib/access';
import { bearer } from '../../test/test-app';
import { useSeededTestApp } from '../../test/seeded-app';
import { withQuery } from '../../test/api-path';
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
type RouteCase = {
  /** The route by its name in the endpoint table, e.g. 'members.transferOwnership'. */
  route: EndpointName;
  /** Query string and body of the call (the space id goes into the path). */
  query?: string;
  body?: (ids: Ids) => Record<string, unknown>;
  /** What each person who belongs to the space gets; DISABLED and STRANGER are the same everywhere. */
  expected: Partial<Record<Exclude<Who, 'DISABLED' | 'STRANGER'>, Outcome>>;
};
type Ids = { unknownUser: string };

/** 'PUT /api/workspaces/:workspaceId/owner': an endpoint as the app lists its routes. */
const routeOf = (name: EndpointName) => `${ENDPOINTS[name].method} ${ENDPOINTS[name].path}`;
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
  { route: 'members.list', query: 'limit=5', expected: managers(ok(), ok()) },
  { route: 'members.seatMembers', query: 'limit=5', expected: managers(ok(), ok()) },
  { route: 'members.seats', expected: managers(ok(), ok()) },
  {
    route: 'members.addSeatMembers',
    // Already a member: refused for that address (200 with the reason), nothing added.
    body: () => ({ userEmails: ['mia@acme.test'] }),
    expected: managers(ok()),
  },
  {
    route: 'members.removeSeatMembers',
    body: () => ({ userEmails: ['nobody@acme.test'] }),
    expected: managers(notAMember),
  },
  {
    route: 'members.addLegacyUsers',
    query: 'onlyCheckValidity=true',
    body: () => ({ userEmails: ['newhire@acme.test'] }),
    // The legacy team's 'Add users' is no call for a per-seat space, even for its owner.
    expected: managers(refused(MEMBER_MESSAGES.LEGACY_ADD_ONLY)),
  },
  {
    route: 'members.remove',
    body: (ids) => ({ userIds: [ids.unknownUser] }),
    expected: managers(notAMember),
  },
  {
    route: 'members.changeRoles',
    body: (ids) => ({ memberRoles: [{ userId: ids.unknownUser, userRole: 'ADMIN' }] }),
    expected: { OWNER: notAMember, ADMIN: rolesOnly, MEMBER: rolesOnly, FREE_MEMBER: rolesOnly },
  },
  {
    route: 'members.activate',
    body: (ids) => ({ userIds: [ids.unknownUser] }),
    expected: managers(notAMember),
  },
  { route: 'members.promoteValidity', expected: managers(ok()) },
  {
    route: 'members.giveSeats',
    body: (ids) => ({ userIds: [ids.unknownUser] }),
    expected: managers(notAMember),
  },
  {
    route: 'members.transferOwnership',
    body: (ids) => ({ userId: ids.unknownUser }),
    expected: {
      OWNER: { status: 409, message: MEMBER_MESSAGES.NOT_AN_OWNER_CANDIDATE },
      ADMIN: transferOnly,
      MEMBER: transferOnly,
      FREE_MEMBER: transferOnly,
    },
  },
  {
    route: 'invitations.invite',
    query: 'onlyCheckValidity=true',
    body: () => ({ userEmails: ['newhire@acme.test'] }),
    expected: managers(ok()),
  },
  {
    route: 'invitations.resend',
    body: () => ({ invitedUserEmails: ['nobody@acme.test'] }),
    expected: managers(notAMember),
  },
  {
    route: 'invitations.cancel',
    body: () => ({ invitedUserEmails: ['nobody@acme.test'] }),
    expected: managers(notAMember),
  },
  {
    route: 'workspaces.update',
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
    case 'members.list':
    case 'members.seatMembers':
      return { ...entry, expected: { ...legacy, MEMBER: refused(MEMBERS_FORBIDDEN_MESSAGE) } };
    case 'members.addSeatMembers':
      return { ...entry, body: () => ({ userEmails: ['liam@legacy.test'] }) };
    case 'members.addLegacyUsers':
      return {
        ...entry,
        body: () => ({ userEmails: ['newhire@legacy.test'] }),
        expected: { ...legacy, OWNER: ok(), ADMIN: ok() },
      };
    case 'invitations.invite':
      return { ...entry, body: () => ({ userEmails: ['newhire@legacy.test'] }) };
    case 'members.removeSeatMembers':
      return { ...entry, body: () => ({ userEmails: ['nobody@legacy.test'] }) };
    case 'invitations.resend':
    case 'invitations.cancel':
      return { ...entry, body: () => ({ invitedUserEmails: ['nobody@legacy.test'] }) };
    case 'members.changeRoles':
      return { ...entry, expected: { OWNER: rolesOnly, ADMIN: rolesOnly, MEMBER: rolesOnly } };
    case 'members.transferOwnership':
      return { ...entry, expected: { ...legacy, OWNER: refused(transferLegacyMessage(PRODUCT_NAME)) } };
    case 'workspaces.update':
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
  const t = useSeededTestApp();
  const tokens = new Map<string, string>();
  const ids: Ids = { unknownUser: randomUUID() };

  const tokenOf = async (email: string) => {
    const known = tokens.get(email);
    if (known) return known;
    const token = await t.signIn(email);
    tokens.set(email, token);
    return token;
  };
  const call = async (email: string, spaceId: string, entry: RouteCase) => {
    const { method, path } = ENDPOINTS[entry.route];
    const url = withQuery(endpointPath(path, { workspaceId: spaceId, id: spaceId }), entry.query);
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
    expect(ACME_SALES.map((entry) => routeOf(entry.route))).toEqual(expect.arrayContaining(registered));
  });

  for (const [spaceName, table] of [
    ['Acme Sales', ACME_SALES],
    ['Legacy Team', LEGACY_TEAM],
  ] as const) {
    const people: Partial<Record<Who, string>> = PEOPLE[spaceName];
    for (const entry of table) {
      it(`${spaceName}: ${routeOf(entry.route)}`, async () => {
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
          const response = await call(email, t.space(spaceName), entry);
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
