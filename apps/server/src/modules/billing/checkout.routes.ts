import { LEGACY_CHECKOUT_MESSAGES } from '@mergedesk/domain/billing/legacy-checkout';
import { membershipOf } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { route, type ZodApp } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { billingAccess, billingTags as tags, callerOf } from './billing-access';
import type { BillingContext } from './billing-context';
import { createCheckoutSession, getCheckoutOutcome, previewPayment } from './checkout.service';
import { getCheckoutUsers } from './legacy-checkout.service';

/** Spec 001 §7: payment previews, per-seat and per-user (legacy) checkout, and its outcome. */
export function checkoutRoutes(app: ZodApp, context: BillingContext): void {
  for (const name of ['billing.checkoutInfoV1', 'billing.checkoutInfoV2'] as const) {
    route(
      app,
      name,
      {
        config: { access: 'user', space: billingAccess },
        schema: {
          tags,
          summary: 'Payment preview of a purchase, or of a change with previewProratedChanges (prorated now)',
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request) =>
        previewPayment(context, callerOf(request), request.body, request.query.previewProratedChanges),
    );
  }

  route(
    app,
    'billing.checkoutSessionV2',
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary: 'Per-seat purchase: the hosted checkout page for one price and its seats',
        response: errorResponses(400, 401, 403, 404, 409),
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

  route(
    app,
    'billing.checkoutUsers',
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary:
          'Per-user (legacy model) spaces: the users with their paid flags and restrictions, and the plan limits',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getCheckoutUsers(context, membershipOf(request)),
  );

  route(
    app,
    'billing.checkoutSessionV1',
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary: 'Per-user (legacy model) purchase: the hosted checkout page for the paid users',
        response: errorResponses(400, 401, 403, 404, 409),
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

  route(
    app,
    'billing.checkoutOutcome',
    {
      config: { access: 'user', space: billingAccess },
      schema: {
        tags,
        summary:
          'What became of a Checkout Session the billing page returned from: paid, pending, refunded as a duplicate, open or expired',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getCheckoutOutcome(context, membershipOf(request), request.query.sessionId),
  );
}
