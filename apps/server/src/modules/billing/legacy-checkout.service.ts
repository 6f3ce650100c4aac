import type {
  CheckoutUsersResponse,
  SubscriptionV1,
  UpdateSubscriptionBody,
} from '@mergedesk/domain/api/billing';
import {
  downgradeToFreeRefusal,
  isMovingToFree,
  LEGACY_CHECKOUT_MESSAGES,
  planPaidUsers,
  type PaidUsersPlan,
} from '@mergedesk/domain/billing/legacy-checkout';
import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import { BILLING_PRODUCT_DEFINITIONS } from '@mergedesk/domain/billing/prices';
import { isSupportManagedPaymentSource } from '@mergedesk/domain/plans/plans';
import type Stripe from 'stripe';
import type { Executor } from '../../db/client';
import type { MembershipRecord } from '../../db/records';
import { AppError } from '../../lib/app-error';
import { findPaidElsewhere, listSpaceMembers } from '../members/member-plans.service';
import { domainsOf } from '../workspaces/workspaces.views';
import { stripeOf, type BillingContext } from './billing-context';
import {
  findActiveSubscription,
  findPendingRemoval,
  findSubscription,
  insertRemoval,
  lockBillingOf,
  type SubscriptionRow,
} from './billing.repo';
import { applyPaidMembers, checkedPaidUsers, paidUserLimitOf, toCheckoutUser } from './legacy-users.service';
import { paidMembersMetadata } from './paid-members';
import {
  nextPhaseOf,
  priceIdOfRow,
  refuseSwitchWithoutPrice,
  refuseWhilePaymentPending,
  priceKeyAtInterval,
  releaseSettledSchedule,
  scheduledInterval,
  setNextPhase,
  stripePriceIdOfKey,
} from './seat-changes.service';
import { catalogPriceOf, syncStripeSubscription } from './stripe-sync.service';
import { getSubscriptionView, subscriptionOfSpace } from './subscriptions.service';

/**
 * The per-user (legacy) model's billing calls (spec 001 §2 options step and legacy users page,
 * §4, §7 PUT with workspaceUserPlans / upgradeLegacySubscription; spec 002 §4.6): who is paid,
 * made paid at once (charged prorated) or free at the period end.
 */

const notPerUser = () => new AppError('BAD_REQUEST', LEGACY_CHECKOUT_MESSAGES.NOT_PER_USER);

/** Per-user spaces only (the per-seat model has seats, not paid users). */
export function assertPerUser(membership: MembershipRecord): void {
  if (membership.workspace.billingModel !== 'PER_USER') throw notPerUser();
}

/** GET …/stripe/checkout/v1/users: the options step's table and the plan's limits. */
export async function getCheckoutUsers(
  context: BillingContext,
  membership: MembershipRecord,
): Promise<CheckoutUsersResponse> {
  assertPerUser(membership);
  const { workspace } = membership;
  const [members, domains, active] = await Promise.all([
    listSpaceMembers(context.db, workspace.id),
    domainsOf(context.db, workspace.id),
    findActiveSubscription(context.db, workspace.id),
  ]);
  const paidElsewhere = await findPaidElsewhere(
    context.db,
    workspace.id,
    'email',
    members.map((row) => row.email),
  );
  // Moving to the free plan, every paid user becomes free at the renewal.
  const scheduledPaid = active === undefined ? null : movingToFree(active) ? [] : active.scheduledPaidMembers;
  const items = members
    .map((row) => toCheckoutUser(row, { domains, paidElsewhere, scheduledPaid }))
    .sort(
      (a, b) => Number(b.role === 'OWNER') - Number(a.role === 'OWNER') || a.email.localeCompare(b.email),
    );
  return {
    items,
    paidUserLimit: paidUserLimitOf(workspace),
    freeUserLimit: workspace.freeAllowedUserCount,
    hasMultiDomain: workspace.hasMultiDomain,
    ownerEmail: items.find((user) => user.role === 'OWNER')?.email ?? '',
    workspacePlan: workspace.plan,
    legacyType: workspace.legacyType,
    subscriptionId: active?.id ?? null,
  };
}

