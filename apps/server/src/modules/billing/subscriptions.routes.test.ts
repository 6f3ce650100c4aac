import {
  billingPath,
  BILLING_PATHS,
  type PaymentPlan,
  type SubscriptionV1,
  type SubscriptionV2,
} from '@mergedesk/domain/api/billing';
import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import { PRICE_CATALOG } from '@mergedesk/domain/billing/prices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingTest, type BillingTest } from '../../test/billing';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { subscribeSpaceDirectly } from './demo-billing';

/** Spec 001 §7 reads: subscriptions v1/v2, payment plans, portal, latest invoice (issue 8). */
describe('billing reads', () => {
  let t: TestApp;
  let spaces: Record<string, string>;
  let acmeSubscriptionId: string;

  let billing: BillingTest;

  beforeAll(async () => {
    billing = await startBillingTest();
    ({ t, spaces } = billing);
    await subscribeSpaceDirectly(billing.context, spaces['Acme Sales']!, {
      lookupKey: 'pro_yearly_eur',
      quantity: 10,
      country: 'DE',
    });
  });
  afterAll(async () => {
    await billing.close();
  });

  const get = async (email: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(await t.signIn(email)) });

  it('GET subscriptions/v1 answers the mirror with plans and live Stripe info to the owner', async () => {
    const workspaceId = spaces['Acme Sales']!;
    const response = await get(
      'olivia@acme.test',
      `${billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId })}?includePlans=true&retrieveAdditionalStripeInfo=true`,
    );
    expect(response.statusCode).toBe(200);
    const [subscription] = response.json<{ items: SubscriptionV1[] }>().items;
    acmeSubscriptionId = subscription!.subscriptionId;
    expect(subscription).toMatchObject({
      workspaceId,
      subscriptionStatus: 'ACTIVE',
      workspacePlan: 'PRO',
      paymentSource: 'STRIPE',
      currency: 'EUR',
      country: 'DE',
      taxRate: 19,
      autoRenew: true,
      scheduledChanges: null,
      seatInfo: { totalSeats: 10, scheduledRemoval: null },
      additionalStripeInfo: {
        country: 'DE',
        latestInvoice: { paid: true, paymentIntent: { status: 'succeeded' } },
      },
    });
    // 10 seats: 4 at €60, 6 at €48 (the 5–9 and 10–24 tiers), plus 19 % VAT on the renewal.
    const amount = 4 * 6000 + 5 * 4800 + 1 * 4200;
    expect(subscription!.amount).toBe(amount);
    expect(subscription!.additionalStripeInfo?.upcomingInvoice?.amountDue).toBe(Math.round(amount * 1.19));
    expect(subscription!.subscriptionPaymentPlans?.[0]).toMatchObject({
      userPlanType: 'PRO',
      legalEntity: 'BE',
      totalSeats: 10,
    });
    expect(subscription!.endTimestamp).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);
  });

  it('GET subscriptions/v1 without the flags leaves plans and Stripe info out', async () => {
    const workspaceId = spaces['Acme Sales']!;
    const response = await get(
      'olivia@acme.test',
      billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId }),
    );
    const [subscription] = response.json<{ items: SubscriptionV1[] }>().items;
    expect(subscription).not.toHaveProperty('subscriptionPaymentPlans');
    expect(subscription).not.toHaveProperty('additionalStripeInfo');
  });

  it('GET subscriptions/v2 filters by status', async () => {
    const workspaceId = spaces['Acme Sales']!;
    const url = billingPath(BILLING_PATHS.subscriptionsV2, { workspaceId });
    const active = await get('olivia@acme.test', `${url}?status=ACTIVE`);
    expect(active.json<{ items: SubscriptionV2[] }>().items).toHaveLength(1);
    const canceled = await get('olivia@acme.test', `${url}?status=CANCELED`);
    expect(canceled.json()).toEqual({ items: [] });
    const bad = await get('olivia@acme.test', `${url}?status=PAUSED`);
    expect(bad.statusCode).toBe(400);
  });

  it('answers the per-seat admin 403 with the billing message, and the free space owner an empty list', async () => {
    const workspaceId = spaces['Acme Sales']!;
    const admin = await get('adam@acme.test', billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId }));
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ errors: [], code: 'FORBIDDEN', message: BILLING_MESSAGES.FORBIDDEN });
    const gina = await get(
      'gina@gmail.com',
      billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: spaces["Gina's space"]! }),
    );
    expect(gina.json()).toEqual({ items: [] });
  });

  it('GET payment-plans lists every catalogue price as Stripe holds it, by currency', async () => {
    const all = await get('gina@gmail.com', BILLING_PATHS.paymentPlans);
    expect(all.statusCode).toBe(200);
    const items = all.json<{ items: PaymentPlan[] }>().items;
    expect(items).toHaveLength(PRICE_CATALOG.length);
    const eur = await get('gina@gmail.com', `${BILLING_PATHS.paymentPlans}?currency=EUR`);
    const proYearly = eur
      .json<{ items: PaymentPlan[] }>()
      .items.find((plan) => plan.lookupKey === 'pro_yearly_eur');
    expect(proYearly).toMatchObject({
      workspacePlan: 'PRO',
      userPlan: 'PRO',
      billingInterval: 'YEARLY',
      currency: 'EUR',
      legalEntity: 'BE',
      status: 'ACTIVE',
    });
    expect(proYearly!.paymentPlanTiers[0]).toEqual({ upTo: 4, unitAmount: 6000 });
    expect(proYearly!.stripePriceId).toMatch(/^price_/);
  });

  it('GET portal: a session for our own return url; a foreign one is a 400 field error', async () => {
    const workspaceId = spaces['Acme Sales']!;
    const url = billingPath(BILLING_PATHS.customerPortal, { workspaceId });
    const returnUrl = `${t.config.PUBLIC_URL}/${workspaceId}/acme-sales/space/billing`;
    const ok = await get('olivia@acme.test', `${url}?returnUrl=${encodeURIComponent(returnUrl)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ url: string }>().url).toContain('/p/session/bps_');
    const foreign = await get(
      'olivia@acme.test',
      `${url}?returnUrl=${encodeURIComponent('https://evil.test/x')}`,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      errors: [{ field: 'returnUrl', message: BILLING_MESSAGES.NOT_OUR_URL }],
    });
    // A space with no subscription has no portal.
    const free = await get(
      'gina@gmail.com',
      `${billingPath(BILLING_PATHS.customerPortal, { workspaceId: spaces["Gina's space"]! })}?returnUrl=${encodeURIComponent(returnUrl)}`,
    );
    expect(free.statusCode).toBe(404);
  });

  it('GET latest-invoice and its payment intent; another space’s subscription id is 404', async () => {
    const workspaceId = spaces['Acme Sales']!;
    const ids = { workspaceId, subscriptionId: acmeSubscriptionId };
    const invoice = await get('olivia@acme.test', billingPath(BILLING_PATHS.latestInvoice, ids));
    expect(invoice.statusCode).toBe(200);
    expect(invoice.json()).toMatchObject({ status: 'paid', paid: true, currency: 'EUR' });
    const secret = await get('olivia@acme.test', billingPath(BILLING_PATHS.paymentIntentSecret, ids));
    expect(secret.json()).toMatchObject({ status: 'succeeded', nextActionUrl: null });
    expect(secret.json<{ clientSecret: string }>().clientSecret).toMatch(/_secret_/);
    const elsewhere = await get(
      'olivia@acme.test',
      billingPath(BILLING_PATHS.latestInvoice, {
        workspaceId: spaces['Acme Premium']!,
        subscriptionId: acmeSubscriptionId,
      }),
    );
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('billing without a payment client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.seedDemo();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers spec 001 §8 "An internal error occurred. Please try again later." (500)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: BILLING_PATHS.paymentPlans,
      headers: bearer(await t.signIn('gina@gmail.com')),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      errors: [],
      code: 'INTERNAL',
      message: 'An internal error occurred. Please try again later.',
    });
  });
});
