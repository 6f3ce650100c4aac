import {
  billingPath,
  BILLING_PATHS,
  type CheckoutUsersResponse,
  type PaymentPlan,
  type SubscriptionV1,
} from '@mergedesk/domain/api/billing';
import { LEGACY_CHECKOUT_MESSAGES } from '@mergedesk/domain/billing/legacy-checkout';
import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import {
  seatActions,
  subscriptionDisplayName,
  subscriptionState,
} from '@mergedesk/domain/billing/subscription-card';
import type { SpaceSeatsResponse } from '@mergedesk/domain/api/members';
import { MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, workspaceMembers, workspaces } from '../../db/schema';
import { payOnHostedPage, startBillingTest, type BillingTest } from '../../test/billing';
import { bearer, type TestApp } from '../../test/test-app';
import { DEMO_SUPPORT_SPACE, setUpDemoBilling } from './demo-billing';
import { paidMembersOf } from './paid-members';
import { apiPath } from '../../test/api-path';

/**
 * The billing demo spaces beyond demo-data.md (docs/decisions/218-demo-spaces-for-billing.md), as
 * `npm start`'s demo billing leaves them: Support Team (a plan given by support), Global Team
 * (Premium per user, paid users of two domains: the switch to Pro cannot be made) and Classic Team
 * (free, per user: the legacy model's purchase).
 */
