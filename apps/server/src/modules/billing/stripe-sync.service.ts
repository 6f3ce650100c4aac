import type { PaymentIntentStatus } from '@mergedesk/domain/api/billing';
import {
  BILLING_PRODUCT_DEFINITIONS,
  findCatalogPrice,
  graduatedTotal,
  PRICE_CATALOG,
  type CatalogPrice,
} from '@mergedesk/domain/billing/prices';
import { unusedLicenceCredit } from '@mergedesk/domain/billing/legacy-credit';
import { taxRateFor, withTax } from '@mergedesk/domain/billing/tax';
import type Stripe from 'stripe';
import type { Database, Executor } from '../../db/client';
import { downgradeAllMembers, giveOwnerPaidPlan } from '../members/member-plans.service';
import { lockWorkspaceRow, updateWorkspaceBilling, workspaceExists } from '../workspaces/space-plan.service';
import { applyPaidMembers } from './legacy-users.service';
import { paidMembersOf } from './paid-members';
import { idempotencyKey } from './idempotency';
import type { PayPalAdapter } from './paypal-adapter';
import {
  cancelOtherActive,
  cancelPendingRemovals,
  findActiveSubscription,
  findByStripeId,
  findSubscriptionById,
  findWorkspaceOfCustomer,
  insertSubscription,
  lockBillingOf,
  markRemovalsApplied,
  updateSubscriptionRow,
  type SubscriptionRow,
  type SubscriptionValues,
} from './billing.repo';

/**
 * Webhooks are triggers, not truth (issue 8): whatever the event, the subscription is read again
 * from Stripe and the mirror, the space's plan and its seat total are written from that read in
 * one transaction. The read happens under the space's billing lock, so of two concurrent applies
 * the later one reads the later state: events arriving twice or out of order leave the same state.
 */

/** Metadata of a subscription bought to replace a legacy licence: the licence's Stripe id. */
export const REPLACES_SUBSCRIPTION_KEY = 'replacesSubscription';
/** …or, for a PayPal-paid licence, our id of it. */
export const REPLACES_PAYPAL_LICENCE_KEY = 'replacesPayPalLicence';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const toDate = (seconds: number): Date => new Date(seconds * 1000);

/** Our catalogue entry of a Stripe price: by lookup key, else by the metadata stripe:setup wrote. */
export function catalogPriceOf(price: Stripe.Price): CatalogPrice | undefined {
  const byKey = price.lookup_key === null ? undefined : findCatalogPrice(price.lookup_key);
  if (byKey !== undefined) return byKey;
  const interval = price.recurring?.interval === 'month' ? 'MONTHLY' : 'YEARLY';
  return PRICE_CATALOG.find(
    (entry) =>
      entry.product === price.metadata.product &&
      entry.billingInterval === interval &&
      entry.currency === price.currency.toUpperCase(),
  );
}

/** What a subscription's quantity costs per period before tax (a pack is one unit). */
export const periodAmount = (catalog: CatalogPrice, quantity: number): number =>
  graduatedTotal(catalog.tiers, Math.max(1, quantity));

/** The space a Stripe customer belongs to: our customer table, else the metadata we set on it. */
async function workspaceOfCustomer(
  db: Executor,
  stripe: Stripe,
  customerId: string,
  subscription: Stripe.Subscription,
): Promise<string | undefined> {
  const known = await findWorkspaceOfCustomer(db, customerId);
  if (known !== undefined) return known;
  const fromMetadata = subscription.metadata.workspaceId;
  if (fromMetadata !== undefined && UUID.test(fromMetadata)) return fromMetadata;
  const customer = await stripe.customers.retrieve(customerId);
  const workspaceId = customer.deleted === true ? undefined : customer.metadata.workspaceId;
  return workspaceId !== undefined && UUID.test(workspaceId) ? workspaceId : undefined;
}

type LatestInvoiceState = {
  latestInvoiceId: string | null;
  latestInvoicePaid: boolean | null;
  latestInvoiceUrl: string | null;
  latestPaymentIntentStatus: PaymentIntentStatus | null;
};

/** The payment intent of an invoice's default payment (Stripe's 2025+ invoice shape). */
function paymentIntentIdOf(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((entry) => entry.is_default) ?? payments[0];
  return idOf(payment?.payment.payment_intent ?? null);
}

