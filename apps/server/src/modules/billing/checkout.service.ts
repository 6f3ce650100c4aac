import { CHECKOUT_SESSION_QUERY_PARAM } from '@mergedesk/domain/api/billing';
import type {
  CheckoutOutcome,
  CheckoutSessionResponse,
  CheckoutSessionV1Body,
  CheckoutSessionV2Body,
  PaymentInfo,
  PaymentPreviewRequest,
} from '@mergedesk/domain/api/billing';
import { checkoutFormSchema, isVatIdError } from '@mergedesk/domain/billing/checkout-form';
import { LEGACY_CHECKOUT_MESSAGES, planPaidUsers } from '@mergedesk/domain/billing/legacy-checkout';
import { BILLING_MESSAGES, BILLING_REFUSALS } from '@mergedesk/domain/billing/messages';
import {
  BILLING_PRODUCT_DEFINITIONS,
  findCatalogPrice,
  isPriceOffered,
  priceLookupKey,
  seatProductFor,
  type CatalogPrice,
} from '@mergedesk/domain/billing/prices';
import { currencyForCountry, isEuCountry, taxRateFor, withTax } from '@mergedesk/domain/billing/tax';
import type { FieldError } from '@mergedesk/domain/errors/error-codes';
import { MAX_SEATS } from '@mergedesk/domain/members/seats';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import type Stripe from 'stripe';
import type { MembershipRecord, UserRecord } from '../../db/records';
import { AppError } from '../../lib/app-error';
import { ownUrl, stripeOf, type BillingContext } from './billing-context';
import { findActiveSubscription, findCustomerId, lockBillingOf, type SubscriptionRow } from './billing.repo';
import { ensureCustomer } from './customers.service';
import { idempotencyKey } from './idempotency';
import { assertPerUser } from './legacy-checkout.service';
import { checkedPaidUsers, scheduledDowngradeEmails } from './legacy-users.service';
import { paidMembersMetadata } from './paid-members';
import {
  catalogPriceOf,
  duplicateRefundOf,
  idOf,
  licenceCreditOf,
  periodAmount,
  REPLACES_PAYPAL_LICENCE_KEY,
  REPLACES_SUBSCRIPTION_KEY,
  syncStripeSubscription,
} from './stripe-sync.service';
import { sellablePrice } from './subscriptions.service';

/** Spec 001 §7 checkout calls: the payment preview and the Checkout Session. */

/**
 * Expires the space's open Checkout Sessions (Stripe's checkout.sessions.expire); a session that
 * completed or expired meanwhile is left as it is. Returns the ids it expired.
 */
async function expireOpenSessions(stripe: Stripe, customer: string, workspaceId: string): Promise<string[]> {
  const open = await stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 });
  const expired: string[] = [];
  for (const session of open.data) {
    if (session.metadata?.workspaceId !== undefined && session.metadata.workspaceId !== workspaceId) continue;
    try {
      await stripe.checkout.sessions.expire(session.id);
      expired.push(session.id);
    } catch (error) {
      if ((error as { code?: string }).code !== 'checkout_session_not_open') throw error;
    }
  }
  return expired;
}

const DAY_SECONDS = 24 * 60 * 60;

/** Stripe statuses of a subscription that is (still) the customer's: paid, or being retried. */
const LIVE_STRIPE_STATUSES: ReadonlySet<Stripe.Subscription.Status> = new Set([
  'active',
  'past_due',
  'trialing',
]);

/** The caller buys for a Gmail account (PRO_PERSONAL) or a domain one. */
const isGmailBuyer = (user: UserRecord): boolean => isGmailAddress(user.email);

async function stripePriceFor(stripe: Stripe, catalog: CatalogPrice): Promise<Stripe.Price> {
  const [price] = (await stripe.prices.list({ lookup_keys: [catalog.lookupKey], active: true })).data;
  if (price === undefined) throw new AppError('INTERNAL', BILLING_MESSAGES.PAYMENT_CLIENT_MISSING);
  return price;
}

