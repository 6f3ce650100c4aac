import type {
  AddSeatsBody,
  PaymentIntentStatus,
  ScheduledRemoval,
  SeatRemovalBody,
  SeatRemovalQuote,
  SeatsChangeResponse,
  SubscriptionV1,
  UpdateSubscriptionBody,
} from '@mergedesk/domain/api/billing';
import { SUBSCRIPTION_UPDATE_ERROR_STATUS } from '@mergedesk/domain/api/billing';
import { subscriptionUpdateError } from '@mergedesk/domain/billing/flows';
import { LEGACY_CHECKOUT_MESSAGES } from '@mergedesk/domain/billing/legacy-checkout';
import { BILLING_MESSAGES, BILLING_REFUSALS } from '@mergedesk/domain/billing/messages';
import {
  findCatalogPrice,
  priceLookupKey,
  seatProductFor,
  STRIPE_RECURRING_INTERVAL,
  type BillingInterval,
} from '@mergedesk/domain/billing/prices';
import { withTax } from '@mergedesk/domain/billing/tax';
import { MAX_SEATS, seatRemovalTargets } from '@mergedesk/domain/members/seats';
import { isSupportManagedPaymentSource } from '@mergedesk/domain/plans/plans';
import { planSwitchRefusal } from '@mergedesk/domain/billing/subscription-card';
import { canScheduleSeatRemovals } from '@mergedesk/domain/roles/permissions';
import type Stripe from 'stripe';
import type { MembershipRecord } from '../../db/records';
import { AppError } from '../../lib/app-error';
import { loadSeatSummary } from '../members/seats.service';
import { stripeOf, type BillingContext } from './billing-context';
import {
  findPendingRemoval,
  insertRemoval,
  lockBillingOf,
  setRemovalStatus,
  type SubscriptionRow,
} from './billing.repo';
import { idempotencyKey } from './idempotency';
import { paidMembersMetadata, paidMembersOf } from './paid-members';
import { catalogPriceOf, idOf, periodAmount, syncStripeSubscription } from './stripe-sync.service';
import {
  getSubscriptionView,
  stripeSubscriptionIdOf,
  subscriptionOfSpace,
  toScheduledRemoval,
} from './subscriptions.service';

/**
 * Seat changes and plan/interval changes of a card-paid per-seat subscription (spec 001 §4 "Add
 * seats", "Remove seats", "Subscription update"). Added seats are invoiced at once (prorated,
 * always_invoice) and granted only when paid (pending_if_incomplete: Stripe keeps the new quantity
 * pending until then; the webhook re-read applies it). Removals and interval changes apply at the
 * period end through one subscription schedule whose next phase carries both.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const badRequest = (message: string, field?: string) =>
  new AppError(
    'VALIDATION_FAILED',
    message,
    field === undefined ? {} : { fieldErrors: [{ field, message }] },
  );

/** An ACTIVE card-paid subscription of the space, or the answer why it is not one. */
async function cardSubscription(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
): Promise<SubscriptionRow & { stripeSubscriptionId: string }> {
  const row = await subscriptionOfSpace(context.db, membership, subscriptionId);
  if (isSupportManagedPaymentSource(row.paymentSource))
    throw new AppError('BAD_REQUEST', BILLING_MESSAGES.SUPPORT_MANAGED);
  const stripeSubscriptionId = stripeSubscriptionIdOf(row);
  if (row.status !== 'ACTIVE') throw new AppError('BAD_REQUEST', BILLING_MESSAGES.NO_SUBSCRIPTION);
  return { ...row, stripeSubscriptionId };
}

/**
 * An ACTIVE card-paid Pro or Premium subscription of the space (per seat, or per user: a per-user
 * subscription's downgrade is a scheduled removal of paid users), or the answer why it is not one.
 */
async function seatSubscription(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
): Promise<SubscriptionRow & { stripeSubscriptionId: string }> {
  const row = await cardSubscription(context, membership, subscriptionId);
  if (row.workspacePlan === 'LEGACY') throw new AppError('BAD_REQUEST', BILLING_MESSAGES.NOT_PER_SEAT);
  return row;
}

