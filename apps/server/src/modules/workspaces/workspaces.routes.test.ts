import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaceMembers, workspaces } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';

const SPACE_NOT_FOUND = { errors: [], code: 'NOT_FOUND', message: 'Space not found.' };
const LIMIT_REACHED = {
  errors: [],
  code: 'OWNED_SPACES_LIMIT_REACHED',
  message: 'You are already the owner of 5 spaces which is the limit of the number of spaces you can own.',
};

describe('workspaces API', () => {
  const t = useSeededTestApp();

  const space = t.space;
  const userId = (email: string) => t.demo.users[email]!;
  const as = async (email: string) => bearer(await t.signIn(email));

  const ownedSpaceCount = async (email: string) =>
    (
      await t.db
        .select({ id: workspaceMembers.id })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.userId, userId(email)), eq(workspaceMembers.role, 'OWNER')))
    ).length;

  describe('GET /api/v1/workspaces', () => {
    it("lists the caller's spaces", async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('workspaces.list'),
        headers: await as('olivia@acme.test'),
      });
      expect(response.statusCode).toBe(200);
      const { items } = response.json<{ items: unknown[] }>();
      expect(items).toEqual([
        {
          workspaceId: space('Acme Sales'),
          id: space('Acme Sales'),
          workspaceName: 'Acme Sales',
          name: 'Acme Sales',
          role: 'OWNER',
          urlPrefix: `/${space('Acme Sales')}/acme-sales`,
          workspacePlan: 'PRO',
          plan: 'PRO',
          legacyType: null,
          isPerSeat: true,
          status: 'ACTIVE',
          memberInviteUser: true,
          workspaceUserFeature: { workspacePlan: 'PRO', userPlan: 'PRO' },
          isAddonWorkspace: true,
        },
        expect.objectContaining({ workspaceName: 'Acme Premium', role: 'OWNER', isAddonWorkspace: false }),
      ]);
    });

    it('answers 401 without a token', async () => {
      const response = await t.app.inject({ method: 'GET', url: apiPath('workspaces.list') });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/workspaces/:id', () => {
    it('returns domains, features and member count only when asked', async () => {
      const headers = await as('adam@acme.test');
      const plain = await t.app.inject({
        method: 'GET',
        url: apiPath('workspaces.get', { id: space('Acme Sales') }),
        headers,
      });
      expect(plain.statusCode).toBe(200);
      const plainBody = plain.json<Record<string, unknown>>();
      expect(plainBody).toMatchObject({ workspaceName: 'Acme Sales', role: 'ADMIN', isAddonWorkspace: true });
      expect(plainBody).not.toHaveProperty('memberCount');
      expect(plainBody).not.toHaveProperty('workspaceFeatures');
      expect(plainBody).not.toHaveProperty('workspaceDomains');

      const full = await t.app.inject({
        method: 'GET',
        url: apiPath(
          'workspaces.get',
          { id: space('Acme Sales') },
          'includeDomains=true&includeFeatures=true&includeMembersCount=true',
        ),
        headers,
      });
      expect(full.json()).toMatchObject({
        // olivia, adam, mia, fred, paula and nina (pending), tom (trial); dora is DISABLED
        memberCount: 7,
        workspaceDomains: [{ domainName: 'acme.test' }],
        workspaceFeatures: [
          { userPlan: 'FREE', hasMultiDomain: false, allowedUserCount: -1 },
          { userPlan: 'PRO', hasMultiDomain: false, allowedUserCount: -1 },
        ],
      });
    });

    it('reports the allowed user counts of a legacy space', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('workspaces.get', { id: space('Legacy Team') }, 'includeFeatures=true'),
        headers: await as('leo@legacy.test'),
      });
      expect(response.json()).toMatchObject({
        workspacePlan: 'LEGACY',
        legacyType: 'TEAM',
        isPerSeat: false,
        workspaceFeatures: [
          { userPlan: 'FREE', allowedUserCount: 2 },
          { userPlan: 'PRO', allowedUserCount: 10 },
        ],
      });
    });

    it('shows a DISABLED member the summary only', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath(
          'workspaces.get',
          { id: space('Acme Sales') },
          'includeDomains=true&includeMembersCount=true',
        ),
        headers: await as('dora@acme.test'),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<Record<string, unknown>>();
      expect(body).toMatchObject({ workspaceName: 'Acme Sales', workspacePlan: 'PRO', role: 'MEMBER' });
      expect(body).not.toHaveProperty('memberCount');
      expect(body).not.toHaveProperty('workspaceDomains');
    });

    it('answers 404 for another space, an unknown id and a malformed id', async () => {
      const headers = await as('gina@gmail.com');
      for (const id of [space('Acme Sales'), crypto.randomUUID(), 'acme-sales']) {
        const response = await t.app.inject({
          method: 'GET',
          url: apiPath('workspaces.get', { id }),
          headers,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(SPACE_NOT_FOUND);
      }
    });
  });

  describe('POST /api/v1/workspaces', () => {
    it('creates a FREE per-seat space owned by the caller', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath('workspaces.create'),
        headers: await as('gina@gmail.com'),
        payload: {
          workspaceName: '  Gina’s Café Team  ',
          userId: userId('gina@gmail.com'),
          memberInviteUser: false,
        },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<{ workspaceId: string }>();
      expect(body).toEqual({
        workspaceId: body.workspaceId,
        id: body.workspaceId,
        workspaceName: 'Gina’s Café Team',
        name: 'Gina’s Café Team',
        role: 'OWNER',
        urlPrefix: `/${body.workspaceId}/ginas-cafe-team`,
        workspacePlan: 'FREE',
        plan: 'FREE',
        legacyType: null,
        isPerSeat: true,
        status: 'ACTIVE',
        memberInviteUser: false,
        workspaceUserFeature: { workspacePlan: 'FREE', userPlan: 'FREE' },
        isAddonWorkspace: false,
      });
      const [stored] = await t.db
        .select({
          name: workspaces.name,
          slug: workspaces.slug,
          plan: workspaces.plan,
          model: workspaces.billingModel,
        })
        .from(workspaces)
        .where(eq(workspaces.id, body.workspaceId));
      expect(stored).toEqual({
        name: 'Gina’s Café Team',
        slug: 'ginas-cafe-team',
        plan: 'FREE',
        model: 'PER_SEAT',
      });
      const members = await t.db
        .select({
          userId: workspaceMembers.userId,
          email: workspaceMembers.email,
          role: workspaceMembers.role,
          userPlan: workspaceMembers.userPlan,
          status: workspaceMembers.status,
        })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, body.workspaceId));
      expect(members).toEqual([
        {
          userId: userId('gina@gmail.com'),
          email: 'gina@gmail.com',
          role: 'OWNER',
          userPlan: 'FREE',
          status: 'ACTIVE',
        },
      ]);
    });

    it('answers 403 when the userId is not the caller', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath('workspaces.create'),
        headers: await as('gina@gmail.com'),
        payload: { workspaceName: 'Not for me', userId: userId('olivia@acme.test') },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        errors: [],
        code: 'FORBIDDEN',
        message: 'You can only create a space that you own yourself.',
      });
    });

    it('refuses a sixth owned space', async () => {
      expect(await ownedSpaceCount('max@max.test')).toBe(5);
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath('workspaces.create'),
        headers: await as('max@max.test'),
        payload: { workspaceName: 'Max 6', userId: userId('max@max.test') },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(LIMIT_REACHED);
      expect(await ownedSpaceCount('max@max.test')).toBe(5);
    });

    it('never lets concurrent creations exceed 5 owned spaces', async () => {
      const headers = await as('sam@acme.test');
      const create = (name: string) =>
        t.app.inject({
          method: 'POST',
          url: apiPath('workspaces.create'),
          headers,
          payload: { workspaceName: name, userId: userId('sam@acme.test') },
        });
      expect(await ownedSpaceCount('sam@acme.test')).toBe(1);
      const results = await Promise.all(
        ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((letter) => create(`Sam space ${letter}`)),
      );
      const statuses = results.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(4);
      expect(statuses.filter((status) => status === 403)).toHaveLength(4);
      expect(await ownedSpaceCount('sam@acme.test')).toBe(5);
    });

    it.each([
      ['', 'Please fill in this field.', 'REQUIRED'],
      ['    ', 'Please fill in this field.', 'REQUIRED'],
      [' abcd ', 'Space name should contain at least 5 characters.', 'TOO_SHORT'],
      ['x'.repeat(256), 'Space name could contain at most 255 characters.', 'TOO_LONG'],
    ])('rejects the name %j with its message', async (workspaceName, message, reason) => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath('workspaces.create'),
        headers: await as('gina@gmail.com'),
        payload: { workspaceName, userId: userId('gina@gmail.com') },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [{ field: 'workspaceName', message, reason }],
        code: 'VALIDATION_FAILED',
        message,
      });
    });

    it('names every invalid field', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath('workspaces.create'),
        headers: await as('gina@gmail.com'),
        payload: { workspaceName: 'abc', userId: 'me', memberInviteUser: 'yes' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ errors: Array<{ field: string }>; message: string }>();
      expect(body.message).toBe('Invalid request.');
      expect(body.errors.map((error) => error.field)).toEqual([
        'workspaceName',
        'userId',
        'memberInviteUser',
      ]);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath('workspaces.create'),
        headers: { ...(await as('gina@gmail.com')), 'content-type': 'application/json' },
        payload: '{"workspaceName":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [], code: 'BAD_REQUEST' });
    });
  });

  describe('PUT /api/v1/workspaces/:id', () => {
    const rename = async (email: string, id: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: apiPath('workspaces.update', { id }),
        headers: await as(email),
        payload,
      });

    it('lets the owner rename the space and change memberInviteUser', async () => {
      const response = await rename('leo@legacy.test', space('Legacy Team'), {
        workspaceName: ' Legacy Team Renamed ',
        memberInviteUser: false,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        workspaceId: space('Legacy Team'),
        workspaceName: 'Legacy Team Renamed',
        urlPrefix: `/${space('Legacy Team')}/legacy-team-renamed`,
        memberInviteUser: false,
        role: 'OWNER',
      });
      const [stored] = await t.db
        .select({ name: workspaces.name, slug: workspaces.slug, invite: workspaces.memberInviteUser })
        .from(workspaces)
        .where(eq(workspaces.id, space('Legacy Team')));
      expect(stored).toEqual({ name: 'Legacy Team Renamed', slug: 'legacy-team-renamed', invite: false });
    });

    it('keeps memberInviteUser when it is not sent', async () => {
      const response = await rename('olivia@acme.test', space('Acme Premium'), {
        workspaceName: 'Acme Premium',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ workspaceName: 'Acme Premium', memberInviteUser: true });
    });

    it('answers 403 to an ADMIN and a MEMBER, and leaves the space unchanged', async () => {
      for (const email of ['adam@acme.test', 'mia@acme.test']) {
        const response = await rename(email, space('Acme Sales'), { workspaceName: 'Hijacked space' });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          errors: [],
          code: 'FORBIDDEN',
          message: 'Only the owner of this space can change its settings.',
        });
      }
      const [stored] = await t.db
        .select({ name: workspaces.name })
        .from(workspaces)
        .where(eq(workspaces.id, space('Acme Sales')));
      expect(stored).toEqual({ name: 'Acme Sales' });
    });

    it('answers 403 to a DISABLED member', async () => {
      const response = await rename('dora@acme.test', space('Acme Sales'), {
        workspaceName: 'Hijacked space',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    });

    it("answers 404 for another owner's space and never changes it", async () => {
      const response = await rename('gina@gmail.com', space('Acme Sales'), {
        workspaceName: 'Hijacked space',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(SPACE_NOT_FOUND);
      const [stored] = await t.db
        .select({ name: workspaces.name })
        .from(workspaces)
        .where(eq(workspaces.id, space('Acme Sales')));
      expect(stored).toEqual({ name: 'Acme Sales' });
    });

    it('validates the name', async () => {
      const response = await rename('olivia@acme.test', space('Acme Sales'), { workspaceName: 'abc' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [
          {
            field: 'workspaceName',
            message: 'Space name should contain at least 5 characters.',
            reason: 'TOO_SHORT',
          },
        ],
        code: 'VALIDATION_FAILED',
        message: 'Space name should contain at least 5 characters.',
      });
    });
  });
});
