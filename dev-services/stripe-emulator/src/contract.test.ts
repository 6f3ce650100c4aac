/**
 * Contract tests: the behaviours MergeDesk relies on, driven only through the official `stripe`
 * SDK. They run against the local emulator, or against Stripe's test mode when STRIPE_SECRET_KEY
 * is a sk_test_ key (then the emulator-only cases — hosted pages, webhook delivery, the global
 * clock, tax without Stripe Tax set up — are skipped). The prices come from contract-prices.ts,
 * created through the API: nothing here is borrowed from packages/domain or apps/server (issue 22),
 * so the expected amounts follow from Stripe's documented rules alone. The server's own price
 * table sync is tested in apps/server (price-catalog.test.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureContractPrices, type ContractPriceName } from './contract-prices';
import type { RunningStripeEmulator } from './server';
import { startStripeEmulator } from './server';

const realKey =
  process.env.STRIPE_SECRET_KEY?.startsWith('sk_test_') === true ? process.env.STRIPE_SECRET_KEY : undefined;
const onEmulator = realKey === undefined;
const emulatorOnly = onEmulator ? describe : describe.skip;
const WEBHOOK_SECRET = 'whsec_contract_test_secret';
const DAY = 86_400;

let emulator: RunningStripeEmulator | undefined;
let stripe: Stripe;
let priceIds: Map<ContractPriceName, string>;

/** Events the local webhook receiver accepted (signature verified with constructEvent). */
const received: Stripe.Event[] = [];
const rejected: string[] = [];
/** Event ids answered 500 once, to see the retry. */
const failOnce = new Set<string>();
/** The customer whose first customer.updated delivery is answered 500. */
let failCustomer: string | null = null;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const event = stripe.webhooks.constructEvent(
        body,
        String(request.headers['stripe-signature']),
        WEBHOOK_SECRET,
      );
      const objectId = (event.data.object as { id?: string }).id;
      if (event.type === 'customer.updated' && objectId === failCustomer && !failOnce.has(event.id)) {
        failOnce.add(event.id);
        response.writeHead(500).end();
        return;
      }
      received.push(event);
      response.writeHead(200).end();
    } catch (error) {
      rejected.push((error as Error).message);
      response.writeHead(400).end();
    }
  });
});

beforeAll(async () => {
  if (realKey !== undefined) {
    stripe = new Stripe(realKey, { maxNetworkRetries: 2 });
  } else {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverPort = (receiver.address() as AddressInfo).port;
    emulator = await startStripeEmulator({
      port: 0,
      webhookEndpoints: [{ url: `http://127.0.0.1:${receiverPort}/webhook`, secret: WEBHOOK_SECRET }],
      webhookRetryDelaysMs: [200, 400],
      tickMs: 60_000,
    });
    stripe = new Stripe('sk_test_contract', { ...emulator.sdkOptions, maxNetworkRetries: 0 });
  }
  priceIds = await ensureContractPrices(stripe);
});

afterAll(async () => {
  await emulator?.close();
  if (receiver.listening) await new Promise((resolve) => receiver.close(resolve));
});

const price = (name: ContractPriceName): string => priceIds.get(name)!;

const waitFor = async (check: () => boolean | Promise<boolean>, what: string): Promise<void> => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** A customer on its own test clock, with a card as default payment method. */
async function customerWithCard(card: string, extra: Stripe.CustomerCreateParams = {}) {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
  const customer = await stripe.customers.create({
    email: 'owner@acme.test',
    metadata: { workspaceId: 'contract' },
    test_clock: clock.id,
    ...extra,
  });
  const method = await stripe.paymentMethods.attach(card, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } });
  return { clock, customer, method };
}

async function advance(clock: Stripe.TestHelpers.TestClock, to: number): Promise<void> {
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: to });
  await waitFor(
    async () => (await stripe.testHelpers.testClocks.retrieve(clock.id)).status === 'ready',
    'the clock',
  );
}

async function latestIntent(subscriptionId: string): Promise<Stripe.PaymentIntent> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
    expand: ['latest_invoice.confirmation_secret'],
  });
  const invoice = subscription.latest_invoice as Stripe.Invoice;
  const secret = invoice.confirmation_secret!.client_secret;
  return stripe.paymentIntents.retrieve(secret.slice(0, secret.indexOf('_secret_')));
}