/** An invoice and the payment intent of its default payment (null when it has none). */
export async function invoiceWithIntent(
  stripe: Stripe,
  invoiceId: string,
): Promise<{ invoice: Stripe.Invoice; intent: Stripe.PaymentIntent | null }> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const intentId = paymentIntentIdOf(invoice);
  return { invoice, intent: intentId === null ? null : await stripe.paymentIntents.retrieve(intentId) };
}

async function readLatestInvoice(stripe: Stripe, invoiceId: string | null): Promise<LatestInvoiceState> {
  if (invoiceId === null) {
    return {
      latestInvoiceId: null,
      latestInvoicePaid: null,
      latestInvoiceUrl: null,
      latestPaymentIntentStatus: null,
    };
  }
  const { invoice, intent } = await invoiceWithIntent(stripe, invoiceId);
  return {
    latestInvoiceId: invoice.id ?? invoiceId,
    latestInvoicePaid: invoice.status === 'paid',
    latestInvoiceUrl: invoice.hosted_invoice_url ?? null,
    latestPaymentIntentStatus: (intent?.status as PaymentIntentStatus | undefined) ?? null,
  };
}

type ScheduleState = {
  stripeScheduleId: string | null;
  scheduledBillingInterval: 'MONTHLY' | 'YEARLY' | null;
  scheduledChangeAt: Date | null;
  scheduledPaidMembers: string[] | null;
};

/** The next phase of the subscription's schedule, when it changes the billing interval. */
async function readSchedule(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  current: CatalogPrice,
  periodEnd: number,
): Promise<ScheduleState> {
  const scheduleId = idOf(subscription.schedule);
  if (scheduleId === null) {
    return {
      stripeScheduleId: null,
      scheduledBillingInterval: null,
      scheduledChangeAt: null,
      scheduledPaidMembers: null,
    };
  }
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  const next = schedule.phases.find((phase) => phase.start_date >= periodEnd);
  const nextPriceId = idOf(next?.items[0]?.price ?? null);
  const nextPrice =
    nextPriceId === null ? undefined : catalogPriceOf(await stripe.prices.retrieve(nextPriceId));
  const changes =
    next !== undefined && nextPrice !== undefined && nextPrice.billingInterval !== current.billingInterval;
  return {
    stripeScheduleId: scheduleId,
    scheduledBillingInterval: changes ? nextPrice.billingInterval : null,
    scheduledChangeAt: changes ? toDate(next.start_date) : null,
    // Per-user model: who is paid from the next phase on (spec 002 §4.6 downgrades at renewal).
    scheduledPaidMembers: paidMembersOf(next?.metadata),
  };
}

const STATUS_BY_STRIPE: Partial<Record<Stripe.Subscription.Status, 'ACTIVE' | 'CANCELED'>> = {
  active: 'ACTIVE',
  past_due: 'ACTIVE',
  trialing: 'ACTIVE',
  canceled: 'CANCELED',
  unpaid: 'CANCELED',
  incomplete_expired: 'CANCELED',
};

/** Whether any invoice of the subscription was ever paid. */
async function wasEverPaid(stripe: Stripe, subscriptionId: string): Promise<boolean> {
  const paid = await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1 });
  return paid.data.length > 0;
}

/** The mirror values of a Stripe subscription, read in full from Stripe. */
async function mirrorValuesOf(
  stripe: Stripe,
  workspaceId: string,
  subscription: Stripe.Subscription,
  known: boolean,
): Promise<SubscriptionValues | undefined> {
  const status = STATUS_BY_STRIPE[subscription.status];
  const item = subscription.items.data[0];
  if (status === undefined || item === undefined) return undefined;
  // A subscription that ended without ever being paid (a declined card or a failed 3-D Secure at
  // the first checkout, an incomplete one that expired) was never the space's: it is not mirrored,
  // so it can never stand between the space and buying again (issue 22).
  if (status === 'CANCELED' && !known && !(await wasEverPaid(stripe, subscription.id))) return undefined;
  const catalog = catalogPriceOf(item.price);
  if (catalog === undefined) return undefined;
  const definition = BILLING_PRODUCT_DEFINITIONS[catalog.product];
  const customerId = idOf(subscription.customer);
  const customer = customerId === null ? undefined : await stripe.customers.retrieve(customerId);
  const live = customer !== undefined && customer.deleted !== true ? customer : undefined;
  const country = live?.address?.country ?? 'US';
  const purchaseType = live?.metadata.purchaseType === 'B2B' ? 'B2B' : 'B2C';
  const quantity = item.quantity ?? 1;
  const [latest, schedule] = await Promise.all([
    readLatestInvoice(stripe, idOf(subscription.latest_invoice)),
    readSchedule(stripe, subscription, catalog, item.current_period_end),
  ]);
  return {
    workspaceId,
    stripeSubscriptionId: subscription.id,
    status,
    providerStatus: subscription.status,
    paymentSource: 'STRIPE',
    workspacePlan: definition.workspacePlan,
    legacyType: definition.legacyType,
    userPlan: definition.userPlan,
    billingInterval: catalog.billingInterval,
    currency: catalog.currency,
    country,
    purchaseType,
    companyName: live?.metadata.companyName ?? null,
    taxRate: taxRateFor({ country, isBusinessPurchase: purchaseType === 'B2B' }),
    stripePriceId: item.price.id,
    quantity,
    amount: periodAmount(catalog, quantity),
    autoRenew: !subscription.cancel_at_period_end && subscription.cancel_at === null && status === 'ACTIVE',
    startedAt: toDate(subscription.start_date),
    currentPeriodStart: toDate(item.current_period_start),
    currentPeriodEnd: toDate(item.current_period_end),
    ...schedule,
    ...latest,
  };
}