/** The catalogue price of a preview request: per seat for the buyer's account type, or 400. */
function previewCatalogPrice(request: PaymentPreviewRequest, gmail: boolean): CatalogPrice {
  const currency = currencyForCountry(request.country);
  const wantsPersonal = (request.seatPlans ?? []).some((plan) => plan.userPlan === 'PRO_PERSONAL');
  const product = seatProductFor(request.workspacePlan, gmail || wantsPersonal);
  const catalog = isPriceOffered(request.billingInterval, currency)
    ? findCatalogPrice(priceLookupKey(product, request.billingInterval, currency))
    : undefined;
  if (catalog === undefined) {
    throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.PRICE_UNKNOWN, {
      fieldErrors: [{ field: 'billingInterval', message: BILLING_MESSAGES.PRICE_UNKNOWN }],
    });
  }
  return catalog;
}

/**
 * Seats of a preview: the seat plans' quantities; in a per-user space without seat plans, the paid
 * users — for a change of a card-paid subscription, those paid now after `userUpdates` (users made
 * free stay paid until the period end), checked as the PUT checks them; for a purchase, the users
 * `userUpdates` makes paid, checked as the v1 session checks its userIds. At least 1.
 * `atRenewal`: those paid from the next renewal on — without the users made free by this change or
 * by one already scheduled (issue 22: the options page showed today's price, not the renewal's).
 */
async function previewQuantity(
  context: BillingContext,
  membership: MembershipRecord,
  request: PaymentPreviewRequest,
  current: SubscriptionRow | undefined,
): Promise<{ now: number; atRenewal: number }> {
  const seats = (request.seatPlans ?? []).reduce((sum, plan) => sum + plan.quantity, 0);
  let quantity = seats;
  let atRenewal = seats;
  if (seats === 0 && membership.workspace.billingModel === 'PER_USER') {
    const updates = request.userUpdates ?? [];
    const changing = current?.paymentSource === 'STRIPE' && current.workspacePlan !== 'LEGACY';
    // A change lists the users whose plan changes; a purchase the users it makes paid (its userIds).
    const {
      current: paid,
      target,
      members,
    } = await checkedPaidUsers(
      context.db,
      membership.workspace,
      changing
        ? { changes: updates, field: 'userUpdates' }
        : {
            paidIds: updates.filter((update) => update.userPlan !== 'FREE').map((update) => update.userId),
            field: 'userUpdates',
          },
      request.workspacePlan,
    );
    quantity = changing ? planPaidUsers(paid, target).paidNow.length : target.length;
    atRenewal = target.length;
    if (changing) {
      // Users already scheduled to become free are still paid now (so in `target`), not at renewal,
      // unless this change makes them paid again.
      const scheduledFree = await scheduledDowngradeEmails(context.db, membership.workspace.id);
      const madePaid = new Set(updates.filter((update) => update.userPlan !== 'FREE').map((u) => u.userId));
      const emailOf = new Map(members.map((row) => [row.id, row.email]));
      atRenewal = target.filter((id) => madePaid.has(id) || !scheduledFree.has(emailOf.get(id)!)).length;
    }
  }
  if (quantity > MAX_SEATS) {
    throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.TOO_MANY_SEATS, {
      fieldErrors: [{ field: 'seatPlans', message: BILLING_MESSAGES.TOO_MANY_SEATS }],
    });
  }
  return { now: Math.max(1, quantity), atRenewal: Math.max(1, atRenewal) };
}

/**
 * POST …/stripe/checkout/v1|v2/info: what a purchase or a change costs. A purchase is previewed
 * with Stripe's invoices.createPreview (the first invoice of the items); with
 * previewProratedChanges and a card-paid subscription, the change of quantity or plan is previewed
 * as Stripe would invoice it now (always_invoice) — an interval change applies at the period end
 * and charges nothing today. Tax is the rate of the country and purchase type (EU VAT).
 */
