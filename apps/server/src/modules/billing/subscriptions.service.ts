import type {
  AdditionalStripeInfo,
  LatestInvoice,
  PaymentIntentSecret,
  PaymentIntentStatus,
  PaymentPlan,
  ScheduledRemoval,
  SubscriptionPaymentPlan,
  SubscriptionV1,
  SubscriptionV2,
} from '@mergedesk/domain/api/billing';
import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import {
  BILLING_PRODUCT_DEFINITIONS,
  findCatalogPrice,
  legalEntityForCurrency,
  PRICE_CATALOG,
  type Currency,
  type PriceTier,
} from '@mergedesk/domain/billing/prices';
import { paidUsersOf } from '@mergedesk/domain/members/seats';
import type Stripe from 'stripe';
import type { Executor } from '../../db/client';
import type { MembershipRecord } from '../../db/records';
import { AppError } from '../../lib/app-error';
import { loadSpaceSeats } from '../members/seats.service';
import { ownUrl, stripeOf, type BillingContext } from './billing-context';
import {
  findCustomerId,
  findPendingRemoval,
  findSubscription,
  listSubscriptions,
  type SeatRemovalRow,
  type SubscriptionRow,
} from './billing.repo';
import { catalogPriceOf, idOf, invoiceWithIntent, periodAmount } from './stripe-sync.service';

/** Spec 001 §3 "Scheduled seat removal" as the API answers it. */
export const toScheduledRemoval = (row: SeatRemovalRow): ScheduledRemoval => ({
  id: row.id,
  subscriptionId: row.subscriptionId,
  targetSubscriptionAmount: row.targetQuantity,
  removeSeatsAtTimestamp: row.removeAt.getTime(),
  createTimestamp: row.createdAt.getTime(),
  lastUpdateTimestamp: row.updatedAt.getTime(),
  status: 'PENDING',
});

/**
 * The tiers of the row's price in the catalogue. The legacy Team packs (5, 10, 25, …) share plan,
 * type, interval and currency: the one whose price is the row's amount is the row's.
 */
const tiersOfRow = (row: SubscriptionRow): PriceTier[] => {
  const candidates = PRICE_CATALOG.filter(
    (price) =>
      BILLING_PRODUCT_DEFINITIONS[price.product].workspacePlan === row.workspacePlan &&
      BILLING_PRODUCT_DEFINITIONS[price.product].userPlan === row.userPlan &&
      BILLING_PRODUCT_DEFINITIONS[price.product].legacyType === row.legacyType &&
      price.billingInterval === row.billingInterval &&
      price.currency === row.currency,
  );
  const catalog =
    candidates.find((price) => periodAmount(price, row.quantity) === row.amount) ?? candidates[0];
  return catalog === undefined ? [] : [...catalog.tiers];
};