/**
 * Writes a subscription's state to the mirror and to the space in the caller's transaction (which
 * holds the space's billing lock): plan and seat total follow the ACTIVE subscription; a space
 * whose last subscription ended is back on Free.
 */
export async function applySubscriptionValues(
  tx: Executor,
  values: SubscriptionValues,
): Promise<SubscriptionRow> {
  const { workspaceId } = values;
  await lockWorkspaceRow(tx, workspaceId);
  const existing = values.stripeSubscriptionId
    ? await findByStripeId(tx, values.stripeSubscriptionId)
    : undefined;
  if (values.status === 'ACTIVE') await cancelOtherActive(tx, workspaceId, existing?.id ?? null);
  const row =
    existing === undefined
      ? await insertSubscription(tx, values)
      : await updateSubscriptionRow(tx, existing.id, values);
  const definition = row.workspacePlan === 'LEGACY' ? undefined : row;
  if (row.status === 'ACTIVE') {
    await updateWorkspaceBilling(tx, workspaceId, {
      plan: row.workspacePlan,
      legacyType: row.legacyType,
      // Per-seat plans pay for seats; legacy licences count paid users with their own limits.
      seatTotal: definition === undefined ? null : row.quantity,
    });
    if (definition !== undefined && row.userPlan !== 'FREE')
      await giveOwnerPaidPlan(tx, workspaceId, row.userPlan);
    await markRemovalsApplied(tx, row.id, row.quantity, row.currentPeriodStart);
  } else {
    await cancelPendingRemovals(tx, row.id);
    if ((await findActiveSubscription(tx, workspaceId)) === undefined) {
      await updateWorkspaceBilling(tx, workspaceId, { plan: 'FREE', legacyType: null, seatTotal: null });
      await downgradeAllMembers(tx, workspaceId);
    }
  }
  return row;
}

/**
 * Re-reads the Stripe subscription and applies it (webhook, and right after our own changes).
 * Undefined when it belongs to no space of ours or is not a subscription we sell (nothing to do).
 */