export async function previewPayment(
  context: BillingContext,
  caller: { user: UserRecord; membership: MembershipRecord },
  request: PaymentPreviewRequest,
  previewProratedChanges: boolean,
): Promise<PaymentInfo> {
  const stripe = stripeOf(context);
  const catalog = previewCatalogPrice(request, isGmailBuyer(caller.user));
  const current = await findActiveSubscription(context.db, caller.membership.workspace.id);
  const { now: quantity, atRenewal } = await previewQuantity(context, caller.membership, request, current);
  const taxRate = taxRateFor({
    country: request.country,
    isBusinessPurchase: request.purchaseType === 'B2B',
  });
  const price = await stripePriceFor(stripe, catalog);
  // What the next full period costs: the paid users from the renewal on (per user), not today's.
  const nextPeriod = periodAmount(catalog, atRenewal);
  const base = {
    totalAmount: withTax(nextPeriod, taxRate),
    taxRate,
    currency: catalog.currency,
    currentBillingInterval: current?.billingInterval ?? null,
    targetBillingInterval: catalog.billingInterval,
    currentAmount: current === undefined ? 0 : withTax(current.amount, current.taxRate),
    // A switch from a legacy licence credits its unused part (issue 22), shown before confirming.
    legacyCredit:
      current?.workspacePlan === 'LEGACY' &&
      (current.paymentSource === 'STRIPE' || current.paymentSource === 'PAYPAL')
        ? licenceCreditOf(current, catalog.currency)
        : 0,
  };

  const proratable =
    previewProratedChanges &&
    current !== undefined &&
    current.paymentSource === 'STRIPE' &&
    current.stripeSubscriptionId !== null;
  if (!proratable) {
    // The space's customer, when it has one: Stripe takes its credit balance (a downgrade's
    // credit, a replaced licence's) off the first invoice, and the summary must say so (issue 22).
    const customer = await findCustomerId(context.db, caller.membership.workspace.id);
    const preview = await stripe.invoices.createPreview({
      ...(customer === undefined ? {} : { customer }),
      customer_details: { address: { country: request.country } },
      subscription_details: { items: [{ price: price.id, quantity }] },
    });
    const chargedToday = withTax(preview.subtotal, taxRate);
    return {
      ...base,
      chargedToday,
      creditApplied: Math.min(chargedToday, Math.max(0, -(preview.starting_balance ?? 0))),
      proratedDays: 0,
      stripePlans: [{ stripePriceId: price.id, totalAmount: preview.subtotal, quantity }],
    };
  }
  if (current.billingInterval !== catalog.billingInterval) {
    // Spec 001 §4: a cycle change applies at the end of the current cycle; nothing is charged now.
    return {
      ...base,
      chargedToday: 0,
      proratedDays: 0,
      stripePlans: [{ stripePriceId: price.id, totalAmount: nextPeriod, quantity }],
    };
  }
  const subscription = await stripe.subscriptions.retrieve(current.stripeSubscriptionId!);
  const item = subscription.items.data[0]!;
  const now = Math.floor(Date.now() / 1000);
  const preview = await stripe.invoices.createPreview({
    customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    subscription: subscription.id,
    subscription_details: {
      items: [{ id: item.id, price: price.id, quantity }],
      proration_behavior: 'always_invoice',
    },
  });
  const proratedDays = Math.max(0, Math.ceil((item.current_period_end - now) / DAY_SECONDS));
  // What the change invoices now (tax included); a credit balance (a replaced licence's unused
  // part) pays some or all of it, as the invoice will show.
  const invoiced = Math.max(0, preview.total);
  return {
    ...base,
    chargedToday: invoiced,
    creditApplied: Math.max(0, invoiced - Math.max(0, preview.amount_due)),
    proratedDays,
    stripePlans: [{ stripePriceId: price.id, totalAmount: preview.subtotal, quantity }],
  };
}

