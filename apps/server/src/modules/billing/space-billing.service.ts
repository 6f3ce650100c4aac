import type { PaymentSource } from '@mergedesk/domain/plans/plans';
import type { Executor } from '../../db/client';
import type { MemberBillingFacts } from '../members/billing-facts';
import { findActiveSubscription, findPendingRemovalOfSpace } from './billing.repo';
import { scheduledDowngradeEmails } from './legacy-users.service';

/**
 * What other modules read of a space's billing (members: the seat counter's scheduled removal,
 * the payment source of the member rules). Members gets it from app.ts (memberBillingFacts
 * below), so members never imports billing.
 */
async function scheduledSeatRemovalOf(
  db: Executor,
  workspaceId: string,
): Promise<{ targetSeatsQuantity: number; removeSeatsAtTimestamp: number } | null> {
  const removal = await findPendingRemovalOfSpace(db, workspaceId);
  return removal === undefined
    ? null
    : { targetSeatsQuantity: removal.targetQuantity, removeSeatsAtTimestamp: removal.removeAt.getTime() };
}

/** The payment source of the space's ACTIVE subscription (null: none). */
async function paymentSourceOf(db: Executor, workspaceId: string): Promise<PaymentSource | null> {
  return (await findActiveSubscription(db, workspaceId))?.paymentSource ?? null;
}

/** The billing facts the members routes show, handed to them by app.ts. */
export const memberBillingFacts: MemberBillingFacts = {
  paymentSourceOf,
  scheduledSeatRemovalOf,
  scheduledDowngradeEmails,
};