const periodEnd = (subscription: Stripe.Subscription): number =>
  subscription.items.data[0]!.current_period_end;

describe('errors come back as the SDK error types', () => {
  it('a missing object is a StripeInvalidRequestError with resource_missing and 404', async () => {
    const error = await stripe.customers.retrieve('cus_doesnotexist000000000000').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });

  it('a wrong key is a StripeAuthenticationError', async () => {
    const other = new Stripe('sk_live_nope', { ...(emulator?.sdkOptions ?? {}), maxNetworkRetries: 0 });
    await expect(other.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('a missing required parameter names the parameter', async () => {
    const error = await stripe.checkout.sessions
      .create({ mode: 'subscription', success_url: 'http://localhost/ok' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(400);
  });
});

describe('prices', () => {
  it('finds a price by lookup key, with its graduated tiers', async () => {
    const page = await stripe.prices.list({
      lookup_keys: ['contract_pro_yearly_usd'],
      expand: ['data.tiers'],
    });
    expect(page.data).toHaveLength(1);
    const pro = page.data[0]!;
    expect(pro).toMatchObject({
      id: price('pro_yearly_usd'),
      currency: 'usd',
      billing_scheme: 'tiered',
      tiers_mode: 'graduated',
      recurring: { interval: 'year' },
    });
    expect(pro.tiers!.map((tier) => [tier.up_to, tier.unit_amount])).toEqual([
      [4, 6000],
      [9, 4800],
      [24, 4200],
      [49, 3600],
      [99, 3000],
      [null, 2400],
    ]);
  });

  it('moves a lookup key to a new price with transfer_lookup_key', async () => {
    const before = await stripe.prices.retrieve(price('legacy_team_5_yearly_usd'));
    const moved = await stripe.prices.create({
      product: before.product as string,
      currency: 'usd',
      recurring: { interval: 'year' },
      unit_amount: 27_100,
      lookup_key: 'contract_moving_key',
      transfer_lookup_key: true,
    });
    const again = await stripe.prices.create({
      product: before.product as string,
      currency: 'usd',
      recurring: { interval: 'year' },
      unit_amount: 27_200,
      lookup_key: 'contract_moving_key',
      transfer_lookup_key: true,
    });
    const found = (await stripe.prices.list({ lookup_keys: ['contract_moving_key'] })).data;
    expect(found.map((entry) => entry.id)).toEqual([again.id]);
    expect((await stripe.prices.retrieve(moved.id)).lookup_key).toBeNull();
    await stripe.prices.update(moved.id, { active: false });
    expect((await stripe.prices.retrieve(moved.id)).active).toBe(false);
  });
});

describe('customers and tax ids', () => {
  it('keeps the metadata that links the customer to its space', async () => {
    const customer = await stripe.customers.create({
      email: 'olivia@acme.test',
      metadata: { workspaceId: 'w1' },
    });
    const again = await stripe.customers.retrieve(customer.id);
    expect(again).toMatchObject({ email: 'olivia@acme.test', metadata: { workspaceId: 'w1' } });
  });

  it('refuses a malformed VAT id with tax_id_invalid and accepts a well-formed one', async () => {
    const customer = await stripe.customers.create({ email: 'vat@acme.test', address: { country: 'DE' } });
    const error = await stripe.customers
      .createTaxId(customer.id, { type: 'eu_vat', value: 'DE12' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Stripe.errors.StripeError).code).toBe('tax_id_invalid');
    const taxId = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' });
    expect(taxId).toMatchObject({ type: 'eu_vat', value: 'DE123456789', country: 'DE' });
    await expect(
      stripe.customers.create({ tax_id_data: [{ type: 'eu_vat', value: 'nonsense' }] }),
    ).rejects.toMatchObject({ code: 'tax_id_invalid' });
  });

  it('declines to attach the declined test card', async () => {
    const customer = await stripe.customers.create({ email: 'declined@acme.test' });
    const error = await stripe.paymentMethods
      .attach('pm_card_chargeDeclined', { customer: customer.id })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((error as Stripe.errors.StripeCardError).code).toBe('card_declined');
  });
});

describe('subscriptions', () => {
  it('charges the graduated tier total for the seats and is active with the succeeding card', async () => {
    const { customer } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 6 }],
      metadata: { workspaceId: 'contract' },
      expand: ['latest_invoice'],
    });
    expect(subscription.status).toBe('active');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 4 * 6000 + 2 * 4800, currency: 'usd' });
    expect(subscription.items.data[0]).toMatchObject({ quantity: 6, price: { id: price('pro_yearly_usd') } });
    expect(periodEnd(subscription) - subscription.items.data[0]!.current_period_start).toBeGreaterThanOrEqual(
      365 * DAY,
    );
  });

  it('leaves the subscription incomplete with a payment intent that requires_action for the 3-D Secure card', async () => {
    const { customer } = await customerWithCard('pm_card_authenticationRequired');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 1 }],
    });
    expect(subscription.status).toBe('incomplete');
    const intent = await latestIntent(subscription.id);
    expect(intent.status).toBe('requires_action');
    expect(intent.client_secret).toMatch(/^pi_.+_secret_/);
  });

  it('previews a prorated seat increase and charges exactly that when it is made', async () => {
    const { customer, clock } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 2 }],
    });
    const item = subscription.items.data[0]!;
    const halfway = clock.frozen_time + Math.floor((periodEnd(subscription) - clock.frozen_time) / 2);
    await advance(clock, halfway);
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: item.id, quantity: 4 }],
        proration_behavior: 'always_invoice',
        proration_date: halfway,
      },
    });
    expect(preview.amount_due).toBeGreaterThan(5800);
    expect(preview.amount_due).toBeLessThan(6200);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: 4 }],
      proration_behavior: 'always_invoice',
      proration_date: halfway,
      payment_behavior: 'pending_if_incomplete',
      expand: ['latest_invoice'],
    });
    expect(updated.items.data[0]!.quantity).toBe(4);
    expect((updated.latest_invoice as Stripe.Invoice).amount_paid).toBe(preview.amount_due);
  });

  it('keeps the seats pending until the 3-D Secure payment of the increase is confirmed', async () => {
    const { customer } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 2 }],
    });
    const secure = await stripe.paymentMethods.attach('pm_card_authenticationRequired', {
      customer: customer.id,
    });
    const updated = await stripe.subscriptions.update(subscription.id, {
      default_payment_method: secure.id,
      items: [{ id: subscription.items.data[0]!.id, quantity: 5 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(updated.items.data[0]!.quantity).toBe(2);
    expect(updated.pending_update).not.toBeNull();
    expect((await latestIntent(subscription.id)).status).toBe('requires_action');
  });

  it('cancels at the period end when asked to', async () => {
    const { customer, clock } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_monthly_usd'), quantity: 1 }],
    });
    const ending = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(ending.cancel_at_period_end).toBe(true);
    await advance(clock, periodEnd(subscription) + 3600);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
  });

  it('renews at the period end, and a renewal that fails leaves the subscription past_due', async () => {
    const { customer, clock } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_monthly_usd'), quantity: 1 }],
    });
    const firstEnd = periodEnd(subscription);
    await advance(clock, firstEnd + 3600);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(firstEnd);
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: failing.id } });
    await advance(clock, periodEnd(renewed) + 3600);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    expect((pastDue.latest_invoice as Stripe.Invoice).status).toBe('open');
    expect((await latestIntent(subscription.id)).status).toBe('requires_payment_method');
  });
});