// ------------------------------------------------------------------ Checkout Session

type SessionBody = CheckoutSessionV1Body | CheckoutSessionV2Body;

/** Body field of each billing form field (for the 400 field errors). */
const BODY_FIELD = {
  country: 'addressInfo.country',
  isBusinessPurchase: 'isB2BTransaction',
  vatNumber: 'vatNumber',
  companyName: 'companyName',
  name: 'customerName',
  street: 'addressInfo.street',
  city: 'addressInfo.city',
  state: 'addressInfo.state',
  code: 'addressInfo.postalCode',
} as const;

/** The §5 billing form rule over the session body; its messages as field errors (400). */
function checkBillingForm(body: SessionBody) {
  const parsed = checkoutFormSchema.safeParse({
    country: body.addressInfo.country,
    isBusinessPurchase: body.isB2BTransaction,
    vatNumber: body.vatNumber,
    companyName: body.companyName,
    name: body.customerName,
    street: body.addressInfo.street,
    city: body.addressInfo.city,
    state: body.addressInfo.state,
    code: body.addressInfo.postalCode,
  });
  if (parsed.success) return parsed.data;
  const fieldErrors: FieldError[] = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '') as keyof typeof BODY_FIELD;
    return { field: BODY_FIELD[key] ?? key, message: issue.message };
  });
  throw new AppError('VALIDATION_FAILED', fieldErrors[0]?.message ?? BILLING_MESSAGES.PRICE_UNKNOWN, {
    fieldErrors,
  });
}

const vatInvalid = (cause: unknown) =>
  new AppError('VALIDATION_FAILED', BILLING_MESSAGES.VAT_INVALID, {
    reason: 'tax_id_invalid',
    fieldErrors: [{ field: 'vatNumber', message: BILLING_MESSAGES.VAT_INVALID, reason: 'tax_id_invalid' }],
    cause,
  });

/** The customer's EU VAT id: the one given for a business purchase, none otherwise. */
async function syncVatId(stripe: Stripe, customer: string, vatNumber: string | null): Promise<void> {
  const existing = (await stripe.customers.listTaxIds(customer, { limit: 100 })).data;
  const value = vatNumber?.replace(/[\s.-]/g, '').toUpperCase() ?? null;
  for (const taxId of existing) {
    if (taxId.type === 'eu_vat' && taxId.value !== value)
      await stripe.customers.deleteTaxId(customer, taxId.id);
  }
  if (value === null || existing.some((taxId) => taxId.type === 'eu_vat' && taxId.value === value)) return;
  try {
    await stripe.customers.createTaxId(customer, { type: 'eu_vat', value });
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === 'tax_id_invalid' || isVatIdError(message ?? '')) throw vatInvalid(error);
    throw error;
  }
}

/**
 * POST …/stripe/checkout/v1|v2/session: the space's customer (created once) with the billing
 * details, then a Checkout Session in subscription mode. Success returns to the billing page with
 * the purchase in the query; the page grants nothing: only the webhook does.
 */