/** Refuses a seat change while a removal waits (spec 001 §2: cancel the downgrade first). */
async function refuseDuringDowngrade(context: BillingContext, row: SubscriptionRow): Promise<void> {
  if ((await findPendingRemoval(context.db, row.id)) !== undefined) {
    throw new AppError('CONFLICT', BILLING_MESSAGES.DOWNGRADE_SCHEDULED);
  }
}

/**
 * Pro (Personal) has no Premium price (planSwitchRefusal): a switch to it is refused instead of
 * "updating" the subscription to the price it already has (issue 22).
 */
export function refuseSwitchWithoutPrice(row: SubscriptionRow, targetPlan: string): void {
  if (
    (targetPlan === 'PRO' || targetPlan === 'PREMIUM') &&
    planSwitchRefusal({ targetPlan, userPlan: row.userPlan, hasScheduledChange: false }) ===
      'no-premium-for-personal'
  ) {
    throw new AppError('BAD_REQUEST', BILLING_REFUSALS.NO_PREMIUM_FOR_PERSONAL, {
      reason: 'no-premium-for-personal',
      fieldErrors: [{ field: 'workspacePlan', message: BILLING_REFUSALS.NO_PREMIUM_FOR_PERSONAL }],
    });
  }
}

/** The AppError reason of a change refused while an earlier one waits for its payment. */
export const PAYMENT_PENDING_REASON = 'payment-pending';
/** The AppError reason of an add whose page showed another seat total than Stripe holds. */
const SEATS_CHANGED_REASON = 'seats-changed';

/**
 * At most one open payment per pending change (issue 22): while Stripe holds a change pending
 * until its invoice is paid (pending_if_incomplete: a 3-D Secure step, a declined card), another
 * charged change is refused (409, reason payment-pending): its invoice would be payable too and
 * charge the same seats twice. An unpaid change invoice whose pending update has expired is
 * abandoned: it is voided, so it can never be paid for nothing.
 */
export async function refuseWhilePaymentPending(
  stripe: Stripe,
  stripeSubscriptionId: string,
): Promise<Stripe.Subscription> {
  const subscription = await stripe.subscriptions.retrieve(stripeSubscriptionId);
  if (subscription.pending_update !== null) {
    throw new AppError('CONFLICT', BILLING_REFUSALS.PAYMENT_PENDING, { reason: PAYMENT_PENDING_REASON });
  }
  await voidAbandonedChangeInvoice(stripe, subscription);
  // The change is built from this same read: a concurrent change that lands after it either
  // shares its idempotency key (the same state) or is refused by Stripe's state next time.
  return subscription;
}

/**
 * The unpaid invoices of changes whose pending update is gone (expired: Stripe discarded the
 * change) are voided, so paying one later can never charge for seats that are not granted. The
 * webhook does it when Stripe says the pending update expired; a new change does it too. All of
 * the subscription's open change invoices, not only the latest invoice: a renewal after the expiry
 * is the latest one, and the abandoned change invoice stayed payable (found by the billing model).
 */
export async function voidAbandonedChangeInvoice(
  stripe: Stripe,
  subscription: Stripe.Subscription,
): Promise<void> {
  if (subscription.pending_update !== null) return;
  const open = await stripe.invoices.list({ subscription: subscription.id, status: 'open', limit: 100 });
  for (const invoice of open.data) {
    if (invoice.billing_reason !== 'subscription_update') continue;
    await stripe.invoices.voidInvoice(
      invoice.id,
      {},
      { idempotencyKey: idempotencyKey('void-abandoned', { invoiceId: invoice.id }) },
    );
  }
}

export const priceIdOfRow = (row: SubscriptionRow): string => {
  if (row.stripePriceId === null) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.NOT_STRIPE);
  return row.stripePriceId;
};

/**
 * Makes the subscription's next period what is pending for it: `next` null releases the schedule
 * (the subscription renews as it is); otherwise one schedule with the current phase up to the
 * period end and a next phase with the given price and quantity, then released. The next phase's
 * metadata (a per-user subscription's paid users from then on) is `next.metadata`, else kept from
 * the schedule while the next phase still removes seats.
 */
