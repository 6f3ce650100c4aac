import {
  billingPath,
  BILLING_PATHS,
  type PaymentIntentSecret,
  type ScheduledRemoval,
  type SeatsChangeResponse,
  type SubscriptionV1,
} from '@mergedesk/domain/api/billing';
import type { SeatSummaryResponse } from '@mergedesk/domain/api/members';
import { BILLING_MESSAGES, BILLING_REFUSALS } from '@mergedesk/domain/billing/messages';
import { seatRemovalTargets } from '@mergedesk/domain/members/seats';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema';
import { startBillingTest, type BillingTest } from '../../test/billing';
import type { TestStripe } from '../../test/stripe';
import { bearer, type TestApp } from '../../test/test-app';
import { subscribeSpaceDirectly } from './demo-billing';
import { apiPath } from '../../test/api-path';

/** Spec 001 §4/§7 seats and subscription changes on a card-paid per-seat subscription (issue 8). */
describe('seats and subscription changes', () => {
  let t: TestApp;
  let testStripe: TestStripe;
  let acme: string;
  let stripeSubscription: Stripe.Subscription;
  let subscriptionId: string;
  let priceId: string;
  let token: string;
  const delivered = new Set<string>();

  let billing: BillingTest;

  beforeAll(async () => {
    billing = await startBillingTest();
    ({ t, testStripe } = billing);
    acme = billing.spaces['Acme Sales']!;
    stripeSubscription = await subscribeSpaceDirectly(billing.context, acme, {
      lookupKey: 'pro_yearly_usd',
      quantity: 10,
    });
    priceId = stripeSubscription.items.data[0]!.price.id;
    token = await t.signIn('olivia@acme.test');
    subscriptionId = (await current()).subscriptionId;
  });
  afterAll(async () => {
    await billing.close();
  });

  const ids = () => ({ workspaceId: acme, subscriptionId });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload === undefined ? {} : { payload }) });
  const current = async (): Promise<SubscriptionV1> => {
    const response = await call(
      'GET',
      `${billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: acme })}?includePlans=true`,
    );
    return response
      .json<{ items: SubscriptionV1[] }>()
      .items.find((item) => item.subscriptionStatus === 'ACTIVE')!;
  };
  const seatTotal = async () => {
    const [row] = await t.db
      .select({ seatTotal: workspaces.seatTotal })
      .from(workspaces)
      .where(eq(workspaces.id, acme));
    return row?.seatTotal;
  };
  /** Delivers every event about the subscription not delivered yet (what Stripe would send). */
  const deliverPending = async () => {
    const events = (await testStripe.stripe.events.list({ limit: 100 })).data.filter((event) => {
      const object = event.data.object as { object?: string; id?: string; subscription?: string };
      return (
        !delivered.has(event.id) &&
        ((object.object === 'subscription' && object.id === stripeSubscription.id) ||
          (object.object === 'subscription_schedule' && object.subscription === stripeSubscription.id))
      );
    });
    for (const event of events) {
      const response = await billing.deliver(event);
      expect(response.statusCode).toBe(200);
      delivered.add(event.id);
    }
  };
  const useCard = async (card: string) => {
    const customer = stripeSubscription.customer as string;
    const method = await testStripe.stripe.paymentMethods.attach(card, { customer });
    await testStripe.stripe.subscriptions.update(stripeSubscription.id, {
      default_payment_method: method.id,
    });
    await deliverPending();
  };

  it('adds seats with the succeeding card: invoiced at once, granted, seat_total follows', async () => {
    const response = await call('POST', billingPath(BILLING_PATHS.seats, ids()), {
      seatPlans: [{ userPlan: 'PRO', quantity: 2 }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SeatsChangeResponse>()).toMatchObject({
      totalSeats: 12,
      requestedSeats: 12,
      latestInvoice: { paid: true, paymentIntent: { status: 'succeeded' } },
    });
    expect(await seatTotal()).toBe(12);
  });

  it('refuses a second click made from the total shown before the first add: the seats are added once', async () => {
    const invoices = async () =>
      (await testStripe.stripe.invoices.list({ subscription: stripeSubscription.id, limit: 100 })).data
        .length;
    const before = await invoices();
    // The page showed 10 seats; the first click has made them 12.
    const second = await call('POST', billingPath(BILLING_PATHS.seats, ids()), {
      seatPlans: [{ userPlan: 'PRO', quantity: 2 }],
      fromSeats: 10,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONFLICT', message: BILLING_REFUSALS.SEATS_CHANGED });
    expect(await seatTotal()).toBe(12);
    expect(await invoices()).toBe(before);
  });

  it('with the 3-D Secure card, grants the seats only after the challenge is passed and the webhook re-reads', async () => {
    await useCard('pm_card_authenticationRequired');
    const response = await call('POST', billingPath(BILLING_PATHS.seats, ids()), {
      seatPlans: [{ userPlan: 'PRO', quantity: 1 }],
    });
    expect(response.json<SeatsChangeResponse>()).toMatchObject({
      totalSeats: 12,
      requestedSeats: 13,
      latestInvoice: { paid: false, paymentIntent: { status: 'requires_action' } },
    });
    expect(await seatTotal()).toBe(12);
    const secret = (
      await call('GET', billingPath(BILLING_PATHS.paymentIntentSecret, ids()))
    ).json<PaymentIntentSecret>();
    expect(secret.status).toBe('requires_action');
    expect(secret.nextActionUrl).toContain(`/3ds/${secret.paymentIntentId}`);
    // The person passes the challenge on the provider's page.
    const passed = await fetch(secret.nextActionUrl!, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ action: 'complete' }),
    });
    expect(passed.status).toBeLessThan(400);
    expect(await seatTotal()).toBe(12);
    await deliverPending();
    expect(await seatTotal()).toBe(13);
    expect((await current()).additionalStripeInfo).toBeUndefined();
    await useCard('pm_card_visa');
  });

  it('refuses more than 100 seats and a member of the space', async () => {
    const many = await call('POST', billingPath(BILLING_PATHS.seats, ids()), {
      seatPlans: [{ userPlan: 'PRO', quantity: 95 }],
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ message: BILLING_MESSAGES.TOO_MANY_SEATS });
    const admin = await call(
      'POST',
      billingPath(BILLING_PATHS.seats, ids()),
      { seatPlans: [{ userPlan: 'PRO', quantity: 1 }] },
      await t.signIn('adam@acme.test'),
    );
    expect(admin.statusCode).toBe(403);
  });

  const removal = (target: number) => ({
    subscriptionPlanSeats: [{ paymentPlanId: priceId, targetSeatsQuantity: target }],
  });

  it("refuses this subscription's id under another space the owner also owns (404), changing nothing", async () => {
    const elsewhere = { workspaceId: billing.spaces['Acme Premium']!, subscriptionId };
    const before = await seatTotal();
    const attempts = [
      call('POST', billingPath(BILLING_PATHS.seats, elsewhere), {
        seatPlans: [{ userPlan: 'PRO', quantity: 1 }],
      }),
      call('POST', billingPath(BILLING_PATHS.seatRemovalQuote, elsewhere), removal(11)),
      call('POST', billingPath(BILLING_PATHS.scheduledRemovals, elsewhere), removal(11)),
      call('GET', billingPath(BILLING_PATHS.scheduledRemovals, elsewhere)),
      call('DELETE', billingPath(BILLING_PATHS.scheduledRemovals, elsewhere)),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await seatTotal()).toBe(before);
    expect((await current()).seatInfo.scheduledRemoval).toBeNull();
  });

  it('quotes, schedules, shows and cancels a seat removal; never below the assigned seats', async () => {
    const seats = (
      await call('GET', apiPath('members.seats', { workspaceId: acme }))
    ).json<SeatSummaryResponse>();
    const quote = await call('POST', billingPath(BILLING_PATHS.seatRemovalQuote, ids()), removal(11));
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ chargedToday: 0, currency: 'USD' });
    expect(quote.json<{ proratedDays: number }>().proratedDays).toBeGreaterThan(360);

    const below = await call(
      'POST',
      billingPath(BILLING_PATHS.scheduledRemovals, ids()),
      removal(seats.assignedSeats - 1),
    );
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ message: BILLING_MESSAGES.BELOW_ASSIGNED });
    // A price that is not the subscription's: spec 001 §8 'Workspace ID of stripe plans are not found'.
    const otherPlan = await call('POST', billingPath(BILLING_PATHS.scheduledRemovals, ids()), {
      subscriptionPlanSeats: [{ paymentPlanId: 'price_of_another_plan', targetSeatsQuantity: 11 }],
    });
    expect(otherPlan.statusCode).toBe(400);
    expect(otherPlan.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Workspace ID of stripe plans are not found',
    });
    const none = await call('GET', `${billingPath(BILLING_PATHS.scheduledRemovals, ids())}?status=PENDING`);
    expect(none.statusCode).toBe(404);

    const scheduled = await call('POST', billingPath(BILLING_PATHS.scheduledRemovals, ids()), removal(11));
    expect(scheduled.statusCode).toBe(200);
    const created = scheduled.json<ScheduledRemoval>();
    expect(created).toMatchObject({ targetSubscriptionAmount: 11, status: 'PENDING' });
    const mirror = await current();
    expect(created.removeSeatsAtTimestamp).toBe(mirror.endTimestamp);
    expect(mirror.seatInfo.scheduledRemoval).toEqual({
      targetSeatsQuantity: 11,
      removeSeatsAtTimestamp: mirror.endTimestamp,
    });
    // The members screen reads the same removal.
    const counter = (
      await call('GET', apiPath('members.seats', { workspaceId: acme }))
    ).json<SeatSummaryResponse>();
    expect(counter.scheduledRemoval).toEqual({
      targetSeatsQuantity: 11,
      removeSeatsAtTimestamp: mirror.endTimestamp,
    });
    expect(counter.totalSeats).toBe(13);

    const again = await call('POST', billingPath(BILLING_PATHS.scheduledRemovals, ids()), removal(12));
    expect(again.statusCode).toBe(409);
    const add = await call('POST', billingPath(BILLING_PATHS.seats, ids()), {
      seatPlans: [{ userPlan: 'PRO', quantity: 1 }],
    });
    expect(add.statusCode).toBe(409);
    expect(add.json()).toMatchObject({ message: BILLING_MESSAGES.DOWNGRADE_SCHEDULED });

    const cancelled = await call('DELETE', billingPath(BILLING_PATHS.scheduledRemovals, ids()));
    expect(cancelled.json()).toEqual({ success: true });
    expect((await call('GET', billingPath(BILLING_PATHS.scheduledRemovals, ids()))).statusCode).toBe(404);
    expect((await testStripe.stripe.subscriptions.retrieve(stripeSubscription.id)).schedule).toBeNull();
  });

  it('lets the owner go down to the assigned seats with pending members in the space: the same rule as the remove-seats page', async () => {
    // Acme Sales: 5 members hold seats, paula and nina (pending) reserve 2.
    const seats = (
      await call('GET', apiPath('members.seats', { workspaceId: acme }))
    ).json<SeatSummaryResponse>();
    expect(seats).toMatchObject({ assignedSeats: 5, unavailableSeats: 2 });
    const { seatInfo } = await current();
    const offered = seatRemovalTargets({
      totalSeats: seatInfo.totalSeats!,
      assignedSeats: seatInfo.assignedSeats,
      unavailableSeats: seatInfo.unavailableSeats,
    });
    expect(offered.at(-1)).toBe(seats.assignedSeats);

    const lowest = await call(
      'POST',
      billingPath(BILLING_PATHS.seatRemovalQuote, ids()),
      removal(seats.assignedSeats),
    );
    expect(lowest.statusCode).toBe(200);
    const below = await call(
      'POST',
      billingPath(BILLING_PATHS.seatRemovalQuote, ids()),
      removal(seats.assignedSeats - 1),
    );
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: BILLING_MESSAGES.BELOW_ASSIGNED,
    });
  });

  it('schedules an interval change at the period end, refuses the two §2 cases, and cancels it', async () => {
    const url = billingPath(BILLING_PATHS.subscriptionV1, ids());
    const both = await call('PUT', url, { workspacePlan: 'PREMIUM', billingInterval: 'MONTHLY' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ reason: 'cannot-update-subscription-plan-and-interval' });

    const changed = await call('PUT', url, { billingInterval: 'MONTHLY' });
    expect(changed.statusCode).toBe(200);
    const view = changed.json<SubscriptionV1>();
    expect(view.billingInterval).toBe('YEARLY');
    expect(view.scheduledChanges).toEqual({
      targetBillingInterval: 'MONTHLY',
      effectiveTimestamp: view.endTimestamp,
    });
    expect(view.stripeSubscriptionScheduleId).toMatch(/^sub_sched_/);

    const twice = await call('PUT', url, { billingInterval: 'MONTHLY' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'cannot-change-billing-cycle-when-scheduled',
    });

    const cancelled = await call('PUT', url, { cancelScheduledBillingIntervalChange: true });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<SubscriptionV1>()).toMatchObject({
      scheduledChanges: null,
      stripeSubscriptionScheduleId: null,
    });
  });

  it('changes the plan to Premium at once (prorated)', async () => {
    const response = await call('PUT', billingPath(BILLING_PATHS.subscriptionV1, ids()), {
      workspacePlan: 'PREMIUM',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SubscriptionV1>()).toMatchObject({
      workspacePlan: 'PREMIUM',
      billingInterval: 'YEARLY',
    });
    const [row] = await t.db
      .select({ plan: workspaces.plan })
      .from(workspaces)
      .where(eq(workspaces.id, acme));
    expect(row?.plan).toBe('PREMIUM');
    await call('PUT', billingPath(BILLING_PATHS.subscriptionV1, ids()), { workspacePlan: 'PRO' });
    priceId = (await current()).subscriptionPaymentPlans![0]!.paymentPlanId;
  });

  it('applies a scheduled removal at the period end (the schedule’s next phase), then it is no longer pending', async () => {
    const scheduled = await call('POST', billingPath(BILLING_PATHS.scheduledRemovals, ids()), removal(11));
    expect(scheduled.statusCode).toBe(200);
    testStripe.emulator.advanceClock(366 * 24 * 60 * 60);
    await deliverPending();
    expect(await seatTotal()).toBe(11);
    expect((await call('GET', billingPath(BILLING_PATHS.scheduledRemovals, ids()))).statusCode).toBe(404);
    expect((await current()).seatInfo).toMatchObject({ totalSeats: 11, scheduledRemoval: null });
  });

  it('adds seats again once the removal has happened: the settled schedule no longer blocks changes', async () => {
    expect((await current()).stripeSubscriptionScheduleId).not.toBeNull();
    const response = await call('POST', billingPath(BILLING_PATHS.seats, ids()), {
      seatPlans: [{ userPlan: 'PRO', quantity: 1 }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SeatsChangeResponse>()).toMatchObject({ totalSeats: 12, requestedSeats: 12 });
    await deliverPending();
    expect(await seatTotal()).toBe(12);
    expect((await current()).stripeSubscriptionScheduleId).toBeNull();
  });

  it('shows a failed renewal (past due: last payment failed), then the space back on Free once every attempt failed', async () => {
    await useCard('pm_card_chargeCustomerFail');
    const day = 24 * 60 * 60;
    testStripe.emulator.advanceClock(366 * day);
    await deliverPending();
    const failing = await call(
      'GET',
      `${billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: acme })}?retrieveAdditionalStripeInfo=true`,
    );
    expect(failing.json<{ items: SubscriptionV1[] }>().items[0]).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      additionalStripeInfo: {
        latestInvoice: { paid: false, paymentIntent: { status: 'requires_payment_method' } },
      },
    });
    // Retries after 3, 5 and 7 days; the fourth failure cancels the subscription.
    for (const days of [3, 5, 7]) testStripe.emulator.advanceClock(days * day + 60);
    await deliverPending();
    const [space] = await t.db
      .select({ plan: workspaces.plan, seatTotal: workspaces.seatTotal })
      .from(workspaces)
      .where(eq(workspaces.id, acme));
    expect(space).toEqual({ plan: 'FREE', seatTotal: null });
    const after = await call('GET', billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: acme }));
    expect(after.json<{ items: SubscriptionV1[] }>().items.map((item) => item.subscriptionStatus)).toEqual([
      'CANCELED',
    ]);
  });
});