export async function createCheckoutSession(
  context: BillingContext,
  caller: { user: UserRecord; membership: MembershipRecord },
  body: SessionBody,
  line: { stripePriceId: string; quantity: number },
  model: 'PER_SEAT' | 'PER_USER',
  /** PER_USER: the checkout user ids to make paid (the v1 body's userIds). */
  paidUserIds: readonly string[] = [],
): Promise<CheckoutSessionResponse> {
  const { workspace } = caller.membership;
  if (model === 'PER_USER') assertPerUser(caller.membership);
  if (body.workspaceId !== workspace.id) {
    throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.STRIPE_PLANS_NOT_FOUND, {
      fieldErrors: [{ field: 'workspaceId', message: BILLING_MESSAGES.STRIPE_PLANS_NOT_FOUND }],
    });
  }
  const form = checkBillingForm(body);
  const cancelUrl = ownUrl(context, body.goBackUrl, 'goBackUrl');
  const stripe = stripeOf(context);
  const { price } = await sellablePrice(stripe, line.stripePriceId);
  const catalog = catalogPriceOf(price)!;
  const definition = BILLING_PRODUCT_DEFINITIONS[catalog.product];
  const gmail = isGmailBuyer(caller.user);
  const refuse = (message: string, field = 'stripePriceId') =>
    new AppError('VALIDATION_FAILED', message, { fieldErrors: [{ field, message }] });
  // Both models buy the new plans (legacy licences are no longer sold): per seat, or per paid user.
  if (definition.unit !== 'per_seat') throw refuse(BILLING_MESSAGES.PRICE_UNKNOWN);
  // Gmail accounts buy Pro (Personal); domain accounts the domain plans (spec 001 §2).
  if ((definition.userPlan === 'PRO_PERSONAL') !== gmail) throw refuse(BILLING_MESSAGES.PRICE_UNKNOWN);
  const quantity = line.quantity;
  if (definition.userPlan === 'PRO_PERSONAL' && definition.unit === 'per_seat' && quantity !== 1) {
    throw refuse('The only allowed number is 1.', 'stripePlans.0.quantity');
  }
  if (catalog.currency !== currencyForCountry(form.country)) throw refuse(BILLING_MESSAGES.PRICE_UNKNOWN);
  const current = await findActiveSubscription(context.db, workspace.id);
  if (current !== undefined && current.workspacePlan !== 'LEGACY') {
    throw new AppError('CONFLICT', BILLING_MESSAGES.ALREADY_SUBSCRIBED);
  }
  // Per user: exactly these users become paid when the subscription starts (the webhook applies
  // the list the subscription carries); a legacy licence it replaces is cancelled then.
  const perUserMetadata: Record<string, string> = {};
  if (model === 'PER_USER') {
    const { target } = await checkedPaidUsers(
      context.db,
      workspace,
      { paidIds: paidUserIds, field: 'plans.0.userIds' },
      definition.workspacePlan === 'PREMIUM' ? 'PREMIUM' : 'PRO',
    );
    if (target.length !== quantity) throw refuse(LEGACY_CHECKOUT_MESSAGES.UNKNOWN_USER, 'plans.0.userIds');
    Object.assign(perUserMetadata, paidMembersMetadata(target));
    if (current?.stripeSubscriptionId)
      perUserMetadata[REPLACES_SUBSCRIPTION_KEY] = current.stripeSubscriptionId;
    if (current?.paymentSource === 'PAYPAL') perUserMetadata[REPLACES_PAYPAL_LICENCE_KEY] = current.id;
  }

  const business = form.isBusinessPurchase && isEuCountry(form.country);
  const customer = await ensureCustomer(context, workspace.id, {
    name: business ? (form.companyName ?? form.name) : form.name,
    email: caller.user.email,
    address: {
      country: form.country,
      line1: form.street,
      city: form.city,
      ...(form.state ? { state: form.state } : {}),
      ...(form.code ? { postal_code: form.code } : {}),
    },
    metadata: {
      workspaceId: workspace.id,
      purchaseType: business ? 'B2B' : 'B2C',
      companyName: business ? (form.companyName ?? '') : '',
    },
  });
  await syncVatId(stripe, customer, business ? (form.vatNumber ?? null) : null);

  const prefix = `${new URL(context.publicUrl).origin}/${workspace.id}/${workspace.slug}`;
  const success = new URLSearchParams({
    checkout: 'success',
    from: current === undefined ? 'FREE' : 'LEGACY',
  });
  success.set('to', definition.workspacePlan);
  success.set('interval', catalog.billingInterval);
  if (model === 'PER_SEAT') success.set(gmail ? 'gmailSeats' : 'workspaceSeats', String(quantity));
  else success.set(gmail ? 'gmailUsers' : 'workspaceUsers', String(quantity));
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    customer,
    client_reference_id: workspace.id,
    line_items: [{ price: price.id, quantity }],
    automatic_tax: { enabled: true },
    // The page asks Stripe what became of the session before it says anything (issue 22).
    success_url: `${prefix}/space/billing?${success.toString()}&${CHECKOUT_SESSION_QUERY_PARAM}={CHECKOUT_SESSION_ID}`,
    cancel_url: cancelUrl,
    metadata: { workspaceId: workspace.id },
    subscription_data: { metadata: { workspaceId: workspace.id, ...perUserMetadata } },
  };
  const session = await context.db.transaction(async (tx) => {
    // One open checkout per space: a new one expires the others (a second tab, the browser's
    // Back), so at most one can be paid. Under the billing lock, so two at once leave one open.
    await lockBillingOf(tx, workspace.id);
    // Stripe may hold a live subscription whose webhook has not arrived yet (a checkout paid a
    // moment ago): a second one is refused here already, not only refunded by the webhook.
    const atStripe = await stripe.subscriptions.list({ customer, limit: 100 });
    const other = atStripe.data.find(
      (subscription) =>
        LIVE_STRIPE_STATUSES.has(subscription.status) && subscription.id !== current?.stripeSubscriptionId,
    );
    if (other !== undefined) return { live: other.id };
    const expired = await expireOpenSessions(stripe, customer, workspace.id);
    return stripe.checkout.sessions.create(params, {
      idempotencyKey: idempotencyKey('checkout-session', { workspaceId: workspace.id, params, expired }),
    });
  });
  if ('live' in session) {
    // Applied now rather than when its webhook comes (outside the lock the sync takes itself).
    await syncStripeSubscription(context.db, stripe, session.live);
    throw new AppError('CONFLICT', BILLING_MESSAGES.ALREADY_SUBSCRIBED);
  }
  if (session.url === null) throw new AppError('INTERNAL', BILLING_MESSAGES.PAYMENT_CLIENT_MISSING);
  return { stripeCheckoutSessionId: session.id, url: session.url };
}

