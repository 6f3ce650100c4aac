import { z } from 'zod';

import { CHECKOUT_FIELD_LIMITS } from '../billing/checkout-form';
import { billingIntervalSchema, currencySchema, LEGAL_ENTITIES } from '../billing/prices';
import { MAX_SEATS } from '../members/seats';
import { legacyTypeSchema, paymentSourceSchema, spacePlanSchema, userPlanSchema } from '../plans/plans';
import { roleSchema } from '../roles/roles';
import { STOP_RENEWAL_MESSAGES } from './billing-paths';
import { seatSummarySchema } from './members';

/**
 * The billing calls of spec 001 §7, served under the API root (/api) — the spec's "billing host".
 * Paths the spec leaves "not shown" are ours (docs/decisions/175-billing-paths.md). Amounts are in
 * minor units (cents), timestamps in milliseconds since the epoch.
 */

export {
  BILLING_PATHS,
  billingPath,
  CHECKOUT_SESSION_QUERY_PARAM,
  STOP_RENEWAL_MESSAGES,
} from './billing-paths';

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELED'] as const;
const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

export const PURCHASE_TYPES = ['B2B', 'B2C'] as const;

/** Status of a scheduled seat removal (spec 001 §3 "Scheduled seat removal"). */
export const SEAT_REMOVAL_STATUSES = ['PENDING', 'APPLIED', 'CANCELED'] as const;
const purchaseTypeSchema = z.enum(PURCHASE_TYPES);

const legalEntitySchema = z.enum(LEGAL_ENTITIES);

/** Spec 001 §3: upTo < 0 is unbounded. */
const priceTierSchema = z.object({ upTo: z.number().int(), unitAmount: z.number().int() });

/** A query flag: 'true' / 'false' (absent = false). */
const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/** Path parameters of the space's billing calls. */
export const billingSpaceParamsSchema = z.object({ workspaceId: z.string() });
export const billingSubscriptionParamsSchema = z.object({
  workspaceId: z.string(),
  subscriptionId: z.string().uuid(),
});

// ---------------------------------------------------------------------------------------------
// Subscriptions (spec 001 §3 "Subscription", "Seat info")
// ---------------------------------------------------------------------------------------------

/** One priced line of a subscription (§3 subscriptionPaymentPlans[]). */
const subscriptionPaymentPlanSchema = z.object({
  /** The Stripe price id. */
  paymentPlanId: z.string(),
  userPlanType: userPlanSchema,
  legalEntity: legalEntitySchema,
  /** -1 unlimited, 1 single (§3 "Seat info"). */
  totalSeats: z.number().int(),
  assignedSeats: z.number().int(),
  availableSeats: z.number().int(),
  tiers: z.array(priceTierSchema),
});
export type SubscriptionPaymentPlan = z.infer<typeof subscriptionPaymentPlanSchema>;

const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
const paymentIntentStatusSchema = z.enum(PAYMENT_INTENT_STATUSES);
export type PaymentIntentStatus = z.infer<typeof paymentIntentStatusSchema>;

/** §3 additionalStripeInfo.latestInvoice. */
const latestInvoiceInfoSchema = z.object({
  paid: z.boolean(),
  hostedInvoiceUrl: z.string().nullable(),
  paymentIntent: z.object({ status: paymentIntentStatusSchema }).nullable(),
  /**
   * Stripe's next automatic retry of an unpaid invoice (ms), null when none is planned: the
   * failed-payment banner tells this date, not the period end (issue 22; ours).
   */
  nextPaymentAttemptTimestamp: z.number().nullable().optional(),
});

/** §3 additionalStripeInfo (only with retrieveAdditionalStripeInfo=true and a STRIPE subscription). */
const additionalStripeInfoSchema = z.object({
  country: z.string().nullable(),
  companyName: z.string().nullable(),
  couponId: z.string().nullable(),
  couponDuration: z.enum(['forever', 'repeating', 'once']).nullable(),
  couponPercentOff: z.number().nullable(),
  latestInvoice: latestInvoiceInfoSchema.nullable(),
  upcomingInvoice: z.object({ amountDue: z.number().int() }).nullable(),
});
export type AdditionalStripeInfo = z.infer<typeof additionalStripeInfoSchema>;