export async function setNextPhase(
  stripe: Stripe,
  stripeSubscriptionId: string,
  next: NextPhase | null,
): Promise<void> {
  const subscription = await stripe.subscriptions.retrieve(stripeSubscriptionId);
  const scheduleId = idOf(subscription.schedule);
  if (next === null) {
    if (scheduleId !== null) await stripe.subscriptionSchedules.release(scheduleId);
    return;
  }
  const item = subscription.items.data[0]!;
  const schedule =
    scheduleId === null
      ? await stripe.subscriptionSchedules.create({ from_subscription: stripeSubscriptionId })
      : await stripe.subscriptionSchedules.retrieve(scheduleId);
  const currentQuantity = item.quantity ?? 1;
  // A per-user subscription's next phase says who is paid from then on: the given list, else the
  // schedule's while the next phase still removes users, else today's (an interval change keeps
  // them), so the list never depends on how Stripe treats a phase without metadata.
  const paidNow = paidMembersOf(subscription.metadata);
  const metadata =
    next.metadata ??
    (next.quantity < currentQuantity
      ? (schedule.phases[1]?.metadata ?? undefined)
      : paidNow === null
        ? undefined
        : paidMembersMetadata(paidNow));
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    phases: [
      {
        start_date: schedule.phases[0]?.start_date ?? item.current_period_start,
        end_date: item.current_period_end,
        items: [{ price: item.price.id, quantity: currentQuantity }],
      },
      {
        items: [{ price: next.price, quantity: next.quantity }],
        duration: { interval: STRIPE_RECURRING_INTERVAL[next.interval], interval_count: 1 },
        ...(metadata == null || Object.keys(metadata).length === 0 ? {} : { metadata }),
      },
    ],
  });
}

/**
 * A schedule whose changes have all happened (a removal applied at the renewal) stays attached to
 * the subscription until its last phase ends. With nothing pending in it (no scheduled interval;
 * the caller has refused a pending removal), it is let go, so it neither blocks the next change for
 * a whole period nor gets its past phases rewritten. The live subscription says whether it is
 * still attached (a change made just before may have let it go).
 */
export async function releaseSettledSchedule(stripe: Stripe, row: SubscriptionRow): Promise<void> {
  if (row.stripeScheduleId === null || row.scheduledBillingInterval !== null) return;
  const live = idOf((await stripe.subscriptions.retrieve(stripeSubscriptionIdOf(row))).schedule);
  if (live !== null) await stripe.subscriptionSchedules.release(live);
}

type NextPhase = {
  price: string;
  quantity: number;
  interval: BillingInterval;
  metadata?: Record<string, string>;
};
type IntervalChange = { priceId: string; interval: BillingInterval } | null;

/** The next phase a subscription needs: its pending removal and its scheduled interval together. */
export function nextPhaseOf(
  row: SubscriptionRow,
  changes: { quantity: number | null; interval: IntervalChange; metadata?: Record<string, string> },
): NextPhase | null {
  if (changes.quantity === null && changes.interval === null) return null;
  return {
    price: changes.interval?.priceId ?? priceIdOfRow(row),
    quantity: changes.quantity ?? row.quantity,
    interval: changes.interval?.interval ?? row.billingInterval,
    ...(changes.metadata === undefined ? {} : { metadata: changes.metadata }),
  };
}

/** The Stripe price of the row's product at another interval (same currency). */
export function priceKeyAtInterval(
  row: SubscriptionRow,
  interval: BillingInterval,
  workspacePlan = row.workspacePlan,
) {
  const product = seatProductFor(
    workspacePlan === 'PREMIUM' ? 'PREMIUM' : 'PRO',
    row.userPlan === 'PRO_PERSONAL',
  );
  const catalog = findCatalogPrice(priceLookupKey(product, interval, row.currency));
  if (catalog === undefined) throw badRequest(BILLING_MESSAGES.PRICE_UNKNOWN, 'billingInterval');
  return catalog.lookupKey;
}

export async function stripePriceIdOfKey(stripe: Stripe, lookupKey: string): Promise<string> {
  const [price] = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true })).data;
  if (price === undefined) throw new AppError('INTERNAL', BILLING_MESSAGES.PAYMENT_CLIENT_MISSING);
  return price.id;
}

/** The scheduled interval change of a row with its Stripe price, if any. */
export async function scheduledInterval(stripe: Stripe, row: SubscriptionRow): Promise<IntervalChange> {
  const interval = row.scheduledBillingInterval;
  return interval === null
    ? null
    : { interval, priceId: await stripePriceIdOfKey(stripe, priceKeyAtInterval(row, interval)) };
}

// ------------------------------------------------------------------ add seats