/** A per-user Pro or Premium card subscription that ends at the period end (downgradeToFree). */
const movingToFree = (row: SubscriptionRow): boolean =>
  isMovingToFree({
    workspacePlan: row.workspacePlan,
    paymentSource: row.paymentSource,
    subscriptionStatus: row.status,
    autoRenew: row.autoRenew,
  });

/** Whether the subscription's price counts paid users (its quantity): not a pack, paid by card. */
async function isPricedPerUser(stripe: Stripe, row: SubscriptionRow): Promise<boolean> {
  if (row.paymentSource !== 'STRIPE' || row.stripeSubscriptionId === null) return false;
  const catalog = catalogPriceOf(await stripe.prices.retrieve(priceIdOfRow(row)));
  return catalog !== undefined && BILLING_PRODUCT_DEFINITIONS[catalog.product].unit !== 'pack';
}

const isCardError = (error: unknown): boolean => (error as { type?: string }).type === 'StripeCardError';

const CARD_DECLINED_MESSAGE = 'Your card was declined. Update your card from Manage billing, then try again.';

/** The new plan of a PUT: a legacy licence switched in place, a Pro ↔ Premium change, or the same. */
function targetPlanOf(row: SubscriptionRow, body: UpdateSubscriptionBody): 'PRO' | 'PREMIUM' | 'LEGACY' {
  if (body.upgradeLegacySubscription === true) {
    if (row.workspacePlan !== 'LEGACY' || row.paymentSource !== 'STRIPE') {
      throw new AppError('BAD_REQUEST', LEGACY_CHECKOUT_MESSAGES.UPGRADE_LEGACY_ONLY);
    }
    return body.workspacePlan ?? 'PRO';
  }
  if (row.workspacePlan === 'LEGACY') {
    if (body.workspacePlan !== undefined) {
      throw new AppError('BAD_REQUEST', LEGACY_CHECKOUT_MESSAGES.UPGRADE_LEGACY_ONLY);
    }
    return 'LEGACY';
  }
  return body.workspacePlan ?? row.workspacePlan;
}

/**
 * PUT …/subscriptions/v1/{subId} with workspaceUserPlans and/or upgradeLegacySubscription (spec
 * 001 §7). On a card-paid subscription priced per user: users made paid (and a plan switch) are
 * charged now, prorated, and must be paid at once (a declined card changes nothing: 409
 * card_declined); users made free stay paid until the period end, through the subscription
 * schedule's next phase (spec 002 §4.6), shown as a scheduled downgrade that can be cancelled. On
 * a licence that is not priced per user (a legacy Team pack, PayPal), the change is made at once.
 * The space's billing lock is held from the check of the paid users to the write, so two changes
 * at once are made one after the other, each on the other's result.
 */
