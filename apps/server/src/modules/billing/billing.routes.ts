import {
  BILLING_PATHS,
  addSeatsBodySchema,
  billingSpaceParamsSchema,
  cancelAutoRenewalBodySchema,
  cancelAutoRenewalResponseSchema,
  cancellationLicenceSchema,
  scheduledRemovalSchema,
  scheduledRemovalsQuerySchema,
  seatRemovalBodySchema,
  seatRemovalQuoteSchema,
  seatsChangeResponseSchema,
  subscriptionV1Schema,
  updateSubscriptionBodySchema,
  billingSubscriptionParamsSchema,
  checkoutInfoQuerySchema,
  checkoutOutcomeQuerySchema,
  checkoutOutcomeSchema,
  checkoutSessionResponseSchema,
  checkoutUsersResponseSchema,
  checkoutSessionV1BodySchema,
  checkoutSessionV2BodySchema,
  paymentInfoSchema,
  paymentPreviewRequestSchema,
  latestInvoiceSchema,
  paymentIntentSecretSchema,
  paymentPlanListSchema,
  paymentPlansQuerySchema,
  portalQuerySchema,
  portalResponseSchema,
  subscriptionListV1Schema,
  subscriptionListV2Schema,
  subscriptionsV1QuerySchema,
  subscriptionsV2QuerySchema,
} from '@mergedesk/domain/api/billing';
import { LEGACY_CHECKOUT_MESSAGES } from '@mergedesk/domain/billing/legacy-checkout';
import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import { canAccessBilling } from '@mergedesk/domain/roles/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { errorResponses } from '../../lib/openapi';
import { stripeOf, type BillingContext } from './billing-context';
import { createCheckoutSession, getCheckoutOutcome, previewPayment } from './checkout.service';
import { getCheckoutUsers, setDowngradeToFree, updateUserPlans } from './legacy-checkout.service';
import { cancelAutoRenewal, getCancellationLicence } from './licences.service';
import {
  addSeats,
  cancelSeatRemoval,
  getScheduledRemoval,
  quoteSeatRemoval,
  scheduleSeatRemoval,
  updateSubscription,
} from './seat-changes.service';
import { STRIPE_WEBHOOK_PATH } from './stripe-client';
import {
  getCustomerPortal,
  getLatestInvoice,
  getPaymentIntentSecret,
  getPaymentPlans,
  getSubscriptionsV1,
  getSubscriptionsV2,
} from './subscriptions.service';
import { handleStripeEvent, verifyEvent } from './webhook.service';

const tags = ['billing'];

/**
 * Spec 001 §6: billing is for ADMIN and OWNER in per-user spaces, the OWNER only in per-seat
 * spaces (canAccessBilling); members are never given subscriptions.
 */
export const billingAccess: SpaceAccess = {
  from: { param: 'workspaceId' },
  role: 'ADMIN',
  capability: { rule: canAccessBilling, message: BILLING_MESSAGES.FORBIDDEN },
};

