import { INVITATION_MESSAGES } from '@mergedesk/domain/invitations/invitations';
import { MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import { notEnoughSeatsMessage } from '@mergedesk/domain/members/seats';
import { GMAIL_COMPOSE_SCOPE } from '@mergedesk/domain/api/templates';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations, rolloutStatuses, users, workspaceMembers, workspaces } from '../../db/schema';
import { hashInvitationToken } from '../../lib/invitation-token';
import { bearer } from '../../test/test-app';
import { useSeededTestApp } from '../../test/seeded-app';
import { apiPath } from '../../test/api-path';

type Json = Record<string, unknown>;
const PUBLIC_URL = 'http://app.mergedesk.test';

/** Invitations of spec 002 §4.8, §7, §8: add, invite, re-invite, cancel and accept, on the demo data. */
describe('invitations API', () => {
  // A public PUBLIC_URL needs a real session secret (the development default is local-only).
  const t = useSeededTestApp({
    env: { PUBLIC_URL, SESSION_SECRET: 'invitations-test-secret-0123456789abcdef' },
  });

  const space = t.space;
  const call = async (email: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
    t.app.inject({
      method,
      url,
      // Signed in with the Gmail compose permission: invitations leave from the inviter's Gmail.
      headers: bearer(await t.signIn(email, { scopes: `openid email profile ${GMAIL_COMPOSE_SCOPE}` })),
      ...(payload ? { payload } : {}),
    });
  const accept = (email: string, token: string) =>
    call(email, 'PUT', apiPath('invitations.accept', { token }));
  const memberRow = async (spaceName: string, email: string) =>
    (
      await t.db
        .select({
          userId: workspaceMembers.userId,
          status: workspaceMembers.status,
          seatType: workspaceMembers.seatType,
          userPlan: workspaceMembers.userPlan,
        })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, space(spaceName)), eq(workspaceMembers.email, email)))
    )[0];
  /** The token of the newest invitation e-mail to `email`, read from the link in the Gmail stand-in. */
  const tokenMailedTo = (email: string) => {
    const mail = t.gmail
      .messages()
      .filter((message) => message.to.includes(email))
      .at(-1);
    const match = mail
      ? new RegExp(`${PUBLIC_URL}/invitations/([A-Za-z0-9_-]+)/accept`).exec(mail.text ?? '')
      : null;
    return Promise.resolve({ mail, token: match?.[1] });
  };
  const createAccount = async (email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath('users.create', {}, 'checkPeopleApi=true'),
      headers: bearer(await t.signIn(email)),
      payload: { userEmail: email, createSource: 'WEBAPP' },
    });
    expect(response.statusCode).toBe(201);
  };
  const conflict = (reason: string, message: string) => ({ errors: [], code: 'CONFLICT', message, reason });

  describe('adding members (seat model)', () => {
    it('adds a pending member with a reserved seat and e-mails a link that only the hash of is stored', async () => {
      const response = await call(
        'olivia@acme.test',
        'POST',
        apiPath('members.addSeatMembers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['Erin@Acme.test'],
        },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        results: [{ userEmail: 'erin@acme.test', errorDetails: null, errorCode: null }],
      });
      expect(await memberRow('Acme Sales', 'erin@acme.test')).toEqual({
        userId: null,
        status: 'PENDING',
        seatType: 'PENDING_MERGEDESK_USER',
        userPlan: 'PRO',
      });
      const { mail, token } = await tokenMailedTo('erin@acme.test');
      expect(mail).toMatchObject({
        from: 'olivia@acme.test',
        subject: 'Olivia Owens invited you to Acme Sales on MergeDesk',
      });
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [stored] = await t.db
        .select({ tokenHash: invitations.tokenHash, expiresAt: invitations.expiresAt })
        .from(invitations)
        .where(eq(invitations.email, 'erin@acme.test'));
      expect(stored?.tokenHash).toBe(hashInvitationToken(token!));
      const days = (stored!.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.9);
      expect(days).toBeLessThanOrEqual(14);
      const seats = await t.app.inject({
        method: 'GET',
        url: apiPath('members.seats', { workspaceId: space('Acme Sales') }),
        headers: bearer(await t.signIn('olivia@acme.test')),
      });
      expect(seats.json()).toMatchObject({ assignedSeats: 5, unavailableSeats: 3, availableSeats: 2 });
    });

    it('reports each refused address and adds the others', async () => {
      const response = await call(
        'adam@acme.test',
        'POST',
        apiPath('members.addSeatMembers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['mia@acme.test', 'paula@acme.test', 'someone@elsewhere.test', 'finn@acme.test'],
        },
      );
      expect(response.json()).toEqual({
        success: false,
        results: [
          { userEmail: 'mia@acme.test', errorDetails: MEMBER_MESSAGES.ALREADY_MEMBER, errorCode: null },
          { userEmail: 'paula@acme.test', errorDetails: MEMBER_MESSAGES.ALREADY_INVITED, errorCode: null },
          {
            userEmail: 'someone@elsewhere.test',
            errorDetails: MEMBER_MESSAGES.OUTSIDE_DOMAIN,
            errorCode: null,
          },
          { userEmail: 'finn@acme.test', errorDetails: null, errorCode: null },
        ],
      });
      expect(await memberRow('Acme Sales', 'finn@acme.test')).toMatchObject({ status: 'PENDING' });
      expect(await memberRow('Acme Sales', 'someone@elsewhere.test')).toBeUndefined();
    });

    it('blocks a batch larger than the available seats, with the spec message', async () => {
      // Acme Sales: 10 seats, 5 held, 4 reserved (paula, nina, erin, finn): 1 left.
      const response = await call(
        'olivia@acme.test',
        'POST',
        apiPath('members.addSeatMembers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['gus@acme.test', 'hal@acme.test'],
        },
      );
      expect(response.json<{ results: Json[] }>().results).toEqual([
        { userEmail: 'gus@acme.test', errorDetails: notEnoughSeatsMessage(1), errorCode: null },
        { userEmail: 'hal@acme.test', errorDetails: notEnoughSeatsMessage(1), errorCode: null },
      ]);
      expect(await memberRow('Acme Sales', 'gus@acme.test')).toBeUndefined();
      const full = await call(
        'olivia@acme.test',
        'POST',
        apiPath('members.addSeatMembers', { workspaceId: space('Acme Premium') }),
        {
          userEmails: ['gus@acme.test'],
        },
      );
      expect(full.json<{ results: Json[] }>().results[0]).toMatchObject({
        errorDetails: notEnoughSeatsMessage(0),
      });
    });

    it('refuses plain members and strangers', async () => {
      const member = await call(
        'mia@acme.test',
        'POST',
        apiPath('members.addSeatMembers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['x@acme.test'],
        },
      );
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({
        errors: [],
        code: 'FORBIDDEN',
        message: MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS,
      });
      const stranger = await call(
        'gina@gmail.com',
        'POST',
        apiPath('members.addSeatMembers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['x@acme.test'],
        },
      );
      expect(stranger.statusCode).toBe(404);
      const none = await call(
        'olivia@acme.test',
        'POST',
        apiPath('members.addSeatMembers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: [],
        },
      );
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ message: 'user emails are required' });
    });
  });

  describe('inviting (POST invitations, POST members)', () => {
    it('checks validity only, writing nothing', async () => {
      const response = await call(
        'leo@legacy.test',
        'POST',
        apiPath('invitations.invite', { workspaceId: space('Legacy Team') }, 'onlyCheckValidity=true'),
        {
          userEmails: ['nora@legacy.test', 'lara@legacy.test', 'nora@other.test'],
        },
      );
      expect(response.json()).toEqual({
        items: [
          // Legacy Team allows 2 free users and has 2: the newcomer (free) would exceed it.
          { email: 'nora@legacy.test', errorMsg: 'You cannot go over your current plan user limit (2).' },
          { email: 'lara@legacy.test', errorMsg: MEMBER_MESSAGES.ALREADY_MEMBER },
          { email: 'nora@other.test', errorMsg: MEMBER_MESSAGES.OUTSIDE_DOMAIN },
        ],
      });
      expect(await memberRow('Legacy Team', 'nora@legacy.test')).toBeUndefined();
    });

    it("adds paid users with the legacy team's 'Add users' within the paid limit, and refuses elsewhere", async () => {
      const response = await call(
        'lara@legacy.test',
        'POST',
        apiPath('members.addLegacyUsers', { workspaceId: space('Legacy Team') }),
        {
          userEmails: ['nora@legacy.test'],
        },
      );
      expect(response.json()).toEqual({ items: [{ email: 'nora@legacy.test', errorMsg: null }] });
      expect(await memberRow('Legacy Team', 'nora@legacy.test')).toMatchObject({
        status: 'PENDING',
        userPlan: 'PRO',
        seatType: null,
      });
      const perSeat = await call(
        'olivia@acme.test',
        'POST',
        apiPath('members.addLegacyUsers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['z@acme.test'],
        },
      );
      expect(perSeat.json()).toEqual({
        errors: [],
        code: 'FORBIDDEN',
        message: MEMBER_MESSAGES.LEGACY_ADD_ONLY,
      });
    });

    it('refuses an inviter whose INVITATION rollout flag is on', async () => {
      await t.db
        .update(rolloutStatuses)
        .set({ lastActivatedStep: 1 })
        .where(eq(rolloutStatuses.userId, t.demo.users['adam@acme.test']!));
      const response = await call(
        'adam@acme.test',
        'POST',
        apiPath('invitations.invite', { workspaceId: space('Acme Sales') }),
        { userEmails: ['ivy@acme.test'] },
      );
      expect(response.json()).toEqual({
        errors: [],
        code: 'FORBIDDEN',
        message: MEMBER_MESSAGES.INVITATIONS_RESTRICTED,
      });
      await t.db
        .update(rolloutStatuses)
        .set({ lastActivatedStep: null })
        .where(eq(rolloutStatuses.userId, t.demo.users['adam@acme.test']!));
      const allowed = await call(
        'adam@acme.test',
        'POST',
        apiPath('invitations.invite', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['ivy@acme.test'],
        },
      );
      expect(allowed.json()).toEqual({ items: [{ email: 'ivy@acme.test', errorMsg: null }] });
    });
  });

  describe('accepting (PUT /invitations/{token}/accept)', () => {
    it('answers 404 for an unknown link and 403 wrong_account for another account', async () => {
      const unknown = await accept('mia@acme.test', 'no-such-token');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: INVITATION_MESSAGES.INVALID });
      const wrong = await accept('mia@acme.test', 'demo-nina-acme-sales');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({
        errors: [],
        code: 'FORBIDDEN',
        message: INVITATION_MESSAGES.WRONG_ACCOUNT,
        reason: 'wrong_account',
      });
    });

    it('needs an account: creating it leaves the invited membership pending until accepted', async () => {
      const before = await accept('nina@newcomer.test', 'demo-nina-acme-sales');
      expect(before.statusCode).toBe(404);
      expect(before.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
      await createAccount('nina@newcomer.test');
      expect(await memberRow('Acme Sales', 'nina@newcomer.test')).toMatchObject({
        userId: null,
        status: 'PENDING',
      });
    });

    it('answers invitation_is_not_active for cancelled and expired links', async () => {
      expect((await accept('nina@newcomer.test', 'demo-cancelled')).json()).toEqual(
        conflict('invitation_is_not_active', INVITATION_MESSAGES.NOT_ACTIVE),
      );
      expect((await accept('nina@newcomer.test', 'demo-expired')).json()).toEqual(
        conflict('invitation_is_not_active', INVITATION_MESSAGES.NOT_ACTIVE),
      );
    });

    it('answers invitation_restricted while the INVITATION flag is on for the person', async () => {
      const nina = (
        await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'nina@newcomer.test'))
      )[0]!;
      await t.db
        .update(rolloutStatuses)
        .set({ lastActivatedStep: 1 })
        .where(eq(rolloutStatuses.userId, nina.id));
      expect((await accept('nina@newcomer.test', 'demo-nina-acme-sales')).json()).toEqual(
        conflict('invitation_restricted', 'Sorry, this invitation link is no longer valid.'),
      );
      await t.db
        .update(rolloutStatuses)
        .set({ lastActivatedStep: null })
        .where(eq(rolloutStatuses.userId, nina.id));
    });

    it('joins the space: the pending member becomes active with an added seat, the link is used up', async () => {
      const response = await accept('Nina@Newcomer.test', 'demo-nina-acme-sales');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ workspaceId: space('Acme Sales'), workspaceName: 'Acme Sales' });
      const row = await memberRow('Acme Sales', 'nina@newcomer.test');
      expect(row).toMatchObject({ status: 'ACTIVE', seatType: 'ADDED_MERGEDESK_USER' });
      expect(row?.userId).not.toBeNull();
      const [invitation] = await t.db
        .select({ status: invitations.status, acceptedBy: invitations.acceptedByUserId })
        .from(invitations)
        .where(eq(invitations.tokenHash, hashInvitationToken('demo-nina-acme-sales')));
      expect(invitation).toEqual({ status: 'ACCEPTED', acceptedBy: row?.userId });
      expect((await accept('nina@newcomer.test', 'demo-nina-acme-sales')).json()).toEqual(
        conflict('user_already_exists', INVITATION_MESSAGES.ALREADY_MEMBER),
      );
      expect((await accept('adam@acme.test', 'demo-adam-premium')).json()).toEqual(
        conflict('user_already_exists', INVITATION_MESSAGES.ALREADY_MEMBER),
      );
      const me = await t.app.inject({
        method: 'GET',
        url: apiPath('users.me', {}, 'includeWorkspaces=true'),
        headers: bearer(await t.signIn('nina@newcomer.test')),
      });
      expect(me.json<{ userWorkspaces: Json[] }>().userWorkspaces).toContainEqual(
        expect.objectContaining({ workspaceId: space('Acme Sales'), userRole: 'MEMBER', status: 'ACTIVE' }),
      );
    });
  });

  describe('re-inviting and cancelling', () => {
    it('rotates the token: the expired demo link stays dead, the new one works for 14 days', async () => {
      const response = await call(
        'olivia@acme.test',
        'PUT',
        apiPath('invitations.resend', { workspaceId: space('Acme Premium') }),
        {
          invitedUserEmails: ['nina@newcomer.test'],
        },
      );
      expect(response.json()).toEqual({ success: true });
      const { token } = await tokenMailedTo('nina@newcomer.test');
      expect(token).toBeDefined();
      expect((await accept('nina@newcomer.test', 'demo-expired')).statusCode).toBe(404);
      const joined = await accept('nina@newcomer.test', token!);
      expect(joined.json()).toEqual({ workspaceId: space('Acme Premium'), workspaceName: 'Acme Premium' });
    });

    it('sends a first invitation to a member added before invitations existed (paula)', async () => {
      const response = await call(
        'adam@acme.test',
        'PUT',
        apiPath('invitations.resend', { workspaceId: space('Acme Sales') }),
        {
          invitedUserEmails: ['paula@acme.test'],
        },
      );
      expect(response.json()).toEqual({ success: true });
      expect((await tokenMailedTo('paula@acme.test')).token).toBeDefined();
    });

    it('refuses to re-invite or cancel someone who is not pending', async () => {
      const response = await call(
        'olivia@acme.test',
        'PUT',
        apiPath('invitations.resend', { workspaceId: space('Acme Sales') }),
        {
          invitedUserEmails: ['mia@acme.test'],
        },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: MEMBER_MESSAGES.NOT_PENDING });
      const unknown = await call(
        'olivia@acme.test',
        'DELETE',
        apiPath('invitations.cancel', { workspaceId: space('Acme Sales') }),
        {
          invitedUserEmails: ['nobody@acme.test'],
        },
      );
      expect(unknown.statusCode).toBe(404);
    });

    it('cancels: the pending member leaves the list and the link stops working', async () => {
      const { token } = await tokenMailedTo('erin@acme.test');
      const response = await call(
        'olivia@acme.test',
        'DELETE',
        apiPath('invitations.cancel', { workspaceId: space('Acme Sales') }),
        {
          invitedUserEmails: ['erin@acme.test'],
        },
      );
      expect(response.json()).toEqual({ success: true });
      expect(await memberRow('Acme Sales', 'erin@acme.test')).toBeUndefined();
      await createAccount('erin@acme.test');
      expect((await accept('erin@acme.test', token!)).json()).toEqual(
        conflict('invitation_is_not_active', INVITATION_MESSAGES.NOT_ACTIVE),
      );
    });
  });

  describe('the last seat', () => {
    it('gives two parallel accepts for the last seat one membership and one no_seat_available', async () => {
      // Two invitees; then seats are removed (as billing may do) so only one seat is left.
      const added = await call(
        'olivia@acme.test',
        'POST',
        apiPath('members.addSeatMembers', { workspaceId: space('Acme Premium') }),
        {
          userEmails: ['rae@acme.test'],
        },
      );
      expect(added.json()).toMatchObject({ success: false }); // Acme Premium is full
      await t.db
        .update(workspaces)
        .set({ seatTotal: 10 })
        .where(eq(workspaces.id, space('Acme Premium')));
      const ok = await call(
        'olivia@acme.test',
        'POST',
        apiPath('members.addSeatMembers', { workspaceId: space('Acme Premium') }),
        {
          userEmails: ['rae@acme.test', 'rex@acme.test'],
        },
      );
      expect(ok.json()).toMatchObject({ success: true });
      // olivia, adam and nina hold 3 seats: one is left for rae and rex.
      await t.db
        .update(workspaces)
        .set({ seatTotal: 4 })
        .where(eq(workspaces.id, space('Acme Premium')));
      await createAccount('rae@acme.test');
      await createAccount('rex@acme.test');
      const [rae, rex] = await Promise.all([tokenMailedTo('rae@acme.test'), tokenMailedTo('rex@acme.test')]);
      const [raeToken, rexToken] = [rae.token!, rex.token!];
      const [raeSession, rexSession] = await Promise.all([
        t.signIn('rae@acme.test'),
        t.signIn('rex@acme.test'),
      ]);
      const results = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: apiPath('invitations.accept', { token: raeToken }),
          headers: bearer(raeSession),
        }),
        t.app.inject({
          method: 'PUT',
          url: apiPath('invitations.accept', { token: rexToken }),
          headers: bearer(rexSession),
        }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json()).toEqual(conflict('no_seat_available', INVITATION_MESSAGES.NO_SEAT));
      const statuses = [
        await memberRow('Acme Premium', 'rae@acme.test'),
        await memberRow('Acme Premium', 'rex@acme.test'),
      ].map((row) => row?.status);
      expect(statuses.sort()).toEqual(['ACTIVE', 'PENDING']);
      const seats = await t.app.inject({
        method: 'GET',
        url: apiPath('members.seats', { workspaceId: space('Acme Premium') }),
        headers: bearer(await t.signIn('olivia@acme.test')),
      });
      expect(seats.json()).toMatchObject({ totalSeats: 4, assignedSeats: 4, availableSeats: 0 });
    });
  });
});

describe("invitations without the inviter's Gmail permission", () => {
  const t = useSeededTestApp({
    env: { PUBLIC_URL, SESSION_SECRET: 'invitations-test-secret-0123456789abcdef' },
  });

  it('keeps the invitation but reports the e-mail as not sent', async () => {
    // Signed in without the compose scope and no Gmail grant: no mailbox to send from.
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath('members.addSeatMembers', { workspaceId: t.space('Acme Sales') }),
      headers: bearer(await t.signIn('olivia@acme.test')),
      payload: { userEmails: ['walt@acme.test'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      results: [{ userEmail: 'walt@acme.test', errorDetails: MEMBER_MESSAGES.MAIL_NOT_SENT }],
    });
    const [row] = await t.db
      .select({ status: workspaceMembers.status })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, t.space('Acme Sales')),
          eq(workspaceMembers.email, 'walt@acme.test'),
        ),
      );
    expect(row?.status).toBe('PENDING');
    expect(t.gmail.messages()).toEqual([]);
  });
});
