import { userOf } from '../../lib/access';
import { route, type ZodApp } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { billingTags as tags } from './billing-access';
import type { BillingContext } from './billing-context';
import { cancelAutoRenewal, getCancellationLicence } from './licences.service';

/** Spec 001 §2 "Stop-automatic-renewal page": the signed-in person's PayPal-paid licence. */
export function licencesRoutes(app: ZodApp, context: BillingContext): void {
  route(
    app,
    'billing.cancellationLicence',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The signed-in person's PayPal-paid licence (the stop-renewal page; 404 when none)",
        response: errorResponses(401, 404),
      },
    },
    async (request) => getCancellationLicence(context, userOf(request)),
  );

  route(
    app,
    'billing.cancelAutoRenewal',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Stop the automatic renewal of a PayPal-paid licence the caller owns',
        response: errorResponses(400, 401, 404, 409, 503),
      },
    },
    async (request) => cancelAutoRenewal(context, userOf(request), request.body.subscriptionId),
  );
}
