import { SPACE_ERASE_GRACE_DAYS, SPACE_LIFE_MESSAGES } from '@mergedesk/domain/spaces/space-life';
import { SPACE_LIMIT_WARNING_MESSAGE } from '@mergedesk/domain/spaces/space-name';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaigns,
  invitations,
  spaceDeletions,
  subscriptions,
  unsubscriptions,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { startBillingTest, type BillingTest } from '../../test/billing';
import { bearer } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';
import { subscribeSpaceDirectly } from '../billing/demo-billing';
import { eraseDeletedSpaces } from './space-life.service';

type Json = Record<string, unknown>;
type Deleted = {
  workspaceId: string;
  workspaceName: string;
  deletedAt: number;
  eraseAt: number;
  canRestore: boolean;
  subscriptionEndsAt: number | null;
};
const DAY_MS = 86_400_000;

/** Issue 21 item 6: leaving a space, deleting it, restoring it, erasing it. */
describe('the life of a space', () => {
  const t = useSeededTestApp();

  const space = t.space;
  const userId = (email: string) => t.demo.users[email]!;
  const call = async (email: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Json) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await t.signIn(email)),
      ...(payload ? { payload } : {}),
    });
  const memberRow = async (spaceName: string, email: string) =>
    (
      await t.db
        .select({ role: workspaceMembers.role, status: workspaceMembers.status })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, space(spaceName)), eq(workspaceMembers.email, email)))
    )[0];
  const spacesOf = async (email: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: apiPath('users.me', {}, 'includeWorkspaces=true'),
        headers: bearer(await t.signIn(email)),
      })
    )
      .json<{ userWorkspaces: { workspaceName: string }[] }>()
      .userWorkspaces.map((entry) => entry.workspaceName);
  const addonOf = async (email: string) =>
    (await t.db.select({ addon: users.addonWorkspaceId }).from(users).where(eq(users.email, email)))[0]
      ?.addon;

  describe('leaving', () => {
    it('refuses the owner, who transfers or deletes instead', async () => {
      const response = await call(
        'olivia@acme.test',
        'POST',
        apiPath('spaceLife.leave', { id: space('Acme Sales') }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        errors: [],
        code: 'CONFLICT',
        message: SPACE_LIFE_MESSAGES.OWNER_CANNOT_LEAVE,
      });
      expect(await memberRow('Acme Sales', 'olivia@acme.test')).toEqual({ role: 'OWNER', status: 'ACTIVE' });
    });

    it('answers 404 for a space the caller is not in', async () => {
      const response = await call(
        'gina@gmail.com',
        'POST',
        apiPath('spaceLife.leave', { id: space('Acme Sales') }),
      );
      expect(response.statusCode).toBe(404);
    });

    it('lets adam leave Acme Sales: his seat is free again, his personal opt-outs go with him, the shared ones stay', async () => {
      const sales = space('Acme Sales');
      const premium = space('Acme Premium');
      await t.db.insert(unsubscriptions).values([
        {
          workspaceId: sales,
          userId: userId('adam@acme.test'),
          email: 'optout-of-adam@example.com',
          type: 'PERSONAL',
        },
        {
          workspaceId: sales,
          userId: userId('adam@acme.test'),
          email: 'shared-by-adam@example.com',
          type: 'WORKSPACE',
        },
      ]);
      await t.db.update(users).set({ addonWorkspaceId: sales }).where(eq(users.email, 'adam@acme.test'));
      const seatsBefore = (
        await t.app.inject({
          method: 'GET',
          url: apiPath('members.seats', { workspaceId: sales }),
          headers: bearer(await t.signIn('olivia@acme.test')),
        })
      ).json<{ assignedSeats: number }>().assignedSeats;

      const response = await call('adam@acme.test', 'POST', apiPath('spaceLife.leave', { id: sales }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, addonWorkspaceId: premium });

      expect(await memberRow('Acme Sales', 'adam@acme.test')).toBeUndefined();
      expect(await spacesOf('adam@acme.test')).toEqual(['Acme Premium']);
      expect(await addonOf('adam@acme.test')).toBe(premium);
      const seatsAfter = (
        await t.app.inject({
          method: 'GET',
          url: apiPath('members.seats', { workspaceId: sales }),
          headers: bearer(await t.signIn('olivia@acme.test')),
        })
      ).json<{ assignedSeats: number }>().assignedSeats;
      expect(seatsAfter).toBe(seatsBefore - 1);
      const optOuts = await t.db
        .select({
          workspaceId: unsubscriptions.workspaceId,
          email: unsubscriptions.email,
          type: unsubscriptions.type,
        })
        .from(unsubscriptions)
        .where(eq(unsubscriptions.userId, userId('adam@acme.test')));
      expect(optOuts).toEqual(
        expect.arrayContaining([
          { workspaceId: premium, email: 'optout-of-adam@example.com', type: 'PERSONAL' },
          { workspaceId: sales, email: 'optout-of-adam@example.com', type: 'PERSONAL' },
          { workspaceId: sales, email: 'shared-by-adam@example.com', type: 'WORKSPACE' },
        ]),
      );
      expect(
        optOuts.filter((row) => row.workspaceId === premium && row.email.startsWith('shared-by-adam')),
      ).toEqual([]);
      // Gone from the space: its pages answer 404 now.
      const again = await t.app.inject({
        method: 'GET',
        url: apiPath('members.seatMembers', { workspaceId: sales }, 'limit=5'),
        headers: bearer(await t.signIn('adam@acme.test')),
      });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('deleting', () => {
    it('is for the owner only', async () => {
      const response = await call(
        'mia@acme.test',
        'DELETE',
        apiPath('spaceLife.delete', { id: space('Acme Sales') }),
        {
          workspaceName: 'Acme Sales',
        },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: SPACE_LIFE_MESSAGES.ONLY_OWNER_DELETES });
    });

    it("asks for the space's name, exactly", async () => {
      const response = await call(
        'gina@gmail.com',
        'DELETE',
        apiPath('spaceLife.delete', { id: space("Gina's space") }),
        {
          workspaceName: "gina's space",
        },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [{ field: 'workspaceName', message: SPACE_LIFE_MESSAGES.NAME_MISMATCH }],
        code: 'VALIDATION_FAILED',
        message: SPACE_LIFE_MESSAGES.NAME_MISMATCH,
      });
      expect(await memberRow("Gina's space", 'gina@gmail.com')).toBeDefined();
    });

    it('refuses a subscription that support manages: support ends it first', async () => {
      const legacy = space('Legacy Team');
      await t.db.insert(subscriptions).values({
        workspaceId: legacy,
        status: 'ACTIVE',
        paymentSource: 'OFFLINE',
        workspacePlan: 'LEGACY',
        legacyType: 'TEAM',
        userPlan: 'PRO',
        billingInterval: 'YEARLY',
        quantity: 10,
        amount: 0,
        startedAt: new Date(),
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 200 * DAY_MS),
      });
      const response = await call('leo@legacy.test', 'DELETE', apiPath('spaceLife.delete', { id: legacy }), {
        workspaceName: 'Legacy Team',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: SPACE_LIFE_MESSAGES.SUPPORT_MANAGED });
      expect(await memberRow('Legacy Team', 'leo@legacy.test')).toBeDefined();
      expect(await t.db.select().from(spaceDeletions).where(eq(spaceDeletions.workspaceId, legacy))).toEqual(
        [],
      );
    });

    it('deletes Acme Premium: its members land in their other spaces and are told, the owner may restore it', async () => {
      const premium = space('Acme Premium');
      await t.db.update(users).set({ addonWorkspaceId: premium }).where(eq(users.email, 'adam@acme.test'));
      const before = Date.now();
      const response = await call(
        'olivia@acme.test',
        'DELETE',
        apiPath('spaceLife.delete', { id: premium }),
        {
          workspaceName: 'Acme Premium',
        },
      );
      expect(response.statusCode).toBe(200);
      const deleted = response.json<Deleted>();
      expect(deleted).toMatchObject({
        workspaceId: premium,
        workspaceName: 'Acme Premium',
        canRestore: true,
        subscriptionEndsAt: null,
      });
      expect(deleted.eraseAt - deleted.deletedAt).toBe(SPACE_ERASE_GRACE_DAYS * DAY_MS);
      expect(deleted.deletedAt).toBeGreaterThanOrEqual(before);

      // Nobody reaches it any more; it is off everybody's list and off the owner's count.
      expect(await spacesOf('olivia@acme.test')).toEqual(['Acme Sales']);
      expect(await spacesOf('adam@acme.test')).toEqual([]);
      expect(
        (await call('olivia@acme.test', 'GET', apiPath('workspaces.get', { id: premium }))).statusCode,
      ).toBe(404);
      expect(await addonOf('adam@acme.test')).toBeNull();
      // The data waits for the grace period.
      expect(
        await t.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.workspaceId, premium)),
      ).toBeDefined();
      expect(
        await t.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, premium)),
      ).toHaveLength(1);
      // Its invitations no longer work.
      const pending = await t.db
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.workspaceId, premium), eq(invitations.status, 'PENDING')));
      expect(pending).toEqual([]);

      // Who was in it sees it among the deleted spaces; only the owner may restore it.
      const forAdam = (await call('adam@acme.test', 'GET', apiPath('spaceLife.deletedSpaces'))).json<{
        items: Deleted[];
      }>().items;
      expect(forAdam).toEqual([
        expect.objectContaining({ workspaceName: 'Acme Premium', canRestore: false }),
      ]);
      const forMia = (await call('mia@acme.test', 'GET', apiPath('spaceLife.deletedSpaces'))).json<{
        items: Deleted[];
      }>().items;
      expect(forMia).toEqual([]);
      expect(
        (await call('adam@acme.test', 'POST', apiPath('spaceLife.restore', { id: premium }))).statusCode,
      ).toBe(404);

      const restored = await call('olivia@acme.test', 'POST', apiPath('spaceLife.restore', { id: premium }));
      expect(restored.json()).toEqual({ success: true });
      expect(await spacesOf('olivia@acme.test')).toEqual(['Acme Sales', 'Acme Premium']);
      expect(await spacesOf('adam@acme.test')).toEqual(['Acme Premium']);
      expect(await memberRow('Acme Premium', 'adam@acme.test')).toEqual({ role: 'MEMBER', status: 'ACTIVE' });
      expect((await call('olivia@acme.test', 'GET', apiPath('spaceLife.deletedSpaces'))).json()).toEqual({
        items: [],
      });
    });

    it('restores only within the limit of 5 owned spaces', async () => {
      const max1 = space('Max 1');
      expect(
        (
          await call('max@max.test', 'DELETE', apiPath('spaceLife.delete', { id: max1 }), {
            workspaceName: 'Max 1',
          })
        ).statusCode,
      ).toBe(200);
      const created = await call('max@max.test', 'POST', apiPath('workspaces.create'), {
        workspaceName: 'Max 6 space',
        userId: userId('max@max.test'),
      });
      expect(created.statusCode).toBe(201);
      const refused = await call('max@max.test', 'POST', apiPath('spaceLife.restore', { id: max1 }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: SPACE_LIMIT_WARNING_MESSAGE });
    });

    it('erases the data after the grace period, and a space past it can no longer be restored', async () => {
      const gina = space("Gina's space");
      const response = await call('gina@gmail.com', 'DELETE', apiPath('spaceLife.delete', { id: gina }), {
        workspaceName: "Gina's space",
      });
      expect(response.statusCode).toBe(200);
      const { eraseAt } = response.json<Deleted>();

      expect(await eraseDeletedSpaces(t.db, new Date(eraseAt - 1000))).not.toContain(gina);
      expect(
        await t.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, gina)),
      ).toHaveLength(1);

      const erased = await eraseDeletedSpaces(t.db, new Date(eraseAt + 1000));
      expect(erased).toContain(gina);
      expect(
        await t.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, gina)),
      ).toEqual([]);
      expect(
        await t.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.workspaceId, gina)),
      ).toEqual([]);
      expect((await call('gina@gmail.com', 'GET', apiPath('spaceLife.deletedSpaces'))).json()).toEqual({
        items: [],
      });
      expect(
        (await call('gina@gmail.com', 'POST', apiPath('spaceLife.restore', { id: gina }))).statusCode,
      ).toBe(404);
      // A malformed id is an unknown one.
      expect(
        (await call('gina@gmail.com', 'POST', apiPath('spaceLife.restore', { id: 'not-a-space' })))
          .statusCode,
      ).toBe(404);
    });
  });
});

