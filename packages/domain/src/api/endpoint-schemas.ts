import type { z } from 'zod';

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
import type { EndpointName } from './endpoints';

/**
 * The request and response schemas of every endpoint of ./endpoints.ts, by the same names. The
 * server validates requests with them and, in development and tests, every JSON answer
 * (apps/server/src/lib/endpoint-route.ts); the web app takes its types from them (`import type`).
 * `response` is the 200 answer; a non-JSON endpoint (csv, redirect…) has none.
 */
export type EndpointSchema = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
};

const space = billingSpaceParamsSchema;
const subscription = billingSubscriptionParamsSchema;

const BILLING_SCHEMAS = {
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

export const ENDPOINT_SCHEMAS = {
  ...BILLING_SCHEMAS,
} as const satisfies { [N in EndpointName]: EndpointSchema };

type SchemasOf<N extends EndpointName> = (typeof ENDPOINT_SCHEMAS)[N];

/** The JSON an endpoint answers with 200 (the wire form: what zod's encode writes). */
export type EndpointResponse<N extends EndpointName> =
  SchemasOf<N> extends { response: infer R extends z.ZodType } ? z.input<R> : unknown;

/** The JSON body an endpoint takes (never for an endpoint without a body). */
export type EndpointBody<N extends EndpointName> =
  SchemasOf<N> extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The query parameters an endpoint reads, as sent. */
export type EndpointQuery<N extends EndpointName> =
  SchemasOf<N> extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