/** A seat removal waiting for the period end (§3 "Scheduled seat removal"). */
export const scheduledRemovalSchema = z
  .object({
    id: z.string().uuid(),
    subscriptionId: z.string().uuid(),
    targetSubscriptionAmount: z.number().int(),
    removeSeatsAtTimestamp: z.number(),
    createTimestamp: z.number(),
    lastUpdateTimestamp: z.number(),
    status: z.enum(['PENDING']),
  })
  .meta({ id: 'ScheduledSeatRemoval' });
export type ScheduledRemoval = z.infer<typeof scheduledRemovalSchema>;

const subscriptionFields = {
  subscriptionId: z.string().uuid(),
  workspaceId: z.string().uuid(),
  subscriptionStatus: subscriptionStatusSchema,
  /** When the subscription was first taken out. */
  subscriptionTimestamp: z.number(),
  /** Start of the current billing period. */
  startTimestamp: z.number(),
  /** End of the current billing period: 'Renews on' / 'Ends on' (§2). */
  endTimestamp: z.number(),
  createTimestamp: z.number(),
  lastUpdateTimestamp: z.number(),
  purchaseType: purchaseTypeSchema,
  country: z.string(),
  billingInterval: billingIntervalSchema,
  workspacePlan: spacePlanSchema,
  legacyType: legacyTypeSchema.nullable(),
  paymentSource: paymentSourceSchema,
  /** Price of one billing period before tax and discount (minor units). */
  amount: z.number().int(),
  /** Discount in percent (0 when none). */
  discount: z.number(),
  currency: currencySchema,
  /** Percent. */
  taxRate: z.number(),
  autoRenew: z.boolean(),
  /**
   * The payment provider's own status (Stripe: active, past_due, canceled, unpaid,
   * incomplete_expired…); null for PayPal, support and offline subscriptions (ours, issue 22).
   */
  providerStatus: z.string().nullable().optional(),
  stripeSubscriptionScheduleId: z.string().nullable(),
  scheduledChanges: z
    .object({ targetBillingInterval: billingIntervalSchema, effectiveTimestamp: z.number() })
    .nullable(),
  /**
   * The seats of the space (members/seats summarizeSeats; totalSeats null = unlimited) with its
   * pending scheduled removal. LEGACY reads numberOfLicensesUsed / allowedQuantity (§3).
   */
  seatInfo: seatSummarySchema,
  numberOfLicensesUsed: z.number().int().nullable(),
  allowedQuantity: z.number().int().nullable(),
};

/** An item of GET subscriptions/v1; plans only with includePlans, Stripe info only when asked. */
export const subscriptionV1Schema = z
  .object({
    ...subscriptionFields,
    subscriptionPaymentPlans: z.array(subscriptionPaymentPlanSchema).optional(),
    additionalStripeInfo: additionalStripeInfoSchema.nullable().optional(),
  })
  .meta({ id: 'SubscriptionV1' });
export type SubscriptionV1 = z.infer<typeof subscriptionV1Schema>;

/** An item of GET subscriptions/v2: always with its payment plans. */
const subscriptionV2Schema = z
  .object({ ...subscriptionFields, subscriptionPaymentPlans: z.array(subscriptionPaymentPlanSchema) })
  .meta({ id: 'SubscriptionV2' });
export type SubscriptionV2 = z.infer<typeof subscriptionV2Schema>;

/** Newest first; a space has at most one ACTIVE subscription. Members are refused (403). */
export const subscriptionListV1Schema = z.object({ items: z.array(subscriptionV1Schema) });
export const subscriptionListV2Schema = z.object({ items: z.array(subscriptionV2Schema) });

export const subscriptionsV1QuerySchema = z.object({
  includePlans: queryFlag,
  retrieveAdditionalStripeInfo: queryFlag,
});
export const subscriptionsV2QuerySchema = z.object({ status: subscriptionStatusSchema.optional() });

/**
 * A user's new plan in the per-user model: `userId` is the checkout user's `id` (checkoutUsers),
 * `userPlan` FREE or a paid plan (PRO, PRO_PERSONAL for Gmail addresses).
 */