export async function updateUserPlans(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
  body: UpdateSubscriptionBody,
): Promise<SubscriptionV1> {
  assertPerUser(membership);
  const row = await subscriptionOfSpace(context.db, membership, subscriptionId);
  if (row.status !== 'ACTIVE') throw new AppError('BAD_REQUEST', BILLING_MESSAGES.NO_SUBSCRIPTION);
  if (isSupportManagedPaymentSource(row.paymentSource))
    throw new AppError('BAD_REQUEST', BILLING_MESSAGES.SUPPORT_MANAGED);
  if (movingToFree(row)) throw new AppError('CONFLICT', LEGACY_CHECKOUT_MESSAGES.FREE_SCHEDULED);
  if (body.billingInterval !== undefined && body.billingInterval !== row.billingInterval) {
    throw new AppError('BAD_REQUEST', BILLING_MESSAGES.PLAN_AND_INTERVAL, {
      reason: 'cannot-update-subscription-plan-and-interval',
    });
  }
  const targetPlan = targetPlanOf(row, body);
  refuseSwitchWithoutPrice(row, targetPlan);
  const stripe = context.stripe;
  const priced = stripe !== null && (await isPricedPerUser(stripe, row));
  // Nothing to charge or refund on a licence not priced per user: it covers its users up to its limit.
  if (!priced && targetPlan !== row.workspacePlan) {
    throw new AppError('BAD_REQUEST', LEGACY_CHECKOUT_MESSAGES.UPGRADE_LEGACY_ONLY);
  }
  const changedInStripe = await context.db.transaction(async (tx) => {
    await lockBillingOf(tx, row.workspaceId);
    const locked = (await findSubscription(tx, row.workspaceId, row.id)) ?? row;
    const { current, target } = await checkedPaidUsers(
      tx,
      membership.workspace,
      { changes: body.workspaceUserPlans ?? [], field: 'workspaceUserPlans' },
      targetPlan,
    );
    const plan = planPaidUsers(current, target);
    const planChange = targetPlan !== locked.workspacePlan;
    if (plan.added.length === 0 && plan.removedAtRenewal.length === 0 && !planChange) {
      throw new AppError('BAD_REQUEST', BILLING_MESSAGES.NO_CHANGE);
    }
    if (!priced) {
      await applyPaidMembers(tx, row.workspaceId, target);
      return false;
    }
    await changePaidUsers(tx, stripe, locked, { plan, targetPlan, planChange });
    return true;
  });
  const synced = changedInStripe
    ? await syncStripeSubscription(context.db, stripeOf(context), row.stripeSubscriptionId!)
    : await findSubscription(context.db, row.workspaceId, row.id);
  return getSubscriptionView(context.db, synced ?? row);
}

/**
 * The Stripe side of a change of paid users, in the caller's locked transaction: users made paid
 * (and a plan switch) now, paid at once, and marked paid here at once (the webhook's re-read gives
 * the same); users made free at the period end (a scheduled removal and the schedule's next phase).
 */
