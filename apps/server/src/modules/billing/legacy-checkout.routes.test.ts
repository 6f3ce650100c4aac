import {
  billingPath,
  BILLING_PATHS,
  type CheckoutUser,
  type CheckoutUsersResponse,
  type PaymentInfo,
  type PaymentPlan,
  type SubscriptionV1,
} from '@mergedesk/domain/api/billing';
import type { Member } from '@mergedesk/domain/api/members';
import { LEGACY_CHECKOUT_MESSAGES } from '@mergedesk/domain/billing/legacy-checkout';
import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatRemovals, subscriptions, workspaceMembers, workspaces } from '../../db/schema';
import { payOnHostedPage, startBillingTest, type BillingTest } from '../../test/billing';
import { bearer, type TestApp } from '../../test/test-app';
import { setUpDemoBilling, subscribeSpaceDirectly } from './demo-billing';
import { apiPath } from '../../test/api-path';

const DAY = 24 * 60 * 60;

/**
 * The per-user (legacy) model (spec 001 §2, §4, §7; spec 002 §4.6; issues 7 and 8): the checkout
 * users, the free ↔ paid change of a legacy licence's users, the switch of a legacy Team licence to
 * Pro per user through the v1 Checkout Session, then users made paid (charged now) and free (at the
 * period end) on the per-user Pro subscription.
 */
