import type { LightMyRequestResponse } from 'fastify';
import type Stripe from 'stripe';
import { createLocalPayPalAdapter } from '../modules/billing/paypal-adapter';
import type { BillingContext } from '../modules/billing/billing-context';
import { STRIPE_WEBHOOK_PATH } from '../modules/billing/stripe-client';
import { startTestStripe, type TestStripe } from './stripe';
import { createTestApp, type TestApp } from './test-app';

export type BillingTest = {
  t: TestApp;
  testStripe: TestStripe;
  /** Demo space ids by name. */
  spaces: Record<string, string>;
  /** The billing services' context on the same database and emulator (for arranging state). */
  context: BillingContext & { paypal: ReturnType<typeof createLocalPayPalAdapter> };
  /** Sends `event` (or a raw body) to the webhook as Stripe would, signed with `secret`. */
  deliver: (event: Stripe.Event | string, secret?: string) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/** An app on its own database with the demo seeded, talking to its own Stripe emulator. */
export async function startBillingTest(): Promise<BillingTest> {
  const testStripe = await startTestStripe();
  const t = await createTestApp({ env: testStripe.env });
  const spaces = (await t.seedDemo()).spaces;
  const context = {
    db: t.db,
    stripe: testStripe.stripe,
    publicUrl: t.config.PUBLIC_URL,
    paypal: createLocalPayPalAdapter(),
  };
  const deliver: BillingTest['deliver'] = (event, secret = testStripe.webhookSecret) => {
    const payload = typeof event === 'string' ? event : JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': testStripe.stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };
  return {
    t,
    testStripe,
    spaces,
    context,
    deliver,
    close: async () => {
      // The emulator first: it stops delivering (and retrying) before the app stops; the
      // emulator's keep-alive sockets to a listening app must not hold its close.
      await testStripe.close();
      t.app.server.closeAllConnections();
      await t.close();
    },
  };
}

/** Pays a Checkout Session on the emulator's hosted page with the succeeding card (redirect not followed). */
export const payOnHostedPage = (url: string, cardholderName: string): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 40',
      cvc: '123',
      cardholderName,
    }),
  });
