import {
  startStripeEmulator,
  type RunningStripeEmulator,
} from '../../../../dev-services/stripe-emulator/src/server';
import { loadConfig } from '../config';
import { syncPriceCatalog } from '../modules/billing/price-catalog';
import { createStripeClient } from '../modules/billing/stripe-client';

export type TestStripe = {
  emulator: RunningStripeEmulator;
  /** Environment for createTestApp({ env }): the server's SDK then talks to this emulator. */
  env: Record<string, string>;
  /** A client on the same emulator, for arranging state (customers, subscriptions, clocks). */
  stripe: NonNullable<ReturnType<typeof createStripeClient>>;
  webhookSecret: string;
  close: () => Promise<void>;
};

/**
 * A Stripe emulator of its own (free port, price table of spec 001 §9 created) for API tests.
 * Webhooks go nowhere unless an endpoint is added (`emulator.addWebhookEndpoint`); with
 * `app.inject`, sign a payload with `stripe.webhooks.generateTestHeaderString({ payload, secret:
 * webhookSecret })` instead.
 */
export async function startTestStripe(): Promise<TestStripe> {
  const emulator = await startStripeEmulator({
    port: 0,
    tickMs: 60_000,
    webhookRetryDelaysMs: [100, 200, 400],
  });
  const webhookSecret = 'whsec_mergedesk_api_tests';
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_mergedesk_api_tests',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: 'localhost',
    STRIPE_API_PORT: String(emulator.port),
    STRIPE_API_PROTOCOL: 'http',
  };
  const stripe = createStripeClient(loadConfig(env))!;
  await syncPriceCatalog(stripe);
  return { emulator, env, stripe, webhookSecret, close: () => emulator.close() };
}