const workspaceUserPlanSchema = z.object({ userId: z.string().uuid(), userPlan: userPlanSchema });
export type WorkspaceUserPlan = z.infer<typeof workspaceUserPlanSchema>;

/**
 * PUT subscriptions/v1/{subId} (§7): a plan or interval change, or cancelling a scheduled one; in
 * per-user spaces also `workspaceUserPlans` (users made paid are paid at once and charged prorated;
 * users made free stay paid until the period end — spec 002 §4.6) and `upgradeLegacySubscription`
 * (a card-paid legacy licence switched in place to `workspacePlan`, its paid users kept).
 */
export const updateSubscriptionBodySchema = z.object({
  workspacePlan: z.enum(['PRO', 'PREMIUM']).optional(),
  billingInterval: billingIntervalSchema.optional(),
  workspaceUserPlans: z.array(workspaceUserPlanSchema).max(1000).optional(),
  upgradeLegacySubscription: z.boolean().optional(),
  cancelScheduledBillingIntervalChange: z.boolean().optional(),
  /**
   * Per-user spaces (spec 001 §4 DOWNGRADE to FREE, §7 downgradeToFree; ours on this call): true
   * ends the Pro or Premium subscription at the period end (every paid user then becomes free),
   * false keeps it renewing. Sent alone.
   */
  downgradeToFree: z.boolean().optional(),
});
export type UpdateSubscriptionBody = z.input<typeof updateSubscriptionBodySchema>;

/**
 * The two redirect error codes of spec 001 §2, answered as the `reason` of the error body:
 * plan and interval together → 400 BAD_REQUEST; an interval change while a subscription schedule
 * exists → 409 CONFLICT.
 */
export const SUBSCRIPTION_UPDATE_ERROR_STATUS = {
  'cannot-update-subscription-plan-and-interval': 400,
  'cannot-change-billing-cycle-when-scheduled': 409,
} as const;

// ---------------------------------------------------------------------------------------------
// Payment plans (§3 "Payment plan (list)")
// ---------------------------------------------------------------------------------------------

const paymentPlanSchema = z
  .object({
    stripePriceId: z.string(),
    /** Our lookup key, e.g. pro_yearly_usd. */
    lookupKey: z.string(),
    userPlan: userPlanSchema,
    workspacePlan: z.enum(['PRO', 'PREMIUM', 'LEGACY']),
    legacyType: legacyTypeSchema.nullable(),
    billingInterval: billingIntervalSchema,
    status: z.enum(['ACTIVE', 'INACTIVE']),
    currency: currencySchema,
    paymentPlanTiers: z.array(priceTierSchema),
    legalEntity: legalEntitySchema,
  })
  .meta({ id: 'PaymentPlan' });
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;
export const paymentPlanListSchema = z.object({ items: z.array(paymentPlanSchema) });
export const paymentPlansQuerySchema = z.object({ currency: currencySchema.optional() });

// ---------------------------------------------------------------------------------------------
// Checkout: payment preview (§3 "Payment preview request", "Payment info")
// ---------------------------------------------------------------------------------------------

const seatPlanSchema = z.object({
  userPlan: userPlanSchema,
  quantity: z.number().int().min(0).max(MAX_SEATS),
});

export const paymentPreviewRequestSchema = z
  .object({
    country: z.string().regex(/^[A-Z]{2}$/, { error: 'Country is a required field' }),
    purchaseType: purchaseTypeSchema,
    billingInterval: billingIntervalSchema,
    workspacePlan: z.enum(['PRO', 'PREMIUM']),
    seatPlans: z.array(seatPlanSchema).max(3).default([]),
    /** Per-user model: the users whose plan changes (checkout user ids), as in the PUT. */
    userUpdates: z.array(workspaceUserPlanSchema).max(1000).default([]),
    previewProratedAmounts: z.boolean().optional(),
    upgradeLegacySubscription: z.boolean().optional(),
  })
  .meta({ id: 'PaymentPreviewRequest' });