emulatorOnly('an update that must be paid at once (error_if_incomplete)', () => {
  it('changes nothing, metadata included, when the card is declined', async () => {
    const { customer } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 2 }],
      metadata: { paidMembers: 'a,b' },
    });
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    const item = subscription.items.data[0]!;
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, quantity: 3 }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        metadata: { paidMembers: 'a,b,c' },
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]!.quantity).toBe(2);
    expect(after.metadata).toEqual({ paidMembers: 'a,b' });
    expect(after.latest_invoice).toBe(subscription.latest_invoice);
  });
});

describe('subscription schedules (billing-cycle change at the period end)', () => {
  async function scheduleMonthly() {
    const { customer, clock } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 3 }],
    });
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const current = schedule.phases[0]!;
    const updated = await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: price('pro_yearly_usd'), quantity: 3 }],
          start_date: current.start_date,
          end_date: current.end_date,
        },
        {
          items: [{ price: price('pro_monthly_usd'), quantity: 3 }],
          duration: { interval: 'month', interval_count: 1 },
        },
      ],
    });
    return { clock, subscription, schedule: updated };
  }

  it('moves to the monthly price at the end of the paid year', async () => {
    const { clock, subscription, schedule } = await scheduleMonthly();
    expect(schedule.phases).toHaveLength(2);
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBe(schedule.id);
    await advance(clock, periodEnd(subscription) + 3600);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]!.price.id).toBe(price('pro_monthly_usd'));
    expect(after.items.data[0]!.quantity).toBe(3);
    expect(after.status).toBe('active');
  });

  it('sets the next phase’s metadata on the subscription when the phase starts', async () => {
    const { customer, clock } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 3 }],
      metadata: { workspaceId: 'w1', paidMembers: 'a,b,c', note: 'gone' },
    });
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const current = schedule.phases[0]!;
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: price('pro_yearly_usd'), quantity: 3 }],
          start_date: current.start_date,
          end_date: current.end_date,
        },
        {
          items: [{ price: price('pro_yearly_usd'), quantity: 2 }],
          duration: { interval: 'year', interval_count: 1 },
          metadata: { paidMembers: 'a,b' },
        },
      ],
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).metadata).toEqual({
      workspaceId: 'w1',
      paidMembers: 'a,b,c',
      note: 'gone',
    });
    await advance(clock, periodEnd(subscription) + 3600);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]!.quantity).toBe(2);
    expect(after.metadata).toEqual({ workspaceId: 'w1', paidMembers: 'a,b', note: 'gone' });
  });

  it('keeps the yearly price when the schedule is released before', async () => {
    const { clock, subscription, schedule } = await scheduleMonthly();
    const released = await stripe.subscriptionSchedules.release(schedule.id);
    expect(released.status).toBe('released');
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBeNull();
    await advance(clock, periodEnd(subscription) + 3600);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe(
      price('pro_yearly_usd'),
    );
  });
});

