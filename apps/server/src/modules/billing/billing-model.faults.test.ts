import {
  billingPath,
  BILLING_PATHS,
  type CheckoutSessionResponse,
  type PaymentInfo,
  type PaymentPlan,
  type PaymentPreviewRequest,
  type SeatRemovalQuote,
  type SubscriptionV1,
} from '@mergedesk/domain/api/billing';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, workspaces } from '../../db/schema';
import { startBillingTest, type BillingTest } from '../../test/billing';
import { bearer } from '../../test/test-app';
import { findCustomerId } from './billing.repo';
import { subscribeSpaceDirectly } from './demo-billing';

/**
 * Issue 22's model-based test: a seeded random sequence of billing actions over demo spaces — buy
 * (with the succeeding, declined and 3-D Secure cards), two tabs, a duplicate that slips past the
 * checks, add seats (also twice at once), remove seats, cycle changes and their cancellation, card
 * changes, 3-D Secure passed and failed, clock advances — with the webhook's events delivered in a
 * random order, some twice and some replayed under a new id. After each step the invariants are
 * checked against the emulator and our database:
 *   - at most one live subscription per space, at Stripe and in our table, and they agree;
 *   - the seats granted equal the seats paid (Stripe's quantity, never a pending one);
 *   - at most one open payment per pending change;
 *   - a space without a live subscription is on Free (and so can buy again);
 *   - every amount shown before confirming equals the invoice Stripe creates: before each action
 *     that charges (buy, add seats, plan switch) the test asks the preview the page shows
 *     (POST …/checkout/v2/info, prorated for a change of the running subscription), then reads
 *     the invoice the emulator created (through its API, not our table): its total, tax and the
 *     credit applied are the ones shown. What the page announces for the renewal ("then $X per
 *     year", the cycle change's and the seat removal's new price) is checked against the renewal
 *     invoices the clock advances create; an action that shows nothing due today creates no invoice;
 *   - no action is answered with a 5xx.
 * BILLING_MODEL_SEED picks the sequence (printed on failure), BILLING_MODEL_STEPS its length.
 */
const SEED = Number(process.env.BILLING_MODEL_SEED ?? Date.now() % 1_000_000);
const STEPS = Number(process.env.BILLING_MODEL_STEPS ?? 200);
const LIVE = new Set(['active', 'past_due', 'trialing']);
const DAY = 86_400;
// Subscriptions end too (stopped in the portal, cancelled by support), so spaces buy again.