describe('billing demo spaces', () => {
  let t: TestApp;
  let billing: BillingTest;
  let spaces: Record<string, string>;
  const delivered = new Set<string>();

  beforeAll(async () => {
    billing = await startBillingTest();
    ({ t, spaces } = billing);
    expect((await setUpDemoBilling(billing.context)).skipped).toEqual([]);
  });
  afterAll(async () => {
    await billing.close();
  });

  const call = async (
    email: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await t.signIn(email)),
      ...(payload === undefined ? {} : { payload }),
    });
  const activeOf = async (email: string, workspaceId: string) => {
    const response = await call(email, 'GET', billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId }));
    expect(response.statusCode).toBe(200);
    return response
      .json<{ items: SubscriptionV1[] }>()
      .items.find((item) => item.subscriptionStatus === 'ACTIVE');
  };
  const spaceRow = async (workspaceId: string) =>
    (
      await t.db
        .select({ plan: workspaces.plan, seatTotal: workspaces.seatTotal })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId))
    )[0];
  const plansOf = async (workspaceId: string) =>
    Object.fromEntries(
      (
        await t.db
          .select({ email: workspaceMembers.email, userPlan: workspaceMembers.userPlan })
          .from(workspaceMembers)
          .where(eq(workspaceMembers.workspaceId, workspaceId))
          .orderBy(asc(workspaceMembers.createdAt))
      ).map((row) => [row.email, row.userPlan]),
    );
  const deliverPending = async () => {
    const events = (await billing.testStripe.stripe.events.list({ limit: 100 })).data.reverse();
    for (const event of events) {
      if (delivered.has(event.id)) continue;
      expect((await billing.deliver(event)).statusCode).toBe(200);
      delivered.add(event.id);
    }
  };

  describe('Support Team: a plan given by support (payment source SUPPORT, per seat)', () => {
    const SUE = 'sue@support.test';
    const support = () => spaces[DEMO_SUPPORT_SPACE]!;

    it("shows as 'Custom' with its 20 seats; the seat links give way to 'contact support'", async () => {
      expect(await spaceRow(support())).toEqual({ plan: 'PRO', seatTotal: 20 });
      const subscription = (await activeOf(SUE, support()))!;
      expect(subscription).toMatchObject({
        paymentSource: 'SUPPORT',
        workspacePlan: 'PRO',
        autoRenew: true,
        stripeSubscriptionScheduleId: null,
        seatInfo: { totalSeats: 20, assignedSeats: 2, availableSeats: 18, scheduledRemoval: null },
      });
      expect(subscriptionState(subscription)).toBe('custom');
      expect(subscriptionDisplayName(subscription)).toBe('Custom');
      expect(
        seatActions({
          state: subscriptionState(subscription),
          isPerSeat: true,
          isGmailUser: false,
          totalSeats: subscription.seatInfo.totalSeats,
          hasScheduledRemoval: false,
        }),
      ).toEqual({ kind: 'contact-support' });
    });

    it('refuses the portal, seat changes, a cycle change and a purchase; nothing changes', async () => {
      const subscriptionId = (await activeOf(SUE, support()))!.subscriptionId;
      const ids = { workspaceId: support(), subscriptionId };
      const portal = await call(
        SUE,
        'GET',
        `${billingPath(BILLING_PATHS.customerPortal, ids)}?returnUrl=${encodeURIComponent(`${t.config.PUBLIC_URL}/`)}`,
      );
      expect(portal.statusCode).toBe(400);
      expect(portal.json()).toEqual({
        errors: [],
        code: 'BAD_REQUEST',
        message: BILLING_MESSAGES.NOT_STRIPE,
      });

      const supportManaged = { errors: [], code: 'BAD_REQUEST', message: BILLING_MESSAGES.SUPPORT_MANAGED };
      const add = await call(SUE, 'POST', billingPath(BILLING_PATHS.seats, ids), {
        seatPlans: [{ userPlan: 'PRO', quantity: 2 }],
      });
      expect(add.statusCode).toBe(400);
      expect(add.json()).toEqual(supportManaged);
      const removal = { subscriptionPlanSeats: [{ paymentPlanId: 'price_none', targetSeatsQuantity: 10 }] };
      for (const path of [BILLING_PATHS.seatRemovalQuote, BILLING_PATHS.scheduledRemovals]) {
        const refused = await call(SUE, 'POST', billingPath(path, ids), removal);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual(supportManaged);
      }
      const cycle = await call(SUE, 'PUT', billingPath(BILLING_PATHS.subscriptionV1, ids), {
        billingInterval: 'MONTHLY',
      });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json()).toEqual(supportManaged);

      const plans = await call(SUE, 'GET', BILLING_PATHS.paymentPlans);
      const pro = plans
        .json<{ items: PaymentPlan[] }>()
        .items.find((plan) => plan.lookupKey === 'pro_yearly_usd')!;
      const purchase = await call(SUE, 'POST', billingPath(BILLING_PATHS.checkoutSessionV2, ids), {
        workspaceId: support(),
        addressInfo: { country: 'US', city: 'Springfield', street: '1 Main St' },
        customerName: 'Sue Support',
        isB2BTransaction: false,
        goBackUrl: `${t.config.PUBLIC_URL}/checkout/information`,
        stripePlans: [{ stripePriceId: pro.stripePriceId, quantity: 5 }],
      });
      expect(purchase.statusCode).toBe(409);

      expect(await spaceRow(support())).toEqual({ plan: 'PRO', seatTotal: 20 });
      expect((await activeOf(SUE, support()))!.seatInfo.scheduledRemoval).toBeNull();
    });

    it("tells the members screen that support manages the seats (GET …/seats' paymentSource)", async () => {
      const response = await call(SUE, 'GET', apiPath('members.seats', { workspaceId: support() }));
      expect(response.statusCode).toBe(200);
      expect(response.json<SpaceSeatsResponse>()).toMatchObject({
        totalSeats: 20,
        assignedSeats: 2,
        paymentSource: 'SUPPORT',
      });
      const acme = await call(
        'olivia@acme.test',
        'GET',
        apiPath('members.seats', { workspaceId: spaces['Acme Sales']! }),
      );
      expect(acme.json<SpaceSeatsResponse>()).toMatchObject({ paymentSource: 'STRIPE' });
      const free = await call(
        'max@max.test',
        'GET',
        apiPath('members.seats', { workspaceId: spaces['Max 5']! }),
      );
      expect(free.json<SpaceSeatsResponse>()).toMatchObject({ paymentSource: null });
    });

    it("refuses to remove a member: seats are support's to change (spec 002 §6)", async () => {
      const response = await call(
        SUE,
        'PATCH',
        apiPath('members.removeSeatMembers', { workspaceId: support() }),
        {
          userEmails: ['sid@support.test'],
        },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: MEMBER_MESSAGES.CONTACT_SUPPORT_FOR_SEATS,
      });
      expect(Object.keys(await plansOf(support()))).toEqual(['sue@support.test', 'sid@support.test']);
    });

    it('answers 403 to its member and 404 to the owner of another space', async () => {
      const url = billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: support() });
      const member = await call('sid@support.test', 'GET', url);
      expect(member.statusCode).toBe(403);
      expect(member.json()).toMatchObject({ code: 'FORBIDDEN', message: BILLING_MESSAGES.FORBIDDEN });
      const other = await call('olivia@acme.test', 'GET', url);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('Global Team: Premium per user with paid users of two domains', () => {
    const GWEN = 'gwen@global.test';
    const global = () => spaces['Global Team']!;

    it('is subscribed in Stripe per user: its three paid users are named in the metadata', async () => {
      const subscription = (await activeOf(GWEN, global()))!;
      expect(subscription).toMatchObject({ paymentSource: 'STRIPE', workspacePlan: 'PREMIUM' });
      const [row] = await t.db
        .select({ id: subscriptions.stripeSubscriptionId, quantity: subscriptions.quantity })
        .from(subscriptions)
        .where(eq(subscriptions.workspaceId, global()));
      expect(row!.quantity).toBe(3);
      const stripeSubscription = await billing.testStripe.stripe.subscriptions.retrieve(row!.id!);
      const users = (
        await call(GWEN, 'GET', billingPath(BILLING_PATHS.checkoutUsers, { workspaceId: global() }))
      ).json<CheckoutUsersResponse>();
      expect(users).toMatchObject({ workspacePlan: 'PREMIUM', hasMultiDomain: true, ownerEmail: GWEN });
      const paid = users.items.filter((user) => user.isPaid);
      expect(paid.map((user) => user.email).sort()).toEqual([
        'gabe@global.test',
        'gus@partner.test',
        'gwen@global.test',
      ]);
      expect(paidMembersOf(stripeSubscription.metadata)?.sort()).toEqual(paid.map((user) => user.id).sort());
      expect(await plansOf(global())).toEqual({
        'gwen@global.test': 'PRO',
        'gabe@global.test': 'PRO',
        'gus@partner.test': 'PRO',
        'gail@partner.test': 'FREE',
      });
    });

    it('refuses the switch to Pro with the cannot-downgrade reason, and changes nothing', async () => {
      const subscription = (await activeOf(GWEN, global()))!;
      const url = billingPath(BILLING_PATHS.subscriptionV1, {
        workspaceId: global(),
        subscriptionId: subscription.subscriptionId,
      });
      const response = await call(GWEN, 'PUT', url, { workspacePlan: 'PRO', workspaceUserPlans: [] });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        reason: 'cannot-downgrade',
        message: `${LEGACY_CHECKOUT_MESSAGES.CANNOT_DOWNGRADE_TITLE} ${LEGACY_CHECKOUT_MESSAGES.CANNOT_DOWNGRADE_TEXT}`,
      });
      expect((await activeOf(GWEN, global()))!.workspacePlan).toBe('PREMIUM');
      expect(await spaceRow(global())).toMatchObject({ plan: 'PREMIUM' });
    });
  });

  describe('Classic Team: free, per user', () => {
    const CARL = 'carl@classic.test';
    const classic = () => spaces['Classic Team']!;

    it('buys Pro for the chosen users through the v1 session and the hosted page', async () => {
      expect(await activeOf(CARL, classic())).toBeUndefined();
      const users = (
        await call(CARL, 'GET', billingPath(BILLING_PATHS.checkoutUsers, { workspaceId: classic() }))
      ).json<CheckoutUsersResponse>();
      expect(users).toMatchObject({ workspacePlan: 'FREE', paidUserLimit: 10, ownerEmail: CARL });
      expect(users.items.map((user) => [user.email, user.isPaid])).toEqual([
        ['carl@classic.test', false],
        ['cara@classic.test', false],
        ['cody@classic.test', false],
      ]);
      const idOf = (email: string) => users.items.find((user) => user.email === email)!.id;
      const plans = await call(CARL, 'GET', BILLING_PATHS.paymentPlans);
      const pro = plans
        .json<{ items: PaymentPlan[] }>()
        .items.find((plan) => plan.lookupKey === 'pro_yearly_usd')!;
      const session = await call(
        CARL,
        'POST',
        billingPath(BILLING_PATHS.checkoutSessionV1, { workspaceId: classic() }),
        {
          workspaceId: classic(),
          addressInfo: { country: 'US', city: 'Springfield', street: '1 Main St' },
          customerName: 'Carl Classic',
          isB2BTransaction: false,
          goBackUrl: `${t.config.PUBLIC_URL}/checkout/information`,
          plans: [{ stripePriceId: pro.stripePriceId, userIds: [idOf(CARL), idOf('cara@classic.test')] }],
        },
      );
      expect(session.statusCode).toBe(200);
      const { url, stripeCheckoutSessionId } = session.json<{
        url: string;
        stripeCheckoutSessionId: string;
      }>();
      const hosted = await billing.testStripe.stripe.checkout.sessions.retrieve(stripeCheckoutSessionId);
      // The return query gives 'Well done! Your … subscription has started.' (billing-query.ts).
      expect(new URL(hosted.success_url!).searchParams.toString()).toMatch(
        /^checkout=success&from=FREE&to=PRO&interval=YEARLY&workspaceUsers=2&session_id=%7BCHECKOUT_SESSION_ID%7D$/,
      );
      expect((await payOnHostedPage(url, 'Carl Classic')).status).toBe(303);
      await deliverPending();

      expect(await spaceRow(classic())).toMatchObject({ plan: 'PRO' });
      expect(await activeOf(CARL, classic())).toMatchObject({
        paymentSource: 'STRIPE',
        workspacePlan: 'PRO',
      });
      expect(await plansOf(classic())).toEqual({
        'carl@classic.test': 'PRO',
        'cara@classic.test': 'PRO',
        'cody@classic.test': 'FREE',
      });
    });
  });
});