describe('checkout and portal sessions', () => {
  it('creates a subscription-mode Checkout Session with a hosted url', async () => {
    const customer = await stripe.customers.create({ email: 'checkout@acme.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price('pro_yearly_usd'), quantity: 3 }],
      success_url: 'http://localhost:3000/space/billing?checkout=success&session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/checkout/information',
      subscription_data: { metadata: { workspaceId: 'w1' } },
    });
    expect(session).toMatchObject({ mode: 'subscription', status: 'open', customer: customer.id });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toMatch(/^https?:\/\//);
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]).toMatchObject({ quantity: 3, price: { id: price('pro_yearly_usd') } });
  });

  it('creates a customer portal session', async () => {
    const customer = await stripe.customers.create({ email: 'portal@acme.test' });
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:3000/x',
    });
    expect(session.url).toMatch(/^https?:\/\//);
  });
});

emulatorOnly('emulator: hosted pages', () => {
  const form = (url: string, body: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(body), redirect: 'manual' });
  const card = (number: string) => ({
    cardNumber: number,
    expiry: '12 / 40',
    cvc: '123',
    cardholderName: 'Olivia Owens',
  });

  async function openSession(country: string) {
    const customer = await stripe.customers.create({ email: 'hosted@acme.test', address: { country } });
    return stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price('pro_yearly_eur'), quantity: 2 }],
      automatic_tax: { enabled: true },
      success_url: 'http://localhost:3000/ok?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/back',
    });
  }

  it('shows the card page with VAT and completes with the succeeding card', async () => {
    const session = await openSession('FR');
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('Card number');
    expect(html).toContain('Tax (20%)');
    expect(html).toContain('€144.00');
    const response = await form(session.url!, card('4242 4242 4242 4242'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://localhost:3000/ok?session=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect((done.subscription as Stripe.Subscription).status).toBe('active');
  });

  it('shows the decline on the page and creates nothing', async () => {
    const session = await openSession('US');
    const response = await form(session.url!, card('4000 0000 0000 0002'));
    expect(response.status).toBe(402);
    expect(await response.text()).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('sends the 3-D Secure card through the challenge page, then to the success url', async () => {
    const session = await openSession('US');
    const toChallenge = await form(session.url!, card('4000002760003184'));
    const challenge = new URL(toChallenge.headers.get('location')!, emulator!.url).toString();
    expect(await (await fetch(challenge)).text()).toContain('Complete authentication');
    const back = await form(challenge, { action: 'complete' });
    const returnUrl = back.headers.get('location')!;
    expect(returnUrl).toContain('redirect_status=succeeded');
    const final = await fetch(returnUrl, { redirect: 'manual' });
    expect(final.headers.get('location')).toBe(`http://localhost:3000/ok?session=${session.id}`);
  });

  it('lets the 0341 card pay at checkout and fails it at renewal; every retry failing cancels', async () => {
    const session = await openSession('US');
    await form(session.url!, card('4000000000000341'));
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe('active');
    const untilEnd = periodEnd(subscription) - Math.floor(Date.now() / 1000) + emulator!.state.clockOffset;
    emulator!.advanceClock(untilEnd + 60);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');
    emulator!.advanceClock(16 * DAY);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  });

  it('serves the customer portal, where the subscription can be set to end', async () => {
    const { customer } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 1 }],
    });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:3000/back',
    });
    expect(await (await fetch(portal.url)).text()).toContain('Manage billing');
    await form(`${portal.url}/cancel`, {});
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
  });
});