async function changePaidUsers(
  tx: Executor,
  stripe: Stripe,
  row: SubscriptionRow,
  change: { plan: PaidUsersPlan; targetPlan: 'PRO' | 'PREMIUM' | 'LEGACY'; planChange: boolean },
): Promise<void> {
  const stripeSubscriptionId = row.stripeSubscriptionId!;
  const { plan, targetPlan, planChange } = change;
  const chargesNow = plan.added.length > 0 || planChange;
  if ((await findPendingRemoval(tx, row.id)) !== undefined) {
    throw new AppError('CONFLICT', BILLING_MESSAGES.DOWNGRADE_SCHEDULED);
  }
  if (chargesNow && row.scheduledBillingInterval !== null) {
    throw new AppError('CONFLICT', BILLING_MESSAGES.CYCLE_CHANGE_SCHEDULED);
  }
  await releaseSettledSchedule(stripe, row);
  let price = priceIdOfRow(row);
  if (chargesNow) {
    if (targetPlan !== 'LEGACY') {
      price = await stripePriceIdOfKey(stripe, priceKeyAtInterval(row, row.billingInterval, targetPlan));
    }
    await refuseWhilePaymentPending(stripe, stripeSubscriptionId);
    const subscription = await stripe.subscriptions.retrieve(stripeSubscriptionId);
    const item = subscription.items.data[0]!;
    try {
      await stripe.subscriptions.update(stripeSubscriptionId, {
        items: [{ id: item.id, price, quantity: plan.paidNow.length }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        metadata: paidMembersMetadata(plan.paidNow),
      });
    } catch (error) {
      if (isCardError(error)) {
        throw new AppError('CONFLICT', CARD_DECLINED_MESSAGE, { reason: 'card_declined', cause: error });
      }
      throw error;
    }
    await applyPaidMembers(tx, row.workspaceId, plan.paidNow);
  }
  if (plan.removedAtRenewal.length > 0) {
    await insertRemoval(tx, {
      subscriptionId: row.id,
      workspaceId: row.workspaceId,
      targetQuantity: plan.paidAtRenewal.length,
      removeAt: row.currentPeriodEnd,
    });
    // Inside the transaction: if Stripe refuses, no downgrade is recorded.
    await setNextPhase(
      stripe,
      stripeSubscriptionId,
      nextPhaseOf(
        { ...row, stripePriceId: price },
        {
          quantity: plan.paidAtRenewal.length,
          interval: chargesNow ? null : await scheduledInterval(stripe, row),
          metadata: paidMembersMetadata(plan.paidAtRenewal),
        },
      ),
    );
  }
}

/**
 * PUT …/subscriptions/v1/{subId} with downgradeToFree (spec 001 §4 "PREMIUM moving to PRO or FREE
 * gives DOWNGRADE", §7 downgradeToFree; ours on this call, as a move to Free takes no payment):
 * true ends the per-user Pro or Premium card subscription at the period end — every paid user
 * stays paid until then (spec 002 §4.6), then Stripe cancels it and the webhook puts the space on
 * Free with every member free; false makes it renew again. Nothing is charged or refunded. Refused
 * while a cycle change or a removal of paid users is scheduled (cancel it first).
 */
export async function setDowngradeToFree(
  context: BillingContext,
  membership: MembershipRecord,
  subscriptionId: string,
  body: UpdateSubscriptionBody,
): Promise<SubscriptionV1> {
  assertPerUser(membership);
  const { downgradeToFree, ...others } = body;
  if (Object.values(others).some((value) => value !== undefined)) {
    throw new AppError('BAD_REQUEST', LEGACY_CHECKOUT_MESSAGES.FREE_ALONE);
  }
  const stripe = stripeOf(context);
  const row = await subscriptionOfSpace(context.db, membership, subscriptionId);
  await context.db.transaction(async (tx) => {
    await lockBillingOf(tx, row.workspaceId);
    const locked = (await findSubscription(tx, row.workspaceId, row.id)) ?? row;
    const pendingRemoval = await findPendingRemoval(tx, locked.id);
    const refusal = downgradeToFreeRefusal({
      workspacePlan: locked.workspacePlan,
      paymentSource: locked.paymentSource,
      subscriptionStatus: locked.status,
      autoRenew: locked.autoRenew,
      hasScheduledChange: locked.scheduledBillingInterval !== null || pendingRemoval !== undefined,
    });
    if (refusal === 'not-card-pro-or-premium') {
      throw new AppError('BAD_REQUEST', LEGACY_CHECKOUT_MESSAGES.FREE_ONLY_PRO_OR_PREMIUM);
    }
    if (downgradeToFree === false) {
      if (refusal !== 'already-ending') {
        throw new AppError('CONFLICT', LEGACY_CHECKOUT_MESSAGES.FREE_NOT_SCHEDULED);
      }
    } else if (refusal === 'already-ending') {
      throw new AppError('CONFLICT', LEGACY_CHECKOUT_MESSAGES.FREE_ALREADY_SCHEDULED);
    } else if (refusal === 'change-scheduled') {
      throw new AppError(
        'CONFLICT',
        pendingRemoval === undefined
          ? BILLING_MESSAGES.CYCLE_CHANGE_SCHEDULED
          : BILLING_MESSAGES.DOWNGRADE_SCHEDULED,
      );
    } else {
      // A schedule whose changes have all happened would otherwise renew the subscription.
      await releaseSettledSchedule(stripe, locked);
    }
    await stripe.subscriptions.update(locked.stripeSubscriptionId!, {
      cancel_at_period_end: downgradeToFree !== false,
    });
  });
  const synced = await syncStripeSubscription(context.db, stripe, row.stripeSubscriptionId!);
  return getSubscriptionView(context.db, synced ?? row);
}