/** POST …/seats/v1: more seats now, prorated and invoiced at once; granted once paid. */
export async function addSeats(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
  body: AddSeatsBody,
): Promise<SeatsChangeResponse> {
  const stripe = stripeOf(context);
  const row = await seatSubscription(context, membership, subscriptionId);
  await refuseDuringDowngrade(context, row);
  if (row.scheduledBillingInterval !== null)
    throw new AppError('CONFLICT', BILLING_MESSAGES.CYCLE_CHANGE_SCHEDULED);
  await releaseSettledSchedule(stripe, row);
  const added = body.seatPlans[0]!.quantity;
  const requestedSeats = row.quantity + added;
  if (requestedSeats > MAX_SEATS) throw badRequest(BILLING_MESSAGES.TOO_MANY_SEATS, 'seatPlans.0.quantity');
  if (row.userPlan === 'PRO_PERSONAL')
    throw badRequest('The only allowed number is 1.', 'seatPlans.0.quantity');
  // One read of Stripe for the check, the key and the change: a second click that read Stripe
  // after the first one's update (a pending update now) was not refused (found by the billing model).
  const subscription = await refuseWhilePaymentPending(stripe, row.stripeSubscriptionId);
  const item = subscription.items.data[0]!;
  // A double click whose second request reads Stripe after the first one's update would add the
  // seats twice under a new idempotency key (found by the billing model): the page's total decides.
  if (body.fromSeats !== undefined && body.fromSeats !== item.quantity) {
    throw new AppError('CONFLICT', BILLING_REFUSALS.SEATS_CHANGED, { reason: SEATS_CHANGED_REASON });
  }
  const params: Stripe.SubscriptionUpdateParams = {
    items: [{ id: item.id, quantity: requestedSeats }],
    // The server's one proration rule (issue 22): added seats are invoiced now, prorated, and
    // granted only once paid.
    proration_behavior: 'always_invoice',
    payment_behavior: 'pending_if_incomplete',
  };
  await stripe.subscriptions.update(row.stripeSubscriptionId, params, {
    // The same add from the same state (a double click) is one change at Stripe.
    idempotencyKey: idempotencyKey('add-seats', {
      subscription: row.stripeSubscriptionId,
      from: item.quantity,
      latestInvoice: idOf(subscription.latest_invoice),
      params,
    }),
  });
  const synced = (await syncStripeSubscription(context.db, stripe, row.stripeSubscriptionId)) ?? row;
  return {
    totalSeats: synced.quantity,
    requestedSeats,
    latestInvoice:
      synced.latestInvoiceId === null
        ? null
        : {
            paid: synced.latestInvoicePaid === true,
            hostedInvoiceUrl: synced.latestInvoiceUrl,
            paymentIntent:
              synced.latestPaymentIntentStatus === null
                ? null
                : { status: synced.latestPaymentIntentStatus as PaymentIntentStatus },
          },
  };
}

// ------------------------------------------------------------------ seat removals

/** The checks of a removal (spec 001 §4, spec 002 §4.6): PRO, not support-managed, never below use. */
async function checkedRemoval(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
  body: SeatRemovalBody,
): Promise<{ row: SubscriptionRow & { stripeSubscriptionId: string }; target: number }> {
  const row = await seatSubscription(context, membership, subscriptionId);
  const allowed = canScheduleSeatRemovals({
    role: membership.role,
    workspacePlan: membership.workspace.plan,
    paymentSource: row.paymentSource,
  });
  if (!allowed) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.NOT_PER_SEAT);
  const { paymentPlanId, targetSeatsQuantity: target } = body.subscriptionPlanSeats[0]!;
  if (paymentPlanId !== row.stripePriceId) {
    throw badRequest(BILLING_MESSAGES.STRIPE_PLANS_NOT_FOUND, 'subscriptionPlanSeats.0.paymentPlanId');
  }
  if (target >= row.quantity)
    throw badRequest(BILLING_MESSAGES.NOT_FEWER_SEATS, 'subscriptionPlanSeats.0.targetSeatsQuantity');
  const seats = await loadSeatSummary(context.db, row.workspaceId);
  // The domain's one rule (the remove-seats page offers the same totals): never below the assigned seats.
  if (!seatRemovalTargets({ ...seats, totalSeats: row.quantity }).includes(target)) {
    throw badRequest(BILLING_MESSAGES.BELOW_ASSIGNED, 'subscriptionPlanSeats.0.targetSeatsQuantity');
  }
  return { row, target };
}

