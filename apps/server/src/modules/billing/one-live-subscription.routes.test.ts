import {
  billingPath,
  BILLING_PATHS,
  type CheckoutOutcome,
  type CheckoutSessionV2Body,
  type PaymentPlan,
} from '@mergedesk/domain/api/billing';
import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, workspaces } from '../../db/schema';
import { payOnHostedPage, startBillingTest, type BillingTest } from '../../test/billing';
import { bearer } from '../../test/test-app';
import { findCustomerId } from './billing.repo';

/**
 * Issue 22 "at most one live subscription per space, at Stripe and in our table": a new checkout
 * expires the space's other open ones; a checkout paid while Stripe already holds a live
 * subscription is refused; a second live subscription that reaches the webhook anyway is refunded
 * in full and cancelled at Stripe, and the page is told so.
 */
describe('one live subscription per space', () => {
  let billing: BillingTest;
  let prices: Map<string, string>;

  beforeAll(async () => {
    billing = await startBillingTest();
    const plans = await billing.t.app.inject({
      method: 'GET',
      url: BILLING_PATHS.paymentPlans,
      headers: bearer(await billing.t.signIn('sam@acme.test')),
    });
    prices = new Map(
      plans.json<{ items: PaymentPlan[] }>().items.map((plan) => [plan.lookupKey, plan.stripePriceId]),
    );
  });
  afterAll(async () => {
    await billing.close();
  });

  const sam = () => billing.spaces["Sam's space"]!;
  const body = (): CheckoutSessionV2Body => ({
    workspaceId: sam(),
    addressInfo: { country: 'US', city: 'Springfield', street: '1 Main St' },
    customerName: 'Sam Stepfour',
    isB2BTransaction: false,
    goBackUrl: `${billing.t.config.PUBLIC_URL}/checkout/details`,
    stripePlans: [{ stripePriceId: prices.get('pro_yearly_usd')!, quantity: 2 }],
  });
  const createSession = async () =>
    billing.t.app.inject({
      method: 'POST',
      url: billingPath(BILLING_PATHS.checkoutSessionV2, { workspaceId: sam() }),
      payload: body(),
      headers: bearer(await billing.t.signIn('sam@acme.test')),
    });
  const outcomeOf = async (sessionId: string, workspaceId = sam(), email = 'sam@acme.test') =>
    billing.t.app.inject({
      method: 'GET',
      url: `${billingPath(BILLING_PATHS.checkoutOutcome, { workspaceId })}?sessionId=${sessionId}`,
      headers: bearer(await billing.t.signIn(email)),
    });
  const rows = () =>
    billing.t.db
      .select({ status: subscriptions.status, stripeId: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, sam()));
  const liveAtStripe = async () => {
    const customer = (await findCustomerId(billing.t.db, sam()))!;
    const all = await billing.testStripe.stripe.subscriptions.list({ customer, status: 'all' });
    return all.data.filter((subscription) => ['active', 'past_due'].includes(subscription.status));
  };

  it('expires the open checkout of another tab; the expired one cannot be paid', async () => {
    const first = (await createSession()).json<{ stripeCheckoutSessionId: string; url: string }>();
    const second = (await createSession()).json<{ stripeCheckoutSessionId: string; url: string }>();
    const { stripe } = billing.testStripe;
    expect((await stripe.checkout.sessions.retrieve(first.stripeCheckoutSessionId)).status).toBe('expired');
    expect((await stripe.checkout.sessions.retrieve(second.stripeCheckoutSessionId)).status).toBe('open');
    expect((await payOnHostedPage(first.url, 'Sam Stepfour')).status).not.toBe(303);
    expect((await outcomeOf(first.stripeCheckoutSessionId)).json()).toMatchObject({ outcome: 'EXPIRED' });
    expect((await outcomeOf(second.stripeCheckoutSessionId)).json()).toMatchObject({ outcome: 'OPEN' });
  });

  it('mirrors nothing of a first checkout whose card was declined or whose 3-D Secure failed', async () => {
    const pay = (url: string, cardNumber: string) =>
      fetch(url, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ cardNumber, expiry: '12 / 40', cvc: '123', cardholderName: 'Sam' }),
      });
    const declined = (await createSession()).json<{ url: string }>();
    expect((await pay(declined.url, '4000 0000 0000 0002')).status).toBe(402);
    const secure = (await createSession()).json<{ url: string; stripeCheckoutSessionId: string }>();
    const challenge = await pay(secure.url, '4000 0027 6000 3184');
    expect(challenge.status).toBe(303);
    const challengeUrl = new URL(challenge.headers.get('location')!, secure.url);
    const failed = await fetch(challengeUrl, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ action: 'fail' }),
    });
    const back = await fetch(new URL(failed.headers.get('location')!, secure.url), { redirect: 'manual' });
    expect(back.status).toBe(402);
    // Every event of those attempts reaches the webhook: none of them makes a subscription row.
    const customer = (await findCustomerId(billing.t.db, sam()))!;
    const events = (await billing.testStripe.stripe.events.list({ limit: 100 })).data.filter(
      (event) =>
        event.type.startsWith('customer.subscription.') &&
        (event.data.object as Stripe.Subscription).customer === customer,
    );
    expect(events.map((event) => event.type)).toContain('customer.subscription.deleted');
    for (const event of events) expect((await billing.deliver(event)).statusCode).toBe(200);
    expect(await rows()).toEqual([]);
    expect(await liveAtStripe()).toEqual([]);
  });

  it('says PAID only once the subscription is live; refuses a new checkout while Stripe holds it', async () => {
    const session = (await createSession()).json<{ stripeCheckoutSessionId: string; url: string }>();
    expect((await payOnHostedPage(session.url, 'Sam Stepfour')).status).toBe(303);
    // No webhook delivered yet: a new checkout is refused on what Stripe holds (and that is synced).
    const again = await createSession();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: BILLING_MESSAGES.ALREADY_SUBSCRIBED });
    expect((await outcomeOf(session.stripeCheckoutSessionId)).json()).toEqual({
      outcome: 'PAID',
      refundedAmount: null,
      currency: null,
    });
    expect(await liveAtStripe()).toHaveLength(1);
  });

  it('refunds and cancels at Stripe a second subscription that reaches the webhook, and says so', async () => {
    const { stripe } = billing.testStripe;
    const [kept] = await liveAtStripe();
    const customer = (await findCustomerId(billing.t.db, sam()))!;
    // A second live subscription at Stripe (a checkout paid in a race the session checks missed).
    const method = await stripe.paymentMethods.attach('pm_card_visa', { customer });
    const second = await stripe.subscriptions.create({
      customer,
      items: [{ price: prices.get('pro_yearly_usd')!, quantity: 2 }],
      default_payment_method: method.id,
      metadata: { workspaceId: sam() },
    });
    expect(second.status).toBe('active');
    const created = (
      await stripe.events.list({ type: 'customer.subscription.created', limit: 100 })
    ).data.find((event) => (event.data.object as Stripe.Subscription).id === second.id)!;
    // Delivered twice (a replay with another event id is a new event too): one refund, one cancel.
    expect((await billing.deliver(created)).statusCode).toBe(200);
    expect((await billing.deliver({ ...created, id: `${created.id}_again` })).statusCode).toBe(200);

    const live = await liveAtStripe();
    expect(live.map((subscription) => subscription.id)).toEqual([kept!.id]);
    const cancelled = await stripe.subscriptions.retrieve(second.id);
    expect(cancelled.status).toBe('canceled');
    expect(cancelled.metadata.duplicateOf).toBeDefined();
    const invoice = await stripe.invoices.retrieve(cancelled.latest_invoice as string);
    const refunds = await stripe.refunds.list({ limit: 100 });
    const ofSecond = refunds.data.filter((refund) => refund.metadata?.subscription === second.id);
    expect(ofSecond).toHaveLength(1);
    expect(ofSecond[0]!.amount).toBe(invoice.amount_paid);

    const mirror = await rows();
    expect(mirror.filter((row) => row.status === 'ACTIVE').map((row) => row.stripeId)).toEqual([kept!.id]);
    expect(mirror.find((row) => row.stripeId === second.id)?.status).toBe('CANCELED');
    const [space] = await billing.t.db
      .select({ plan: workspaces.plan, seatTotal: workspaces.seatTotal })
      .from(workspaces)
      .where(eq(workspaces.id, sam()));
    expect(space).toEqual({ plan: 'PRO', seatTotal: 2 });
  });

  it('tells the page that a paid checkout was refunded as a duplicate, and hides other spaces’ sessions', async () => {
    const { stripe } = billing.testStripe;
    const customer = (await findCustomerId(billing.t.db, sam()))!;
    // A session paid at Stripe for a space that is already live (as if paid in another tab).
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price: prices.get('pro_yearly_usd')!, quantity: 1 }],
      success_url: 'http://localhost/ok',
      metadata: { workspaceId: sam() },
      subscription_data: { metadata: { workspaceId: sam() } },
    });
    expect((await payOnHostedPage(session.url!, 'Sam Stepfour')).status).toBe(303);
    const outcome = await outcomeOf(session.id);
    expect(outcome.json<CheckoutOutcome>()).toEqual({
      outcome: 'REFUNDED_DUPLICATE',
      refundedAmount: 6000,
      currency: 'USD',
    });
    expect(await liveAtStripe()).toHaveLength(1);
    const elsewhere = await outcomeOf(session.id, billing.spaces['Acme Sales'], 'olivia@acme.test');
    expect(elsewhere.statusCode).toBe(404);
  });
});