export type PaymentPreviewRequest = z.input<typeof paymentPreviewRequestSchema>;
export const checkoutInfoQuerySchema = z.object({ previewProratedChanges: queryFlag });

export const paymentInfoSchema = z
  .object({
    /**
     * What the next full period costs, tax included; per user, for the users paid from the renewal
     * on (without those made free at it; issue 22).
     */
    totalAmount: z.number().int(),
    taxRate: z.number(),
    currency: currencySchema,
    /** What is charged now: the first invoice, or the prorated change (previewProratedChanges). */
    chargedToday: z.number().int(),
    proratedDays: z.number().int(),
    stripePlans: z.array(
      z.object({ stripePriceId: z.string(), totalAmount: z.number().int(), quantity: z.number().int() }),
    ),
    currentBillingInterval: billingIntervalSchema.nullable(),
    targetBillingInterval: billingIntervalSchema,
    /** What the current subscription costs per period (0 without one). */
    currentAmount: z.number().int(),
    /**
     * A switch from a legacy licence: the credit for its unused part, tax included, taken off the
     * next invoices (legacy-credit.ts; ours, issue 22). 0 otherwise.
     */
    legacyCredit: z.number().int().optional(),
    /** The part of chargedToday the space's Stripe credit balance pays (ours, issue 22). */
    creditApplied: z.number().int().optional(),
  })
  .meta({ id: 'PaymentInfo' });
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Checkout session (§7 POST …/stripe/checkout/v1|v2/session)
// ---------------------------------------------------------------------------------------------

const optionalText = (max: number) => z.string().max(max).optional();

/** The billing form travels as these fields; the server checks them with checkoutFormSchema. */
const checkoutSessionCommon = {
  workspaceId: z.string(),
  addressInfo: z.object({
    country: z.string().max(2),
    state: optionalText(CHECKOUT_FIELD_LIMITS.state + 1),
    city: z.string().max(256),
    postalCode: optionalText(CHECKOUT_FIELD_LIMITS.code + 1),
    street: z.string().max(CHECKOUT_FIELD_LIMITS.street + 1),
  }),
  companyName: optionalText(CHECKOUT_FIELD_LIMITS.companyName + 1),
  customerName: z.string().max(CHECKOUT_FIELD_LIMITS.name + 1),
  isB2BTransaction: z.boolean(),
  /** Business purchases only. */
  vatNumber: optionalText(64),
  /** The cancel url of the hosted page: a page of ours (origin checked). */
  goBackUrl: z.string().max(2048),
  userName: optionalText(256),
};

/** v2 (per-seat): one price and its seat quantity. */
export const checkoutSessionV2BodySchema = z
  .object({
    ...checkoutSessionCommon,
    stripePlans: z
      .array(
        z.object({
          stripePriceId: z.string().min(1).max(255),
          quantity: z.number().int().min(1).max(MAX_SEATS),
        }),
      )
      .length(1),
  })
  .meta({ id: 'CheckoutSessionV2Body' });
export type CheckoutSessionV2Body = z.input<typeof checkoutSessionV2BodySchema>;

/**
 * v1 (per-user legacy model): the Pro or Premium price (for the buyer's account type, as per seat)
 * and the paid users (quantity = their number). It starts a per-user space's first subscription,
 * or replaces a legacy licence (UPGRADE_LEGACY_US: the licence is cancelled once the new
 * subscription is paid — 'Your previous subscription has been automatically canceled.').
 */
export const checkoutSessionV1BodySchema = z
  .object({
    ...checkoutSessionCommon,
    plans: z
      .array(
        z.object({
          stripePriceId: z.string().min(1).max(255),
          /**
           * The paid users: the checkout users' `id`s (§7 says hashed e-mails; ours are the opaque
           * member ids of checkoutUsers, which pending users have too). The webhook makes exactly
           * them paid when the subscription starts.
           */
          userIds: z.array(z.string().uuid()).min(1).max(MAX_SEATS),
          downgradeToFree: z.boolean().optional(),
        }),
      )
      .length(1),
  })
  .meta({ id: 'CheckoutSessionV1Body' });
export type CheckoutSessionV1Body = z.input<typeof checkoutSessionV1BodySchema>;