/** POST …/seats/v1/removal-quote: nothing is charged today; the renewal costs less from the period end. */
export async function quoteSeatRemoval(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
  body: SeatRemovalBody,
): Promise<SeatRemovalQuote> {
  const { row, target } = await checkedRemoval(context, membership, subscriptionId, body);
  const stripe = stripeOf(context);
  // The renewal the seats go at: at the scheduled cycle's price when a cycle change applies then
  // (issue 22: the quote said the current cycle's price, the renewal billed the new one).
  const priceId = (await scheduledInterval(stripe, row))?.priceId ?? priceIdOfRow(row);
  const catalog = catalogPriceOf(await stripe.prices.retrieve(priceId));
  if (catalog === undefined) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.PRICE_UNKNOWN);
  return {
    chargedToday: 0,
    proratedDays: Math.max(0, Math.ceil((row.currentPeriodEnd.getTime() - Date.now()) / DAY_MS)),
    currency: row.currency,
    nextAmount: withTax(periodAmount(catalog, target), row.taxRate),
    removeSeatsAtTimestamp: row.currentPeriodEnd.getTime(),
  };
}

/** POST …/scheduled-removals: the seats go at the period end (the schedule's next phase). */
export async function scheduleSeatRemoval(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
  body: SeatRemovalBody,
): Promise<ScheduledRemoval> {
  const stripe = stripeOf(context);
  const { row, target } = await checkedRemoval(context, membership, subscriptionId, body);
  const removal = await context.db.transaction(async (tx) => {
    await lockBillingOf(tx, row.workspaceId);
    if ((await findPendingRemoval(tx, row.id)) !== undefined) {
      throw new AppError('CONFLICT', BILLING_MESSAGES.DOWNGRADE_SCHEDULED);
    }
    const inserted = await insertRemoval(tx, {
      subscriptionId: row.id,
      workspaceId: row.workspaceId,
      targetQuantity: target,
      removeAt: row.currentPeriodEnd,
    });
    // Inside the transaction: if Stripe refuses, no removal is recorded.
    await releaseSettledSchedule(stripe, row);
    await setNextPhase(
      stripe,
      row.stripeSubscriptionId,
      nextPhaseOf(row, { quantity: target, interval: await scheduledInterval(stripe, row) }),
    );
    return inserted;
  });
  await syncStripeSubscription(context.db, stripe, row.stripeSubscriptionId);
  return toScheduledRemoval(removal);
}

/** GET …/scheduled-removals?status=PENDING: the pending removal, 404 when there is none. */
export async function getScheduledRemoval(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
): Promise<ScheduledRemoval> {
  const row = await subscriptionOfSpace(context.db, membership, subscriptionId);
  const removal = await findPendingRemoval(context.db, row.id);
  if (removal === undefined) throw new AppError('NOT_FOUND', BILLING_MESSAGES.NO_PENDING_REMOVAL);
  return toScheduledRemoval(removal);
}

/** DELETE …/scheduled-removals: the downgrade is cancelled; the subscription renews with its seats. */
export async function cancelSeatRemoval(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
): Promise<{ success: boolean }> {
  const stripe = stripeOf(context);
  const row = await seatSubscription(context, membership, subscriptionId);
  await context.db.transaction(async (tx) => {
    await lockBillingOf(tx, row.workspaceId);
    const removal = await findPendingRemoval(tx, row.id);
    if (removal === undefined) throw new AppError('NOT_FOUND', BILLING_MESSAGES.NO_PENDING_REMOVAL);
    await setRemovalStatus(tx, removal.id, 'CANCELED');
    await setNextPhase(
      stripe,
      row.stripeSubscriptionId,
      nextPhaseOf(row, { quantity: null, interval: await scheduledInterval(stripe, row) }),
    );
  });
  await syncStripeSubscription(context.db, stripe, row.stripeSubscriptionId);
  return { success: true };
}

// ------------------------------------------------------------------ plan and interval