describe('per-user (legacy) checkout', () => {
  let t: TestApp;
  let billing: BillingTest;
  let legacy: string;
  let leo: string;
  let prices: Map<string, string>;
  let licence: Stripe.Subscription;
  const delivered = new Set<string>();

  beforeAll(async () => {
    billing = await startBillingTest();
    t = billing.t;
    legacy = billing.spaces['Legacy Team']!;
    leo = await t.signIn('leo@legacy.test');
    licence = await subscribeSpaceDirectly(billing.context, legacy, {
      lookupKey: 'legacy_team_10_yearly_usd',
      quantity: 1,
      email: 'leo@legacy.test',
    });
    const plans = await t.app.inject({
      method: 'GET',
      url: BILLING_PATHS.paymentPlans,
      headers: bearer(leo),
    });
    prices = new Map(
      plans.json<{ items: PaymentPlan[] }>().items.map((plan) => [plan.lookupKey, plan.stripePriceId]),
    );
    // Two more people in Legacy Team: one on another domain, one paid in another space.
    await t.db.insert(workspaceMembers).values([
      { workspaceId: legacy, email: 'bob@other.test', role: 'MEMBER', userPlan: 'FREE', status: 'ACTIVE' },
      { workspaceId: legacy, email: 'adam@acme.test', role: 'MEMBER', userPlan: 'FREE', status: 'ACTIVE' },
    ]);
    await deliverPending();
  });
  afterAll(async () => {
    await billing.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = leo) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  const usersUrl = (workspaceId = legacy) => billingPath(BILLING_PATHS.checkoutUsers, { workspaceId });
  const checkoutUsers = async () => (await call('GET', usersUrl())).json<CheckoutUsersResponse>();
  const idOf = async (email: string) =>
    (await checkoutUsers()).items.find((user) => user.email === email)!.id;
  const activeSubscription = async () => {
    const response = await call('GET', billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: legacy }));
    return response
      .json<{ items: SubscriptionV1[] }>()
      .items.find((item) => item.subscriptionStatus === 'ACTIVE')!;
  };
  const put = async (payload: object, subscriptionId?: string, token = leo) =>
    call(
      'PUT',
      billingPath(BILLING_PATHS.subscriptionV1, {
        workspaceId: legacy,
        subscriptionId: subscriptionId ?? (await activeSubscription()).subscriptionId,
      }),
      payload,
      token,
    );
  const plans = async () => {
    const rows = await t.db
      .select({ email: workspaceMembers.email, plan: workspaceMembers.userPlan })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, legacy));
    return Object.fromEntries(rows.map((row) => [row.email, row.plan]));
  };
  const paidEmails = async () =>
    (await checkoutUsers()).items
      .filter((user) => user.isPaid)
      .map((user) => user.email)
      .sort();
  /** Delivers every event not delivered yet, as Stripe would. */
  const deliverPending = async () => {
    const events = (await billing.testStripe.stripe.events.list({ limit: 100 })).data.reverse();
    for (const event of events) {
      if (delivered.has(event.id)) continue;
      expect((await billing.deliver(event)).statusCode).toBe(200);
      delivered.add(event.id);
    }
  };
  const sessionBody = (stripePriceId: string, userIds: string[]) => ({
    workspaceId: legacy,
    addressInfo: { country: 'US', city: 'Springfield', street: '1 Main St' },
    customerName: 'Leo Legacy',
    isB2BTransaction: false,
    goBackUrl: `${t.config.PUBLIC_URL}/checkout/information`,
    plans: [{ stripePriceId, userIds }],
  });

  it('lists the users of the space with their paid flags, restrictions and the plan limits', async () => {
    const response = await call('GET', usersUrl());
    expect(response.statusCode).toBe(200);
    const body = response.json<CheckoutUsersResponse>();
    expect(body).toMatchObject({
      paidUserLimit: 10,
      freeUserLimit: 2,
      ownerEmail: 'leo@legacy.test',
      workspacePlan: 'LEGACY',
      legacyType: 'TEAM',
    });
    expect(body.subscriptionId).toBe((await activeSubscription()).subscriptionId);
    expect(body.items[0]).toMatchObject({ email: 'leo@legacy.test', role: 'OWNER', isPaid: true });
    const byEmail = new Map(body.items.map((user) => [user.email, user]));
    expect(byEmail.get('tina@legacy.test')).toMatchObject<Partial<CheckoutUser>>({
      plan: 'PRO',
      isPaid: false,
      isTrial: true,
      status: 'ACTIVE',
    });
    expect(byEmail.get('dan@legacy.test')).toMatchObject({ status: 'DISABLED', isPaid: false });
    expect(byEmail.get('bob@other.test')).toMatchObject({ isUserInDomain: false, isPaidElsewhere: false });
    expect(byEmail.get('adam@acme.test')).toMatchObject({ isPaidElsewhere: true });
    expect(await paidEmails()).toEqual([
      'lara@legacy.test',
      'leo@legacy.test',
      'liam@legacy.test',
      'lucy@legacy.test',
      'luke@legacy.test',
    ]);
  });

  it("counts the paid users of 'Add users' as the checkout does: 5 of 10, so 5 more and no more", async () => {
    const addresses = (count: number) =>
      Array.from({ length: count }, (_, index) => `new${index}@legacy.test`);
    const check = async (count: number) =>
      (
        await call(
          'POST',
          apiPath('members.addLegacyUsers', { workspaceId: legacy }, 'onlyCheckValidity=true'),
          {
            userEmails: addresses(count),
          },
        )
      ).json<{ items: { errorMsg: string | null }[] }>().items;
    expect((await check(5)).every((item) => item.errorMsg === null)).toBe(true);
    expect((await check(6)).map((item) => item.errorMsg)).toEqual(
      Array(6).fill('You cannot go over your current plan user limit (10).'),
    );
  });

  it('answers 403 to a member, 404 to another space’s owner, 400 in a per-seat space', async () => {
    const member = await call('GET', usersUrl(), undefined, await t.signIn('liam@legacy.test'));
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ code: 'FORBIDDEN', message: BILLING_MESSAGES.FORBIDDEN });
    const olivia = await t.signIn('olivia@acme.test');
    expect((await call('GET', usersUrl(), undefined, olivia)).statusCode).toBe(404);
    const acmeSales: string = billing.spaces['Acme Sales'] ?? '';
    const perSeat = await call('GET', usersUrl(acmeSales), undefined, olivia);
    expect(perSeat.statusCode).toBe(400);
    expect(perSeat.json()).toMatchObject({ message: LEGACY_CHECKOUT_MESSAGES.NOT_PER_USER });
  });

  it('makes a user of the Team licence paid, then free, at once (issue 7: nothing to charge)', async () => {
    const fiona = await idOf('fiona@legacy.test');
    const paid = await put({ workspaceUserPlans: [{ userId: fiona, userPlan: 'PRO' }] });
    expect(paid.statusCode).toBe(200);
    expect((await plans())['fiona@legacy.test']).toBe('PRO');
    // An admin manages billing in a per-user space (spec 001 §6).
    const lara = await t.signIn('lara@legacy.test');
    const free = await put({ workspaceUserPlans: [{ userId: fiona, userPlan: 'FREE' }] }, undefined, lara);
    expect(free.statusCode).toBe(200);
    expect((await plans())['fiona@legacy.test']).toBe('FREE');
    // A trial user made paid leaves the trial.
    await put({ workspaceUserPlans: [{ userId: await idOf('tina@legacy.test'), userPlan: 'PRO' }] });
    expect((await checkoutUsers()).items.find((user) => user.email === 'tina@legacy.test')).toMatchObject({
      isPaid: true,
      isTrial: false,
    });
  });

  it('refuses changes that break a rule, and changes nothing', async () => {
    const before = await plans();
    const refuse = async (payload: object, status: number, expected: object) => {
      const response = await put(payload);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject(expected);
    };
    await refuse({ workspaceUserPlans: [{ userId: 'nope', userPlan: 'PRO' }] }, 400, {
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'workspaceUserPlans.0.userId' }],
    });
    await refuse({ workspaceUserPlans: [{ userId: crypto.randomUUID(), userPlan: 'PRO' }] }, 400, {
      message: LEGACY_CHECKOUT_MESSAGES.UNKNOWN_USER,
      errors: [{ field: 'workspaceUserPlans.0.userId', message: LEGACY_CHECKOUT_MESSAGES.UNKNOWN_USER }],
    });
    await refuse({ workspaceUserPlans: [{ userId: await idOf('dan@legacy.test'), userPlan: 'PRO' }] }, 400, {
      message: LEGACY_CHECKOUT_MESSAGES.DISABLED_USER,
    });
    await refuse({ workspaceUserPlans: [{ userId: await idOf('adam@acme.test'), userPlan: 'PRO' }] }, 409, {
      code: 'CONFLICT',
      reason: 'already_paid_user',
      message: 'User is already a paid user in another space.',
    });
    const allFree = (await checkoutUsers()).items
      .filter((user) => user.isPaid)
      .map((user) => ({ userId: user.id, userPlan: 'FREE' }));
    await refuse({ workspaceUserPlans: allFree }, 400, { message: LEGACY_CHECKOUT_MESSAGES.NO_PAID_USER });
    await t.db.update(workspaces).set({ proAllowedUserCount: 6 }).where(eq(workspaces.id, legacy));
    await refuse(
      {
        workspaceUserPlans: [
          { userId: await idOf('fiona@legacy.test'), userPlan: 'PRO' },
          { userId: await idOf('felix@legacy.test'), userPlan: 'PRO' },
        ],
      },
      409,
      { reason: 'max_users_reached', message: 'Your current plan allows a maximum of 6 paid users.' },
    );
    await t.db.update(workspaces).set({ proAllowedUserCount: 10 }).where(eq(workspaces.id, legacy));
    await refuse({ workspaceUserPlans: [], upgradeLegacySubscription: false }, 400, {
      message: BILLING_MESSAGES.NO_CHANGE,
    });
    // A legacy licence does not move to the free plan this way, nor keep its cycle otherwise.
    await refuse({ downgradeToFree: true }, 400, {
      message: LEGACY_CHECKOUT_MESSAGES.FREE_ONLY_PRO_OR_PREMIUM,
    });
    // A legacy licence keeps its cycle: it switches to a new plan instead.
    await refuse({ billingInterval: 'MONTHLY' }, 400, { message: BILLING_MESSAGES.LEGACY_KEEPS_CYCLE });
    // The licence switches plans only with upgradeLegacySubscription.
    await refuse({ workspaceUserPlans: [], workspacePlan: 'PRO' }, 400, {
      message: LEGACY_CHECKOUT_MESSAGES.UPGRADE_LEGACY_ONLY,
    });
    const member = await put(
      { workspaceUserPlans: [{ userId: await idOf('fiona@legacy.test'), userPlan: 'PRO' }] },
      undefined,
      await t.signIn('liam@legacy.test'),
    );
    expect(member.statusCode).toBe(403);
    const elsewhere = await put(
      { workspaceUserPlans: [] },
      (await activeSubscription()).subscriptionId,
      await t.signIn('olivia@acme.test'),
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(await plans()).toEqual(before);
  });

  it('refuses a v1 purchase that breaks the Pro plan’s one-domain rule (cannot-downgrade) or takes a legacy price', async () => {
    const ids = [await idOf('leo@legacy.test'), await idOf('bob@other.test')];
    const url = billingPath(BILLING_PATHS.checkoutSessionV1, { workspaceId: legacy });
    const pro = await call('POST', url, sessionBody(prices.get('pro_yearly_usd')!, ids));
    expect(pro.statusCode).toBe(409);
    expect(pro.json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'cannot-downgrade',
      message:
        'You have users from multiple domains in your space. The Pro plan only allows users from the same domain as the owner.',
    });
    const premium = await call('POST', url, sessionBody(prices.get('premium_yearly_usd')!, ids));
    expect(premium.statusCode).toBe(200);
    const legacyPrice = await call('POST', url, sessionBody(prices.get('legacy_team_10_yearly_usd')!, ids));
    expect(legacyPrice.statusCode).toBe(400);
    expect(legacyPrice.json()).toMatchObject({ errors: [{ field: 'stripePriceId' }] });
    const perSeat = await call(
      'POST',
      billingPath(BILLING_PATHS.checkoutSessionV1, { workspaceId: billing.spaces['Acme Sales']! }),
      { ...sessionBody(prices.get('pro_yearly_usd')!, ids), workspaceId: billing.spaces['Acme Sales']! },
      await t.signIn('olivia@acme.test'),
    );
    expect(perSeat.statusCode).toBe(400);
  });

  it('previews the switch to Pro for the chosen users', async () => {
    // A purchase lists the users it makes paid (as the v1 session's userIds).
    const userUpdates = [
      { userId: await idOf('leo@legacy.test'), userPlan: 'PRO' },
      { userId: await idOf('lara@legacy.test'), userPlan: 'PRO' },
      { userId: await idOf('liam@legacy.test'), userPlan: 'PRO' },
    ];
    const response = await call('POST', billingPath(BILLING_PATHS.checkoutInfoV1, { workspaceId: legacy }), {
      country: 'US',
      purchaseType: 'B2C',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
      userUpdates,
    });
    expect(response.statusCode).toBe(200);
    // leo, lara, liam: 3 × $60.
    const info = response.json<PaymentInfo>();
    expect(info).toMatchObject({ chargedToday: 18000, totalAmount: 18000 });
    // Issue 22: the Team 10 licence ($270, bought today) is credited for its unused part.
    expect(info.legacyCredit).toBeGreaterThan(26_900);
    expect(info.legacyCredit).toBeLessThanOrEqual(27_000);
  });

  it('switches the Team licence to Pro per user through the hosted checkout: the chosen users paid, the licence cancelled', async () => {
    const ids = [
      await idOf('leo@legacy.test'),
      await idOf('lara@legacy.test'),
      await idOf('liam@legacy.test'),
    ];
    const response = await call(
      'POST',
      billingPath(BILLING_PATHS.checkoutSessionV1, { workspaceId: legacy }),
      sessionBody(prices.get('pro_yearly_usd')!, ids),
    );
    expect(response.statusCode).toBe(200);
    const { stripeCheckoutSessionId, url } = response.json<{
      stripeCheckoutSessionId: string;
      url: string;
    }>();
    const session = await billing.testStripe.stripe.checkout.sessions.retrieve(stripeCheckoutSessionId);
    expect(session.success_url).toContain(
      'space/billing?checkout=success&from=LEGACY&to=PRO&interval=YEARLY&workspaceUsers=3',
    );
    const paid = await payOnHostedPage(url, 'Leo Legacy');
    expect(paid.status).toBe(303);
    // Paying grants nothing by itself: the licence is still there.
    expect((await plans())['lucy@legacy.test']).toBe('PRO');
    await deliverPending();
    await deliverPending();
    const [space] = await t.db
      .select({ plan: workspaces.plan, legacyType: workspaces.legacyType })
      .from(workspaces)
      .where(eq(workspaces.id, legacy));
    expect(space).toEqual({ plan: 'PRO', legacyType: null });
    expect(await paidEmails()).toEqual(['lara@legacy.test', 'leo@legacy.test', 'liam@legacy.test']);
    expect((await plans())['tina@legacy.test']).toBe('FREE');
    const cancelled = await billing.testStripe.stripe.subscriptions.retrieve(licence.id);
    expect(cancelled.status).toBe('canceled');
    // Issue 22: the unused part of the licence is credited through Stripe's proration, as a credit
    // balance taken off the next invoices (switched on day one: nearly all of it).
    const licencePaid = (await billing.testStripe.stripe.invoices.list({ subscription: licence.id })).data
      .filter((invoice) => invoice.billing_reason === 'subscription_create')
      .reduce((sum, invoice) => sum + invoice.amount_paid, 0);
    const customer = await billing.testStripe.stripe.customers.retrieve(cancelled.customer as string);
    const balance = (customer as Stripe.Customer).balance;
    expect(licencePaid).toBeGreaterThan(0);
    expect(-balance).toBeGreaterThan(licencePaid * 0.99);
    expect(-balance).toBeLessThanOrEqual(licencePaid);
    const items = (
      await call('GET', billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: legacy }))
    ).json<{
      items: SubscriptionV1[];
    }>().items;
    expect(items.map((item) => [item.workspacePlan, item.subscriptionStatus])).toEqual([
      ['PRO', 'ACTIVE'],
      ['LEGACY', 'CANCELED'],
    ]);
    // A second delivery of everything changes nothing.
    for (const event of (await billing.testStripe.stripe.events.list({ limit: 100 })).data) {
      if (delivered.has(event.id))
        expect((await billing.deliver(event)).json()).toMatchObject({ replay: true });
    }
    expect(await paidEmails()).toEqual(['lara@legacy.test', 'leo@legacy.test', 'liam@legacy.test']);
  });

  it('makes a user paid at once on the per-user subscription, charged prorated', async () => {
    const fiona = await idOf('fiona@legacy.test');
    const quote = await call(
      'POST',
      `${billingPath(BILLING_PATHS.checkoutInfoV1, { workspaceId: legacy })}?previewProratedChanges=true`,
      {
        country: 'US',
        purchaseType: 'B2C',
        billingInterval: 'YEARLY',
        workspacePlan: 'PRO',
        userUpdates: [{ userId: fiona, userPlan: 'PRO' }],
      },
    );
    expect(quote.statusCode).toBe(200);
    // The Team licence's credit (issue 22) pays the prorated seat: the review says what is invoiced
    // and that the credit pays it; the balance goes down by that amount.
    const quoted = quote.json<PaymentInfo>();
    expect(quoted.chargedToday).toBeGreaterThan(5900);
    expect(quoted.creditApplied).toBe(quoted.chargedToday);
    const customerId = (await billing.testStripe.stripe.subscriptions.retrieve(licence.id))
      .customer as string;
    const balanceOf = async () =>
      ((await billing.testStripe.stripe.customers.retrieve(customerId)) as Stripe.Customer).balance;
    const before = await balanceOf();
    const response = await put({ workspaceUserPlans: [{ userId: fiona, userPlan: 'PRO' }] });
    expect(response.statusCode).toBe(200);
    const used = (await balanceOf()) - before;
    expect(Math.abs(used - quoted.chargedToday)).toBeLessThanOrEqual(5);
    expect(response.json<SubscriptionV1>()).toMatchObject({ workspacePlan: 'PRO', amount: 4 * 6000 });
    expect((await plans())['fiona@legacy.test']).toBe('PRO');
    await deliverPending();
    expect(await paidEmails()).toEqual([
      'fiona@legacy.test',
      'lara@legacy.test',
      'leo@legacy.test',
      'liam@legacy.test',
    ]);
  });

  it('cancels a scheduled downgrade with Cancel downgrade: the user stays paid', async () => {
    const liam = await idOf('liam@legacy.test');
    const scheduled = await put({ workspaceUserPlans: [{ userId: liam, userPlan: 'FREE' }] });
    expect(scheduled.json<SubscriptionV1>().seatInfo.scheduledRemoval).toMatchObject({
      targetSeatsQuantity: 3,
    });
    const { subscriptionId } = await activeSubscription();
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: billingPath(BILLING_PATHS.scheduledRemovals, { workspaceId: legacy, subscriptionId }),
      headers: bearer(leo),
    });
    expect(cancelled.statusCode).toBe(200);
    await deliverPending();
    expect((await activeSubscription()).seatInfo.scheduledRemoval).toBeNull();
    expect((await checkoutUsers()).items.find((user) => user.id === liam)).toMatchObject({
      isPaid: true,
      toBeRemoved: false,
    });
  });

  it('makes a user free at the period end (paid users are downgraded first), shown as scheduled, then applied', async () => {
    // Issue 22: the options page prices the next renewal, without the users made free at it.
    const renewalQuote = async (userUpdates: object[]) => {
      const quote = await call(
        'POST',
        `${billingPath(BILLING_PATHS.checkoutInfoV1, { workspaceId: legacy })}?previewProratedChanges=true`,
        { country: 'US', purchaseType: 'B2C', billingInterval: 'YEARLY', workspacePlan: 'PRO', userUpdates },
      );
      expect(quote.statusCode).toBe(200);
      return quote.json<PaymentInfo>().totalAmount;
    };
    expect(await renewalQuote([])).toBe(4 * 6000);
    expect(await renewalQuote([{ userId: await idOf('liam@legacy.test'), userPlan: 'FREE' }])).toBe(3 * 6000);
    const response = await put({
      workspaceUserPlans: [{ userId: await idOf('liam@legacy.test'), userPlan: 'FREE' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SubscriptionV1>().seatInfo.scheduledRemoval).toMatchObject({
      targetSeatsQuantity: 3,
    });
    await deliverPending();
    // Once scheduled, the options page (no change chosen) shows the renewal's price, not today's.
    expect(await renewalQuote([])).toBe(3 * 6000);
    expect((await plans())['liam@legacy.test']).toBe('PRO');
    expect((await checkoutUsers()).items.find((user) => user.email === 'liam@legacy.test')).toMatchObject({
      isPaid: true,
      toBeRemoved: true,
    });
    const members = await call(
      'GET',
      apiPath('members.list', { workspaceId: legacy }, 'limit=50&filterBy=memberEmail:liam@legacy.test'),
    );
    expect(members.json<{ items: Member[] }>().items[0]).toMatchObject({ isScheduledToBeDowngraded: true });
    // Another change waits until the downgrade is cancelled or applied.
    const again = await put({
      workspaceUserPlans: [{ userId: await idOf('felix@legacy.test'), userPlan: 'PRO' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: BILLING_MESSAGES.DOWNGRADE_SCHEDULED });

    billing.testStripe.emulator.advanceClock(366 * DAY);
    await deliverPending();
    expect((await plans())['liam@legacy.test']).toBe('FREE');
    expect(await paidEmails()).toEqual(['fiona@legacy.test', 'lara@legacy.test', 'leo@legacy.test']);
    const subscription = await activeSubscription();
    expect(subscription.seatInfo.scheduledRemoval).toBeNull();
    expect(subscription.amount).toBe(3 * 6000);
    const removals = await t.db
      .select({ status: seatRemovals.status })
      .from(seatRemovals)
      .where(and(eq(seatRemovals.workspaceId, legacy), eq(seatRemovals.targetQuantity, 3)));
    // The cancelled one and the one applied at the renewal.
    expect(removals.map((removal) => removal.status).sort()).toEqual(['APPLIED', 'CANCELED']);
  });
  it('makes two changes sent at once one after the other: both users paid, both charged', async () => {
    const [lucy, luke] = [await idOf('lucy@legacy.test'), await idOf('luke@legacy.test')];
    const { subscriptionId } = await activeSubscription();
    const responses = await Promise.all([
      put({ workspaceUserPlans: [{ userId: lucy, userPlan: 'PRO' }] }, subscriptionId),
      put({ workspaceUserPlans: [{ userId: luke, userPlan: 'PRO' }] }, subscriptionId),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    await deliverPending();
    expect(await paidEmails()).toEqual([
      'fiona@legacy.test',
      'lara@legacy.test',
      'leo@legacy.test',
      'lucy@legacy.test',
      'luke@legacy.test',
    ]);
    // Pro's graduated tiers: users 1–4 at $60, the 5th at $48 (−20 %).
    expect((await activeSubscription()).amount).toBe(4 * 6000 + 4800);
  });

  it('changes the billing cycle of the per-user subscription at the period end: scheduled, shown, cancelled, then applied with the same paid users', async () => {
    const before = await activeSubscription();
    const { subscriptionId } = before;
    // A member does not manage billing; another space's owner does not see the subscription.
    expect(
      (await put({ billingInterval: 'MONTHLY' }, subscriptionId, await t.signIn('liam@legacy.test')))
        .statusCode,
    ).toBe(403);
    expect(
      (await put({ billingInterval: 'MONTHLY' }, subscriptionId, await t.signIn('olivia@acme.test')))
        .statusCode,
    ).toBe(404);

    const scheduled = await put({ billingInterval: 'MONTHLY' }, subscriptionId);
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json<SubscriptionV1>()).toMatchObject({
      billingInterval: 'YEARLY',
      scheduledChanges: { targetBillingInterval: 'MONTHLY', effectiveTimestamp: before.endTimestamp },
    });
    await deliverPending();
    expect((await activeSubscription()).scheduledChanges).toMatchObject({ targetBillingInterval: 'MONTHLY' });
    // Nobody is made free by it, and the schedule's next phase carries the paid users.
    expect((await checkoutUsers()).items.filter((user) => user.toBeRemoved)).toEqual([]);
    // Twice is refused with the §2 redirect code; users are not made paid meanwhile (as seats are not added).
    const again = await put({ billingInterval: 'MONTHLY' }, subscriptionId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'cannot-change-billing-cycle-when-scheduled' });
    const paidMeanwhile = await put({
      workspaceUserPlans: [{ userId: await idOf('felix@legacy.test'), userPlan: 'PRO' }],
    });
    expect(paidMeanwhile.statusCode).toBe(409);
    expect(paidMeanwhile.json()).toMatchObject({ message: BILLING_MESSAGES.CYCLE_CHANGE_SCHEDULED });

    const cancelled = await put({ cancelScheduledBillingIntervalChange: true }, subscriptionId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<SubscriptionV1>().scheduledChanges).toBeNull();
    await deliverPending();
    expect((await activeSubscription()).scheduledChanges).toBeNull();
    const nothing = await put({ cancelScheduledBillingIntervalChange: true }, subscriptionId);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ message: BILLING_MESSAGES.NO_SCHEDULED_CHANGE });

    expect((await put({ billingInterval: 'MONTHLY' }, subscriptionId)).statusCode).toBe(200);
    billing.testStripe.emulator.advanceClock(366 * DAY);
    await deliverPending();
    const renewed = await activeSubscription();
    // Pro monthly, graduated: users 1–4 at $20, the 5th at $16.
    expect(renewed).toMatchObject({
      billingInterval: 'MONTHLY',
      scheduledChanges: null,
      amount: 4 * 2000 + 1600,
    });
    expect(await paidEmails()).toEqual([
      'fiona@legacy.test',
      'lara@legacy.test',
      'leo@legacy.test',
      'lucy@legacy.test',
      'luke@legacy.test',
    ]);
  });

  it('changes nothing when the card is declined (409 card_declined)', async () => {
    const [row] = await t.db
      .select({ id: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(and(eq(subscriptions.workspaceId, legacy), eq(subscriptions.status, 'ACTIVE')));
    const stripe = billing.testStripe.stripe;
    const subscription = await stripe.subscriptions.retrieve(row!.id!);
    const declined = await stripe.paymentMethods
      .attach('pm_card_chargeDeclined', {
        customer: subscription.customer as string,
      })
      .catch(() => undefined);
    const failing =
      declined ??
      (await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
        customer: subscription.customer as string,
      }));
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    const response = await put({
      workspaceUserPlans: [{ userId: await idOf('felix@legacy.test'), userPlan: 'PRO' }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', reason: 'card_declined' });
    await deliverPending();
    expect((await plans())['felix@legacy.test']).toBe('FREE');
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.quantity).toBe(5);
  });

  it('moves the per-user subscription to the free plan at the period end (downgradeToFree): shown, kept, then applied with every user free', async () => {
    const { subscriptionId } = await activeSubscription();
    const paidBefore = await paidEmails();
    // The move takes no payment: not a Checkout Session.
    const session = await call(
      'POST',
      billingPath(BILLING_PATHS.checkoutSessionV1, { workspaceId: legacy }),
      {
        ...sessionBody(prices.get('pro_yearly_usd')!, [await idOf('leo@legacy.test')]),
        plans: [
          {
            stripePriceId: prices.get('pro_yearly_usd')!,
            userIds: [await idOf('leo@legacy.test')],
            downgradeToFree: true,
          },
        ],
      },
    );
    expect(session.statusCode).toBe(400);
    expect(session.json()).toMatchObject({
      errors: [{ field: 'plans.0.downgradeToFree', message: LEGACY_CHECKOUT_MESSAGES.FREE_NOT_A_PURCHASE }],
    });
    expect(
      (await put({ downgradeToFree: true }, subscriptionId, await t.signIn('liam@legacy.test'))).statusCode,
    ).toBe(403);
    expect(
      (await put({ downgradeToFree: true }, subscriptionId, await t.signIn('olivia@acme.test'))).statusCode,
    ).toBe(404);
    const together = await put({ downgradeToFree: true, billingInterval: 'YEARLY' }, subscriptionId);
    expect(together.statusCode).toBe(400);
    expect(together.json()).toMatchObject({ message: LEGACY_CHECKOUT_MESSAGES.FREE_ALONE });
    const notScheduled = await put({ downgradeToFree: false }, subscriptionId);
    expect(notScheduled.statusCode).toBe(409);
    expect(notScheduled.json()).toMatchObject({ message: LEGACY_CHECKOUT_MESSAGES.FREE_NOT_SCHEDULED });

    const scheduled = await put({ downgradeToFree: true }, subscriptionId);
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json<SubscriptionV1>()).toMatchObject({ autoRenew: false, workspacePlan: 'PRO' });
    await deliverPending();
    // Every paid user is free from the renewal on (shown on Manage Users and the options step).
    const users = (await checkoutUsers()).items.filter((user) => user.isPaid);
    expect(users.map((user) => user.toBeRemoved)).toEqual(users.map(() => true));
    const members = await call(
      'GET',
      apiPath('members.list', { workspaceId: legacy }, 'limit=50&filterBy=memberEmail:leo@legacy.test'),
    );
    expect(members.json<{ items: Member[] }>().items[0]).toMatchObject({ isScheduledToBeDowngraded: true });
    const twice = await put({ downgradeToFree: true }, subscriptionId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: LEGACY_CHECKOUT_MESSAGES.FREE_ALREADY_SCHEDULED });
    // Nothing else changes meanwhile: keep the plan first.
    for (const payload of [
      { workspaceUserPlans: [{ userId: await idOf('felix@legacy.test'), userPlan: 'PRO' }] },
      { billingInterval: 'YEARLY' },
    ]) {
      const refused = await put(payload, subscriptionId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: LEGACY_CHECKOUT_MESSAGES.FREE_SCHEDULED });
    }

    // 'Keep my plan': it renews again, nobody is scheduled to become free.
    const kept = await put({ downgradeToFree: false }, subscriptionId);
    expect(kept.statusCode).toBe(200);
    expect(kept.json<SubscriptionV1>()).toMatchObject({ autoRenew: true });
    expect((await checkoutUsers()).items.filter((user) => user.toBeRemoved)).toEqual([]);

    expect((await put({ downgradeToFree: true }, subscriptionId)).statusCode).toBe(200);
    expect(await paidEmails()).toEqual(paidBefore);
    billing.testStripe.emulator.advanceClock(366 * DAY);
    await deliverPending();
    const [space] = await t.db
      .select({ plan: workspaces.plan })
      .from(workspaces)
      .where(eq(workspaces.id, legacy));
    expect(space).toEqual({ plan: 'FREE' });
    expect(await paidEmails()).toEqual([]);
    expect(Object.values(await plans()).every((plan) => plan === 'FREE')).toBe(true);
    const items = (
      await call('GET', billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: legacy }))
    ).json<{ items: SubscriptionV1[] }>().items;
    expect(items.find((item) => item.subscriptionId === subscriptionId)).toMatchObject({
      subscriptionStatus: 'CANCELED',
    });
  });

  it('switches a PayPal-paid licence to Pro (Personal): once the card subscription is active, PayPal stops renewing', async () => {
    await setUpDemoBilling(billing.context);
    const pennySpace = billing.spaces["Penny's space"]!;
    const penny = await t.signIn('penny@gmail.com');
    const users = (await call('GET', usersUrl(pennySpace), undefined, penny)).json<CheckoutUsersResponse>();
    expect(users).toMatchObject({ workspacePlan: 'LEGACY', legacyType: 'PERSONAL' });
    const response = await call(
      'POST',
      billingPath(BILLING_PATHS.checkoutSessionV1, { workspaceId: pennySpace }),
      {
        ...sessionBody(prices.get('pro_personal_yearly_usd')!, [users.items[0]!.id]),
        workspaceId: pennySpace,
        customerName: 'Penny Personal',
      },
      penny,
    );
    expect(response.statusCode).toBe(200);
    expect((await payOnHostedPage(response.json<{ url: string }>().url, 'Penny Personal')).status).toBe(303);
    await deliverPending();
    const rows = await t.db
      .select({
        source: subscriptions.paymentSource,
        status: subscriptions.status,
        autoRenew: subscriptions.autoRenew,
      })
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, pennySpace));
    expect(rows).toEqual(
      expect.arrayContaining([
        { source: 'STRIPE', status: 'ACTIVE', autoRenew: true },
        { source: 'PAYPAL', status: 'CANCELED', autoRenew: false },
      ]),
    );
  });
});