/** The web app sends the browser to `url` (the provider's hosted card page). */
export const checkoutSessionResponseSchema = z
  .object({ stripeCheckoutSessionId: z.string(), url: z.string() })
  .meta({ id: 'CheckoutSession' });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

export const checkoutOutcomeQuerySchema = z.object({ sessionId: z.string().min(1).max(255) });

/**
 * What became of a Checkout Session (ours, issue 22): PAID once the subscription is live in the
 * space; PENDING while Stripe has not confirmed the payment; REFUNDED_DUPLICATE when the space
 * already had a live subscription, so this one was refunded in full and cancelled; OPEN / EXPIRED
 * when it was never paid.
 */
export const checkoutOutcomeSchema = z
  .object({
    outcome: z.enum(['PAID', 'PENDING', 'REFUNDED_DUPLICATE', 'OPEN', 'EXPIRED']),
    refundedAmount: z.number().int().nullable(),
    currency: currencySchema.nullable(),
  })
  .meta({ id: 'CheckoutOutcome' });
export type CheckoutOutcome = z.infer<typeof checkoutOutcomeSchema>;

// ---------------------------------------------------------------------------------------------
// Per-user (legacy model) checkout: options step, legacy users page, cannot-downgrade
// (spec 001 §2, §3 "Checkout user entry", §4; rules in billing/legacy-checkout.ts)
// ---------------------------------------------------------------------------------------------

const CHECKOUT_USER_STATUSES = ['ACTIVE', 'ACCEPTED', 'PENDING', 'DISABLED'] as const;

/** §3 "Checkout user entry": one member of a per-user space as the options step shows it. */
const checkoutUserSchema = z
  .object({
    /** The id the checkout calls take (userIds, workspaceUserPlans, userUpdates): the member's id. */
    id: z.string().uuid(),
    /** The person's account; null for a pending member who never signed in. */
    userId: z.string().uuid().nullable(),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    plan: userPlanSchema,
    /** A paid plan and not in a free trial. */
    isPaid: z.boolean(),
    isTrial: z.boolean(),
    status: z.enum(CHECKOUT_USER_STATUSES),
    isUserInDomain: z.boolean(),
    /** Paid now, free from the period end (a scheduled downgrade; §3 toBeRemoved). */
    toBeRemoved: z.boolean(),
    /** Paid in another space: the paid radio is restricted with 'already_paid_user' (§4). */
    isPaidElsewhere: z.boolean(),
  })
  .meta({ id: 'CheckoutUser' });
export type CheckoutUser = z.infer<typeof checkoutUserSchema>;

export const checkoutUsersResponseSchema = z
  .object({
    /** The owner first, then by e-mail. */
    items: z.array(checkoutUserSchema),
    /** The plan's paid-user maximum (features.PRO.allowedUserCount; -1 unlimited). */
    paidUserLimit: z.number().int(),
    /** The free-user maximum (features.FREE.allowedUserCount; -1 unlimited). */
    freeUserLimit: z.number().int(),
    hasMultiDomain: z.boolean(),
    ownerEmail: z.string(),
    workspacePlan: spacePlanSchema,
    legacyType: legacyTypeSchema.nullable(),
    /** The ACTIVE subscription the PUT changes; null on the free plan. */
    subscriptionId: z.string().uuid().nullable(),
  })
  .meta({ id: 'CheckoutUsers' });
export type CheckoutUsersResponse = z.infer<typeof checkoutUsersResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Customer portal, latest invoice, payment intent
// ---------------------------------------------------------------------------------------------

export const portalQuerySchema = z.object({ returnUrl: z.string().max(2048) });
export const portalResponseSchema = z.object({ url: z.string() }).meta({ id: 'CustomerPortal' });

export const latestInvoiceSchema = z
  .object({
    invoiceId: z.string(),
    status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
    paid: z.boolean(),
    amountDue: z.number().int(),
    currency: currencySchema,
    hostedInvoiceUrl: z.string().nullable(),
    paymentIntent: z.object({ id: z.string(), status: paymentIntentStatusSchema }).nullable(),
  })
  .meta({ id: 'LatestInvoice' });