emulatorOnly('emulator: tax', () => {
  it.each([
    ['DE', null, 1900],
    ['FR', 'FR12345678901', 0],
    ['BE', 'BE0123456789', 2100],
    ['US', null, 0],
  ])('previews a first invoice from %s (VAT id %s) with tax %s', async (country, vatId, tax) => {
    const preview = await stripe.invoices.createPreview({
      automatic_tax: { enabled: true },
      customer_details: {
        address: { country },
        ...(vatId === null ? {} : { tax_ids: [{ type: 'eu_vat', value: vatId }] }),
      },
      subscription_details: { items: [{ price: price('pro_yearly_usd'), quantity: 1 }] },
    });
    expect(preview.subtotal).toBe(6000);
    expect(preview.total_taxes?.[0]?.amount).toBe(Math.round((6000 * tax) / 10000));
    expect(preview.amount_due).toBe(6000 + Math.round((6000 * tax) / 10000));
  });
});

emulatorOnly('emulator: webhooks', () => {
  it('signs every event so that constructEvent verifies it', async () => {
    const customer = await stripe.customers.create({
      email: 'hook@acme.test',
      metadata: { workspaceId: 'w9' },
    });
    await waitFor(
      () =>
        received.some((event) => event.type === 'customer.created' && event.data.object.id === customer.id),
      'the webhook',
    );
    expect(rejected).toEqual([]);
  });

  it('is refused by constructEvent with another secret', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('retries a delivery that was answered 500', async () => {
    const customer = await stripe.customers.create({ email: 'retry@acme.test' });
    failCustomer = customer.id;
    await stripe.customers.update(customer.id, { name: 'Retried' });
    const attempts = () =>
      emulator!.deliveries
        .filter((delivery) => failOnce.has(delivery.eventId))
        .map((d) => [d.attempt, d.status]);
    await waitFor(() => attempts().length === 2, 'the retried webhook');
    expect(attempts()).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(
      received.some((event) => event.type === 'customer.updated' && event.data.object.id === customer.id),
    ).toBe(true);
  });
});

describe('idempotency keys (issue 22: every create carries one)', () => {
  it('replays the first answer to a key and refuses the key with other parameters', async () => {
    const key = `contract-${Date.now()}-${Math.random()}`;
    const first = await stripe.customers.create({ email: 'idem@acme.test' }, { idempotencyKey: key });
    const again = await stripe.customers.create({ email: 'idem@acme.test' }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const error = await stripe.customers
      .create({ email: 'other@acme.test' }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(400);
  });
});

describe('one open Checkout Session per space (issue 22)', () => {
  it('lists the open sessions of a customer and expires one, which then cannot be expired again', async () => {
    const customer = await stripe.customers.create({ email: 'tabs@acme.test' });
    const create = () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: price('pro_yearly_usd'), quantity: 1 }],
        success_url: 'http://localhost/ok',
        cancel_url: 'http://localhost/back',
      });
    const first = await create();
    const second = await create();
    const open = await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' });
    expect(open.data.map((session) => session.id).sort()).toEqual([first.id, second.id].sort());
    const expired = await stripe.checkout.sessions.expire(first.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    const still = await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' });
    expect(still.data.map((session) => session.id)).toEqual([second.id]);
    await expect(stripe.checkout.sessions.expire(first.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});

describe('refunds (a duplicate subscription is refunded)', () => {
  it('refunds the payment of a paid invoice in full, once', async () => {
    const { customer } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 1 }],
    });
    const intent = await latestIntent(subscription.id);
    expect(intent.status).toBe('succeeded');
    const refund = await stripe.refunds.create({ payment_intent: intent.id, reason: 'duplicate' });
    expect(refund).toMatchObject({ amount: 6000, status: 'succeeded', reason: 'duplicate' });
    const error = await stripe.refunds.create({ payment_intent: intent.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Stripe.errors.StripeError).code).toBe('charge_already_refunded');
    const listed = await stripe.refunds.list({ payment_intent: intent.id });
    expect(listed.data.map((entry) => entry.id)).toEqual([refund.id]);
  });
});