/** The billing calls of spec 001 §7 (paths in packages/domain/src/api/billing.ts) and the Stripe webhook. */
export const billingRoutes: FastifyPluginCallbackZod<{ context: BillingContext; config: Config }> = (
  app,
  { context, config },
  done,
) => {
  app.get(
    BILLING_PATHS.subscriptionsV1,
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary: 'Subscriptions of the space, newest first (includePlans, retrieveAdditionalStripeInfo)',
        params: billingSpaceParamsSchema,
        querystring: subscriptionsV1QuerySchema,
        response: { 200: subscriptionListV1Schema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSubscriptionsV1(context, membershipOf(request), request.query),
  );

  app.get(
    BILLING_PATHS.subscriptionsV2,
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary: 'Subscriptions of the space with their payment plans (status filter)',
        params: billingSpaceParamsSchema,
        querystring: subscriptionsV2QuerySchema,
        response: { 200: subscriptionListV2Schema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSubscriptionsV2(context, membershipOf(request), request.query.status),
  );

  app.get(
    BILLING_PATHS.paymentPlans,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The prices on sale (USD, EUR, INR; per-seat and legacy), cached 30 s',
        querystring: paymentPlansQuerySchema,
        response: { 200: paymentPlanListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => getPaymentPlans(context, request.query.currency),
  );

  app.get(
    BILLING_PATHS.customerPortal,
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary:
          "The payment provider's customer portal (card-paid subscriptions only; returnUrl on our origin)",
        params: billingSpaceParamsSchema,
        querystring: portalQuerySchema,
        response: { 200: portalResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCustomerPortal(context, membershipOf(request), request.query.returnUrl),
  );

  app.get(
    BILLING_PATHS.latestInvoice,
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary: 'The latest invoice of a card-paid subscription and its payment status',
        params: billingSubscriptionParamsSchema,
        response: { 200: latestInvoiceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getLatestInvoice(context, membershipOf(request), request.params.subscriptionId),
  );

  app.get(
    BILLING_PATHS.paymentIntentSecret,
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary: "The client secret (and challenge url) of the latest invoice's payment",
        params: billingSubscriptionParamsSchema,
        response: { 200: paymentIntentSecretSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPaymentIntentSecret(context, membershipOf(request), request.params.subscriptionId),
  );

  const callerOf = (request: FastifyRequest) => ({
    user: userOf(request),
    membership: membershipOf(request),
  });

  for (const path of [BILLING_PATHS.checkoutInfoV1, BILLING_PATHS.checkoutInfoV2]) {
    app.post(
      path,
      {
        config: { access: 'user', space: billingAccess },
        schema: {
          tags,
          summary: 'Payment preview of a purchase, or of a change with previewProratedChanges (prorated now)',
          params: billingSpaceParamsSchema,
          querystring: checkoutInfoQuerySchema,
          body: paymentPreviewRequestSchema,
          response: { 200: paymentInfoSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        previewPayment(context, callerOf(request), request.body, request.query.previewProratedChanges),
    );
  }

  app.post(
    BILLING_PATHS.checkoutSessionV2,
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary: 'Per-seat purchase: the hosted checkout page for one price and its seats',
        params: billingSpaceParamsSchema,
        body: checkoutSessionV2BodySchema,
        response: { 200: checkoutSessionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      createCheckoutSession(
        context,
        callerOf(request),
        request.body,
        request.body.stripePlans[0]!,
        'PER_SEAT',
      ),
  );

  app.get(
    BILLING_PATHS.checkoutUsers,
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary:
          'Per-user (legacy model) spaces: the users with their paid flags and restrictions, and the plan limits',
        params: billingSpaceParamsSchema,
        response: { 200: checkoutUsersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCheckoutUsers(context, membershipOf(request)),
  );

  app.post(
    BILLING_PATHS.checkoutSessionV1,
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary: 'Per-user (legacy model) purchase: the hosted checkout page for the paid users',
        params: billingSpaceParamsSchema,
        body: checkoutSessionV1BodySchema,
        response: { 200: checkoutSessionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const plan = request.body.plans[0]!;
      // A move to the free plan takes no payment: the review's PUT with downgradeToFree makes it.
      if (plan.downgradeToFree === true) {
        throw new AppError('VALIDATION_FAILED', LEGACY_CHECKOUT_MESSAGES.FREE_NOT_A_PURCHASE, {
          fieldErrors: [
            { field: 'plans.0.downgradeToFree', message: LEGACY_CHECKOUT_MESSAGES.FREE_NOT_A_PURCHASE },
          ],
        });
      }
      return createCheckoutSession(
        context,
        callerOf(request),
        request.body,
        { stripePriceId: plan.stripePriceId, quantity: new Set(plan.userIds).size },
        'PER_USER',
        plan.userIds,
      );
    },
  );

  app.get(
    BILLING_PATHS.checkoutOutcome,
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary:
          'What became of a Checkout Session the billing page returned from: paid, pending, refunded as a duplicate, open or expired',
        params: billingSpaceParamsSchema,
        querystring: checkoutOutcomeQuerySchema,
        response: { 200: checkoutOutcomeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCheckoutOutcome(context, membershipOf(request), request.query.sessionId),
  );

  const subscriptionRoute = { access: 'user', space: billingAccess } as const;
  const params = billingSubscriptionParamsSchema;

  app.put(
    BILLING_PATHS.subscriptionV1,
    {
      config: subscriptionRoute,
      schema: {
        tags,
        summary:
          'Change the plan (now, prorated) or the billing interval (at the period end), or cancel a scheduled interval change; per-user spaces: make users paid (now, prorated) or free (at the period end), or switch a legacy licence to a new plan',
        params,
        body: updateSubscriptionBodySchema,
        response: { 200: subscriptionV1Schema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { body } = request;
      if (body.downgradeToFree !== undefined) {
        return setDowngradeToFree(context, membershipOf(request), request.params.subscriptionId, body);
      }
      const perUser = body.workspaceUserPlans !== undefined || body.upgradeLegacySubscription === true;
      const update = perUser ? updateUserPlans : updateSubscription;
      return update(context, membershipOf(request), request.params.subscriptionId, body);
    },
  );

  app.post(
    BILLING_PATHS.seats,
    {
      config: subscriptionRoute,
      schema: {
        tags,
        summary: 'Add seats: invoiced now (prorated), granted once the invoice is paid',
        params,
        body: addSeatsBodySchema,
        response: { 200: seatsChangeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => addSeats(context, membershipOf(request), request.params.subscriptionId, request.body),
  );

  app.post(
    BILLING_PATHS.seatRemovalQuote,
    {
      config: subscriptionRoute,
      schema: {
        tags,
        summary: 'What removing seats at the period end charges today and costs at the renewal',
        params,
        body: seatRemovalBodySchema,
        response: { 200: seatRemovalQuoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      quoteSeatRemoval(context, membershipOf(request), request.params.subscriptionId, request.body),
  );

  app.get(
    BILLING_PATHS.scheduledRemovals,
    {
      config: subscriptionRoute,
      schema: {
        tags,
        summary: 'The pending scheduled seat removal (404 when there is none)',
        params,
        querystring: scheduledRemovalsQuerySchema,
        response: { 200: scheduledRemovalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getScheduledRemoval(context, membershipOf(request), request.params.subscriptionId),
  );

  app.post(
    BILLING_PATHS.scheduledRemovals,
    {
      config: subscriptionRoute,
      schema: {
        tags,
        summary: 'Schedule the removal of seats at the period end (never below the assigned seats)',
        params,
        body: seatRemovalBodySchema,
        response: { 200: scheduledRemovalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      scheduleSeatRemoval(context, membershipOf(request), request.params.subscriptionId, request.body),
  );

  app.delete(
    BILLING_PATHS.scheduledRemovals,
    {
      config: subscriptionRoute,
      schema: {
        tags,
        summary: 'Cancel the scheduled seat removal',
        params,
        response: { 200: z.object({ success: z.boolean() }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cancelSeatRemoval(context, membershipOf(request), request.params.subscriptionId),
  );

  app.get(
    BILLING_PATHS.cancellationLicence,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The signed-in person's PayPal-paid licence (the stop-renewal page; 404 when none)",
        response: { 200: cancellationLicenceSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getCancellationLicence(context, userOf(request)),
  );

  app.post(
    BILLING_PATHS.cancelAutoRenewal,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Stop the automatic renewal of a PayPal-paid licence the caller owns',
        body: cancelAutoRenewalBodySchema,
        response: { 200: cancelAutoRenewalResponseSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => cancelAutoRenewal(context, userOf(request), request.body.subscriptionId),
  );

  // The webhook reads its body raw: the signature is over the exact bytes Stripe sent.
  void app.register((webhook, _options, registered) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, parsed) => parsed(null, body),
    );
    webhook.post(
      STRIPE_WEBHOOK_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Stripe webhook: verified, recorded once, the subscription re-read and applied',
          response: { 200: z.object({ received: z.boolean(), replay: z.boolean() }), ...errorResponses(400) },
        },
      },
      async (request) => {
        const secret = config.STRIPE_WEBHOOK_SECRET;
        if (secret === undefined) throw new AppError('INTERNAL', BILLING_MESSAGES.PAYMENT_CLIENT_MISSING);
        const stripe = stripeOf(context);
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const event = verifyEvent(
          stripe,
          body,
          typeof signature === 'string' ? signature : undefined,
          secret,
        );
        return handleStripeEvent(context.db, stripe, event, context.paypal);
      },
    );
    registered();
  });

  done();
};