export type LatestInvoice = z.infer<typeof latestInvoiceSchema>;

/**
 * The client secret to confirm the latest invoice's payment (§4 "Add seats"). With Stripe.js the
 * web app calls confirmCardPayment(clientSecret); with the emulator (and any payment that needs a
 * redirect) it sends the browser to `nextActionUrl`.
 */
export const paymentIntentSecretSchema = z
  .object({
    paymentIntentId: z.string(),
    clientSecret: z.string(),
    status: paymentIntentStatusSchema,
    nextActionUrl: z.string().nullable(),
  })
  .meta({ id: 'PaymentIntentSecret' });
export type PaymentIntentSecret = z.infer<typeof paymentIntentSecretSchema>;

// ---------------------------------------------------------------------------------------------
// Seats (§7 POST …/seats/v1, seat removal, scheduled removals)
// ---------------------------------------------------------------------------------------------

/** The server applies its one proration rule (issue 22): the body says only how many seats. */
export const addSeatsBodySchema = z.object({
  /** Seats to add (not the new total). */
  seatPlans: z.array(seatPlanSchema.extend({ quantity: z.number().int().min(1).max(MAX_SEATS) })).length(1),
  /**
   * The seat total the page showed (ours, issue 22): when Stripe holds another total, the seats
   * changed meanwhile (a second click, another tab) and the add is refused (409, seats-changed)
   * instead of adding the seats twice.
   */
  fromSeats: z.number().int().min(0).max(MAX_SEATS).optional(),
});
export type AddSeatsBody = z.input<typeof addSeatsBodySchema>;

/**
 * After an add: seats are granted only once the invoice is paid, so `totalSeats` may still be the
 * old count while `latestInvoice.paymentIntent.status` is requires_action (§4's confirmation loop).
 */
export const seatsChangeResponseSchema = z
  .object({
    totalSeats: z.number().int(),
    requestedSeats: z.number().int(),
    latestInvoice: latestInvoiceInfoSchema.nullable(),
  })
  .meta({ id: 'SeatsChange' });
export type SeatsChangeResponse = z.infer<typeof seatsChangeResponseSchema>;

export const seatRemovalBodySchema = z.object({
  subscriptionPlanSeats: z
    .array(
      z.object({ paymentPlanId: z.string().min(1).max(255), targetSeatsQuantity: z.number().int().min(1) }),
    )
    .length(1),
});
export type SeatRemovalBody = z.input<typeof seatRemovalBodySchema>;

/** A removal charges nothing today; the quote says what the next renewal costs and when. */
export const seatRemovalQuoteSchema = z
  .object({
    chargedToday: z.number().int(),
    proratedDays: z.number().int(),
    currency: currencySchema,
    /** The renewal amount at the target quantity, tax included. */
    nextAmount: z.number().int(),
    removeSeatsAtTimestamp: z.number(),
  })
  .meta({ id: 'SeatRemovalQuote' });
export type SeatRemovalQuote = z.infer<typeof seatRemovalQuoteSchema>;

export const scheduledRemovalsQuerySchema = z.object({ status: z.enum(['PENDING']).optional() });

// ---------------------------------------------------------------------------------------------
// Stop automatic renewal (§2 "Stop-automatic-renewal page", §3 "Cancellation licence")
// ---------------------------------------------------------------------------------------------

export const cancellationLicenceSchema = z
  .object({ subscriptionId: z.string().uuid(), paymentSource: paymentSourceSchema, autoRenew: z.boolean() })
  .meta({ id: 'CancellationLicence' });
export type CancellationLicence = z.infer<typeof cancellationLicenceSchema>;

export const cancelAutoRenewalBodySchema = z.object({
  subscriptionId: z.string({ error: STOP_RENEWAL_MESSAGES.subscriptionIdMissing }).min(1, {
    error: STOP_RENEWAL_MESSAGES.subscriptionIdMissing,
  }),
});
export const cancelAutoRenewalResponseSchema = z.object({ success: z.boolean() });

/** The Stripe webhook's answer: the event was recorded, or had been already (a replay). */
export const stripeWebhookResponseSchema = z.object({ received: z.boolean(), replay: z.boolean() });
