import {
  addSeatsBodySchema,
  billingSpaceParamsSchema,
  billingSubscriptionParamsSchema,
  cancelAutoRenewalBodySchema,
  cancelAutoRenewalResponseSchema,
  cancellationLicenceSchema,
  checkoutInfoQuerySchema,
  checkoutOutcomeQuerySchema,
  checkoutOutcomeSchema,
  checkoutSessionResponseSchema,
  checkoutSessionV1BodySchema,
  checkoutSessionV2BodySchema,
  checkoutUsersResponseSchema,
  latestInvoiceSchema,
  paymentInfoSchema,
  paymentIntentSecretSchema,
  paymentPlanListSchema,
  paymentPlansQuerySchema,
  paymentPreviewRequestSchema,
  portalQuerySchema,
  portalResponseSchema,
  scheduledRemovalSchema,
  scheduledRemovalsQuerySchema,
  seatRemovalBodySchema,
  seatRemovalQuoteSchema,
  seatsChangeResponseSchema,
  stripeWebhookResponseSchema,
  subscriptionListV1Schema,
  subscriptionListV2Schema,
  subscriptionsV1QuerySchema,
  subscriptionsV2QuerySchema,
  subscriptionV1Schema,
  updateSubscriptionBodySchema,
} from './billing';
import { successResponseSchema } from './members';

const space = billingSpaceParamsSchema;
const subscription = billingSubscriptionParamsSchema;

/** The billing endpoints' schemas (spec 001 §7), by the names of ./endpoints.ts. */
export const BILLING_SCHEMAS = {
  'billing.subscriptionsV1': {
    params: space,
    query: subscriptionsV1QuerySchema,
    response: subscriptionListV1Schema,
  },
  'billing.subscriptionsV2': {
    params: space,
    query: subscriptionsV2QuerySchema,
    response: subscriptionListV2Schema,
  },
  'billing.updateSubscription': {
    params: subscription,
    body: updateSubscriptionBodySchema,
    response: subscriptionV1Schema,
  },
  'billing.paymentPlans': { query: paymentPlansQuerySchema, response: paymentPlanListSchema },
  'billing.customerPortal': { params: space, query: portalQuerySchema, response: portalResponseSchema },
  'billing.latestInvoice': { params: subscription, response: latestInvoiceSchema },
  'billing.paymentIntentSecret': { params: subscription, response: paymentIntentSecretSchema },
  'billing.checkoutInfoV1': {
    params: space,
    query: checkoutInfoQuerySchema,
    body: paymentPreviewRequestSchema,
    response: paymentInfoSchema,
  },
  'billing.checkoutInfoV2': {
    params: space,
    query: checkoutInfoQuerySchema,
    body: paymentPreviewRequestSchema,
    response: paymentInfoSchema,
  },
  'billing.checkoutUsers': { params: space, response: checkoutUsersResponseSchema },
  'billing.checkoutSessionV1': {
    params: space,
    body: checkoutSessionV1BodySchema,
    response: checkoutSessionResponseSchema,
  },
  'billing.checkoutSessionV2': {
    params: space,
    body: checkoutSessionV2BodySchema,
    response: checkoutSessionResponseSchema,
  },
  'billing.checkoutOutcome': {
    params: space,
    query: checkoutOutcomeQuerySchema,
    response: checkoutOutcomeSchema,
  },
  'billing.addSeats': { params: subscription, body: addSeatsBodySchema, response: seatsChangeResponseSchema },
  'billing.seatRemovalQuote': {
    params: subscription,
    body: seatRemovalBodySchema,
    response: seatRemovalQuoteSchema,
  },
  'billing.scheduledRemoval': {
    params: subscription,
    query: scheduledRemovalsQuerySchema,
    response: scheduledRemovalSchema,
  },
  'billing.scheduleSeatRemoval': {
    params: subscription,
    body: seatRemovalBodySchema,
    response: scheduledRemovalSchema,
  },
  'billing.cancelSeatRemoval': { params: subscription, response: successResponseSchema },
  'billing.cancellationLicence': { response: cancellationLicenceSchema },
  'billing.cancelAutoRenewal': {
    body: cancelAutoRenewalBodySchema,
    response: cancelAutoRenewalResponseSchema,
  },
  // The body is read raw (the signature is over Stripe's bytes): no body schema.
  'billing.stripeWebhook': { response: stripeWebhookResponseSchema },
} as const;
