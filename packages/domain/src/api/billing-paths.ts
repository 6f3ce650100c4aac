/**
 * The billing calls of spec 001 §7, served under the API root (/api) — the spec's "billing host".
 * Paths the spec leaves "not shown" are ours (docs/decisions/175-billing-paths.md). Amounts are in
 * minor units (cents), timestamps in milliseconds since the epoch. Without zod (api/billing
 * re-exports them), so the web app's bundle does not carry the billing schemas.
 */

const SPACE = '/api/workspace-billing/workspaces/:workspaceId';
const SUBSCRIPTION_V2 = `${SPACE}/subscriptions/v2/:subscriptionId`;

export const BILLING_PATHS = {
  /** GET ?includePlans&retrieveAdditionalStripeInfo → subscriptionListV1Schema */
  subscriptionsV1: `${SPACE}/subscriptions/v1`,
  /** GET ?status → subscriptionListV2Schema */
  subscriptionsV2: `${SPACE}/subscriptions/v2`,
  /** PUT updateSubscriptionBodySchema → subscriptionV1Schema */
  subscriptionV1: `${SPACE}/subscriptions/v1/:subscriptionId`,
  /** POST ?previewProratedChanges paymentPreviewRequestSchema → paymentInfoSchema */
  checkoutInfoV1: `${SPACE}/stripe/checkout/v1/info`,
  checkoutInfoV2: `${SPACE}/stripe/checkout/v2/info`,
  /**
   * GET → checkoutUsersResponseSchema: the users of a per-user (legacy model) space for the options
   * step and the legacy users page, with their paid flags, restrictions and the plan's limits (ours).
   */
  checkoutUsers: `${SPACE}/stripe/checkout/v1/users`,
  /** POST checkoutSessionV1BodySchema / V2 → checkoutSessionResponseSchema */
  checkoutSessionV1: `${SPACE}/stripe/checkout/v1/session`,
  checkoutSessionV2: `${SPACE}/stripe/checkout/v2/session`,
  /**
   * GET ?sessionId → checkoutOutcomeSchema: what became of a Checkout Session the billing page
   * returned from, read from Stripe (ours, issue 22: no success banner before Stripe confirms).
   */
  checkoutOutcome: `${SPACE}/stripe/checkout/v1/outcome`,
  /** GET ?returnUrl → portalResponseSchema (STRIPE subscriptions only) */
  customerPortal: `${SPACE}/stripe/customer/v1/portal`,
  /** GET → latestInvoiceSchema */
  latestInvoice: `${SUBSCRIPTION_V2}/latest-invoice/v1`,
  /** GET → paymentIntentSecretSchema (the client secret of the latest invoice's payment intent; ours) */
  paymentIntentSecret: `${SUBSCRIPTION_V2}/latest-invoice/v1/payment-intent`,
  /** POST addSeatsBodySchema → seatsChangeResponseSchema */
  seats: `${SUBSCRIPTION_V2}/seats/v1`,
  /** POST seatRemovalBodySchema → seatRemovalQuoteSchema (ours) */
  seatRemovalQuote: `${SUBSCRIPTION_V2}/seats/v1/removal-quote`,
  /** GET ?status=PENDING → scheduledRemovalSchema (404: none); POST seatRemovalBodySchema; DELETE */
  scheduledRemovals: `${SUBSCRIPTION_V2}/seats/v1/scheduled-removals`,
  /** GET → paymentPlanListSchema (no space) */
  paymentPlans: '/api/workspace-billing/payment-plans/v1',
  /** GET → cancellationLicenceSchema of the signed-in user (404: none; ours) */
  cancellationLicence: '/api/_ah/api/subscriptions/v1/licence',
  /** POST cancelAutoRenewalBodySchema → cancelAutoRenewalResponseSchema */
  cancelAutoRenewal: '/api/_ah/api/subscriptions/v1/cancelAutoRenewal',
  /** POST (raw body, Stripe-Signature) → { received, replay } */
  stripeWebhook: '/api/workspace-billing/stripe/webhooks',
} as const;
export type BillingPath = (typeof BILLING_PATHS)[keyof typeof BILLING_PATHS];

/** Fills `:workspaceId` and `:subscriptionId` of a billing path. */
export const billingPath = (
  path: BillingPath,
  ids: { workspaceId?: string; subscriptionId?: string } = {},
): string =>
  path
    .replace(':workspaceId', encodeURIComponent(ids.workspaceId ?? ''))
    .replace(':subscriptionId', encodeURIComponent(ids.subscriptionId ?? ''));

/** The success url's query parameter Stripe fills with the Checkout Session id (ours). */
export const CHECKOUT_SESSION_QUERY_PARAM = 'session_id';

/** Stop automatic renewal (§2 "Stop-automatic-renewal page", §3 "Cancellation licence"). */
export const STOP_RENEWAL_MESSAGES = {
  subscriptionIdMissing: 'Subscription Id is missing',
  /** Ours: the page (issue 22) and the refusal of a second stop. */
  alreadyStopped: 'The automatic renewal of this licence is already stopped.',
} as const;
