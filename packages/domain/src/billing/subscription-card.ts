import type { LegacyType, PaymentSource, SpacePlan, UserPlan } from '../plans/plans';
import { isSupportManagedPaymentSource, spacePlanLabel } from '../plans/plans';
import type { BillingInterval } from './prices';

/**
 * The current plan card and the notices of the billing page (spec 001 §2 "Subscription states and
 * card display", "Scheduled cycle change", "Scheduled seat downgrade"). Dates are passed in already
 * formatted ('MMMM do, yyyy' is the web app's formatLongDate), so these stay pure.
 */

export type SubscriptionState = 'free' | 'paid' | 'legacy' | 'custom' | 'paypal-legacy';

export type CardSubscription = {
  workspacePlan: SpacePlan;
  legacyType?: LegacyType | null;
  paymentSource: PaymentSource | null;
  subscriptionStatus?: 'ACTIVE' | 'CANCELED';
};

/**
 * Spec 001 §2: free, paid (renewing or ending), legacy, custom (contact sales), PayPal legacy. A
 * CANCELED subscription is history: the space is on the free plan and can buy again (issue 22).
 */
export const subscriptionState = (subscription: CardSubscription | null): SubscriptionState => {
  if (
    subscription === null ||
    subscription.workspacePlan === 'FREE' ||
    subscription.subscriptionStatus === 'CANCELED'
  )
    return 'free';
  if (isSupportManagedPaymentSource(subscription.paymentSource) || subscription.workspacePlan === 'OFFLINE')
    return 'custom';
  if (subscription.workspacePlan === 'LEGACY')
    return subscription.paymentSource === 'PAYPAL' ? 'paypal-legacy' : 'legacy';
  return 'paid';
};

/** Spec 001 §2 display names: Free, Pro, Premium, 'Custom' for support/offline, 'Team (legacy)'… */
export const subscriptionDisplayName = (subscription: CardSubscription | null): string => {
  if (subscription === null || subscriptionState(subscription) === 'free') return spacePlanLabel('FREE');
  return spacePlanLabel(subscription.workspacePlan, {
    legacyType: subscription.legacyType ?? null,
    isCustom: subscriptionState(subscription) === 'custom',
  });
};

/** Spec 001 §2: autoRenew true shows 'Renews on {date}', false 'Ends on {date}'. */
export const renewalText = (autoRenew: boolean, formattedDate: string): string =>
  `${autoRenew ? 'Renews' : 'Ends'} on ${formattedDate}`;

const INTERVAL_ADVERB = { YEARLY: 'annually', MONTHLY: 'monthly' } as const satisfies Record<
  BillingInterval,
  string
>;

/**
 * Spec 001 §2 "Scheduled cycle change": 'You are currently billed annually, with a change to
 * monthly planned on {date}.' or the reverse.
 */
export const scheduledCycleChangeText = (
  current: BillingInterval,
  target: BillingInterval,
  formattedDate: string,
): string =>
  `You are currently billed ${INTERVAL_ADVERB[current]}, with a change to ${INTERVAL_ADVERB[target]} planned on ${formattedDate}.`;

/** Spec 001 §2 / §8: cancelling the scheduled cycle change failed (not dismissible). */
export const CANCEL_CYCLE_CHANGE_FAILED = 'Something went wrong. Please try again later.';

/** Spec 001 §2 "Scheduled seat downgrade". The spec gives the start of each text; the rest is ours. */
export const seatDowngradeNotice = (
  targetSeats: number,
  formattedDate: string,
  unit: 'seat' | 'paid user' = 'seat',
): string =>
  `Your subscription is scheduled to go down to ${targetSeats} ${unit}${targetSeats === 1 ? '' : 's'} on ${formattedDate}.`;
export const SEAT_DOWNGRADE_ADMIN_NOTICE =
  'Contact the owner of the space to cancel the scheduled downgrade.';
const SEAT_CHANGES_BLOCKED_BY_DOWNGRADE =
  'If you wish to add or remove more seats, you first need to cancel the scheduled downgrade.';
/**
 * The line under the scheduled-downgrade notice. The spec's text speaks of seats (per seat); a
 * per-user space has no seats, so its notice speaks of paid users (issue 22; ours).
 */
export const changesBlockedByDowngradeText = (unit: 'seat' | 'paid user' = 'seat'): string =>
  unit === 'seat'
    ? SEAT_CHANGES_BLOCKED_BY_DOWNGRADE
    : 'If you wish to add or remove more paid users, you first need to cancel the scheduled downgrade.';
export const SEAT_CHANGES_NEED_SUPPORT = 'If you wish to add or remove more seats, please contact support';