/** mulberry32: small, seedable, good enough to pick actions. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

type Space = { name: string; id: string; owner: string; token: string; country: string };

describe(`billing model (seed ${SEED}, ${STEPS} steps)`, () => {
  let billing: BillingTest;
  let spaces: Space[];
  let prices: Map<string, string>;
  const delivered = new Set<string>();
  const log: string[] = [];
  const refusals: string[] = [];
  const rng = random(SEED);

  beforeAll(async () => {
    billing = await startBillingTest();
    const owners: [string, string][] = [
      ["Sam's space", 'sam@acme.test'],
      ['Acme Sales', 'olivia@acme.test'],
    ];
    spaces = await Promise.all(
      owners.map(async ([name, owner]) => ({
        name,
        owner,
        id: billing.spaces[name]!,
        token: await billing.t.signIn(owner),
        // One space buys in euros with German VAT, so the tax shown is checked too.
        country: name === "Sam's space" ? 'DE' : 'US',
      })),
    );
    await subscribeSpaceDirectly(billing.context, billing.spaces['Acme Sales']!, {
      lookupKey: 'pro_yearly_usd',
      quantity: 8,
    });
    const plans = await billing.t.app.inject({
      method: 'GET',
      url: BILLING_PATHS.paymentPlans,
      headers: bearer(spaces[0]!.token),
    });
    prices = new Map(
      plans.json<{ items: PaymentPlan[] }>().items.map((plan) => [plan.lookupKey, plan.stripePriceId]),
    );
    await markInvoicesSeen();
  });
  afterAll(async () => {
    await billing.close();
  });

  const stripe = () => billing.testStripe.stripe;
  const call = async (
    space: Space,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const response = await billing.t.app.inject({
      method,
      url,
      headers: bearer(space.token),
      ...(payload === undefined ? {} : { payload }),
    });
    // No action a person can take is answered with a server error.
    if (response.statusCode >= 500)
      throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
    return response;
  };
  const active = async (space: Space): Promise<SubscriptionV1 | undefined> =>
    // With its plans, as the billing page asks (the remove-seats step needs the plan's price id).
    (
      await call(
        space,
        'GET',
        `${billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: space.id })}?includePlans=true`,
      )
    )
      .json<{ items: SubscriptionV1[] }>()
      .items.find((item) => item.subscriptionStatus === 'ACTIVE');
  const customerOf = (space: Space) => findCustomerId(billing.t.db, space.id);
  const liveAtStripe = async (space: Space): Promise<Stripe.Subscription[]> => {
    const customer = await customerOf(space);
    if (customer === undefined) return [];
    const all = await stripe().subscriptions.list({ customer, status: 'all', limit: 100 });
    return all.data.filter((subscription) => LIVE.has(subscription.status));
  };

  // ---------------------------------------------------------------- the amounts shown

  /** The amount a page shows before its confirm button (POST …/checkout/v2/info), or null if refused. */
  const showPrice = async (
    space: Space,
    request: PaymentPreviewRequest,
    prorated: boolean,
  ): Promise<PaymentInfo | null> => {
    const url = billingPath(BILLING_PATHS.checkoutInfoV2, { workspaceId: space.id });
    const response = await call(
      space,
      'POST',
      prorated ? `${url}?previewProratedChanges=true` : url,
      request,
    );
    return response.statusCode === 200 ? response.json<PaymentInfo>() : null;
  };
  const seatsOf = (current: SubscriptionV1) => current.seatInfo.totalSeats ?? 1;
  /** The preview request of a change of the running subscription, as the change pages build it. */
  const changeRequest = (
    current: SubscriptionV1,
    change: { quantity?: number; workspacePlan?: 'PRO' | 'PREMIUM'; billingInterval?: 'YEARLY' | 'MONTHLY' },
  ): PaymentPreviewRequest => ({
    country: current.country,
    purchaseType: current.purchaseType,
    billingInterval: change.billingInterval ?? current.billingInterval,
    workspacePlan: change.workspacePlan ?? (current.workspacePlan === 'PREMIUM' ? 'PREMIUM' : 'PRO'),
    seatPlans: [{ userPlan: 'PRO', quantity: change.quantity ?? seatsOf(current) }],
  });
  const stripeIdOf = async (current: SubscriptionV1): Promise<string> => {
    const [row] = await billing.t.db
      .select({ id: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(eq(subscriptions.id, current.subscriptionId));
    return row!.id!;
  };

  /** Invoices already looked at (marked after each step): a step's new invoices are its own. */
  const seenInvoices = new Set<string>();
  const invoicesOf = async (space: Space): Promise<Stripe.Invoice[]> => {
    const customer = await customerOf(space);
    if (customer === undefined) return [];
    return stripe().invoices.list({ customer, limit: 100 }).autoPagingToArray({ limit: 10_000 });
  };
  const newInvoices = async (space: Space) =>
    (await invoicesOf(space)).filter((invoice) => !seenInvoices.has(invoice.id));
  const markInvoicesSeen = async () => {
    for (const space of spaces) for (const invoice of await invoicesOf(space)) seenInvoices.add(invoice.id);
  };
  const subscriptionOfInvoice = (invoice: Stripe.Invoice) => {
    const subscription = invoice.parent?.subscription_details?.subscription;
    return typeof subscription === 'string' ? subscription : subscription?.id;
  };
  const newChangeInvoices = async (space: Space, current: SubscriptionV1) => {
    const stripeId = await stripeIdOf(current);
    return (await newInvoices(space)).filter(
      (invoice) =>
        invoice.billing_reason === 'subscription_update' && subscriptionOfInvoice(invoice) === stripeId,
    );
  };
  const describeInvoice = (invoice: Stripe.Invoice) =>
    `${invoice.id} (${invoice.billing_reason}, ${invoice.status}): total ${invoice.total}, due ${invoice.amount_due}, lines ${invoice.lines.data
      .map((line) => `${line.description} ${line.amount}`)
      .join('; ')}`;
  /** The invoice is what was shown: the amount charged today, the credit taken off it, the tax rate. */
  const expectInvoiceAsShown = (space: Space, what: string, invoice: Stripe.Invoice, shown: PaymentInfo) => {
    const where = `${space.name}: ${what} showed ${shown.chargedToday} ${shown.currency} (credit ${shown.creditApplied ?? 0}, tax ${shown.taxRate} %), Stripe invoiced ${describeInvoice(invoice)}`;
    expect(invoice.currency, where).toBe(shown.currency.toLowerCase());
    expect(Math.max(0, invoice.total), where).toBe(shown.chargedToday);
    expect(invoice.amount_due, where).toBe(shown.chargedToday - (shown.creditApplied ?? 0));
    const tax = (invoice.total_taxes ?? []).reduce((sum, entry) => sum + entry.amount, 0);
    if (shown.taxRate === 0) expect(tax, where).toBe(0);
    else {
      // The page shows the rate: the tax is that rate of the amount before tax (per-line rounding).
      const net = invoice.total_excluding_tax ?? invoice.total - tax;
      expect(Math.abs(tax - (net * shown.taxRate) / 100), where).toBeLessThanOrEqual(
        invoice.lines.data.length,
      );
    }
  };
  /** A change of the running subscription charged what its page showed, or nothing if refused. */
  const expectChangeCharged = async (
    space: Space,
    current: SubscriptionV1,
    accepted: boolean,
    shown: PaymentInfo | null,
    what: string,
  ): Promise<string> => {
    const invoices = await newChangeInvoices(space, current);
    if (!accepted) {
      expect(invoices.map(describeInvoice), `${space.name}: a refused ${what} invoices nothing`).toEqual([]);
      return 'nothing invoiced';
    }
    expect(shown, `${space.name}: the ${what} page showed a price`).not.toBeNull();
    expect(
      invoices.length,
      `${space.name}: invoices of one ${what}: ${invoices.map(describeInvoice).join(' | ')}`,
    ).toBeLessThanOrEqual(1);
    const [invoice] = invoices;
    const stripeId = await stripeIdOf(current);
    if (invoice === undefined) {
      expect(shown!.chargedToday, `${space.name}: ${what} invoiced nothing`).toBe(0);
      expectRenewal(stripeId, shown!.totalAmount, what);
      return 'nothing due';
    }
    expectInvoiceAsShown(space, what, invoice, shown!);
    // A change waiting for its payment (3-D Secure) may never apply: its renewal is not known.
    if (invoice.status === 'paid') expectRenewal(stripeId, shown!.totalAmount, what);
    else renewals.delete(stripeId);
    return `invoiced ${invoice.total} (${invoice.status})`;
  };

  /** What the page last announced for a subscription's renewal ("then $X per year"), by Stripe id. */
  const renewals = new Map<string, { amount: number; what: string }>();
  const expectRenewal = (stripeId: string, amount: number, what: string) => {
    renewals.set(stripeId, { amount, what });
  };
  /** Every renewal since the last step costs what was announced for it. */
  const checkRenewals = async (): Promise<string[]> => {
    const renewed: string[] = [];
    for (const space of spaces) {
      for (const invoice of await newInvoices(space)) {
        const stripeId = subscriptionOfInvoice(invoice);
        const announced = stripeId === undefined ? undefined : renewals.get(stripeId);
        if (invoice.billing_reason !== 'subscription_cycle' || announced === undefined) continue;
        expect(
          invoice.total,
          `${space.name}: the renewal announced by ${announced.what} (${announced.amount}) is ${describeInvoice(invoice)}`,
        ).toBe(announced.amount);
        renewed.push(`${space.name} ${invoice.total}`);
      }
    }
    return renewed;
  };

  const currencyOf = (space: Space) => (space.country === 'US' ? 'usd' : 'eur');
  const sessionBody = (space: Space, quantity: number) => ({
    workspaceId: space.id,
    addressInfo: { country: space.country, city: 'Springfield', street: '1 Main St' },
    customerName: 'Model Buyer',
    isB2BTransaction: false,
    goBackUrl: `${billing.t.config.PUBLIC_URL}/checkout/details`,
    stripePlans: [{ stripePriceId: prices.get(`pro_yearly_${currencyOf(space)}`)!, quantity }],
  });
  /** A Checkout Session with the amount its summary showed before 'Next: Checkout', or null if refused. */
  const createSession = async (space: Space) => {
    const quantity = rng.int(1, 4);
    // The checkout's order summary (order-summary.tsx): the first invoice and the renewal.
    const shown = await showPrice(
      space,
      {
        country: space.country,
        purchaseType: 'B2C',
        billingInterval: 'YEARLY',
        workspacePlan: 'PRO',
        seatPlans: [{ userPlan: 'PRO', quantity }],
      },
      false,
    );
    const response = await call(
      space,
      'POST',
      billingPath(BILLING_PATHS.checkoutSessionV2, { workspaceId: space.id }),
      sessionBody(space, quantity),
    );
    if (response.statusCode !== 200) {
      refusals.push(`${response.statusCode} ${response.json<{ message: string }>().message}`);
      return null;
    }
    const session = response.json<CheckoutSessionResponse>();
    expect(shown, `${space.name}: the checkout summary showed a price`).not.toBeNull();
    return { ...session, shown: shown! };
  };
  /** After paying: the first invoice of the session's subscription is what the summary showed. */
  const expectCheckoutCharged = async (
    space: Space,
    session: NonNullable<Awaited<ReturnType<typeof createSession>>>,
  ) => {
    const paid = await stripe().checkout.sessions.retrieve(session.stripeCheckoutSessionId);
    const subscriptionId = typeof paid.subscription === 'string' ? paid.subscription : paid.subscription?.id;
    if (subscriptionId == null) return 'nothing created';
    const first = (
      await stripe()
        .invoices.list({ subscription: subscriptionId, limit: 100 })
        .autoPagingToArray({ limit: 1000 })
    ).filter((invoice) => invoice.billing_reason === 'subscription_create');
    expect(first, `${space.name}: first invoices of ${subscriptionId}`).toHaveLength(1);
    expectInvoiceAsShown(space, 'checkout', first[0]!, session.shown);
    if (first[0]!.status === 'paid') expectRenewal(subscriptionId, session.shown.totalAmount, 'checkout');
    else renewals.delete(subscriptionId);
    return first[0]!.status ?? 'no status';
  };
  const CARDS = ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0027 6000 3184'] as const;
  /** Pays a hosted checkout with a random card; a 3-D Secure step is passed or failed at random. */
  const payCheckout = async (url: string) => {
    const card = rng.pick(CARDS);
    const paid = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ cardNumber: card, expiry: '12 / 40', cvc: '123', cardholderName: 'Model' }),
    });
    const location = paid.headers.get('location');
    if (paid.status === 303 && location !== null && location.includes('/3ds/')) {
      const challenge = new URL(location, url);
      const answered = await fetch(challenge, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ action: rng.chance(0.6) ? 'complete' : 'fail' }),
      });
      const back = answered.headers.get('location');
      if (back !== null) await fetch(new URL(back, url), { redirect: 'manual' });
    }
    return card;
  };
  const setCard = async (space: Space, card: string) => {
    const customer = await customerOf(space);
    const [live] = await liveAtStripe(space);
    if (customer === undefined || live === undefined) return;
    const method = await stripe()
      .paymentMethods.attach(card, { customer })
      .catch(() => null);
    if (method === null) return; // the declined card cannot even be attached
    await stripe().subscriptions.update(live.id, { default_payment_method: method.id });
  };
  const answerChallenge = async (space: Space, pass: boolean) => {
    for (const live of await liveAtStripe(space)) {
      const invoiceId =
        typeof live.latest_invoice === 'string' ? live.latest_invoice : live.latest_invoice?.id;
      if (invoiceId == null) continue;
      const invoice = await stripe().invoices.retrieve(invoiceId);
      const payment = invoice.payments?.data[0]?.payment.payment_intent;
      const intentId = typeof payment === 'string' ? payment : payment?.id;
      if (intentId === undefined) continue;
      const intent = await stripe().paymentIntents.retrieve(intentId);
      if (intent.status !== 'requires_action') continue;
      await fetch(`${billing.testStripe.emulator.url}/3ds/${intent.id}`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ action: pass ? 'complete' : 'fail' }),
      });
    }
  };

  /** Every new event, in a random order; some delivered twice, some again under a new id. */
  const deliverEvents = async () => {
    for (let page = 0; page < 5; page += 1) {
      const events = (await stripe().events.list({ limit: 100 })).data.filter(
        (event) => !delivered.has(event.id),
      );
      if (events.length === 0) return;
      for (let index = events.length - 1; index > 0; index -= 1) {
        const other = rng.int(0, index);
        [events[index], events[other]] = [events[other]!, events[index]!];
      }
      for (const event of events) {
        delivered.add(event.id);
        const response = await billing.deliver(event);
        if (response.statusCode !== 200)
          throw new Error(`webhook ${event.type} → ${response.statusCode} ${response.body}`);
        if (rng.chance(0.1)) await billing.deliver(event);
        if (rng.chance(0.05))
          await billing.deliver({ ...event, id: `${event.id}_replayed_${rng.int(0, 1e6)}` });
      }
    }
  };

  const actions: Record<string, (space: Space) => Promise<string>> = {
    buy: async (space) => {
      const session = await createSession(space);
      if (session === null) return `refused (${refusals.at(-1)})`;
      const card = await payCheckout(session.url);
      return `paid with ${card}: ${await expectCheckoutCharged(space, session)}`;
    },
    twoTabs: async (space) => {
      const first = await createSession(space);
      const second = await createSession(space);
      const results: string[] = [];
      for (const session of rng.chance(0.5) ? [first, second] : [second, first]) {
        if (session === null) continue;
        const card = await payCheckout(session.url);
        results.push(`${card} ${await expectCheckoutCharged(space, session)}`);
      }
      return `two tabs: ${results.join(', ') || 'refused'}`;
    },
    duplicateAtStripe: async (space) => {
      // A second live subscription the checks missed (a race): the webhook must refund it.
      const customer = await customerOf(space);
      if (customer === undefined || (await liveAtStripe(space)).length === 0) return 'skipped';
      const method = await stripe().paymentMethods.attach('pm_card_visa', { customer });
      await stripe().subscriptions.create({
        customer,
        items: [{ price: prices.get(`pro_yearly_${currencyOf(space)}`)!, quantity: 1 }],
        default_payment_method: method.id,
        metadata: { workspaceId: space.id },
      });
      return 'created';
    },
    addSeats: async (space) => {
      const current = await active(space);
      if (current === undefined) return 'no subscription';
      const url = billingPath(BILLING_PATHS.seats, {
        workspaceId: space.id,
        subscriptionId: current.subscriptionId,
      });
      const added = rng.int(1, 2);
      // The add-seats page (add-seats-page.tsx): the prorated charge of the new seat total.
      const shown = await showPrice(
        space,
        changeRequest(current, { quantity: seatsOf(current) + added }),
        true,
      );
      // With the total the page showed, as the add-seats page sends it.
      const body = { seatPlans: [{ userPlan: 'PRO', quantity: added }], fromSeats: seatsOf(current) };
      const clicks = rng.chance(0.3) ? 2 : 1;
      const responses = await Promise.all(
        Array.from({ length: clicks }, () => call(space, 'POST', url, body)),
      );
      const codes = responses.map((response) => response.statusCode).join('+');
      const accepted = responses.some((response) => response.statusCode === 200);
      return `${codes}: ${await expectChangeCharged(space, current, accepted, shown, 'add seats')}`;
    },
    switchPlan: async (space) => {
      const current = await active(space);
      if (current === undefined || (current.workspacePlan !== 'PRO' && current.workspacePlan !== 'PREMIUM'))
        return 'no subscription';
      const workspacePlan = current.workspacePlan === 'PRO' ? 'PREMIUM' : 'PRO';
      // The plan review: the prorated charge of the other plan at the same seats.
      const shown = await showPrice(space, changeRequest(current, { workspacePlan }), true);
      const response = await call(
        space,
        'PUT',
        billingPath(BILLING_PATHS.subscriptionV1, {
          workspaceId: space.id,
          subscriptionId: current.subscriptionId,
        }),
        { workspacePlan },
      );
      const accepted = response.statusCode === 200;
      return `${workspacePlan} → ${response.statusCode}: ${await expectChangeCharged(space, current, accepted, shown, 'plan switch')}`;
    },
    removeSeats: async (space) => {
      const current = await active(space);
      const plan = current?.subscriptionPaymentPlans?.[0];
      if (current === undefined || plan === undefined) return 'no subscription';
      const target = Math.max(1, (current.seatInfo.totalSeats ?? 1) - rng.int(1, 2));
      const ids = { workspaceId: space.id, subscriptionId: current.subscriptionId };
      const body = {
        subscriptionPlanSeats: [{ paymentPlanId: plan.paymentPlanId, targetSeatsQuantity: target }],
      };
      // The remove-seats review: nothing today, the renewal at the new total.
      const quote = await call(space, 'POST', billingPath(BILLING_PATHS.seatRemovalQuote, ids), body);
      const response = await call(space, 'POST', billingPath(BILLING_PATHS.scheduledRemovals, ids), body);
      if (response.statusCode === 200) {
        expect(quote.statusCode, `${space.name}: the removal was quoted`).toBe(200);
        const shown = quote.json<SeatRemovalQuote>();
        expect(shown.chargedToday, `${space.name}: removal charged today`).toBe(0);
        expect(await newChangeInvoices(space, current), `${space.name}: invoices of a removal`).toEqual([]);
        expectRenewal(await stripeIdOf(current), shown.nextAmount, 'seat removal');
      }
      return String(response.statusCode);
    },
    cycleChange: async (space) => {
      const current = await active(space);
      if (current === undefined) return 'no subscription';
      const url = billingPath(BILLING_PATHS.subscriptionV1, {
        workspaceId: space.id,
        subscriptionId: current.subscriptionId,
      });
      const cancel = current.scheduledChanges !== null && rng.chance(0.5);
      const billingInterval = current.billingInterval === 'YEARLY' ? 'MONTHLY' : 'YEARLY';
      const body = cancel ? { cancelScheduledBillingIntervalChange: true } : { billingInterval };
      // The cycle-change summary (cycle-change-summary-page.tsx): nothing today, then the new price.
      const shown = cancel ? null : await showPrice(space, changeRequest(current, { billingInterval }), true);
      const status = (await call(space, 'PUT', url, body)).statusCode;
      if (status === 200) {
        expect(await newChangeInvoices(space, current), `${space.name}: invoices of a cycle change`).toEqual(
          [],
        );
        // A cancelled change renews at the price shown before it (forgotten here: not tracked back).
        if (shown === null) renewals.delete(await stripeIdOf(current));
        else {
          expect(shown.chargedToday, `${space.name}: cycle change charged today`).toBe(0);
          expectRenewal(await stripeIdOf(current), shown.totalAmount, 'cycle change');
        }
      }
      return `${JSON.stringify(body)} → ${status}`;
    },
    changeCard: async (space) => {
      const card = rng.pick(['pm_card_visa', 'pm_card_authenticationRequired', 'pm_card_chargeCustomerFail']);
      await setCard(space, card);
      return card;
    },
    passChallenge: async (space) => {
      await answerChallenge(space, true);
      return 'passed';
    },
    failChallenge: async (space) => {
      await answerChallenge(space, false);
      return 'failed';
    },
    stopRenewal: async (space) => {
      // As the customer portal does: the subscription ends at its period end.
      const [live] = await liveAtStripe(space);
      if (live === undefined) return 'no subscription';
      await stripe().subscriptions.update(live.id, { cancel_at_period_end: true });
      return 'ends at the period end';
    },
    cancelNow: async (space) => {
      // As support does at Stripe: cancelled at once.
      const [live] = await liveAtStripe(space);
      if (live === undefined) return 'no subscription';
      await stripe().subscriptions.cancel(live.id);
      return 'cancelled';
    },
    advanceClock: async () => {
      const days = rng.pick([1, 3, 8, 20, 40]);
      billing.testStripe.emulator.advanceClock(days * DAY);
      // Renewals, retries and period ends run at once; their webhooks follow. Each renewal is
      // the amount the page announced for it.
      const renewed = await checkRenewals();
      return `${days} days${renewed.length === 0 ? '' : `: renewed ${renewed.join(', ')}`}`;
    },
    untilRenewal: async (space) => {
      // To just past the period end of the space's subscription: its renewal (or the scheduled
      // change) runs, and costs what was announced.
      const [live] = await liveAtStripe(space);
      if (live === undefined) return 'no subscription';
      const emulator = billing.testStripe.emulator;
      const now = Math.floor(Date.now() / 1000) + emulator.state.clockOffset;
      emulator.advanceClock(Math.max(0, live.items.data[0]!.current_period_end - now) + 3600);
      const renewed = await checkRenewals();
      return renewed.length === 0 ? 'no renewal checked' : `renewed ${renewed.join(', ')}`;
    },
  };
  const WEIGHTS: [keyof typeof actions, number][] = [
    ['buy', 3],
    ['twoTabs', 2],
    ['duplicateAtStripe', 1],
    ['addSeats', 4],
    ['switchPlan', 1],
    ['removeSeats', 1],
    ['cycleChange', 2],
    ['changeCard', 2],
    ['passChallenge', 2],
    ['failChallenge', 1],
    ['advanceClock', 3],
    ['untilRenewal', 1],
    ['stopRenewal', 1],
    ['cancelNow', 1],
  ];
  const pickAction = () => {
    const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = rng.next() * total;
    for (const [name, weight] of WEIGHTS) {
      roll -= weight;
      if (roll < 0) return name;
    }
    return WEIGHTS[0]![0];
  };

  const checkInvariants = async () => {
    for (const space of spaces) {
      const live = await liveAtStripe(space);
      const rows = await billing.t.db
        .select({ id: subscriptions.stripeSubscriptionId, status: subscriptions.status })
        .from(subscriptions)
        .where(and(eq(subscriptions.workspaceId, space.id), eq(subscriptions.status, 'ACTIVE')));
      // At most one live subscription per space, at Stripe and in our table, and the same one.
      expect(
        live.map((subscription) => subscription.id),
        `${space.name}: live at Stripe`,
      ).toHaveLength(Math.min(1, live.length));
      expect(rows.length, `${space.name}: ACTIVE rows`).toBeLessThanOrEqual(1);
      expect(
        rows.map((row) => row.id),
        `${space.name}: our ACTIVE row is Stripe's live one`,
      ).toEqual(live.map((subscription) => subscription.id));
      const [space_] = await billing.t.db
        .select({ plan: workspaces.plan, seatTotal: workspaces.seatTotal })
        .from(workspaces)
        .where(eq(workspaces.id, space.id));
      const subscription = live[0];
      if (subscription === undefined) {
        expect(space_!.plan, `${space.name}: plan without a subscription`).toBe('FREE');
        continue;
      }
      // The seats granted equal the seats paid: Stripe's quantity (a pending one is not applied).
      expect(space_!.seatTotal, `${space.name}: seats granted`).toBe(subscription.items.data[0]!.quantity);
      // At most one open payment per pending change.
      const open = (
        await stripe().invoices.list({ subscription: subscription.id, status: 'open', limit: 100 })
      ).data;
      const changeInvoices = open.filter((invoice) => invoice.billing_reason === 'subscription_update');
      expect(changeInvoices.length, `${space.name}: open change invoices`).toBeLessThanOrEqual(1);
    }
  };

  it('keeps every invariant over a random sequence of billing actions', { timeout: 900_000 }, async () => {
    try {
      for (let step = 0; step < STEPS; step += 1) {
        const space = rng.pick(spaces);
        const name = pickAction();
        const outcome = await actions[name]!(space);
        log.push(`${step}: ${name} on ${space.name}: ${outcome}`);
        await deliverEvents();
        await checkInvariants();
        await markInvoicesSeen();
      }
      if (process.env.BILLING_MODEL_LOG !== undefined) console.log(log.join('\n'));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(
        `billing model failed with BILLING_MODEL_SEED=${SEED} (steps so far below)\n${log.slice(-25).join('\n')}\n${message}`,
        { cause: error },
      );
    }
  });
});
