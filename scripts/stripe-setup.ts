/**
 * `npm run stripe:setup`: creates the products and prices of spec 001 §9 (USD, EUR, INR; per-seat
 * tiers and the legacy plans) in the Stripe account of STRIPE_SECRET_KEY — or in the local
 * emulator when STRIPE_API_HOST/PORT/PROTOCOL point at it — idempotently by lookup key.
 */
import { loadConfig } from '../apps/server/src/config';
import { syncPriceCatalog } from '../apps/server/src/modules/billing/price-catalog';
import { createStripeClient } from '../apps/server/src/modules/billing/stripe-client';

const config = loadConfig();
const stripe = createStripeClient(config);
if (stripe === null) {
  console.error('STRIPE_SECRET_KEY is not set (use a sk_test_… key for Stripe test mode).');
  process.exit(1);
}
const where = config.STRIPE_API_HOST === undefined ? 'Stripe' : `the emulator at ${config.STRIPE_API_HOST}`;
const result = await syncPriceCatalog(stripe);
console.log(
  `Prices in ${where}: ${result.created.length} created, ${result.replaced.length} replaced, ${result.unchanged.length} unchanged.`,
);