describe('credits for the unused time of a replaced licence (issue 22)', () => {
  it('credits the unused part of a cancelled subscription to the balance, taken off the next invoice', async () => {
    const { customer, clock } = await customerWithCard('pm_card_visa');
    const licence = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('legacy_team_5_yearly_usd'), quantity: 1 }],
    });
    const paid = (await stripe.invoices.retrieve(licence.latest_invoice as string)).amount_paid;
    const halfway = clock.frozen_time + Math.floor((periodEnd(licence) - clock.frozen_time) / 2);
    await advance(clock, halfway);
    await stripe.subscriptions.cancel(licence.id, { prorate: true, invoice_now: true });
    const credited = await stripe.customers.retrieve(customer.id);
    const balance = (credited as Stripe.Customer).balance;
    expect(balance).toBeLessThan(-Math.floor(paid / 2) + 100);
    expect(balance).toBeGreaterThan(-Math.ceil(paid / 2) - 100);
    const next = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 1 }],
      expand: ['latest_invoice'],
    });
    const invoice = next.latest_invoice as Stripe.Invoice;
    expect(invoice.total).toBe(6000);
    expect(invoice.amount_due).toBe(Math.max(0, 6000 + balance));
  });

  it('adds a credit to the balance with a negative balance transaction', async () => {
    const customer = await stripe.customers.create({ email: 'credit@acme.test' });
    const transaction = await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -1800,
      currency: 'usd',
      description: 'Unused PayPal licence',
    });
    expect(transaction).toMatchObject({ amount: -1800, ending_balance: -1800 });
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(-1800);
  });
});

