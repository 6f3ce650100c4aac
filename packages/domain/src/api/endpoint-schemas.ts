import { z } from 'zod';

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
import {
  addBouncesBodySchema,
  addBouncesResponseSchema,
  bounceListSchema,
  deleteBounceParamsSchema,
} from './bounces';
import {
  acceptInvitationResponseSchema,
  invitationTokenParamsSchema,
  inviteBodySchema,
  invitedEmailsBodySchema,
} from './invitations';
import { listQuerySchema } from './list-query';
import {
  activateMembersBodySchema,
  addMembersResponseSchema,
  changeRoleBodySchema,
  giveSeatsBodySchema,
  giveSeatsResponseSchema,
  memberListSchema,
  onlyCheckValidityQuerySchema,
  promoteValidityResponseSchema,
  removeMembersBodySchema,
  seatMemberListSchema,
  spaceSeatsSchema,
  successResponseSchema,
  transferOwnershipBodySchema,
  transferOwnershipResponseSchema,
  userEmailsBodySchema,
  validityResponseSchema,
  workspaceIdParamsSchema,
} from './members';
import {
  addUnsubscriptionsBodySchema,
  addUnsubscriptionsResponseSchema,
  deleteUnsubscriptionParamsSchema,
  unsubscriptionListSchema,
} from './unsubscriptions';
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

/** Path parameters shared by many endpoints. */
const idParams = z.object({ id: z.string() });
const workspaceIdParams = z.object({ workspaceId: z.string() });
/** An answer with nothing to say. */
const emptyResponse = z.object({});

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

/** The CSV export of a suppression list: the list's filter and order, no paging. */
const exportQuery = listQuerySchema.pick({ filterBy: true, sortBy: true });

const SUPPRESSION_LIST_SCHEMAS = {
  'unsubscriptions.list': { params: idParams, query: listQuerySchema, response: unsubscriptionListSchema },
  'unsubscriptions.export': { params: idParams, query: exportQuery },
  'unsubscriptions.add': { body: addUnsubscriptionsBodySchema, response: addUnsubscriptionsResponseSchema },
  'unsubscriptions.delete': { params: deleteUnsubscriptionParamsSchema, response: emptyResponse },
  'bounces.list': { params: workspaceIdParams, query: listQuerySchema, response: bounceListSchema },
  'bounces.export': { params: workspaceIdParams, query: exportQuery },
  'bounces.add': { body: addBouncesBodySchema, response: addBouncesResponseSchema },
  'bounces.delete': { params: deleteBounceParamsSchema, response: emptyResponse },
} as const;

const MEMBERS_SCHEMAS = {
  'members.list': { params: workspaceIdParamsSchema, query: listQuerySchema, response: memberListSchema },
  'members.seatMembers': {
    params: workspaceIdParamsSchema,
    query: listQuerySchema,
    response: seatMemberListSchema,
  },
  'members.seats': { params: workspaceIdParamsSchema, response: spaceSeatsSchema },
  'members.addSeatMembers': {
    params: workspaceIdParamsSchema,
    body: userEmailsBodySchema,
    response: addMembersResponseSchema,
  },
  'members.removeSeatMembers': {
    params: workspaceIdParamsSchema,
    body: userEmailsBodySchema,
    response: successResponseSchema,
  },
  'members.addLegacyUsers': {
    params: workspaceIdParamsSchema,
    query: onlyCheckValidityQuerySchema,
    body: userEmailsBodySchema,
    response: validityResponseSchema,
  },
  'members.remove': {
    params: workspaceIdParamsSchema,
    body: removeMembersBodySchema,
    response: successResponseSchema,
  },
  'members.changeRoles': {
    params: workspaceIdParamsSchema,
    body: changeRoleBodySchema,
    response: successResponseSchema,
  },
  'members.activate': {
    params: workspaceIdParamsSchema,
    body: activateMembersBodySchema,
    response: successResponseSchema,
  },
  'members.promoteValidity': { params: workspaceIdParamsSchema, response: promoteValidityResponseSchema },
  'members.giveSeats': {
    params: workspaceIdParamsSchema,
    body: giveSeatsBodySchema,
    response: giveSeatsResponseSchema,
  },
  'members.transferOwnership': {
    params: workspaceIdParamsSchema,
    body: transferOwnershipBodySchema,
    response: transferOwnershipResponseSchema,
  },
  'invitations.invite': {
    params: workspaceIdParamsSchema,
    query: onlyCheckValidityQuerySchema,
    body: inviteBodySchema,
    response: validityResponseSchema,
  },
  'invitations.resend': {
    params: workspaceIdParamsSchema,
    body: invitedEmailsBodySchema,
    response: successResponseSchema,
  },
  'invitations.cancel': {
    params: workspaceIdParamsSchema,
    body: invitedEmailsBodySchema,
    response: successResponseSchema,
  },
  'invitations.accept': { params: invitationTokenParamsSchema, response: acceptInvitationResponseSchema },
} as const;

export const ENDPOINT_SCHEMAS = {
  ...BILLING_SCHEMAS,
  ...SUPPRESSION_LIST_SCHEMAS,
  ...MEMBERS_SCHEMAS,
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
