import { billingPath, BILLING_PATHS, type SubscriptionV1 } from '@mergedesk/domain/api/billing';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema';
import { startBillingTest, type BillingTest } from '../../test/billing';
import type { TestStripe } from '../../test/stripe';
import { bearer, type TestApp } from '../../test/test-app';
import type { BillingContext } from './billing-context';
import { subscribeSpaceDirectly } from './demo-billing';
import { STRIPE_WEBHOOK_PATH } from './stripe-client';
import { BAD_SIGNATURE_MESSAGE } from './webhook.service';

const waitFor = async (check: () => boolean): Promise<void> => {
  for (let tries = 0; tries < 200 && !check(); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(check()).toBe(true);
};

/** The Stripe webhook (issue 8): verified, recorded once, re-read and applied; order-independent. */
describe('Stripe webhook', () => {
  let t: TestApp;
  let testStripe: TestStripe;
  let context: BillingContext;
  let spaces: Record<string, string>;
  let billing: BillingTest;

  beforeAll(async () => {
    billing = await startBillingTest();
    ({ t, testStripe, context, spaces } = billing);
  });
  afterAll(async () => {
    await billing.close();
  });

  const deliver = (event: Stripe.Event | string, secret?: string) => billing.deliver(event, secret);

  /** The events Stripe sent about `subscriptionId`, oldest first. */
  const eventsOf = async (subscriptionId: string): Promise<Stripe.Event[]> => {
    const page = await testStripe.stripe.events.list({ limit: 100 });
    return page.data
      .filter((event) => {
        const object = event.data.object as { id?: string; object?: string };
        return object.object === 'subscription' && object.id === subscriptionId;
      })
      .reverse();
  };

  const spaceRow = async (workspaceId: string) => {
    const [row] = await t.db
      .select({ plan: workspaces.plan, seatTotal: workspaces.seatTotal })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row;
  };

  const subscriptionsOf = async (email: string, workspaceId: string): Promise<SubscriptionV1[]> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId })}?includePlans=true`,
      headers: bearer(await t.signIn(email)),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: SubscriptionV1[] }>().items;
  };

  it('refuses a bad signature with 400 in the error shape, and a missing one', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'customer.subscription.updated',
      data: { object: {} },
    });
    const forged = await deliver(body, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ errors: [], code: 'BAD_REQUEST', message: BAD_SIGNATURE_MESSAGE });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
  });

  it('applies a subscription from its event: plan, seat total and the mirror; a replay is a no-op', async () => {
    const gina = spaces["Gina's space"]!;
    const subscription = await subscribeSpaceDirectly(context, gina, {
      lookupKey: 'pro_yearly_usd',
      quantity: 4,
    });
    // subscribeSpaceDirectly applied it already; start from a space that knows nothing yet.
    await t.db.execute(sql`delete from subscriptions where workspace_id = ${gina}`);
    await t.db.update(workspaces).set({ plan: 'FREE', seatTotal: null }).where(eq(workspaces.id, gina));

    const created = (await eventsOf(subscription.id)).find(
      (event) => event.type === 'customer.subscription.created',
    );
    const first = await deliver(created!);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, replay: false });
    expect(await spaceRow(gina)).toEqual({ plan: 'PRO', seatTotal: 4 });
    const [mirror] = await subscriptionsOf('gina@gmail.com', gina);
    expect(mirror).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      workspacePlan: 'PRO',
      paymentSource: 'STRIPE',
      billingInterval: 'YEARLY',
      currency: 'USD',
      autoRenew: true,
      amount: 4 * 6000,
      seatInfo: { totalSeats: 4 },
    });
    expect(mirror?.subscriptionPaymentPlans?.[0]).toMatchObject({
      totalSeats: 4,
      paymentPlanId: subscription.items.data[0]!.price.id,
    });

    // Replay: answered, nothing applied (the space changed meanwhile stays as it is).
    await t.db.update(workspaces).set({ seatTotal: 99 }).where(eq(workspaces.id, gina));
    const replay = await deliver(created!);
    expect(replay.json()).toEqual({ received: true, replay: true });
    expect(await spaceRow(gina)).toEqual({ plan: 'PRO', seatTotal: 99 });
    await t.db.update(workspaces).set({ seatTotal: 4 }).where(eq(workspaces.id, gina));
  });

  it('leaves the latest state whatever order the events arrive in', async () => {
    const space = spaces['Max 1']!;
    const subscription = await subscribeSpaceDirectly(context, space, {
      lookupKey: 'pro_yearly_usd',
      quantity: 2,
    });
    const item = subscription.items.data[0]!;
    await testStripe.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: 5 }],
      proration_behavior: 'none',
    });
    await testStripe.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: 7 }],
      proration_behavior: 'none',
    });
    const events = await eventsOf(subscription.id);
    expect(
      events.filter((event) => event.type === 'customer.subscription.updated').length,
    ).toBeGreaterThanOrEqual(2);
    // The creation last: every event re-reads Stripe, so the state is Stripe's now whatever the order.
    const byCreationLast = [...events].sort(
      (a, b) => Number(a.type.endsWith('.created')) - Number(b.type.endsWith('.created')),
    );
    expect(byCreationLast.at(-1)?.type).toBe('customer.subscription.created');
    for (const event of byCreationLast) expect((await deliver(event)).statusCode).toBe(200);
    expect(await spaceRow(space)).toEqual({ plan: 'PRO', seatTotal: 7 });
    const items = await subscriptionsOf('max@max.test', space);
    expect(items.map((entry) => [entry.subscriptionStatus, entry.seatInfo.totalSeats])).toEqual([
      ['ACTIVE', 7],
    ]);
  });

  it('answers 500 when applying fails and applies the retried delivery (emulator delivery over HTTP)', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    testStripe.emulator.addWebhookEndpoint({
      url: `${address}${STRIPE_WEBHOOK_PATH}`,
      secret: testStripe.webhookSecret,
      enabledEvents: ['customer.subscription.*'],
    });
    const space = spaces['Max 2']!;
    // The event ledger is away: applying fails until it is back.
    await t.db.execute(sql`alter table stripe_webhook_events rename to stripe_webhook_events_away`);
    const stripe = testStripe.stripe;
    const customer = await stripe.customers.create({
      metadata: { workspaceId: space },
      address: { country: 'US' },
    });
    await t.db.execute(
      sql`insert into billing_customers (workspace_id, stripe_customer_id) values (${space}, ${customer.id})`,
    );
    const method = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const [price] = (await stripe.prices.list({ lookup_keys: ['pro_yearly_usd'] })).data;
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price!.id, quantity: 3 }],
      default_payment_method: method.id,
    });
    const answered = (status: number) => () =>
      testStripe.emulator.deliveries.some(
        (entry) => entry.status === status && entry.type === 'customer.subscription.created',
      );
    await waitFor(answered(500));
    await t.db.execute(sql`alter table stripe_webhook_events_away rename to stripe_webhook_events`);
    // The emulator retries (startTestStripe: after 100, 200, 400 ms).
    await waitFor(answered(200));
    const attempts = testStripe.emulator.deliveries.filter(
      (entry) => entry.type === 'customer.subscription.created',
    );
    const statuses = attempts.map((entry) => entry.status);
    expect(statuses.indexOf(200)).toBeGreaterThan(statuses.indexOf(500));
    expect(statuses.indexOf(500)).toBeGreaterThanOrEqual(0);
    expect(await spaceRow(space)).toEqual({ plan: 'PRO', seatTotal: 3 });
    expect(subscription.status).toBe('active');
    // Every event of this test ends delivered, so nothing is still retrying when the test ends.
    const settled = () => {
      const ids = new Set(testStripe.emulator.deliveries.map((entry) => entry.eventId));
      return [...ids].every((id) =>
        testStripe.emulator.deliveries.some((entry) => entry.eventId === id && entry.status === 200),
      );
    };
    await waitFor(settled);
    await testStripe.emulator.webhooksIdle();
  });
});
