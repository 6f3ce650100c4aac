import { subscriptionEnding } from '@mergedesk/domain/spaces/space-life';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { stripeOf, type BillingContext } from './billing-context';
import {
  findActiveSubscription,
  findPendingRemoval,
  lockBillingOf,
  updateSubscriptionRow,
} from './billing.repo';
import { releaseSettledSchedule } from './seat-changes.service';
import { syncStripeSubscription } from './stripe-sync.service';

/** What ending the subscription of a space being deleted did; `sync` runs once the deletion commits. */
export type SubscriptionEnded = { endsAt: Date | null; sync: () => Promise<void> };

const nothingToSync = () => Promise.resolve();

/**
 * Stops the renewal of the space's live subscription before the space is deleted (issue 21): it
 * ends at the period end, nothing is refunded. The same moves as the existing cancel paths — a
 * card subscription gets `cancel_at_period_end` (as downgradeToFree sets it), a PayPal licence is
 * cancelled through the PayPal adapter (as the stop-automatic-renewal page does) — run inside the
 * caller's transaction, so a refusal by the provider leaves the space as it was. Support and
 * offline subscriptions, and a scheduled change, are refused (domain `subscriptionEnding`).
 */
export async function endSubscriptionBeforeDeletion(
  context: BillingContext,
  tx: Executor,
  workspaceId: string,
  reason: string,
): Promise<SubscriptionEnded> {
  await lockBillingOf(tx, workspaceId);
  const row = await findActiveSubscription(tx, workspaceId);
  if (row === undefined) return { endsAt: null, sync: nothingToSync };
  const pendingRemoval = await findPendingRemoval(tx, row.id);
  const ending = subscriptionEnding({
    paymentSource: row.paymentSource,
    autoRenew: row.autoRenew,
    hasScheduledChange: row.scheduledBillingInterval !== null || pendingRemoval !== undefined,
  });
  switch (ending.kind) {
    case 'none':
      return { endsAt: null, sync: nothingToSync };
    case 'already-ending':
      return { endsAt: row.currentPeriodEnd, sync: nothingToSync };
    case 'refused':
      throw new AppError('CONFLICT', ending.message);
    case 'end-at-period-end':
      break;
  }
  await updateSubscriptionRow(tx, row.id, { autoRenew: false });
  if (row.paymentSource === 'PAYPAL') {
    await context.paypal.cancelAutoRenewal(row.externalId ?? '', reason);
    return { endsAt: row.currentPeriodEnd, sync: nothingToSync };
  }
  const stripe = stripeOf(context);
  const stripeSubscriptionId = row.stripeSubscriptionId;
  if (stripeSubscriptionId === null) return { endsAt: row.currentPeriodEnd, sync: nothingToSync };
  // A schedule whose changes have all happened would otherwise renew the subscription.
  await releaseSettledSchedule(stripe, row);
  await stripe.subscriptions.update(stripeSubscriptionId, { cancel_at_period_end: true });
  return {
    endsAt: row.currentPeriodEnd,
    sync: async () => {
      await syncStripeSubscription(context.db, stripe, stripeSubscriptionId);
    },
  };
}