/**
 * PUT …/subscriptions/v1/{subId} (spec 001 §4 "Subscription update"): a plan change (PRO ↔
 * PREMIUM) now, prorated; an interval change at the period end through the schedule;
 * cancelScheduledBillingIntervalChange drops a scheduled one. The two §2 redirect codes are the
 * error's reason (400 plan and interval together, 409 interval while a schedule exists).
 */
export async function updateSubscription(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
  body: UpdateSubscriptionBody,
): Promise<SubscriptionV1> {
  const stripe = stripeOf(context);
  const row = await cardSubscription(context, membership, subscriptionId);
  // Per seat and per user (Pro, Premium) alike; a legacy licence is switched to a new plan instead.
  if (row.workspacePlan === 'LEGACY') throw new AppError('BAD_REQUEST', BILLING_MESSAGES.LEGACY_KEEPS_CYCLE);
  // A per-user subscription on its way to Free (downgradeToFree) is kept first ('Keep my plan').
  const ending = membership.workspace.billingModel === 'PER_USER' && !row.autoRenew;
  if (ending && body.cancelScheduledBillingIntervalChange !== true) {
    throw new AppError('CONFLICT', LEGACY_CHECKOUT_MESSAGES.FREE_SCHEDULED);
  }
  const pendingRemoval = await findPendingRemoval(context.db, row.id);
  const removalQuantity = pendingRemoval?.targetQuantity ?? null;

  if (body.cancelScheduledBillingIntervalChange === true) {
    if (row.scheduledBillingInterval === null)
      throw new AppError('CONFLICT', BILLING_MESSAGES.NO_SCHEDULED_CHANGE);
    await setNextPhase(
      stripe,
      row.stripeSubscriptionId,
      nextPhaseOf(row, { quantity: removalQuantity, interval: null }),
    );
    return getSubscriptionView(
      context.db,
      (await syncStripeSubscription(context.db, stripe, row.stripeSubscriptionId)) ?? row,
    );
  }

  const targetPlan = body.workspacePlan ?? row.workspacePlan;
  const targetInterval = body.billingInterval ?? row.billingInterval;
  refuseSwitchWithoutPrice(row, targetPlan);
  const refusal = subscriptionUpdateError({
    currentPlan: row.workspacePlan,
    targetPlan,
    currentInterval: row.billingInterval,
    targetInterval,
    hasSubscriptionSchedule: row.scheduledBillingInterval !== null || pendingRemoval !== undefined,
  });
  if (refusal !== null) {
    const code = SUBSCRIPTION_UPDATE_ERROR_STATUS[refusal] === 409 ? 'CONFLICT' : 'BAD_REQUEST';
    const message =
      refusal === 'cannot-update-subscription-plan-and-interval'
        ? BILLING_MESSAGES.PLAN_AND_INTERVAL
        : BILLING_MESSAGES.CYCLE_CHANGE_SCHEDULED;
    throw new AppError(code, message, { reason: refusal });
  }
  if (targetPlan === row.workspacePlan && targetInterval === row.billingInterval) {
    throw new AppError('BAD_REQUEST', BILLING_MESSAGES.NO_CHANGE);
  }
  if (targetInterval !== row.billingInterval) {
    const priceId = await stripePriceIdOfKey(stripe, priceKeyAtInterval(row, targetInterval));
    await releaseSettledSchedule(stripe, row);
    await setNextPhase(
      stripe,
      row.stripeSubscriptionId,
      nextPhaseOf(row, { quantity: removalQuantity, interval: { priceId, interval: targetInterval } }),
    );
  } else {
    // A plan change is immediate; it waits until the scheduled period-end change is cancelled.
    if (row.scheduledBillingInterval !== null || pendingRemoval !== undefined)
      throw new AppError('CONFLICT', BILLING_MESSAGES.CYCLE_CHANGE_SCHEDULED);
    const subscription = await refuseWhilePaymentPending(stripe, row.stripeSubscriptionId);
    await releaseSettledSchedule(stripe, row);
    const priceId = await stripePriceIdOfKey(stripe, priceKeyAtInterval(row, targetInterval, targetPlan));
    const item = subscription.items.data[0]!;
    await stripe.subscriptions.update(row.stripeSubscriptionId, {
      items: [{ id: item.id, price: priceId, quantity: item.quantity ?? row.quantity }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
  }
  const synced = await syncStripeSubscription(context.db, stripe, row.stripeSubscriptionId);
  return getSubscriptionView(context.db, synced ?? row);
}
