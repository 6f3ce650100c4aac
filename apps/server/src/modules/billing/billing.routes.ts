import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { BillingContext } from './billing-context';
import { checkoutRoutes } from './checkout.routes';
import { licencesRoutes } from './licences.routes';
import { seatChangesRoutes } from './seat-changes.routes';
import { subscriptionsRoutes } from './subscriptions.routes';
import { webhookRoutes } from './webhook.routes';

/**
 * The billing calls of spec 001 §7 and the Stripe webhook, by the spec's groups. Paths are the
 * endpoint table's (packages/domain/src/api/endpoints.ts), so the plugin has no prefix.
 */
export const billingRoutes: FastifyPluginCallbackZod<{ context: BillingContext; config: Config }> = (
  app,
  { context, config },
  done,
) => {
  subscriptionsRoutes(app, context);
  checkoutRoutes(app, context);
  seatChangesRoutes(app, context);
  licencesRoutes(app, context);
  void app.register(webhookRoutes, { context, config });
  done();
};