/** The fields every subscription view shares (spec 001 §3). */
async function subscriptionView(db: Executor, row: SubscriptionRow): Promise<SubscriptionV2> {
  const [{ billingModel, summary: seats }, removal] = await Promise.all([
    // One count for billing and the members screen (members/seats spaceSeatCounts): per user, the
    // plan's paid-user licences; per seat, the subscription's seats.
    loadSpaceSeats(db, row.workspaceId),
    row.status === 'ACTIVE' ? findPendingRemoval(db, row.id) : Promise.resolve(undefined),
  ]);
  const perUser = billingModel === 'PER_USER';
  const plan: SubscriptionPaymentPlan = {
    paymentPlanId: row.stripePriceId ?? `${row.paymentSource.toLowerCase()}_${row.id}`,
    userPlanType: row.userPlan,
    legalEntity: legalEntityForCurrency(row.currency),
    totalSeats: seats.totalSeats ?? -1,
    assignedSeats: seats.assignedSeats,
    availableSeats: seats.availableSeats ?? -1,
    tiers: tiersOfRow(row),
  };
  return {
    subscriptionId: row.id,
    workspaceId: row.workspaceId,
    subscriptionStatus: row.status,
    subscriptionTimestamp: row.startedAt.getTime(),
    startTimestamp: row.currentPeriodStart.getTime(),
    endTimestamp: row.currentPeriodEnd.getTime(),
    createTimestamp: row.createdAt.getTime(),
    lastUpdateTimestamp: row.updatedAt.getTime(),
    purchaseType: row.purchaseType,
    country: row.country,
    billingInterval: row.billingInterval,
    workspacePlan: row.workspacePlan,
    legacyType: row.legacyType,
    paymentSource: row.paymentSource,
    amount: row.amount,
    discount: row.discountPercent,
    currency: row.currency,
    taxRate: row.taxRate,
    autoRenew: row.autoRenew,
    providerStatus: row.paymentSource === 'STRIPE' ? row.providerStatus : null,
    stripeSubscriptionScheduleId: row.stripeScheduleId,
    scheduledChanges:
      row.scheduledBillingInterval === null || row.scheduledChangeAt === null
        ? null
        : {
            targetBillingInterval: row.scheduledBillingInterval,
            effectiveTimestamp: row.scheduledChangeAt.getTime(),
          },
    seatInfo: {
      ...seats,
      scheduledRemoval:
        removal === undefined
          ? null
          : {
              targetSeatsQuantity: removal.targetQuantity,
              removeSeatsAtTimestamp: removal.removeAt.getTime(),
            },
    },
    // Per user (a legacy licence, or Pro/Premium per user): the paid users against the plan's
    // paid-user limit (a Team 10 pack: 10; -1 unlimited), the same count as seatInfo.
    numberOfLicensesUsed: perUser ? paidUsersOf(seats) : null,
    allowedQuantity: perUser ? (seats.totalSeats ?? -1) : null,
    subscriptionPaymentPlans: [plan],
  };
}

/** §3 additionalStripeInfo, read live from Stripe (the latest invoice changes on a 3-D Secure step). */
async function additionalStripeInfo(stripe: Stripe, row: SubscriptionRow): Promise<AdditionalStripeInfo> {
  const latestInvoice =
    row.latestInvoiceId === null ? null : await latestInvoiceOf(stripe, row.latestInvoiceId);
  const upcoming =
    row.status === 'ACTIVE' && row.autoRenew && row.stripeSubscriptionId !== null
      ? await stripe.invoices.createPreview({ subscription: row.stripeSubscriptionId })
      : null;
  return {
    country: row.country,
    companyName: row.companyName,
    couponId: null,
    couponDuration: null,
    couponPercentOff: null,
    latestInvoice:
      latestInvoice === null
        ? null
        : {
            paid: latestInvoice.paid,
            hostedInvoiceUrl: latestInvoice.hostedInvoiceUrl,
            paymentIntent:
              latestInvoice.paymentIntent === null ? null : { status: latestInvoice.paymentIntent.status },
            nextPaymentAttemptTimestamp: latestInvoice.nextPaymentAttemptTimestamp,
          },
    upcomingInvoice: upcoming === null ? null : { amountDue: upcoming.amount_due },
  };
}

/** GET …/subscriptions/v1: newest first, plans and Stripe info on request. */
export async function getSubscriptionsV1(
  context: BillingContext,
  membership: MembershipRecord,
  query: { includePlans: boolean; retrieveAdditionalStripeInfo: boolean },
): Promise<{ items: SubscriptionV1[] }> {
  const rows = await listSubscriptions(context.db, membership.workspace.id);
  const items = await Promise.all(
    rows.map(async (row): Promise<SubscriptionV1> => {
      const { subscriptionPaymentPlans, ...view } = await subscriptionView(context.db, row);
      const info =
        query.retrieveAdditionalStripeInfo && row.paymentSource === 'STRIPE'
          ? await additionalStripeInfo(stripeOf(context), row)
          : undefined;
      return {
        ...view,
        ...(query.includePlans ? { subscriptionPaymentPlans } : {}),
        ...(query.retrieveAdditionalStripeInfo ? { additionalStripeInfo: info ?? null } : {}),
      };
    }),
  );
  return { items };
}