/**
 * GET …/stripe/checkout/v1/outcome?sessionId: what became of the space's Checkout Session, read
 * from Stripe. A completed one is synced here as well as by its webhook (webhooks are triggers;
 * whichever comes first applies it, and a duplicate is refunded by either), so the page's banner
 * says what Stripe says. Another space's session is a 404.
 */
export async function getCheckoutOutcome(
  context: BillingContext,
  membership: MembershipRecord,
  sessionId: string,
): Promise<CheckoutOutcome> {
  const stripe = stripeOf(context);
  const notFound = () => new AppError('NOT_FOUND', BILLING_REFUSALS.CHECKOUT_NOT_FOUND);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') throw notFound();
    throw error;
  }
  if (session.metadata?.workspaceId !== membership.workspace.id) throw notFound();
  const none = { refundedAmount: null, currency: null };
  if (session.status === 'open') return { outcome: 'OPEN', ...none };
  if (session.status === 'expired') return { outcome: 'EXPIRED', ...none };
  const subscriptionId = idOf(session.subscription);
  if (subscriptionId === null) return { outcome: 'PENDING', ...none };
  const row = await syncStripeSubscription(context.db, stripe, subscriptionId);
  const refund = await duplicateRefundOf(stripe, await stripe.subscriptions.retrieve(subscriptionId));
  if (refund !== null) {
    return {
      outcome: 'REFUNDED_DUPLICATE',
      refundedAmount: refund.amount,
      currency: refund.currency.toUpperCase() as CheckoutOutcome['currency'],
    };
  }
  return { outcome: row?.status === 'ACTIVE' ? 'PAID' : 'PENDING', ...none };
}
