import { membershipOf } from '../../lib/access';
import { route, type ZodApp } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { billingTags as tags, spaceBillingRoute } from './billing-access';
import type { BillingContext } from './billing-context';
import { setDowngradeToFree, updateUserPlans } from './legacy-checkout.service';
import { updateSubscription } from './seat-changes.service';
import {
  getCustomerPortal,
  getLatestInvoice,
  getPaymentIntentSecret,
  getPaymentPlans,
  getSubscriptionsV1,
  getSubscriptionsV2,
} from './subscriptions.service';

/** Spec 001 §7: the space's subscriptions, the prices on sale, invoices and plan changes. */
export function subscriptionsRoutes(app: ZodApp, context: BillingContext): void {
  route(
    app,
    'billing.subscriptionsV1',
    spaceBillingRoute(
      'Subscriptions of the space, newest first (includePlans, retrieveAdditionalStripeInfo)',
    ),
    async (request) => getSubscriptionsV1(context, membershipOf(request), request.query),
  );

  route(
    app,
    'billing.subscriptionsV2',
    spaceBillingRoute('Subscriptions of the space with their payment plans (status filter)'),
    async (request) => getSubscriptionsV2(context, membershipOf(request), request.query.status),
  );

  route(
    app,
    'billing.paymentPlans',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The prices on sale (USD, EUR, INR; per-seat and legacy), cached 30 s',
        response: errorResponses(400, 401),
      },
    },
    async (request) => getPaymentPlans(context, request.query.currency),
  );

  route(
    app,
    'billing.customerPortal',
    spaceBillingRoute(
      "The payment provider's customer portal (card-paid subscriptions only; returnUrl on our origin)",
    ),
    async (request) => getCustomerPortal(context, membershipOf(request), request.query.returnUrl),
  );

  route(
    app,
    'billing.latestInvoice',
    spaceBillingRoute('The latest invoice of a card-paid subscription and its payment status'),
    async (request) => getLatestInvoice(context, membershipOf(request), request.params.subscriptionId),
  );

  route(
    app,
    'billing.paymentIntentSecret',
    spaceBillingRoute("The client secret (and challenge url) of the latest invoice's payment"),
    async (request) => getPaymentIntentSecret(context, membershipOf(request), request.params.subscriptionId),
  );

  route(
    app,
    'billing.updateSubscription',
    spaceBillingRoute(
      'Change the plan (now, prorated) or the billing interval (at the period end), or cancel a scheduled interval change; per-user spaces: make users paid (now, prorated) or free (at the period end), or switch a legacy licence to a new plan',
      errorResponses(400, 401, 403, 404, 409),
    ),
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
}
