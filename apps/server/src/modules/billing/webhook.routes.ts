import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { billingTags as tags } from './billing-access';
import { stripeOf, type BillingContext } from './billing-context';
import { handleStripeEvent, verifyEvent } from './webhook.service';

/** The Stripe webhook. It reads its body raw: the signature is over the exact bytes Stripe sent. */
export const webhookRoutes: FastifyPluginCallbackZod<{ context: BillingContext; config: Config }> = (
  webhook,
  { context, config },
  registered,
) => {
  webhook.removeAllContentTypeParsers();
  webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, parsed) =>
    parsed(null, body),
  );
  route(
    webhook,
    'billing.stripeWebhook',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Stripe webhook: verified, recorded once, the subscription re-read and applied',
        response: errorResponses(400),
      },
    },
    async (request) => {
      const secret = config.STRIPE_WEBHOOK_SECRET;
      if (secret === undefined) throw new AppError('INTERNAL', BILLING_MESSAGES.PAYMENT_CLIENT_MISSING);
      const stripe = stripeOf(context);
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const event = verifyEvent(stripe, body, typeof signature === 'string' ? signature : undefined, secret);
      return handleStripeEvent(context.db, stripe, event, context.paypal);
    },
  );
  registered();
};