/** GET …/subscriptions/v2?status. */
export async function getSubscriptionsV2(
  context: BillingContext,
  membership: MembershipRecord,
  status: 'ACTIVE' | 'CANCELED' | undefined,
): Promise<{ items: SubscriptionV2[] }> {
  const rows = await listSubscriptions(context.db, membership.workspace.id);
  const items = await Promise.all(
    rows
      .filter((row) => status === undefined || row.status === status)
      .map((row) => subscriptionView(context.db, row)),
  );
  return { items };
}

export async function getSubscriptionView(db: Executor, row: SubscriptionRow): Promise<SubscriptionV1> {
  return subscriptionView(db, row);
}

/** The space's subscription named in the path; another space's (or an unknown) id is a 404. */
export async function subscriptionOfSpace(
  db: Executor,
  membership: MembershipRecord,
  subscriptionId: string,
): Promise<SubscriptionRow> {
  const row = await findSubscription(db, membership.workspace.id, subscriptionId);
  if (row === undefined) throw new AppError('NOT_FOUND', BILLING_MESSAGES.SUBSCRIPTION_NOT_FOUND);
  return row;
}

/** A subscription paid by card through Stripe, or 400 (PayPal, support and offline ones are not). */
export function stripeSubscriptionIdOf(row: SubscriptionRow): string {
  if (row.paymentSource !== 'STRIPE' || row.stripeSubscriptionId === null) {
    throw new AppError('BAD_REQUEST', BILLING_MESSAGES.NOT_STRIPE);
  }
  return row.stripeSubscriptionId;
}

// ------------------------------------------------------------------ payment plans (cached 30 s)

const PAYMENT_PLANS_TTL_MS = 30_000;
const planCache = new WeakMap<Stripe, { at: number; plans: PaymentPlan[] }>();

const tiersOfPrice = (price: Stripe.Price): PriceTier[] =>
  price.billing_scheme === 'tiered'
    ? (price.tiers ?? []).map((tier) => ({ upTo: tier.up_to ?? -1, unitAmount: tier.unit_amount ?? 0 }))
    : [{ upTo: -1, unitAmount: price.unit_amount ?? 0 }];

/** GET /workspace-billing/payment-plans/v1: the catalogue's prices as Stripe holds them (by lookup key). */
export async function getPaymentPlans(
  context: BillingContext,
  currency: Currency | undefined,
): Promise<{ items: PaymentPlan[] }> {
  const stripe = stripeOf(context);
  const cached = planCache.get(stripe);
  let plans =
    cached !== undefined && Date.now() - cached.at < PAYMENT_PLANS_TTL_MS ? cached.plans : undefined;
  if (plans === undefined) {
    const keys = PRICE_CATALOG.map((price) => price.lookupKey);
    const found: Stripe.Price[] = [];
    for (let start = 0; start < keys.length; start += 10) {
      const page = await stripe.prices.list({
        lookup_keys: keys.slice(start, start + 10),
        active: true,
        limit: 100,
        expand: ['data.tiers'],
      });
      found.push(...page.data);
    }
    plans = found.flatMap((price): PaymentPlan[] => {
      const catalog = catalogPriceOf(price);
      if (catalog === undefined) return [];
      const definition = BILLING_PRODUCT_DEFINITIONS[catalog.product];
      return [
        {
          stripePriceId: price.id,
          lookupKey: catalog.lookupKey,
          userPlan: definition.userPlan,
          workspacePlan: definition.workspacePlan,
          legacyType: definition.legacyType,
          billingInterval: catalog.billingInterval,
          status: price.active ? 'ACTIVE' : 'INACTIVE',
          currency: catalog.currency,
          paymentPlanTiers: tiersOfPrice(price),
          legalEntity: catalog.legalEntity,
        },
      ];
    });
    planCache.set(stripe, { at: Date.now(), plans });
  }
  return { items: currency === undefined ? plans : plans.filter((plan) => plan.currency === currency) };
}

