import { membershipOf } from '../../lib/access';
import { route, type ZodApp } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { billingAccess, billingTags as tags } from './billing-access';
import type { BillingContext } from './billing-context';
import {
  addSeats,
  cancelSeatRemoval,
  getScheduledRemoval,
  quoteSeatRemoval,
  scheduleSeatRemoval,
} from './seat-changes.service';

/** Spec 001 §7: adding seats now, and removing seats at the period end. */
export function seatChangesRoutes(app: ZodApp, context: BillingContext): void {
  const config = { access: 'user', space: billingAccess } as const;

  route(
    app,
    'billing.addSeats',
    {
      config,
      schema: {
        tags,
        summary: 'Add seats: invoiced now (prorated), granted once the invoice is paid',
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) => addSeats(context, membershipOf(request), request.params.subscriptionId, request.body),
  );

  route(
    app,
    'billing.seatRemovalQuote',
    {
      config,
      schema: {
        tags,
        summary: 'What removing seats at the period end charges today and costs at the renewal',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) =>
      quoteSeatRemoval(context, membershipOf(request), request.params.subscriptionId, request.body),
  );

  route(
    app,
    'billing.scheduledRemoval',
    {
      config,
      schema: {
        tags,
        summary: 'The pending scheduled seat removal (404 when there is none)',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getScheduledRemoval(context, membershipOf(request), request.params.subscriptionId),
  );

  route(
    app,
    'billing.scheduleSeatRemoval',
    {
      config,
      schema: {
        tags,
        summary: 'Schedule the removal of seats at the period end (never below the assigned seats)',
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) =>
      scheduleSeatRemoval(context, membershipOf(request), request.params.subscriptionId, request.body),
  );

  route(
    app,
    'billing.cancelSeatRemoval',
    {
      config,
      schema: {
        tags,
        summary: 'Cancel the scheduled seat removal',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => cancelSeatRemoval(context, membershipOf(request), request.params.subscriptionId),
  );
}
