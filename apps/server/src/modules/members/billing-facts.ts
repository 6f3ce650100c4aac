import type { PaymentSource } from '@mergedesk/domain/plans/plans';
import type { Executor } from '../../db/client';

/**
 * What the members screens show of a space's billing. Billing sits above members (it changes
 * members' plans through this module), so members never imports billing: app.ts hands billing's
 * implementation to the members routes (docs/decisions/364-table-owners.md).
 */
export type MemberBillingFacts = {
  /** The payment source of the space's ACTIVE subscription (null: none). */
  paymentSourceOf(db: Executor, workspaceId: string): Promise<PaymentSource | null>;
  /** The seat removal scheduled for the period end, if any. */
  scheduledSeatRemovalOf(
    db: Executor,
    workspaceId: string,
  ): Promise<{ targetSeatsQuantity: number; removeSeatsAtTimestamp: number } | null>;
  /** Addresses of the members who become free at the period end (spec 002 §3 isScheduledToBeDowngraded). */
  scheduledDowngradeEmails(db: Executor, workspaceId: string): Promise<Set<string>>;
};