/** The Stripe price of `stripePriceId` that our catalogue sells, or 400. */
export async function sellablePrice(
  stripe: Stripe,
  stripePriceId: string,
): Promise<{ price: Stripe.Price; lookupKey: string }> {
  let price: Stripe.Price | undefined;
  try {
    price = await stripe.prices.retrieve(stripePriceId);
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
  }
  const catalog = price === undefined ? undefined : catalogPriceOf(price);
  if (
    price === undefined ||
    catalog === undefined ||
    !price.active ||
    findCatalogPrice(catalog.lookupKey) === undefined
  ) {
    throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.PRICE_UNKNOWN, {
      fieldErrors: [{ field: 'stripePriceId', message: BILLING_MESSAGES.PRICE_UNKNOWN }],
    });
  }
  return { price, lookupKey: catalog.lookupKey };
}

// ------------------------------------------------------------------ portal and invoices

/** GET …/stripe/customer/v1/portal: only for a space whose subscription is paid through Stripe. */
export async function getCustomerPortal(
  context: BillingContext,
  membership: MembershipRecord,
  returnUrl: string,
): Promise<{ url: string }> {
  const stripe = stripeOf(context);
  const rows = await listSubscriptions(context.db, membership.workspace.id);
  const current = rows.find((row) => row.status === 'ACTIVE') ?? rows[0];
  if (current === undefined) throw new AppError('NOT_FOUND', BILLING_MESSAGES.NO_SUBSCRIPTION);
  stripeSubscriptionIdOf(current);
  const customer = await findCustomerId(context.db, membership.workspace.id);
  if (customer === undefined) throw new AppError('NOT_FOUND', BILLING_MESSAGES.NO_SUBSCRIPTION);
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: ownUrl(context, returnUrl, 'returnUrl'),
  });
  return { url: session.url };
}

async function latestInvoiceOf(
  stripe: Stripe,
  invoiceId: string,
): Promise<
  LatestInvoice & { intent: Stripe.PaymentIntent | null; nextPaymentAttemptTimestamp: number | null }
> {
  const { invoice, intent } = await invoiceWithIntent(stripe, invoiceId);
  return {
    nextPaymentAttemptTimestamp:
      invoice.status === 'open' && invoice.next_payment_attempt !== null
        ? invoice.next_payment_attempt * 1000
        : null,
    invoiceId,
    status: (invoice.status ?? 'draft') as LatestInvoice['status'],
    paid: invoice.status === 'paid',
    amountDue: invoice.amount_due,
    currency: invoice.currency.toUpperCase() as Currency,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    paymentIntent: intent === null ? null : { id: intent.id, status: intent.status as PaymentIntentStatus },
    intent,
  };
}

/** The latest invoice of a STRIPE subscription, read from Stripe. */
async function latestInvoiceOfRow(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
): Promise<Awaited<ReturnType<typeof latestInvoiceOf>>> {
  const stripe = stripeOf(context);
  const row = await subscriptionOfSpace(context.db, membership, subscriptionId);
  const subscription = await stripe.subscriptions.retrieve(stripeSubscriptionIdOf(row));
  const invoiceId = idOf(subscription.latest_invoice);
  if (invoiceId === null) throw new AppError('NOT_FOUND', BILLING_MESSAGES.NO_INVOICE);
  return latestInvoiceOf(stripe, invoiceId);
}

export async function getLatestInvoice(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
): Promise<LatestInvoice> {
  const {
    intent: _intent,
    nextPaymentAttemptTimestamp: _next,
    ...invoice
  } = await latestInvoiceOfRow(context, membership, subscriptionId);
  return invoice;
}

/** The client secret (and, for a redirect-based challenge, its url) of the latest invoice's payment. */
export async function getPaymentIntentSecret(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
): Promise<PaymentIntentSecret> {
  const { intent } = await latestInvoiceOfRow(context, membership, subscriptionId);
  if (intent === null) throw new AppError('NOT_FOUND', BILLING_MESSAGES.NO_INVOICE);
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as PaymentIntentStatus,
    nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
  };
}