export async function syncStripeSubscription(
  db: Database,
  stripe: Stripe,
  stripeSubscriptionId: string,
  /** The webhook's: a PayPal licence the subscription replaces stops renewing. */
  paypal?: PayPalAdapter,
): Promise<SubscriptionRow | undefined> {
  const first = await stripe.subscriptions.retrieve(stripeSubscriptionId);
  const customerId = idOf(first.customer);
  if (customerId === null) return undefined;
  const workspaceId = await workspaceOfCustomer(db, stripe, customerId, first);
  // A space deleted since (or a customer of another installation): nothing of ours to update.
  if (workspaceId === undefined || !(await workspaceExists(db, workspaceId))) return undefined;
  let latest: Stripe.Subscription | undefined;
  let duplicateOf: string | undefined;
  const applied = await db.transaction(async (tx) => {
    await lockBillingOf(tx, workspaceId);
    // Read again under the lock: the last writer has read the last state.
    const subscription = await stripe.subscriptions.retrieve(stripeSubscriptionId);
    latest = subscription;
    const known = await findByStripeId(tx, stripeSubscriptionId);
    const values = await mirrorValuesOf(stripe, workspaceId, subscription, known !== undefined);
    if (values === undefined) return known;
    // At most one live subscription per space (issue 22): a second one that became live — two
    // checkouts paid, the browser's Back — is not applied; it is refunded and cancelled below.
    const live =
      values.status === 'ACTIVE' ? await stillLive(tx, stripe, workspaceId, stripeSubscriptionId) : undefined;
    const duplicate =
      values.status === 'ACTIVE' &&
      (subscription.metadata[DUPLICATE_OF_KEY] !== undefined ||
        (live !== undefined &&
          live.stripeSubscriptionId !== subscription.id &&
          !replaces(subscription, live)));
    if (duplicate) {
      duplicateOf = subscription.metadata[DUPLICATE_OF_KEY] ?? live!.id;
      return known;
    }
    const row = await applySubscriptionValues(tx, values);
    // Per-user subscriptions say who is paid (paid-members.ts); the space follows them.
    const paidMembers = paidMembersOf(subscription.metadata);
    if (row.status === 'ACTIVE' && paidMembers !== null) await applyPaidMembers(tx, workspaceId, paidMembers);
    return row;
  });
  if (duplicateOf !== undefined && latest !== undefined) {
    await refundDuplicate(stripe, latest, duplicateOf);
    // Mirrored as what it now is at Stripe: cancelled (and refunded).
    return syncStripeSubscription(db, stripe, stripeSubscriptionId, paypal);
  }
  if (applied?.status === 'ACTIVE') {
    await cancelReplacedSubscription(stripe, latest?.metadata);
    if (paypal !== undefined && latest !== undefined)
      await stopReplacedPayPalLicence(db, stripe, paypal, latest);
  }
  return applied;
}

/**
 * The space's ACTIVE subscription other than `except`, checked at Stripe: one that has ended there
 * while its webhook is still on the way is applied as ended first, so a new purchase is never taken
 * for a duplicate of a subscription that is already over.
 */
async function stillLive(
  tx: Executor,
  stripe: Stripe,
  workspaceId: string,
  except: string,
): Promise<SubscriptionRow | undefined> {
  const live = await findActiveSubscription(tx, workspaceId);
  if (live === undefined || live.stripeSubscriptionId === null || live.stripeSubscriptionId === except)
    return live;
  const current = await stripe.subscriptions.retrieve(live.stripeSubscriptionId);
  if (STATUS_BY_STRIPE[current.status] === 'ACTIVE') return live;
  const values = await mirrorValuesOf(stripe, workspaceId, current, true);
  if (values !== undefined) await applySubscriptionValues(tx, values);
  return findActiveSubscription(tx, workspaceId);
}

/** Metadata of a subscription found to duplicate the space's live one: the id of the one kept. */
const DUPLICATE_OF_KEY = 'duplicateOf';

/** The subscription was bought to replace `live` (a legacy licence switched to a new plan). */
const replaces = (subscription: Stripe.Subscription, live: SubscriptionRow): boolean =>
  (live.stripeSubscriptionId !== null &&
    subscription.metadata[REPLACES_SUBSCRIPTION_KEY] === live.stripeSubscriptionId) ||
  subscription.metadata[REPLACES_PAYPAL_LICENCE_KEY] === live.id;

/**
 * A second live subscription of a space: marked as a duplicate (so the page can say so), its
 * payment refunded in full and it is cancelled at once, without proration. Every step checks
 * Stripe first and carries an idempotency key, so a replayed or concurrent webhook refunds once.
 */
async function refundDuplicate(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  keptId: string,
): Promise<void> {
  if (subscription.metadata[DUPLICATE_OF_KEY] === undefined) {
    await stripe.subscriptions.update(
      subscription.id,
      { metadata: { [DUPLICATE_OF_KEY]: keptId } },
      { idempotencyKey: idempotencyKey('mark-duplicate', { subscription: subscription.id, keptId }) },
    );
  }
  const invoices = await stripe.invoices.list({ subscription: subscription.id, status: 'paid', limit: 100 });
  for (const invoice of invoices.data) {
    const intentId = paymentIntentIdOf(invoice);
    if (intentId === null) continue;
    const intent = await stripe.paymentIntents.retrieve(intentId);
    if (intent.status !== 'succeeded') continue;
    const refunded = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
    if (refunded.data.some((refund) => refund.status !== 'failed' && refund.status !== 'canceled')) continue;
    await stripe.refunds.create(
      { payment_intent: intentId, reason: 'duplicate', metadata: { subscription: subscription.id } },
      { idempotencyKey: idempotencyKey('refund-duplicate', { intent: intentId }) },
    );
  }
  if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
    await stripe.subscriptions.cancel(
      subscription.id,
      { prorate: false, invoice_now: false },
      { idempotencyKey: idempotencyKey('cancel-duplicate', { subscription: subscription.id }) },
    );
  }
}

