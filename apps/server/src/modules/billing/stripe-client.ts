import { ENDPOINTS } from '@mergedesk/domain/api/endpoints';
import Stripe from 'stripe';

import type { Config } from '../../config';

/** Where Stripe (and, under `npm start`, the emulator) sends webhook events; the billing module serves it. */
export const STRIPE_WEBHOOK_PATH = ENDPOINTS['billing.stripeWebhook'].path;

/** The events the webhook endpoint subscribes to (Stripe's enabled_events). */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.*',
  'customer.subscription.*',
  'subscription_schedule.*',
  'invoice.*',
  'payment_intent.*',
];

export type StripeSettings = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_API_HOST' | 'STRIPE_API_PORT' | 'STRIPE_API_PROTOCOL'
>;

/**
 * The one way the server gets a Stripe client: the official SDK with the key of the configuration,
 * pointed at api.stripe.com, or — when STRIPE_API_HOST/PORT/PROTOCOL are set (`npm start`, tests)
 * — at the local Stripe emulator. Null when no key is configured: callers answer spec 001 §8's
 * 'An internal error occurred. Please try again later.' (payment client missing).
 * The API version is the one the installed SDK pins, which is also the emulator's.
 */
export function createStripeClient(settings: StripeSettings): Stripe | null {
  if (settings.STRIPE_SECRET_KEY === undefined) return null;
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    ...(settings.STRIPE_API_HOST === undefined ? {} : { host: settings.STRIPE_API_HOST }),
    ...(settings.STRIPE_API_PORT === undefined ? {} : { port: settings.STRIPE_API_PORT }),
    ...(settings.STRIPE_API_PROTOCOL === undefined ? {} : { protocol: settings.STRIPE_API_PROTOCOL }),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'MergeDesk' },
  });
}
