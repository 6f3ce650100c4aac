import { INTERNAL_ERROR_MESSAGE } from '../errors/error-codes';

/**
 * Messages of the billing calls. Spec 001 §8 gives the first ones verbatim; the rest are ours
 * (docs/decisions/README.md "Billing API"), for answers the spec leaves "not shown".
 */
export const BILLING_MESSAGES = {
  /** §8, the payment client is missing (no Stripe key configured). */
  PAYMENT_CLIENT_MISSING: INTERNAL_ERROR_MESSAGE,
  /** §8 verbatim. */
  STRIPE_PLANS_NOT_FOUND: 'Workspace ID of stripe plans are not found',
  /** §8 verbatim: the VAT id field error. */
  VAT_INVALID: 'This VAT ID doesn’t seem to be valid.',
  /** §6: billing is for ADMIN and OWNER per user, OWNER only per seat. */
  FORBIDDEN: 'Only the owner of this space can manage its billing.',
  SUBSCRIPTION_NOT_FOUND: 'Subscription not found.',
  NO_SUBSCRIPTION: 'This space has no active subscription.',
  NOT_STRIPE: 'This subscription is not paid by card; contact support to change it.',
  SUPPORT_MANAGED: 'If you wish to add or remove more seats, please contact support',
  DOWNGRADE_SCHEDULED:
    'If you wish to add or remove more seats, you first need to cancel the scheduled downgrade.',
  NOT_PER_SEAT: 'Seats can only be changed on a per-seat Pro or Premium subscription.',
  NO_PENDING_REMOVAL: 'No seat removal is scheduled.',
  BELOW_ASSIGNED: 'You cannot remove seats that are assigned to members. Remove members first.',
  NOT_FEWER_SEATS: 'The target must be fewer seats than the subscription has.',
  TOO_MANY_SEATS: 'Need more than 100 seats? Please contact us.',
  PRICE_UNKNOWN: 'This price cannot be bought.',
  ALREADY_SUBSCRIBED: 'This space already has a subscription. Change it from the billing page.',
  /** The billing page after a checkout Stripe completed for a space that was already paid (issue 22; ours). */
  DUPLICATE_REFUNDED_TITLE: 'This space already had a subscription',
  NOT_OUR_URL: 'The address must be a page of this application.',
  NO_INVOICE: 'This subscription has no invoice to pay.',
  PLAN_AND_INTERVAL: 'The plan and the billing cycle cannot be changed at the same time.',
  CYCLE_CHANGE_SCHEDULED: 'A billing cycle change is already scheduled. Cancel it first.',
  NO_CHANGE: 'Nothing to change.',
  NO_SCHEDULED_CHANGE: 'No billing cycle change is scheduled.',
  LEGACY_KEEPS_CYCLE:
    'A legacy licence keeps its plan and billing cycle. Switch to a new plan to change them.',
  NO_LICENCE: 'You have no licence paid with PayPal.',
} as const;

/** The duplicate checkout notice's text (issue 22; ours): what happened to the money. */
export const duplicateRefundedText = (formattedAmount: string): string =>
  `Your payment of ${formattedAmount} for a second subscription was refunded in full and that subscription canceled.`;

/**
 * Refusals only the server words (issue 22; ours): kept apart from BILLING_MESSAGES so the web
 * bundle, which shows whatever message the server sends, does not carry them.
 */
export const BILLING_REFUSALS = {
  CHECKOUT_NOT_FOUND: 'This checkout does not belong to this space.',
  NO_PREMIUM_FOR_PERSONAL: 'Premium is not available for Pro (Personal), the plan of a Gmail account.',
  /** One open payment per pending change. */
  PAYMENT_PENDING:
    'A payment for an earlier change of this subscription is waiting for confirmation. Confirm it first; nothing else can be changed until then.',
  /** An add whose page showed another seat total than Stripe holds (a second click, another tab). */
  SEATS_CHANGED:
    'The seats of this subscription changed meanwhile. Reload the page to see the current seats.',
} as const;
