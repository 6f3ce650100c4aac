import {
  billingPath,
  BILLING_PATHS,
  type CheckoutSessionV2Body,
  type PaymentInfo,
  type PaymentPlan,
} from '@mergedesk/domain/api/billing';
import { CHECKOUT_FORM_MESSAGES } from '@mergedesk/domain/billing/checkout-form';
import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCustomers, workspaces } from '../../db/schema';
import { payOnHostedPage, startBillingTest, type BillingTest } from '../../test/billing';
import type { TestStripe } from '../../test/stripe';
import { bearer, type TestApp } from '../../test/test-app';
import { subscribeSpaceDirectly } from './demo-billing';

/** Spec 001 §7 checkout: payment preview and Checkout Session (issue 8). */
describe('checkout', () => {
  let t: TestApp;
  let testStripe: TestStripe;
  let spaces: Record<string, string>;
  let prices: Map<string, string>;

  let billing: BillingTest;

  beforeAll(async () => {
    billing = await startBillingTest();
    ({ t, testStripe, spaces } = billing);
    await subscribeSpaceDirectly(billing.context, spaces['Acme Sales']!, {
      lookupKey: 'pro_yearly_usd',
      quantity: 10,
    });
    const plans = await t.app.inject({
      method: 'GET',
      url: BILLING_PATHS.paymentPlans,
      headers: bearer(await t.signIn('sam@acme.test')),
    });
    prices = new Map(
      plans.json<{ items: PaymentPlan[] }>().items.map((plan) => [plan.lookupKey, plan.stripePriceId]),
    );
  });
  afterAll(async () => {
    await billing.close();
  });

  const post = async (email: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(await t.signIn(email)) });

  const preview = (email: string, workspaceId: string, body: object, prorated = false) =>
    post(
      email,
      `${billingPath(BILLING_PATHS.checkoutInfoV2, { workspaceId })}${prorated ? '?previewProratedChanges=true' : ''}`,
      body,
    );

  it('previews a Gmail purchase: one Pro (Personal) seat, no tax in the US', async () => {
    const response = await preview('gina@gmail.com', spaces["Gina's space"]!, {
      country: 'US',
      purchaseType: 'B2C',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
      seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: 1 }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      totalAmount: 3600,
      chargedToday: 3600,
      taxRate: 0,
      currency: 'USD',
      proratedDays: 0,
      currentBillingInterval: null,
      targetBillingInterval: 'YEARLY',
      currentAmount: 0,
      stripePlans: [{ stripePriceId: prices.get('pro_personal_yearly_usd'), totalAmount: 3600, quantity: 1 }],
    });
  });

  it('previews an EU consumer purchase in EUR with the country VAT; a business one reverse-charged', async () => {
    const body = {
      country: 'DE',
      purchaseType: 'B2C',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
      seatPlans: [{ userPlan: 'PRO', quantity: 3 }],
    };
    const consumer = await preview('sam@acme.test', spaces["Sam's space"]!, body);
    expect(consumer.json()).toMatchObject({
      currency: 'EUR',
      taxRate: 19,
      totalAmount: 21420,
      chargedToday: 21420,
    });
    const business = await preview('sam@acme.test', spaces["Sam's space"]!, { ...body, purchaseType: 'B2B' });
    expect(business.json()).toMatchObject({ taxRate: 0, totalAmount: 18000 });
  });

  it('refuses a price that is not sold (INR monthly) and more than 100 seats with 400', async () => {
    const inr = await preview('sam@acme.test', spaces["Sam's space"]!, {
      country: 'IN',
      purchaseType: 'B2C',
      billingInterval: 'MONTHLY',
      workspacePlan: 'PRO',
      seatPlans: [{ userPlan: 'PRO', quantity: 2 }],
    });
    expect(inr.statusCode).toBe(400);
    expect(inr.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: BILLING_MESSAGES.PRICE_UNKNOWN });
    const many = await preview('sam@acme.test', spaces["Sam's space"]!, {
      country: 'US',
      purchaseType: 'B2C',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
      seatPlans: [{ userPlan: 'PRO', quantity: 101 }],
    });
    expect(many.statusCode).toBe(400);
  });

  it('previews adding seats to a subscription prorated: charged today for the days left', async () => {
    const response = await preview(
      'olivia@acme.test',
      spaces['Acme Sales']!,
      {
        country: 'US',
        purchaseType: 'B2C',
        billingInterval: 'YEARLY',
        workspacePlan: 'PRO',
        seatPlans: [{ userPlan: 'PRO', quantity: 12 }],
      },
      true,
    );
    expect(response.statusCode).toBe(200);
    const info = response.json<PaymentInfo>();
    // Seats 11 and 12 are in the 10–24 tier (€/$42 each) for a whole year minus a moment.
    expect(info.chargedToday).toBeGreaterThan(8300);
    expect(info.chargedToday).toBeLessThanOrEqual(8400);
    expect(info.proratedDays).toBeGreaterThanOrEqual(364);
    expect(info.currentBillingInterval).toBe('YEARLY');
    expect(info.currentAmount).toBe(4 * 6000 + 5 * 4800 + 4200);
  });

  const sessionBody = (overrides: Partial<CheckoutSessionV2Body> = {}): CheckoutSessionV2Body => ({
    workspaceId: spaces["Sam's space"]!,
    addressInfo: { country: 'DE', city: 'Berlin', street: 'Unter den Linden 1', postalCode: '10117' },
    customerName: 'Sam Stepfour',
    isB2BTransaction: false,
    goBackUrl: `${t.config.PUBLIC_URL}/checkout/details`,
    stripePlans: [{ stripePriceId: prices.get('pro_yearly_eur')!, quantity: 3 }],
    ...overrides,
  });
  const createSession = (body: object, email = 'sam@acme.test', workspaceId = spaces["Sam's space"]!) =>
    post(email, billingPath(BILLING_PATHS.checkoutSessionV2, { workspaceId }), body);

  it('checks the billing form with the §5 messages, as field errors on the body fields', async () => {
    const response = await createSession(
      sessionBody({
        addressInfo: { country: 'DE', city: 'B', street: '' },
        isB2BTransaction: true,
        companyName: '',
      }),
    );
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors: { field: string; message: string }[] }>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'addressInfo.street', message: CHECKOUT_FORM_MESSAGES.streetRequired },
        { field: 'addressInfo.city', message: CHECKOUT_FORM_MESSAGES.city },
        { field: 'vatNumber', message: CHECKOUT_FORM_MESSAGES.vatNumber },
        { field: 'companyName', message: CHECKOUT_FORM_MESSAGES.companyNameRequired },
      ]),
    );
  });

  it('maps a VAT id the provider refuses (tax_id_invalid) to the §8 field error on vatNumber', async () => {
    const response = await createSession(
      sessionBody({ isB2BTransaction: true, companyName: 'Sam GmbH', vatNumber: 'DE12' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This VAT ID doesn’t seem to be valid.',
      errors: [{ field: 'vatNumber', message: 'This VAT ID doesn’t seem to be valid.' }],
    });
  });

  it('refuses a cancel url elsewhere, a body for another space, a Gmail price for a domain buyer', async () => {
    expect((await createSession(sessionBody({ goBackUrl: 'https://evil.test/' }))).json()).toMatchObject({
      errors: [{ field: 'goBackUrl' }],
    });
    const other = await createSession(sessionBody({ workspaceId: spaces['Acme Sales']! }));
    expect(other.statusCode).toBe(400);
    // Spec 001 §8, verbatim.
    expect(other.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Workspace ID of stripe plans are not found',
      errors: [{ field: 'workspaceId', message: BILLING_MESSAGES.STRIPE_PLANS_NOT_FOUND }],
    });
    const personal = await createSession(
      sessionBody({ stripePlans: [{ stripePriceId: prices.get('pro_personal_yearly_eur')!, quantity: 1 }] }),
    );
    expect(personal.statusCode).toBe(400);
    const unknown = await createSession(
      sessionBody({ stripePlans: [{ stripePriceId: 'price_nope', quantity: 1 }] }),
    );
    expect(unknown.json()).toMatchObject({ errors: [{ field: 'stripePriceId' }] });
  });

  it('refuses a second subscription with 409', async () => {
    const response = await createSession(
      sessionBody({
        workspaceId: spaces['Acme Sales']!,
        addressInfo: { country: 'US', city: 'Springfield', street: '1 Main St' },
        stripePlans: [{ stripePriceId: prices.get('pro_yearly_usd')!, quantity: 3 }],
      }),
      'olivia@acme.test',
      spaces['Acme Sales'],
    );
    expect(response.statusCode).toBe(409);
  });

  it('opens a hosted checkout for the space’s customer; only the webhook makes the space paid', async () => {
    const sam = spaces["Sam's space"]!;
    const response = await createSession(
      sessionBody({ isB2BTransaction: true, companyName: 'Sam GmbH', vatNumber: 'DE123456789' }),
    );
    expect(response.statusCode).toBe(200);
    const { stripeCheckoutSessionId, url } = response.json<{
      stripeCheckoutSessionId: string;
      url: string;
    }>();
    expect(url).toContain(`/c/pay/${stripeCheckoutSessionId}`);
    const session = await testStripe.stripe.checkout.sessions.retrieve(stripeCheckoutSessionId);
    expect(session.mode).toBe('subscription');
    expect(session.success_url).toBe(
      `${t.config.PUBLIC_URL}/${sam}/${await slugOf(sam)}/space/billing?checkout=success&from=FREE&to=PRO&interval=YEARLY&workspaceSeats=3&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(session.cancel_url).toBe(`${t.config.PUBLIC_URL}/checkout/details`);
    const [customer] = await t.db
      .select({ id: billingCustomers.stripeCustomerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.workspaceId, sam));
    expect(session.customer).toBe(customer!.id);
    const taxIds = await testStripe.stripe.customers.listTaxIds(customer!.id);
    expect(taxIds.data.map((taxId) => taxId.value)).toEqual(['DE123456789']);

    // A second session reuses the customer, and expires the first (one open checkout per space).
    const again = await createSession(sessionBody());
    const secondId = again.json<{ stripeCheckoutSessionId: string }>().stripeCheckoutSessionId;
    const second = await testStripe.stripe.checkout.sessions.retrieve(secondId);
    expect(second.customer).toBe(customer!.id);
    expect((await testStripe.stripe.customers.listTaxIds(customer!.id)).data).toEqual([]);
    expect((await testStripe.stripe.checkout.sessions.retrieve(stripeCheckoutSessionId)).status).toBe(
      'expired',
    );
    expect(url).not.toBe(second.url);

    // Paying on the hosted page sends the browser to the success url with the session id …
    const paid = await payOnHostedPage(second.url!, 'Sam Stepfour');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(second.success_url!.replace('{CHECKOUT_SESSION_ID}', secondId));
    // … which grants nothing: the space is Free until the webhook arrives.
    expect(await planOf(sam)).toEqual({ plan: 'FREE', seatTotal: null });
    const completed = (await testStripe.stripe.events.list({ type: 'checkout.session.completed' })).data.find(
      (event) => (event.data.object as Stripe.Checkout.Session).id === secondId,
    )!;
    const delivered = await billing.deliver(completed);
    expect(delivered.statusCode).toBe(200);
    expect(await planOf(sam)).toEqual({ plan: 'PRO', seatTotal: 3 });
  });

  const planOf = async (workspaceId: string) => {
    const [row] = await t.db
      .select({ plan: workspaces.plan, seatTotal: workspaces.seatTotal })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row;
  };
  const slugOf = async (workspaceId: string) => {
    const [row] = await t.db
      .select({ slug: workspaces.slug })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row!.slug;
  };
});
