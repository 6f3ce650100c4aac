import {
  MEMBER_MESSAGES,
  freeUserLimitTooltip,
  legacyUserLimitMessage,
  transferLegacyMessage,
} from '@mergedesk/domain/members/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rolloutStatuses, users, workspaceMembers, workspaces } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';

type Json = Record<string, unknown>;

/** The administration calls of spec 002 §7 other than invitations, on the demo data. */
describe('members administration API', () => {
  const t = useSeededTestApp();

  const space = t.space;
  const userId = (email: string) => t.demo.users[email]!;
  const call = async (
    email: string,
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Json,
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await t.signIn(email)),
      ...(payload ? { payload } : {}),
    });
  const rowOf = async (spaceName: string, email: string) =>
    (
      await t.db
        .select({ role: workspaceMembers.role, status: workspaceMembers.status })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, space(spaceName)), eq(workspaceMembers.email, email)))
    )[0];
  const forbidden = (message: string) => ({ errors: [], code: 'FORBIDDEN', message });

  describe('GET /workspaces/{id}/users/v1 and /seats', () => {
    it('lists the seat members with pending members last when unsorted, statuses mapped', async () => {
      const response = await call(
        'mia@acme.test',
        'GET',
        apiPath('members.seatMembers', { workspaceId: space('Acme Sales') }, 'limit=50'),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<{ items: Json[]; total: number }>();
      expect(body.total).toBe(8);
      expect(body.items.map((item) => [item.userEmail, item.userStatus])).toEqual([
        ['olivia@acme.test', 'ACTIVE'],
        ['adam@acme.test', 'ACTIVE'],
        ['mia@acme.test', 'ACTIVE'],
        ['fred@acme.test', 'ACTIVE'],
        ['dora@acme.test', 'DISABLED'],
        ['tom@acme.test', 'FREE_TRIAL'],
        ['paula@acme.test', 'PENDING'],
        ['nina@newcomer.test', 'PENDING'],
      ]);
      expect(body.items[0]).toMatchObject({
        workspaceId: space('Acme Sales'),
        userId: userId('olivia@acme.test'),
        userName: 'Olivia Owens',
        userRole: 'OWNER',
        userPlan: 'PRO',
        seatType: 'ADDED_MERGEDESK_USER',
        isPersonal: false,
        freeTrialEndTimestamp: null,
      });
      expect(body.items[7]).toMatchObject({ seatType: 'PENDING_MERGEDESK_USER', userId: null, userName: '' });
    });

    it('filters by status and role, searches names and addresses, sorts and pages', async () => {
      const url = apiPath('members.seatMembers', { workspaceId: space('Acme Sales') });
      const emailsOf = async (query: string) =>
        (await call('olivia@acme.test', 'GET', `${url}${query}`))
          .json<{ items: Json[] }>()
          .items.map((item) => item.userEmail);
      expect(await emailsOf('?filterBy=userStatus:PENDING')).toEqual([
        'paula@acme.test',
        'nina@newcomer.test',
      ]);
      expect(await emailsOf('?filterBy=userRole:ADMIN,userRole:OWNER')).toEqual([
        'olivia@acme.test',
        'adam@acme.test',
      ]);
      expect(await emailsOf('?filterBy=search:MEMB')).toEqual(['mia@acme.test']);
      expect(await emailsOf('?filterBy=search:newcomer')).toEqual(['nina@newcomer.test']);
      expect(await emailsOf('?sortBy=userEmail:asc&limit=2&limitOffset=1')).toEqual([
        'dora@acme.test',
        'fred@acme.test',
      ]);
      const bad = await call('olivia@acme.test', 'GET', `${url}?filterBy=userStatus:GONE`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: "Unknown value 'GONE' for filter 'userStatus'.",
      });
    });

    it('answers the seats of the space from the one rule: Acme Sales 7 of 10, Acme Premium full, Gina unlimited', async () => {
      const sales = await call(
        'mia@acme.test',
        'GET',
        apiPath('members.seats', { workspaceId: space('Acme Sales') }),
      );
      expect(sales.json()).toEqual({
        totalSeats: 10,
        assignedSeats: 5,
        availableSeats: 3,
        unavailableSeats: 2,
        unlimited: false,
        usagePercentage: 70,
        scheduledRemoval: null,
        // No subscription in this test's database (the demo billing is not set up here).
        paymentSource: null,
        // Everyone in the space, seat or not (issue 21: what a Free space's counter names).
        memberCount: 8,
      });
      const premium = await call(
        'olivia@acme.test',
        'GET',
        apiPath('members.seats', { workspaceId: space('Acme Premium') }),
      );
      expect(premium.json()).toMatchObject({
        totalSeats: 3,
        assignedSeats: 2,
        unavailableSeats: 1,
        availableSeats: 0,
      });
      const gina = await call(
        'gina@gmail.com',
        'GET',
        apiPath('members.seats', { workspaceId: space("Gina's space") }),
      );
      expect(gina.json()).toMatchObject({
        totalSeats: null,
        unlimited: true,
        availableSeats: null,
        assignedSeats: 0,
      });
    });
  });

  describe('who may call each route', () => {
    const acme = () => ({ workspaceId: space('Acme Sales') });
    const routes = (): Array<[string, 'GET' | 'PUT' | 'PATCH' | 'DELETE', string, Json | undefined]> => [
      [
        'remove by e-mail',
        'PATCH',
        apiPath('members.removeSeatMembers', acme()),
        { userEmails: ['fred@acme.test'] },
      ],
      ['remove by id', 'DELETE', apiPath('members.remove', acme()), { userIds: [userId('fred@acme.test')] }],
      ['activate', 'PUT', apiPath('members.activate', acme()), { userIds: [userId('dora@acme.test')] }],
      [
        'change role',
        'PUT',
        apiPath('members.changeRoles', acme()),
        { memberRoles: [{ userId: userId('fred@acme.test'), userRole: 'ADMIN' }] },
      ],
      ['promote validity', 'GET', apiPath('members.promoteValidity', acme()), undefined],
      ['transfer', 'PUT', apiPath('members.transferOwnership', acme()), { userId: userId('adam@acme.test') }],
      ['resend', 'PUT', apiPath('invitations.resend', acme()), { invitedUserEmails: ['paula@acme.test'] }],
      ['cancel', 'DELETE', apiPath('invitations.cancel', acme()), { invitedUserEmails: ['paula@acme.test'] }],
    ];

    it('answers 404 to a stranger and for an unknown space, on every route', async () => {
      for (const [, method, url, payload] of routes()) {
        const stranger = await call('gina@gmail.com', method, url, payload);
        expect(stranger.statusCode, url).toBe(404);
        expect(stranger.json()).toEqual({ errors: [], code: 'NOT_FOUND', message: 'Space not found.' });
        const unknown = await call(
          'olivia@acme.test',
          method,
          url.replace(space('Acme Sales'), crypto.randomUUID()),
          payload,
        );
        expect(unknown.statusCode, url).toBe(404);
      }
    });

    it('answers 403 with the rule message to a plain member, on every route', async () => {
      const expected: Record<string, string> = {
        transfer: MEMBER_MESSAGES.CANNOT_TRANSFER,
        'change role': MEMBER_MESSAGES.CANNOT_CHANGE_ROLES,
      };
      for (const [name, method, url, payload] of routes()) {
        const response = await call('mia@acme.test', method, url, payload);
        expect(response.statusCode, name).toBe(403);
        expect(response.json(), name).toEqual(
          forbidden(expected[name] ?? MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS),
        );
      }
      expect(await rowOf('Acme Sales', 'fred@acme.test')).toEqual({ role: 'MEMBER', status: 'ACTIVE' });
    });

    it('answers 403 to an admin for the owner-only calls', async () => {
      const [, , transferUrl, transferBody] = routes().find(([name]) => name === 'transfer')!;
      expect((await call('adam@acme.test', 'PUT', transferUrl, transferBody)).json()).toEqual(
        forbidden(MEMBER_MESSAGES.CANNOT_TRANSFER),
      );
      const [, , roleUrl, roleBody] = routes().find(([name]) => name === 'change role')!;
      expect((await call('adam@acme.test', 'PUT', roleUrl, roleBody)).json()).toEqual(
        forbidden(MEMBER_MESSAGES.CANNOT_CHANGE_ROLES),
      );
    });

    it('answers 400 for malformed bodies', async () => {
      const empty = await call('olivia@acme.test', 'PATCH', apiPath('members.removeSeatMembers', acme()), {
        userEmails: [],
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'user emails are required' });
      const owner = await call('olivia@acme.test', 'PUT', apiPath('members.changeRoles', acme()), {
        memberRoles: [{ userId: userId('mia@acme.test'), userRole: 'OWNER' }],
      });
      expect(owner.statusCode).toBe(400);
    });
  });

  describe('removal (spec 002 §6, §8)', () => {
    it.each([
      ['adam@acme.test', 'olivia@acme.test', MEMBER_MESSAGES.OWNER_CANNOT_BE_REMOVED],
      ['adam@acme.test', 'adam@acme.test', MEMBER_MESSAGES.CANNOT_REMOVE_YOURSELF],
      ['olivia@acme.test', 'tom@acme.test', MEMBER_MESSAGES.FREE_TRIAL_CANNOT_BE_REMOVED],
      ['leo@legacy.test', 'lucy@legacy.test', MEMBER_MESSAGES.PAID_USERS_DOWNGRADE_FIRST],
    ] as Array<[string, string, string]>)('%s may not remove %s', async (actor, target, message) => {
      const spaceName = actor.endsWith('legacy.test') ? 'Legacy Team' : 'Acme Sales';
      const response = await call(
        actor,
        'DELETE',
        apiPath('members.remove', { workspaceId: space(spaceName) }),
        {
          userIds: [userId(target)],
        },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(forbidden(message));
      expect(await rowOf(spaceName, target)).toBeDefined();
    });

    it('lets an admin remove a member (all or nothing) and moves the add-on space away', async () => {
      const mixed = await call(
        'adam@acme.test',
        'PATCH',
        apiPath('members.removeSeatMembers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['fred@acme.test', 'olivia@acme.test'],
        },
      );
      expect(mixed.json()).toEqual(forbidden(MEMBER_MESSAGES.OWNER_CANNOT_BE_REMOVED));
      expect(await rowOf('Acme Sales', 'fred@acme.test')).toBeDefined();

      const response = await call(
        'adam@acme.test',
        'PATCH',
        apiPath('members.removeSeatMembers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['fred@acme.test'],
        },
      );
      expect(response.json()).toEqual({ success: true });
      expect(await rowOf('Acme Sales', 'fred@acme.test')).toBeUndefined();
      const [fred] = await t.db
        .select({ addon: users.addonWorkspaceId })
        .from(users)
        .where(eq(users.email, 'fred@acme.test'));
      expect(fred?.addon).toBeNull();
      const gone = await call(
        'fred@acme.test',
        'GET',
        apiPath('members.seatMembers', { workspaceId: space('Acme Sales') }),
      );
      expect(gone.statusCode).toBe(404);
      const again = await call(
        'adam@acme.test',
        'PATCH',
        apiPath('members.removeSeatMembers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['fred@acme.test'],
        },
      );
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: MEMBER_MESSAGES.NOT_A_MEMBER });
    });

    it('lets the legacy owner remove a free user', async () => {
      const response = await call(
        'leo@legacy.test',
        'DELETE',
        apiPath('members.remove', { workspaceId: space('Legacy Team') }),
        {
          userIds: [userId('felix@legacy.test')],
        },
      );
      expect(response.json()).toEqual({ success: true });
      expect(await rowOf('Legacy Team', 'felix@legacy.test')).toBeUndefined();
    });
  });

  describe('activation', () => {
    it('activates a disabled member and refuses one who is not disabled', async () => {
      const url = apiPath('members.activate', { workspaceId: space('Acme Sales') });
      const notDisabled = await call('olivia@acme.test', 'PUT', url, { userIds: [userId('mia@acme.test')] });
      expect(notDisabled.statusCode).toBe(409);
      expect(notDisabled.json()).toMatchObject({ message: MEMBER_MESSAGES.NOT_DISABLED });
      const response = await call('adam@acme.test', 'PUT', url, { userIds: [userId('dora@acme.test')] });
      expect(response.json()).toEqual({ success: true });
      expect(await rowOf('Acme Sales', 'dora@acme.test')).toEqual({ role: 'MEMBER', status: 'ACTIVE' });
    });

    it('keeps a legacy space within its free-user limit (Legacy Team allows 2 free users)', async () => {
      // felix was removed above; he is back, so both free places are taken again.
      const url = apiPath('members.activate', { workspaceId: space('Legacy Team') });
      const [felixBack] = await t.db
        .insert(workspaceMembers)
        .values({
          workspaceId: space('Legacy Team'),
          userId: userId('felix@legacy.test'),
          email: 'felix@legacy.test',
          role: 'MEMBER',
          userPlan: 'FREE',
          status: 'ACTIVE',
        })
        .returning({ id: workspaceMembers.id });
      expect(felixBack).toBeDefined();
      const full = await call('leo@legacy.test', 'PUT', url, { userIds: [userId('dan@legacy.test')] });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ message: freeUserLimitTooltip(2) });
      expect(await rowOf('Legacy Team', 'dan@legacy.test')).toMatchObject({ status: 'DISABLED' });
    });

    it('re-activates a paid user within the paid-user licences as billing counts them (a trial user holds none)', async () => {
      const legacy = space('Legacy Team');
      const url = apiPath('members.activate', { workspaceId: legacy });
      const dan = and(
        eq(workspaceMembers.workspaceId, legacy),
        eq(workspaceMembers.email, 'dan@legacy.test'),
      );
      const setLimit = (proAllowedUserCount: number) =>
        t.db.update(workspaces).set({ proAllowedUserCount }).where(eq(workspaces.id, legacy));
      await t.db.update(workspaceMembers).set({ userPlan: 'PRO' }).where(dan);
      // Paid: leo, lara, liam, lucy, luke (tina is in her trial). Five of five: no licence left.
      await setLimit(5);
      const full = await call('leo@legacy.test', 'PUT', url, { userIds: [userId('dan@legacy.test')] });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ message: legacyUserLimitMessage(5) });
      expect(await rowOf('Legacy Team', 'dan@legacy.test')).toMatchObject({ status: 'DISABLED' });
      // Five of six: dan takes the last one (counting tina, as before, refused him).
      await setLimit(6);
      const response = await call('leo@legacy.test', 'PUT', url, { userIds: [userId('dan@legacy.test')] });
      expect(response.statusCode).toBe(200);
      expect(await rowOf('Legacy Team', 'dan@legacy.test')).toMatchObject({ status: 'ACTIVE' });
      await t.db.update(workspaceMembers).set({ userPlan: 'FREE', status: 'DISABLED' }).where(dan);
      await setLimit(10);
    });
  });

  describe('role changes', () => {
    it('lets the owner make a member admin and back, never touching the owner', async () => {
      const url = apiPath('members.changeRoles', { workspaceId: space('Acme Sales') });
      const promote = await call('olivia@acme.test', 'PUT', url, {
        memberRoles: [{ userId: userId('mia@acme.test'), userRole: 'ADMIN' }],
      });
      expect(promote.json()).toEqual({ success: true });
      expect(await rowOf('Acme Sales', 'mia@acme.test')).toMatchObject({ role: 'ADMIN' });
      const back = await call('olivia@acme.test', 'PUT', url, {
        memberRoles: [{ userId: userId('mia@acme.test'), userRole: 'MEMBER' }],
      });
      expect(back.statusCode).toBe(200);
      expect(await rowOf('Acme Sales', 'mia@acme.test')).toMatchObject({ role: 'MEMBER' });
      const owner = await call('olivia@acme.test', 'PUT', url, {
        memberRoles: [{ userId: userId('olivia@acme.test'), userRole: 'ADMIN' }],
      });
      expect(owner.json()).toEqual(forbidden(MEMBER_MESSAGES.OWNER_ROLE_UNCHANGEABLE));
      expect(await rowOf('Acme Sales', 'olivia@acme.test')).toMatchObject({ role: 'OWNER' });
    });

    it('refuses on a plan without role management (legacy)', async () => {
      const response = await call(
        'leo@legacy.test',
        'PUT',
        apiPath('members.changeRoles', { workspaceId: space('Legacy Team') }),
        {
          memberRoles: [{ userId: userId('liam@legacy.test'), userRole: 'ADMIN' }],
        },
      );
      expect(response.json()).toEqual(forbidden(MEMBER_MESSAGES.CANNOT_CHANGE_ROLES));
    });
  });

  describe('promote validity', () => {
    it("flags free members who are paid in another space as 'already_paid_user'", async () => {
      await t.db.insert(workspaceMembers).values({
        workspaceId: space("Gina's space"),
        userId: userId('tina@legacy.test'),
        email: 'tina@legacy.test',
        role: 'MEMBER',
        userPlan: 'PRO',
        status: 'ACTIVE',
      });
      await t.db
        .update(workspaceMembers)
        .set({ userPlan: 'FREE' })
        .where(
          and(
            eq(workspaceMembers.workspaceId, space('Legacy Team')),
            eq(workspaceMembers.email, 'tina@legacy.test'),
          ),
        );
      const response = await call(
        'leo@legacy.test',
        'GET',
        apiPath('members.promoteValidity', { workspaceId: space('Legacy Team') }),
      );
      expect(response.statusCode).toBe(200);
      const items = response.json<{ items: Json[] }>().items;
      expect(items).toContainEqual({
        userId: userId('fiona@legacy.test'),
        userEmail: 'fiona@legacy.test',
        errorCode: null,
      });
      expect(items).toContainEqual({
        userId: userId('tina@legacy.test'),
        userEmail: 'tina@legacy.test',
        errorCode: 'already_paid_user',
      });
      expect(items.some((item) => item.userEmail === 'lucy@legacy.test')).toBe(false);
    });

    it('does not count a member in a free trial in another space as paid (holdsPaidLicence, one rule)', async () => {
      await t.db.insert(workspaceMembers).values([
        {
          workspaceId: space("Gina's space"),
          userId: userId('fiona@legacy.test'),
          email: 'fiona@legacy.test',
          role: 'MEMBER',
          userPlan: 'PRO',
          status: 'FREE_TRIAL',
          freeTrialEndTimestamp: new Date(Date.now() + 10 * 24 * 60 * 60 * 1000),
        },
      ]);
      const response = await call(
        'leo@legacy.test',
        'GET',
        apiPath('members.promoteValidity', { workspaceId: space('Legacy Team') }),
      );
      expect(response.json<{ items: Json[] }>().items).toContainEqual({
        userId: userId('fiona@legacy.test'),
        userEmail: 'fiona@legacy.test',
        errorCode: null,
      });
    });
  });

  describe('ownership transfer (spec 002 §2.9, §4.7, §8)', () => {
    const url = () => apiPath('members.transferOwnership', { workspaceId: space('Acme Sales') });

    it('refuses a candidate who is in trial, unknown, or owns 5 spaces already', async () => {
      const trial = await call('olivia@acme.test', 'PUT', url(), { userId: userId('tom@acme.test') });
      expect(trial.statusCode).toBe(409);
      expect(trial.json()).toMatchObject({ message: MEMBER_MESSAGES.NOT_AN_OWNER_CANDIDATE });
      const unknown = await call('olivia@acme.test', 'PUT', url(), { userId: crypto.randomUUID() });
      expect(unknown.statusCode).toBe(409);
      await t.db.insert(workspaceMembers).values({
        workspaceId: space('Acme Sales'),
        userId: userId('max@max.test'),
        email: 'max@max.test',
        role: 'MEMBER',
        userPlan: 'PRO',
        status: 'ACTIVE',
        seatType: 'ADDED_MERGEDESK_USER',
      });
      const max = await call('olivia@acme.test', 'PUT', url(), { userId: userId('max@max.test') });
      expect(max.statusCode).toBe(409);
      expect(max.json()).toEqual({
        errors: [],
        code: 'CONFLICT',
        message: 'This user already owns too many spaces.',
        reason: 'user_owns_too_many_workspaces',
      });
      expect(await rowOf('Acme Sales', 'olivia@acme.test')).toMatchObject({ role: 'OWNER' });
    });

    it('is unavailable on the free and legacy plans', async () => {
      const free = await call(
        'gina@gmail.com',
        'PUT',
        apiPath('members.transferOwnership', { workspaceId: space("Gina's space") }),
        {
          userId: userId('gina@gmail.com'),
        },
      );
      expect(free.json()).toEqual(forbidden(MEMBER_MESSAGES.TRANSFER_FREE_PLAN));
      const legacy = await call(
        'leo@legacy.test',
        'PUT',
        apiPath('members.transferOwnership', { workspaceId: space('Legacy Team') }),
        {
          userId: userId('lara@legacy.test'),
        },
      );
      expect(legacy.json()).toEqual(forbidden(transferLegacyMessage('MergeDesk')));
    });

    it('refuses the owner whose TRANSFER_WORKSPACE rollout flag is on (step 1), changing nothing', async () => {
      // Spec 000 §6: TRANSFER_WORKSPACE is restricted at step 1 for a domain account (olivia).
      const setStep = async (step: number | null) =>
        t.db
          .insert(rolloutStatuses)
          .values({ userId: userId('olivia@acme.test'), lastActivatedStep: step })
          .onConflictDoUpdate({ target: rolloutStatuses.userId, set: { lastActivatedStep: step } });
      await setStep(1);
      try {
        const refused = await call('olivia@acme.test', 'PUT', url(), { userId: userId('adam@acme.test') });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual(forbidden(MEMBER_MESSAGES.TRANSFER_RESTRICTED));
        expect(refused.json()).toMatchObject({
          message: 'Transferring ownership is not available for your account yet.',
        });
        expect(await rowOf('Acme Sales', 'olivia@acme.test')).toMatchObject({ role: 'OWNER' });
        expect(await rowOf('Acme Sales', 'adam@acme.test')).toMatchObject({ role: 'ADMIN' });
      } finally {
        await setStep(null);
      }
    });

    it('hands the space to the new owner at once; the old owner is a member whose next owner call is refused', async () => {
      const response = await call('olivia@acme.test', 'PUT', url(), { userId: userId('adam@acme.test') });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        workspaceId: space('Acme Sales'),
        ownerUserId: userId('adam@acme.test'),
        ownerEmail: 'adam@acme.test',
      });
      expect(await rowOf('Acme Sales', 'olivia@acme.test')).toMatchObject({ role: 'MEMBER' });
      expect(await rowOf('Acme Sales', 'adam@acme.test')).toMatchObject({ role: 'OWNER' });

      const back = await call('olivia@acme.test', 'PUT', url(), { userId: userId('olivia@acme.test') });
      expect(back.json()).toEqual(forbidden(MEMBER_MESSAGES.CANNOT_TRANSFER));
      const rename = await t.app.inject({
        method: 'PUT',
        url: apiPath('workspaces.update', { id: space('Acme Sales') }),
        headers: bearer(await t.signIn('olivia@acme.test')),
        payload: { workspaceName: 'Olivia takes it back' },
      });
      expect(rename.statusCode).toBe(403);
      const renamed = await t.app.inject({
        method: 'PUT',
        url: apiPath('workspaces.update', { id: space('Acme Sales') }),
        headers: bearer(await t.signIn('adam@acme.test')),
        payload: { workspaceName: 'Acme Sales EMEA' },
      });
      expect(renamed.statusCode).toBe(200);
      const roles = await call(
        'adam@acme.test',
        'PUT',
        apiPath('members.changeRoles', { workspaceId: space('Acme Sales') }),
        {
          memberRoles: [{ userId: userId('olivia@acme.test'), userRole: 'ADMIN' }],
        },
      );
      expect(roles.statusCode).toBe(200);
    });
  });
});
