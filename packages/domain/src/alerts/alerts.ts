import type { SpacePlan } from '../plans/plans';
import type { Role } from '../roles/roles';

/**
 * Kinds of banner in the alert area at the top of space pages (spec 000 §2, §4 Alerts).
 * - billing warnings: 'payment-failed', 'payment-confirmation-needed', 'all-payments-failed',
 *   'seat-pricing-ineligible' (derived from subscription data / the query, never "set");
 * - 'legacy': the legacy-plan notice;
 * - the one-shot alerts set by an action, named as in spec 000 §4: 'create' (space created, or the
 *   create error), 'remove' (space deleted), 'transfer' (ownership transferred, or its error),
 *   'join' (invitation accepted, or the invitation error: spec 002 §4.8 "a join alert with the
 *   error"), 'error' (generic error);
 * - ours: 'connect' (issue 24: the sender's Gmail is connected, after the consent round trip),
 *   cleared on navigation like the spec's one-shot kinds.
 */
export const ALERT_KINDS = [
  'payment-failed',
  'payment-confirmation-needed',
  'all-payments-failed',
  'seat-pricing-ineligible',
  'legacy',
  'create',
  'remove',
  'transfer',
  'join',
  'error',
  'connect',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export type BillingWarningKind = Extract<
  AlertKind,
  'payment-failed' | 'payment-confirmation-needed' | 'all-payments-failed' | 'seat-pricing-ineligible'
>;

/** Spec 000 §4 Alerts: remove, create, transfer, join and error are cleared on navigation once seen. */
const CLEARED_ON_NAVIGATION: ReadonlySet<AlertKind> = new Set<AlertKind>([
  'remove',
  'create',
  'transfer',
  'join',
  'error',
  'connect',
]);

export const isClearedOnNavigation = (kind: AlertKind): boolean => CLEARED_ON_NAVIGATION.has(kind);

export type AlertText = { title: string; description?: string };

/** Spec 000 §8: the generic banner. */
export const GENERIC_ERROR_ALERT = {
  title: 'Something went wrong.',
  description: 'Please try again later.',
} as const satisfies AlertText;

// --- billing warnings (spec 000 §8, spec 001 "Warning banners") -------------------------------

export const PAYMENT_FAILED_TITLE = 'Your last payment attempt failed';
export const PAYMENT_CONFIRMATION_NEEDED_TITLE = 'Your last payment attempt requires confirmation';
export const ALL_PAYMENTS_FAILED_TITLE = 'All payment attempts failed';
/**
 * The failed-payment banner's text (ours, issue 22): what Stripe will do, from the invoice's next
 * retry — not the period end, which a failed renewal has already moved a whole period on.
 */
export const paymentFailedText = (formattedNextRetry: string | null): string =>
  formattedNextRetry === null
    ? 'No further payment attempt is planned: the subscription ends unless the invoice is paid.'
    : `Next payment attempt: ${formattedNextRetry}. If every attempt fails, the subscription is canceled.`;
export const seatPricingIneligibleTitle = (domain: string): string =>
  `Your domain ${domain} is not yet eligible for seat-based pricing`;

export type SubscriptionAlertInput = {
  subscriptionStatus: 'ACTIVE' | 'CANCELED';
  /** additionalStripeInfo.latestInvoice.paid; null/undefined when unknown. */
  latestInvoicePaid?: boolean | null;
  /** additionalStripeInfo.latestInvoice.paymentIntent.status. */
  paymentIntentStatus?: string | null;
};

/**
 * Spec 000 §4 Alerts: 'all payment attempts failed' when every subscription is CANCELED; otherwise
 * 'payment failed' when an active subscription's latest invoice is unpaid with payment status
 * requires_payment_method; 'confirmation needed' when the status is requires_action or
 * requires_confirmation. No subscriptions, no warning. Payment failure wins over confirmation.
 */
export const paymentWarningKind = (
  subscriptions: readonly SubscriptionAlertInput[],
): Exclude<BillingWarningKind, 'seat-pricing-ineligible'> | null => {
  if (subscriptions.length === 0) return null;
  // Newest first: a space whose last subscription ended with its invoice paid (cancelled by its
  // owner) had no failed payment; one that never got paid is not listed at all (issue 22).
  if (
    subscriptions.every((s) => s.subscriptionStatus === 'CANCELED') &&
    subscriptions[0]?.latestInvoicePaid !== true
  )
    return 'all-payments-failed';
  const active = subscriptions.filter((s) => s.subscriptionStatus === 'ACTIVE');
  if (
    active.some((s) => s.latestInvoicePaid === false && s.paymentIntentStatus === 'requires_payment_method')
  ) {
    return 'payment-failed';
  }
  if (
    active.some(
      (s) => s.paymentIntentStatus === 'requires_action' || s.paymentIntentStatus === 'requires_confirmation',
    )
  ) {
    return 'payment-confirmation-needed';
  }
  return null;
};

/** Spec 000 §4: shown when the query parameter is set, the user is loaded and is not a Gmail user. */
export const seatPricingIneligibleVisible = (input: {
  queryParameterSet: boolean;
  userLoaded: boolean;
  isGmailUser: boolean;
}): boolean => input.queryParameterSet && input.userLoaded && !input.isGmailUser;

// --- legacy notice ------------------------------------------------------------------------------

/** Spec 002 §8 notice, reused as the legacy banner text. */
export const LEGACY_PLAN_NOTICE =
  'Your space is currently on a legacy plan. You should contact support to switch to a new plan.';

/** Spec 000 §2, §4: the legacy alert is for the OWNER of a LEGACY space and hidden on the billing page. */
export const legacyAlertVisible = (role: Role, plan: SpacePlan | null, isBillingPage: boolean): boolean =>
  role === 'OWNER' && plan === 'LEGACY' && !isBillingPage;

// --- success banners (spec 000 §8; wording marked "ours" is not given by the spec) -----------------

/** Ours: the spec only says a 'created' alert is shown. */
export const SPACE_CREATED_ALERT = { title: 'Your new space has been created.' } as const satisfies AlertText;

/** Ours: the spec says a 'deleted' alert is shown and the user is switched to another space. */
export const SPACE_DELETED_ALERT = {
  title: 'The space has been deleted.',
  description: 'You have been switched to another space.',
} as const satisfies AlertText;

/** Spec 000 §8 "ownership transferred to {email} (the former owner stays as a regular user)"; wording ours. */
export const ownershipTransferredAlert = (email: string): AlertText => ({
  title: `Ownership transferred to ${email}`,
  description: 'You stay in the space as a regular user.',
});

/** Spec 002 §8: HTTP 409 with reason user_owns_too_many_workspaces. */
export const TRANSFER_TOO_MANY_SPACES_MESSAGE = 'This user already owns too many spaces.';

/** Spec 000 §8: new users who joined see 'Welcome to {product}!'. */
export const joinedWelcomeTitle = (product: string): string => `Welcome to ${product}!`;

/** Ours: the line under the join banner names the space that was joined. */
export const joinedSpaceDescription = (workspaceName: string): string => `You have joined ${workspaceName}.`;

// --- invitation errors (spec 000 §8, spec 002 §8) -----------------------------------------------

export const INVITATION_ERROR_TITLE = 'The invitation could not be finalized.';
export const INVITATION_RESTRICTED_MESSAGE = 'Sorry, this invitation link is no longer valid.';

const INVITATION_ERROR_MESSAGES = {
  INVALID: 'The invite link is invalid.',
  WRONG_ACCOUNT: 'You are logged into a different account than the one invited.',
  NOT_ACTIVE: 'The invite link has expired or been cancelled.',
  ALREADY_MEMBER: 'You are already a member of this space.',
} as const;

/**
 * The message for a failed invitation finalisation: 404 invalid, 403 wrong account, 409 with reason
 * invitation_is_not_active or user_already_exists. Anything else is null (the generic error is shown).
 */
export const invitationErrorMessage = (status: number, reason?: string | null): string | null => {
  if (status === 404) return INVITATION_ERROR_MESSAGES.INVALID;
  if (status === 403) return INVITATION_ERROR_MESSAGES.WRONG_ACCOUNT;
  if (status === 409 && reason === 'invitation_is_not_active') return INVITATION_ERROR_MESSAGES.NOT_ACTIVE;
  if (status === 409 && reason === 'user_already_exists') return INVITATION_ERROR_MESSAGES.ALREADY_MEMBER;
  return null;
};