export type SeatActionsInput = {
  state: SubscriptionState;
  isPerSeat: boolean;
  isGmailUser: boolean;
  /** null or -1: unlimited; 1: a single seat (spec 001 §3 "Seat info"). */
  totalSeats: number | null;
  hasScheduledRemoval: boolean;
  /** The subscription's plan: only Pro per seat removes seats (canScheduleSeatRemovals; issue 22). */
  workspacePlan?: SpacePlan;
  /** A billing-cycle change is scheduled: seats are added only once it is cancelled (issue 22). */
  hasScheduledCycleChange?: boolean;
};

const isUnlimited = (totalSeats: number | null): totalSeats is null => totalSeats === null || totalSeats < 0;

export type SeatActions =
  | { kind: 'none' }
  | { kind: 'contact-support' }
  | { kind: 'blocked-by-downgrade' }
  | { kind: 'links'; canAdd: boolean; canRemove: boolean };

/**
 * Spec 001 §2: the seat links of the billing page. Support/offline subscriptions are changed by
 * support; a scheduled downgrade blocks both links until cancelled; Gmail users and unlimited seats
 * have none; removing needs more than one seat (the seat pages redirect otherwise).
 */
export const seatActions = (input: SeatActionsInput): SeatActions => {
  if (!input.isPerSeat || input.isGmailUser || isUnlimited(input.totalSeats)) return { kind: 'none' };
  if (input.state === 'custom') return { kind: 'contact-support' };
  if (input.state !== 'paid') return { kind: 'none' };
  if (input.hasScheduledRemoval) return { kind: 'blocked-by-downgrade' };
  // Issue 22: what the server refuses is not offered — adding seats while a cycle change is
  // scheduled, removing seats from Premium per seat (seat removals are Pro's, spec 002 §4.6).
  return {
    kind: 'links',
    canAdd: input.hasScheduledCycleChange !== true,
    canRemove: input.totalSeats > 1 && (input.workspacePlan === undefined || input.workspacePlan === 'PRO'),
  };
};

export type PlanSwitchRefusal = 'no-premium-for-personal' | 'change-scheduled';

/**
 * Issue 22: whether a Pro ↔ Premium switch can be made now; the server refuses with the same rule
 * and the billing page does not offer what it refuses. Pro (Personal), a Gmail account's plan, has
 * no Premium price; an immediate plan switch waits until a scheduled change (cycle change, seat or
 * paid-user downgrade) is cancelled.
 */
export const planSwitchRefusal = (input: {
  targetPlan: 'PRO' | 'PREMIUM';
  userPlan: UserPlan | null;
  hasScheduledChange: boolean;
}): PlanSwitchRefusal | null => {
  if (input.targetPlan === 'PREMIUM' && input.userPlan === 'PRO_PERSONAL') return 'no-premium-for-personal';
  if (input.hasScheduledChange) return 'change-scheduled';
  return null;
};

export type SeatPageRedirectInput = {
  page: 'add-seats' | 'remove-seats';
  isGmailUser: boolean;
  hasSubscription: boolean;
  hasScheduledRemoval: boolean;
  totalSeats: number | null;
};

/**
 * Spec 001 §2 "Redirects": the seat pages go back to billing (replace) for a Gmail user, without a
 * subscription, while a seat removal is scheduled, with unlimited seats, or — on remove-seats — with a
 * single seat.
 */
export const seatPageRedirectsToBilling = (input: SeatPageRedirectInput): boolean =>
  input.isGmailUser ||
  !input.hasSubscription ||
  input.hasScheduledRemoval ||
  isUnlimited(input.totalSeats) ||
  (input.page === 'remove-seats' && input.totalSeats <= 1);

/**
 * The paid-user line of a per-user subscription (spec 001 §3 numberOfLicensesUsed /
 * allowedQuantity; wording ours): '4 of 10 paid users', or '4 paid users' when the plan allows
 * any number (-1).
 */
export const paidUsersText = (used: number, allowed: number): string =>
  allowed < 0 ? `${used} paid user${used === 1 ? '' : 's'}` : `${used} of ${allowed} paid users`;

/**
 * The units a subscription bills: per seat its seats, per user its paid users (numberOfLicensesUsed
 * is given for per-user subscriptions only). The cycle-change preview and the scheduled change's
 * new price are for these units.
 */
export const billedUnits = (subscription: {
  numberOfLicensesUsed: number | null;
  seatInfo: { totalSeats: number | null };
}): number => Math.max(1, subscription.numberOfLicensesUsed ?? subscription.seatInfo.totalSeats ?? 1);
