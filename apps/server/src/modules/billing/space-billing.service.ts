import type { PaymentSource } from '@mergedesk/domain/plans/plans';
import type { Executor } from '../../db/client';
import { findActiveSubscription, findPendingRemovalOfSpace } from './billing.repo';

/**
 * What other modules read of a space's billing (members: the seat counter's scheduled removal,
 * the payment source of the member rules). It imports nothing of theirs, so no cycle arises.
 */
export async function scheduledSeatRemovalOf(
  db: Executor,
  workspaceId: string,
): Promise<{ targetSeatsQuantity: number; removeSeatsAtTimestamp: number } | null> {
  const removal = await findPendingRemovalOfSpace(db, workspaceId);
  return removal === undefined
    ? null
    : { targetSeatsQuantity: removal.targetQuantity, removeSeatsAtTimestamp: removal.removeAt.getTime() };
}

/** The payment source of the space's ACTIVE subscription (null: none). */
export async function paymentSourceOf(db: Executor, workspaceId: string): Promise<PaymentSource | null> {
  return (await findActiveSubscription(db, workspaceId))?.paymentSource ?? null;
}