/** The refund of a duplicate subscription (REFUNDED_DUPLICATE outcome), null when there is none. */
export async function duplicateRefundOf(
  stripe: Stripe,
  subscription: Stripe.Subscription,
): Promise<{ amount: number; currency: string } | null> {
  if (subscription.metadata[DUPLICATE_OF_KEY] === undefined) return null;
  const invoices = await stripe.invoices.list({ subscription: subscription.id, status: 'paid', limit: 100 });
  let amount = 0;
  for (const invoice of invoices.data) {
    const intentId = paymentIntentIdOf(invoice);
    if (intentId === null) continue;
    const refunds = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
    amount += refunds.data.reduce((sum, refund) => sum + refund.amount, 0);
  }
  return { amount, currency: subscription.currency };
}

/**
 * A subscription bought to replace a PayPal-paid legacy licence carries the licence's id: once the
 * new one is active, the licence's automatic renewal is stopped at PayPal (in the transaction that
 * records it, so a refusal is retried with the webhook). Idempotent: a stopped one is left alone.
 */
async function stopReplacedPayPalLicence(
  db: Database,
  stripe: Stripe,
  paypal: PayPalAdapter,
  replacement: Stripe.Subscription,
): Promise<void> {
  const licenceId = replacement.metadata[REPLACES_PAYPAL_LICENCE_KEY];
  if (licenceId === undefined || !UUID.test(licenceId)) return;
  await db.transaction(async (tx) => {
    const licence = await findSubscriptionById(tx, licenceId);
    if (licence === undefined || licence.paymentSource !== 'PAYPAL' || licence.externalId === null) return;
    await lockBillingOf(tx, licence.workspaceId);
    if (!(await findSubscriptionById(tx, licenceId))?.autoRenew) return;
    await updateSubscriptionRow(tx, licence.id, { autoRenew: false });
    // The unused part of the licence becomes a Stripe credit (legacy-credit.ts; issue 22), once:
    // before PayPal is told (a failure is retried with the webhook) and under an idempotency key.
    // At the replacement's start: the same amount on every retry (one idempotency key, one credit).
    const credit = licenceCreditOf(licence, replacement.currency, replacement.start_date * 1000);
    const customer = idOf(replacement.customer);
    if (credit > 0 && customer !== null) {
      await stripe.customers.createBalanceTransaction(
        customer,
        {
          amount: -credit,
          currency: replacement.currency,
          description: 'Unused part of the PayPal licence replaced by this subscription',
          metadata: { replacedLicence: licence.id },
        },
        { idempotencyKey: idempotencyKey('paypal-licence-credit', { licence: licence.id }) },
      );
    }
    await paypal.cancelAutoRenewal(licence.externalId, 'Replaced by a new subscription');
  });
}

/** What the unused part of a licence is worth at a switch now (tax included). */
export const licenceCreditOf = (licence: SubscriptionRow, newCurrency: string, at = Date.now()): number =>
  unusedLicenceCredit({
    paidAmount: withTax(licence.amount, licence.taxRate),
    periodStart: licence.currentPeriodStart.getTime(),
    periodEnd: licence.currentPeriodEnd.getTime(),
    at,
    licenceCurrency: licence.currency,
    newCurrency,
  });

/**
 * A subscription bought to replace a legacy licence (UPGRADE_LEGACY_US) carries the licence's id:
 * once the new one is active, the licence is cancelled at once ('Your previous subscription has
 * been automatically canceled.'); its own webhook then marks it CANCELED. Idempotent.
 */
async function cancelReplacedSubscription(
  stripe: Stripe,
  metadata: Record<string, string> | undefined,
): Promise<void> {
  const replaced = metadata?.[REPLACES_SUBSCRIPTION_KEY];
  if (replaced === undefined || replaced === '') return;
  const licence = await stripe.subscriptions.retrieve(replaced);
  if (licence.status !== 'canceled' && licence.status !== 'incomplete_expired') {
    // Stripe credits the unused time (issue 22): a final invoice now, its credit on the balance.
    await stripe.subscriptions.cancel(
      replaced,
      { prorate: true, invoice_now: true },
      { idempotencyKey: idempotencyKey('cancel-replaced', { replaced }) },
    );
  }
}
