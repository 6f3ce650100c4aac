import type { BillingProduct, CatalogPrice } from '@mergedesk/domain/billing/prices';
import {
  BILLING_PRODUCT_DEFINITIONS,
  BILLING_PRODUCTS,
  PRICE_CATALOG,
  STRIPE_RECURRING_INTERVAL,
} from '@mergedesk/domain/billing/prices';
import type Stripe from 'stripe';

/**
 * `npm run stripe:setup`: make the Stripe account hold the price table of spec 001 §9
 * (packages/domain/src/billing/prices.ts), idempotently. Products have fixed ids
 * (`mergedesk_pro`, `mergedesk_legacy_team_5`, …); prices are found by lookup key. A price whose
 * amounts or tiers differ from the table is replaced: a new price takes over the lookup key
 * (`transfer_lookup_key`) and the old one is archived, so existing subscriptions keep their price.
 */

const stripeProductId = (product: BillingProduct): string => `mergedesk_${product.toLowerCase()}`;

export type CatalogSyncResult = { created: string[]; replaced: string[]; unchanged: string[] };

const sameTiers = (price: Stripe.Price, wanted: CatalogPrice): boolean => {
  if (wanted.tiers.length === 1) {
    return price.billing_scheme === 'per_unit' && price.unit_amount === wanted.tiers[0]!.unitAmount;
  }
  const tiers = price.tiers ?? [];
  return (
    price.billing_scheme === 'tiered' &&
    price.tiers_mode === 'graduated' &&
    tiers.length === wanted.tiers.length &&
    tiers.every((tier, index) => {
      const expected = wanted.tiers[index]!;
      return (
        (tier.up_to ?? -1) === expected.upTo && tier.unit_amount === expected.unitAmount && !tier.flat_amount
      );
    })
  );
};

const matches = (price: Stripe.Price, wanted: CatalogPrice): boolean =>
  price.active &&
  price.product === stripeProductId(wanted.product) &&
  price.currency === wanted.currency.toLowerCase() &&
  price.recurring?.interval === STRIPE_RECURRING_INTERVAL[wanted.billingInterval] &&
  price.recurring.interval_count === 1 &&
  sameTiers(price, wanted);

const priceParams = (wanted: CatalogPrice): Stripe.PriceCreateParams => {
  const definition = BILLING_PRODUCT_DEFINITIONS[wanted.product];
  const common: Stripe.PriceCreateParams = {
    product: stripeProductId(wanted.product),
    currency: wanted.currency.toLowerCase(),
    recurring: { interval: STRIPE_RECURRING_INTERVAL[wanted.billingInterval] },
    lookup_key: wanted.lookupKey,
    transfer_lookup_key: true,
    tax_behavior: 'exclusive',
    nickname: `${definition.name} ${wanted.billingInterval.toLowerCase()} ${wanted.currency}`,
    metadata: {
      product: wanted.product,
      workspacePlan: definition.workspacePlan,
      userPlan: definition.userPlan,
      billingInterval: wanted.billingInterval,
      legalEntity: wanted.legalEntity,
    },
  };
  if (wanted.tiers.length === 1) return { ...common, unit_amount: wanted.tiers[0]!.unitAmount };
  return {
    ...common,
    billing_scheme: 'tiered',
    tiers_mode: 'graduated',
    tiers: wanted.tiers.map((tier) => ({
      up_to: tier.upTo < 0 ? 'inf' : tier.upTo,
      unit_amount: tier.unitAmount,
    })),
  };
};

async function ensureProduct(stripe: Stripe, product: BillingProduct): Promise<void> {
  const id = stripeProductId(product);
  const definition = BILLING_PRODUCT_DEFINITIONS[product];
  try {
    const existing = await stripe.products.retrieve(id);
    if (existing.name !== definition.name || !existing.active) {
      await stripe.products.update(id, { name: definition.name, active: true });
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
    await stripe.products.create({
      id,
      name: definition.name,
      metadata: { product, workspacePlan: definition.workspacePlan },
    });
  }
}

/** Prices of the catalogue found by lookup key (Stripe takes at most 10 keys per call). */
async function existingPrices(stripe: Stripe, keys: string[]): Promise<Map<string, Stripe.Price>> {
  const found = new Map<string, Stripe.Price>();
  for (let start = 0; start < keys.length; start += 10) {
    const page = await stripe.prices.list({
      lookup_keys: keys.slice(start, start + 10),
      limit: 100,
      expand: ['data.tiers'],
    });
    for (const price of page.data) if (price.lookup_key !== null) found.set(price.lookup_key, price);
  }
  return found;
}

export async function syncPriceCatalog(
  stripe: Stripe,
  catalog: readonly CatalogPrice[] = PRICE_CATALOG,
): Promise<CatalogSyncResult> {
  const products = BILLING_PRODUCTS.filter((product) => catalog.some((price) => price.product === product));
  for (const product of products) await ensureProduct(stripe, product);
  const existing = await existingPrices(
    stripe,
    catalog.map((price) => price.lookupKey),
  );
  const result: CatalogSyncResult = { created: [], replaced: [], unchanged: [] };
  for (const wanted of catalog) {
    const current = existing.get(wanted.lookupKey);
    if (current !== undefined && matches(current, wanted)) {
      result.unchanged.push(wanted.lookupKey);
      continue;
    }
    await stripe.prices.create(priceParams(wanted));
    if (current === undefined) {
      result.created.push(wanted.lookupKey);
    } else {
      await stripe.prices.update(current.id, { active: false });
      result.replaced.push(wanted.lookupKey);
    }
  }
  return result;
}