describe('voiding an abandoned change invoice (issue 22)', () => {
  it('voids an open invoice, which can then not be paid; a paid one cannot be voided', async () => {
    const { customer } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 1 }],
    });
    const paid = subscription.latest_invoice as string;
    await expect(stripe.invoices.voidInvoice(paid)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    const secure = await stripe.paymentMethods.attach('pm_card_authenticationRequired', {
      customer: customer.id,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: secure.id });
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, quantity: 2 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    const open = await stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(open.status).toBe('open');
    const voided = await stripe.invoices.voidInvoice(open.id);
    expect(voided.status).toBe('void');
    await expect(stripe.invoices.pay(open.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});

/*
 * The rest of the calls apps/server makes (issue 22: the contract is complete when a key arrives):
 * each case is a behaviour the server's code relies on.
 */
describe('tax ids kept in step with the billing form (checkout syncVatId)', () => {
  it('lists the tax ids of a customer and deletes one', async () => {
    const customer = await stripe.customers.create({
      email: 'vat-sync@acme.test',
      address: { country: 'DE' },
    });
    const taxId = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' });
    const listed = await stripe.customers.listTaxIds(customer.id, { limit: 100 });
    expect(listed.data.map((entry) => [entry.id, entry.type, entry.value])).toEqual([
      [taxId.id, 'eu_vat', 'DE123456789'],
    ]);
    const deleted = await stripe.customers.deleteTaxId(customer.id, taxId.id);
    expect(deleted).toMatchObject({ id: taxId.id, deleted: true });
    expect((await stripe.customers.listTaxIds(customer.id, { limit: 100 })).data).toEqual([]);
  });
});

describe('lists the server filters by', () => {
  it('lists the subscriptions of a customer without the canceled ones, and all of them with status all', async () => {
    const { customer } = await customerWithCard('pm_card_visa');
    const kept = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 1 }],
    });
    const gone = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_monthly_usd'), quantity: 1 }],
    });
    await stripe.subscriptions.cancel(gone.id);
    const current = await stripe.subscriptions.list({ customer: customer.id, limit: 100 });
    expect(current.data.map((subscription) => subscription.id)).toEqual([kept.id]);
    const all = await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 100 });
    expect(all.data.map((subscription) => subscription.id).sort()).toEqual([kept.id, gone.id].sort());
  });

  it('lists the invoices of a subscription by status', async () => {
    const { customer } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 1 }],
    });
    const secure = await stripe.paymentMethods.attach('pm_card_authenticationRequired', {
      customer: customer.id,
    });
    const updated = await stripe.subscriptions.update(subscription.id, {
      default_payment_method: secure.id,
      items: [{ id: subscription.items.data[0]!.id, quantity: 2 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    const paid = await stripe.invoices.list({ subscription: subscription.id, status: 'paid', limit: 100 });
    expect(paid.data.map((invoice) => invoice.id)).toEqual([subscription.latest_invoice]);
    const open = await stripe.invoices.list({ subscription: subscription.id, status: 'open', limit: 100 });
    expect(open.data.map((invoice) => [invoice.id, invoice.billing_reason])).toEqual([
      [updated.latest_invoice, 'subscription_update'],
    ]);
  });

  it('retrieves a subscription schedule with its phases', async () => {
    const { customer } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 2 }],
    });
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const again = await stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(again).toMatchObject({ id: schedule.id, subscription: subscription.id });
    expect(again.phases[0]!.items[0]).toMatchObject({ price: price('pro_yearly_usd'), quantity: 2 });
    expect(again.phases[0]!.end_date).toBe(periodEnd(subscription));
  });
});

describe('what the pages show before confirming (issue 22: the amount shown is the amount invoiced)', () => {
  it('previews the first invoice of a customer with a credit balance: the balance is taken off', async () => {
    const customer = await stripe.customers.create({
      email: 'balance@acme.test',
      address: { country: 'US' },
    });
    await stripe.customers.createBalanceTransaction(customer.id, { amount: -1800, currency: 'usd' });
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      customer_details: { address: { country: 'US' } },
      subscription_details: { items: [{ price: price('pro_yearly_usd'), quantity: 1 }] },
    });
    expect(preview).toMatchObject({ subtotal: 6000, total: 6000, starting_balance: -1800, amount_due: 4200 });
  });

  it('invoices a seat reduction at once as a credit: negative total, nothing due, the balance credited', async () => {
    const { customer, clock } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 3 }],
    });
    const halfway = clock.frozen_time + Math.floor((periodEnd(subscription) - clock.frozen_time) / 2);
    await advance(clock, halfway);
    const change = {
      items: [{ id: subscription.items.data[0]!.id, quantity: 1 }],
      proration_behavior: 'always_invoice' as const,
      proration_date: halfway,
    };
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: change,
    });
    expect(preview.total).toBeLessThan(0);
    const updated = await stripe.subscriptions.update(subscription.id, {
      ...change,
      payment_behavior: 'pending_if_incomplete',
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ total: preview.total, amount_due: 0, status: 'paid' });
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(preview.total);
  });

  it('replays a subscription update under the same idempotency key: one change, one invoice (a double click)', async () => {
    const { customer } = await customerWithCard('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_yearly_usd'), quantity: 1 }],
    });
    const params: Stripe.SubscriptionUpdateParams = {
      items: [{ id: subscription.items.data[0]!.id, quantity: 3 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    };
    const key = `contract-add-seats-${subscription.id}`;
    const first = await stripe.subscriptions.update(subscription.id, params, { idempotencyKey: key });
    const again = await stripe.subscriptions.update(subscription.id, params, { idempotencyKey: key });
    expect(again.latest_invoice).toBe(first.latest_invoice);
    expect(again.items.data[0]!.quantity).toBe(3);
    const updates = (await stripe.invoices.list({ subscription: subscription.id, limit: 100 })).data.filter(
      (invoice) => invoice.billing_reason === 'subscription_update',
    );
    expect(updates).toHaveLength(1);
  });
});