/** Deleting a space with a live card subscription (issue 21): it stops renewing first. */
describe('deleting a paying space', () => {
  let billing: BillingTest;

  beforeAll(async () => {
    billing = await startBillingTest();
  });
  afterAll(async () => {
    await billing.close();
  });

  it('cancels the Stripe subscription at the period end, and says when it ends', async () => {
    const { t, testStripe } = billing;
    const acme = billing.spaces['Acme Sales']!;
    const stripeSubscription = await subscribeSpaceDirectly(billing.context, acme, {
      lookupKey: 'pro_yearly_usd',
      quantity: 10,
    });
    const response = await t.app.inject({
      method: 'DELETE',
      url: apiPath('spaceLife.delete', { id: acme }),
      headers: bearer(await t.signIn('olivia@acme.test')),
      payload: { workspaceName: 'Acme Sales' },
    });
    expect(response.statusCode).toBe(200);
    const live = await testStripe.stripe.subscriptions.retrieve(stripeSubscription.id);
    expect(live.cancel_at_period_end).toBe(true);
    expect(live.status).toBe('active');
    const [row] = await t.db
      .select({ autoRenew: subscriptions.autoRenew, end: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, stripeSubscription.id));
    expect(row?.autoRenew).toBe(false);
    expect(response.json<Deleted>().subscriptionEndsAt).toBe(row?.end.getTime());
  });
});
