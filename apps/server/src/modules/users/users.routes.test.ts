import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rolloutStatuses, sessions, users, workspaceMembers, workspaces } from '../../db/schema';
import { createAccessTokenSigner } from '../../lib/access-token';
import { bearer } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';

const SESSION_EXPIRED = {
  errors: [],
  code: 'UNAUTHENTICATED',
  message: 'Your session has expired. Please sign in again.',
};

function monthsAgo(now: Date, months: number) {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

describe('users API', () => {
  const now = new Date();
  const t = useSeededTestApp({ now });

  const id = t.user;
  const space = t.space;

  describe('GET /api/v2/users/me', () => {
    it('answers 401 without, with a malformed, a foreign or an expired token', async () => {
      const foreign = createAccessTokenSigner('another-secret-that-is-long-enough-to-sign', 3600);
      const ownSigner = createAccessTokenSigner(t.config.SESSION_SECRET, t.config.ACCESS_TOKEN_TTL_SECONDS);
      const expired = await ownSigner.sign(
        { sessionId: crypto.randomUUID(), email: 'olivia@acme.test' },
        Date.now() - 2 * 3600 * 1000,
      );
      const foreignToken = await foreign.sign({ sessionId: crypto.randomUUID(), email: 'olivia@acme.test' });
      for (const headers of [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Basic b2xpdmlhOnNlY3JldA==' },
        bearer('not-a-token'),
        bearer(foreignToken.token),
        bearer(expired.token),
      ]) {
        const response = await t.app.inject({ method: 'GET', url: apiPath('users.me'), headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(SESSION_EXPIRED);
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
    });

    it("answers 404 USER_NOT_FOUND for a signed-in person without an account (the 'no-user' state)", async () => {
      const token = await t.signIn('nina@newcomer.test');
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('users.me'),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        errors: [],
        code: 'USER_NOT_FOUND',
        message: 'No account exists for nina@newcomer.test.',
      });
    });

    it('returns the user without spaces unless includeWorkspaces=true', async () => {
      const token = await t.signIn('olivia@acme.test');
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('users.me'),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db
        .select({ installed: users.installationTimestamp, updatedAt: users.updatedAt })
        .from(users)
        .where(eq(users.id, id('olivia@acme.test')));
      expect(response.json()).toEqual({
        userId: id('olivia@acme.test'),
        id: id('olivia@acme.test'),
        userEmail: 'olivia@acme.test',
        userName: 'Olivia Owens',
        profilePictureUrl: null,
        isPersonal: 'BUSINESS',
        installationTimestamp: row!.installed!.getTime(),
        lastUpdateTimestamp: row!.updatedAt.getTime(),
        domain: { domainName: 'acme.test' },
        addonWorkspaceId: space('Acme Sales'),
        freeUserQuota: null,
      });
    });

    it('returns every space of the user with features and counters', async () => {
      const token = await t.signIn('olivia@acme.test');
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('users.me', {}, 'includeWorkspaces=true'),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ userWorkspaces: Array<{ workspaceName: string }> }>();
      expect(body.userWorkspaces.map((entry) => entry.workspaceName)).toEqual(['Acme Sales', 'Acme Premium']);
      const olivia = [340, 1210, 860, 455, 1500, 98];
      expect(body.userWorkspaces[0]).toEqual({
        workspaceId: space('Acme Sales'),
        workspaceName: 'Acme Sales',
        workspacePlan: 'PRO',
        userPlan: 'PRO',
        userRole: 'OWNER',
        status: 'ACTIVE',
        urlPrefix: `/${space('Acme Sales')}/acme-sales`,
        legacyPlanType: null,
        isPerSeat: true,
        workspaceUserFeature: {
          workspacePlan: 'PRO',
          userPlan: 'PRO',
          hasMultiDomain: false,
          allowedUserCount: -1,
          otherFeatures: {
            teamAnalyticsDashboard: true,
            manageUserRoles: true,
            transferOwnerShip: true,
            shareUnsubscribesAcrossWorkspace: false,
            shareBouncesAccrossWorkspace: false,
          },
        },
        counters: {
          totalNumberOfMailsSent: { count: olivia.reduce((sum, count) => sum + count, 0) },
          monthlySentMails: olivia.map((count, index) => ({ ...monthsAgo(now, index), count })),
        },
      });
      expect(body.userWorkspaces[1]).toMatchObject({
        workspaceName: 'Acme Premium',
        workspacePlan: 'PREMIUM',
        counters: { totalNumberOfMailsSent: { count: 0 }, monthlySentMails: [] },
        workspaceUserFeature: {
          otherFeatures: { shareUnsubscribesAcrossWorkspace: true, shareBouncesAccrossWorkspace: true },
        },
      });
    });

    it('lists the space of a DISABLED member with its status (the shell shows the disabled page)', async () => {
      const token = await t.signIn('dora@acme.test');
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('users.me', {}, 'includeWorkspaces=true'),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        userWorkspaces: [{ workspaceName: 'Acme Sales', status: 'DISABLED', userRole: 'MEMBER' }],
      });
    });

    it('describes legacy per-user spaces and personal users', async () => {
      const token = await t.signIn('penny@gmail.com');
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('users.me', {}, 'includeWorkspaces=true'),
        headers: bearer(token),
      });
      expect(response.json()).toMatchObject({
        isPersonal: 'STANDARD',
        domain: { domainName: 'gmail.com' },
        userWorkspaces: [
          {
            workspaceName: "Penny's space",
            workspacePlan: 'LEGACY',
            legacyPlanType: 'PERSONAL',
            isPerSeat: false,
            userPlan: 'PRO_PERSONAL',
            urlPrefix: `/${space("Penny's space")}/pennys-space`,
          },
        ],
      });
    });

    it('gives null for a missing installation timestamp', async () => {
      const token = await t.signIn('gina@gmail.com');
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('users.me'),
        headers: bearer(token),
      });
      expect(response.json()).toMatchObject({ userEmail: 'gina@gmail.com', installationTimestamp: null });
    });

    it('rejects an invalid includeWorkspaces with 400 naming the field', async () => {
      const token = await t.signIn('olivia@acme.test');
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('users.me', {}, 'includeWorkspaces=yes'),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ code: string; errors: Array<{ field: string }> }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors.map((error) => error.field)).toEqual(['includeWorkspaces']);
    });
  });

  describe('GET /api/v2/users/:id', () => {
    it("returns the caller's own user by id", async () => {
      const token = await t.signIn('adam@acme.test');
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('users.get', { id: id('adam@acme.test') }, 'includeWorkspaces=true'),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        userEmail: 'adam@acme.test',
        userWorkspaces: [
          { workspaceName: 'Acme Sales', userRole: 'ADMIN' },
          { workspaceName: 'Acme Premium', userRole: 'MEMBER' },
        ],
      });
    });

    it("answers 404 for another user's id, an unknown id and a malformed id", async () => {
      const token = await t.signIn('adam@acme.test');
      for (const other of [id('olivia@acme.test'), crypto.randomUUID(), 'not-an-id']) {
        const response = await t.app.inject({
          method: 'GET',
          url: apiPath('users.get', { id: other }),
          headers: bearer(token),
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ errors: [], code: 'NOT_FOUND', message: 'User not found.' });
      }
    });
  });

  describe('POST /api/v2/users/workspace-activation-create-user', () => {
    const url = apiPath('users.create', {}, 'checkPeopleApi=true');

    it('creates the account, its own space, its rollout status and links pending memberships', async () => {
      const token = await t.signIn('paula@acme.test', {
        name: 'Paula Pending',
        picture: 'https://example.test/paula.png',
      });
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: { userEmail: 'Paula@Acme.test', createSource: 'WEBAPP' },
      });
      expect(response.statusCode).toBe(201);
      const [user] = await t.db
        .select({
          id: users.id,
          addon: users.addonWorkspaceId,
          userType: users.userType,
          domain: users.domainName,
        })
        .from(users)
        .where(eq(users.email, 'paula@acme.test'));
      expect(user).toMatchObject({ userType: 'BUSINESS', domain: 'acme.test' });
      const body = response.json<Record<string, unknown>>();
      expect(body).toMatchObject({
        userId: user!.id,
        userEmail: 'paula@acme.test',
        userName: 'Paula Pending',
        profilePictureUrl: 'https://example.test/paula.png',
        isPersonal: 'BUSINESS',
        installationTimestamp: null,
        domain: { domainName: 'acme.test' },
        addonWorkspaceId: user!.addon,
        userWorkspaces: [
          { workspaceId: space('Acme Sales'), userRole: 'MEMBER', userPlan: 'PRO', status: 'ACTIVE' },
          {
            workspaceId: user!.addon,
            workspaceName: "Paula's space",
            workspacePlan: 'FREE',
            userPlan: 'FREE',
            userRole: 'OWNER',
            status: 'ACTIVE',
            isPerSeat: true,
            urlPrefix: `/${user!.addon}/paulas-space`,
          },
        ],
      });

      const [ownSpace] = await t.db
        .select({ name: workspaces.name, plan: workspaces.plan, model: workspaces.billingModel })
        .from(workspaces)
        .where(eq(workspaces.id, user!.addon!));
      expect(ownSpace).toEqual({ name: "Paula's space", plan: 'FREE', model: 'PER_SEAT' });
      const memberships = await t.db
        .select({
          workspaceId: workspaceMembers.workspaceId,
          role: workspaceMembers.role,
          status: workspaceMembers.status,
          userPlan: workspaceMembers.userPlan,
        })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.userId, user!.id));
      expect(memberships).toHaveLength(2);
      expect(memberships).toEqual(
        expect.arrayContaining([
          { workspaceId: space('Acme Sales'), role: 'MEMBER', status: 'ACTIVE', userPlan: 'PRO' },
          { workspaceId: user!.addon, role: 'OWNER', status: 'ACTIVE', userPlan: 'FREE' },
        ]),
      );
      const [rollout] = await t.db
        .select({
          isRegistered: rolloutStatuses.isRegistered,
          isEligible: rolloutStatuses.isEligible,
          isPerSeat: rolloutStatuses.isPerSeat,
          userV2: rolloutStatuses.userV2,
          lastActivatedStep: rolloutStatuses.lastActivatedStep,
        })
        .from(rolloutStatuses)
        .where(eq(rolloutStatuses.userId, user!.id));
      expect(rollout).toEqual({
        isRegistered: true,
        isEligible: true,
        isPerSeat: true,
        userV2: true,
        lastActivatedStep: null,
      });

      const me = await t.app.inject({ method: 'GET', url: apiPath('users.me'), headers: bearer(token) });
      expect(me.statusCode).toBe(200);
    });

    it('creates a STANDARD user for a personal Gmail address', async () => {
      const token = await t.signIn('newbie@googlemail.com', { name: 'Newbie Person' });
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: { userEmail: 'newbie@googlemail.com', createSource: 'WEBAPP' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        isPersonal: 'STANDARD',
        domain: { domainName: 'googlemail.com' },
        userWorkspaces: [{ workspaceName: "Newbie's space" }],
      });
    });

    it('answers 403 when the address is not the signed-in one', async () => {
      const token = await t.signIn('nina@newcomer.test');
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: { userEmail: 'someone@newcomer.test', createSource: 'WEBAPP' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        errors: [],
        code: 'FORBIDDEN',
        message: 'You can only create an account for the address you are signed in with.',
      });
      expect(
        await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'someone@newcomer.test')),
      ).toEqual([]);
    });

    it('answers 409 when the account exists already', async () => {
      const token = await t.signIn('olivia@acme.test');
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: { userEmail: 'olivia@acme.test', createSource: 'WEBAPP' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        errors: [],
        code: 'USER_ALREADY_EXISTS',
        message: 'An account already exists for olivia@acme.test.',
      });
    });

    it('creates one account when two creations race', async () => {
      const token = await t.signIn('racer@newcomer.test', { name: 'Racer' });
      const request = () =>
        t.app.inject({
          method: 'POST',
          url,
          headers: bearer(token),
          payload: { userEmail: 'racer@newcomer.test', createSource: 'WEBAPP' },
        });
      const statuses = (await Promise.all([request(), request()]))
        .map((response) => response.statusCode)
        .sort();
      expect(statuses).toEqual([201, 409]);
      const rows = await t.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'racer@newcomer.test'));
      expect(rows).toHaveLength(1);
    });

    it('answers 400 naming each invalid field', async () => {
      const token = await t.signIn('nina@newcomer.test');
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: { userEmail: 'not an address', createSource: 'ADDON' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ errors: Array<{ field: string; message: string }>; message: string }>();
      expect(body.message).toBe('Invalid request.');
      expect(body.errors.map((error) => error.field)).toEqual(['userEmail', 'createSource']);
      expect(body.errors[0]!.message).toBe('Email is invalid');
    });

    it('answers 401 for a revoked or expired session, even with a valid access token', async () => {
      const revoked = await t.signIn('olivia@acme.test');
      const expired = await t.signIn('adam@acme.test');
      await t.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.email, 'olivia@acme.test'));
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.email, 'adam@acme.test'));
      for (const token of [revoked, expired]) {
        const response = await t.app.inject({
          method: 'GET',
          url: apiPath('users.me'),
          headers: bearer(token),
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(SESSION_EXPIRED);
      }
    });

    it('answers 401 for a revoked session', async () => {
      const token = await t.signIn('revoked@newcomer.test');
      await t.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.email, 'revoked@newcomer.test'));
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: { userEmail: 'revoked@newcomer.test', createSource: 'WEBAPP' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(SESSION_EXPIRED);
    });

    it('answers 401 without a token', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { userEmail: 'nina@newcomer.test', createSource: 'WEBAPP' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/v2/users/suggest', () => {
    const suggest = async (email: string, query: string) => {
      const token = await t.signIn(email);
      return t.app.inject({
        method: 'GET',
        url: apiPath('users.suggest', {}, query),
        headers: bearer(token),
      });
    };

    it('suggests people of the same domain and co-members who are not in the space yet', async () => {
      const response = await suggest('olivia@acme.test', `keyword=&workspaceId=${space('Acme Premium')}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        items: [
          { userEmail: 'dora@acme.test', userName: 'Dora Disabled' },
          { userEmail: 'fred@acme.test', userName: 'Fred Free' },
          { userEmail: 'mia@acme.test', userName: 'Mia Member' },
          // created by the account-creation test above (same domain)
          { userEmail: 'paula@acme.test', userName: 'Paula Pending' },
          { userEmail: 'sam@acme.test', userName: 'Sam Stepfour' },
          { userEmail: 'tom@acme.test', userName: 'Tom Trial' },
        ],
      });
    });

    it('matches the keyword in e-mail or name, case-insensitively, and treats wildcards literally', async () => {
      const byName = await suggest('olivia@acme.test', `keyword=MEMB&workspaceId=${space('Acme Premium')}`);
      expect(byName.json()).toEqual({ items: [{ userEmail: 'mia@acme.test', userName: 'Mia Member' }] });
      const byEmail = await suggest(
        'olivia@acme.test',
        `keyword=fred%40&workspaceId=${space('Acme Premium')}`,
      );
      expect(byEmail.json()).toEqual({ items: [{ userEmail: 'fred@acme.test', userName: 'Fred Free' }] });
      const wildcard = await suggest('olivia@acme.test', `keyword=%25&workspaceId=${space('Acme Premium')}`);
      expect(wildcard.json()).toEqual({ items: [] });
    });

    it('does not treat gmail.com as a shared domain', async () => {
      const response = await suggest('gina@gmail.com', `keyword=gmail&workspaceId=${space("Gina's space")}`);
      expect(response.json()).toEqual({ items: [] });
    });

    it('answers 404 for a space the caller is not a member of', async () => {
      const response = await suggest('gina@gmail.com', `keyword=a&workspaceId=${space('Acme Sales')}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errors: [], code: 'NOT_FOUND', message: 'Space not found.' });
    });

    it('answers 403 to a plain member: only those who may add members get suggestions (issue 10)', async () => {
      const response = await suggest('mia@acme.test', `keyword=a&workspaceId=${space('Acme Sales')}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        errors: [],
        code: 'FORBIDDEN',
        message: 'Only an admin or the owner of this space can add members.',
      });
      const admin = await suggest('adam@acme.test', `keyword=a&workspaceId=${space('Acme Sales')}`);
      expect(admin.statusCode).toBe(200);
    });

    it('answers 403 to a DISABLED member', async () => {
      const response = await suggest('dora@acme.test', `keyword=a&workspaceId=${space('Acme Sales')}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        errors: [],
        code: 'FORBIDDEN',
        message: 'Sorry, your account is disabled. Contact your space administrator to solve this issue.',
      });
    });

    it('answers 400 without a valid workspaceId', async () => {
      const response = await suggest('olivia@acme.test', 'keyword=a&workspaceId=nope');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'workspaceId' }],
      });
    });
  });

  describe('GET /api/v2/users/workspace-activation-status/me', () => {
    const url = apiPath(
      'users.rolloutStatus',
      {},
      'checkIsRegistered=true&includeUserV1=false&includeUserV2=true&includeUserV2Workspace=false&includeFBData=false',
    );

    it('returns the rollout status', async () => {
      const sam = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(await t.signIn('sam@acme.test')),
      });
      expect(sam.statusCode).toBe(200);
      expect(sam.json()).toEqual({
        isRegistered: true,
        isEligible: true,
        isPerSeat: true,
        userV2: true,
        lastActivatedStep: 3,
      });
      const olivia = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(await t.signIn('olivia@acme.test')),
      });
      expect(olivia.json()).toMatchObject({ lastActivatedStep: null });
    });

    it('answers the unrestricted default for a user without a rollout row', async () => {
      await t.db.delete(rolloutStatuses).where(eq(rolloutStatuses.userId, id('max@max.test')));
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(await t.signIn('max@max.test')),
      });
      expect(response.json()).toEqual({
        isRegistered: true,
        isEligible: true,
        isPerSeat: true,
        userV2: true,
        lastActivatedStep: null,
      });
    });

    it('answers 404 USER_NOT_FOUND without an account', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(await t.signIn('nina@newcomer.test')),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    });
  });
});
