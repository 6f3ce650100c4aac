import { z } from 'zod';

import type { LegacyType, UserPlan } from '../plans/plans';

/**
 * The price table of spec 001 §9 and everything derived from it. One table serves
 * `npm run stripe:setup` (which creates these prices in Stripe, keyed by lookup key), the server
 * (which maps a Stripe price back to plan/interval/currency) and the web app (which displays them).
 * Amounts are in minor units (cents, paise), as Stripe counts them.
 */

export const CURRENCIES = ['USD', 'EUR', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const currencySchema = z.enum(CURRENCIES);
export const DEFAULT_CURRENCY: Currency = 'USD';
export const DEFAULT_COUNTRY = 'US';

export const BILLING_INTERVALS = ['MONTHLY', 'YEARLY'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const billingIntervalSchema = z.enum(BILLING_INTERVALS);
export const DEFAULT_BILLING_INTERVAL: BillingInterval = 'YEARLY';

/** Stripe's `recurring.interval` for our billing interval. */
export const STRIPE_RECURRING_INTERVAL = {
  MONTHLY: 'month',
  YEARLY: 'year',
} as const satisfies Record<BillingInterval, 'month' | 'year'>;

/** Seller of record (spec 001 §3 legalEntity): EUR is sold by the Belgian entity, USD and INR by the US one. */
export const LEGAL_ENTITIES = ['BE', 'US'] as const;
export type LegalEntity = (typeof LEGAL_ENTITIES)[number];
export const legalEntityForCurrency = (currency: Currency): LegalEntity => (currency === 'EUR' ? 'BE' : 'US');

/** One tier of a price: `upTo` seats (inclusive, -1 = unbounded, spec 001 §3) at `unitAmount` each. */
export type PriceTier = { readonly upTo: number; readonly unitAmount: number };

/** The sellable products. Per-seat: PRO, PREMIUM (domain users) and PRO_PERSONAL (Gmail users). */
export const BILLING_PRODUCTS = [
  'PRO',
  'PREMIUM',
  'PRO_PERSONAL',
  'LEGACY_PERSONAL',
  'LEGACY_PROFESSIONAL',
  'LEGACY_TEAM_5',
  'LEGACY_TEAM_10',
  'LEGACY_TEAM_25',
  'LEGACY_TEAM_50',
  'LEGACY_TEAM_100',
] as const;
export type BillingProduct = (typeof BILLING_PRODUCTS)[number];

export type BillingProductDefinition = {
  readonly name: string;
  readonly workspacePlan: 'PRO' | 'PREMIUM' | 'LEGACY';
  /** The plan of each user a quantity unit pays for. */
  readonly userPlan: UserPlan;
  readonly legacyType: LegacyType | null;
  /** per_seat: quantity = seats, graduated tiers; per_user: quantity = paid users; pack: quantity 1. */
  readonly unit: 'per_seat' | 'per_user' | 'pack';
};

export const BILLING_PRODUCT_DEFINITIONS = {
  PRO: { name: 'Pro', workspacePlan: 'PRO', userPlan: 'PRO', legacyType: null, unit: 'per_seat' },
  PREMIUM: { name: 'Premium', workspacePlan: 'PREMIUM', userPlan: 'PRO', legacyType: null, unit: 'per_seat' },
  PRO_PERSONAL: {
    name: 'Pro (Personal)',
    workspacePlan: 'PRO',
    userPlan: 'PRO_PERSONAL',
    legacyType: null,
    unit: 'per_seat',
  },
  LEGACY_PERSONAL: {
    name: 'Personal (legacy)',
    workspacePlan: 'LEGACY',
    userPlan: 'PRO_PERSONAL',
    legacyType: 'PERSONAL',
    unit: 'per_user',
  },
  LEGACY_PROFESSIONAL: {
    name: 'Professional (legacy)',
    workspacePlan: 'LEGACY',
    userPlan: 'PRO',
    legacyType: 'PROFESSIONAL',
    unit: 'per_user',
  },
  LEGACY_TEAM_5: {
    name: 'Team 5 (legacy)',
    workspacePlan: 'LEGACY',
    userPlan: 'PRO',
    legacyType: 'TEAM',
    unit: 'pack',
  },
  LEGACY_TEAM_10: {
    name: 'Team 10 (legacy)',
    workspacePlan: 'LEGACY',
    userPlan: 'PRO',
    legacyType: 'TEAM',
    unit: 'pack',
  },
  LEGACY_TEAM_25: {
    name: 'Team 25 (legacy)',
    workspacePlan: 'LEGACY',
    userPlan: 'PRO',
    legacyType: 'TEAM',
    unit: 'pack',
  },
  LEGACY_TEAM_50: {
    name: 'Team 50 (legacy)',
    workspacePlan: 'LEGACY',
    userPlan: 'PRO',
    legacyType: 'TEAM',
    unit: 'pack',
  },
  LEGACY_TEAM_100: {
    name: 'Team 100 (legacy)',
    workspacePlan: 'LEGACY',
    userPlan: 'PRO',
    legacyType: 'TEAM',
    unit: 'pack',
  },
} as const satisfies Record<BillingProduct, BillingProductDefinition>;

/** Spec 001 §9, verbatim: legacy prices in whole US dollars. */
const LEGACY_USD_PRICES = {
  YEARLY: {
    LEGACY_PERSONAL: 36,
    LEGACY_PROFESSIONAL: 60,
    LEGACY_TEAM_5: 150,
    LEGACY_TEAM_10: 270,
    LEGACY_TEAM_25: 450,
    LEGACY_TEAM_50: 750,
    LEGACY_TEAM_100: 1200,
  },
  MONTHLY: {
    LEGACY_PERSONAL: 10,
    LEGACY_PROFESSIONAL: 20,
    LEGACY_TEAM_5: 50,
    LEGACY_TEAM_10: 80,
    LEGACY_TEAM_25: 167,
    LEGACY_TEAM_50: 333,
    LEGACY_TEAM_100: 667,
  },
} as const;

/** Spec 001 §9 seat coupons (the coupon UI is disabled). */
export type SeatCouponTier = { code: string; rangeMin: number; rangeMax: number; discountPercent: number };
const SEAT_COUPON_TIERS: readonly SeatCouponTier[] = [
  { code: '5SEATS', rangeMin: 5, rangeMax: 9, discountPercent: 20 },
  { code: '10SEATS', rangeMin: 10, rangeMax: 24, discountPercent: 30 },
  { code: '25SEATS', rangeMin: 25, rangeMax: 49, discountPercent: 40 },
  { code: '50SEATS', rangeMin: 50, rangeMax: 99, discountPercent: 50 },
  { code: '100SEATS', rangeMin: 100, rangeMax: 100, discountPercent: 60 },
];

export const seatCouponFor = (seats: number): SeatCouponTier | null =>
  SEAT_COUPON_TIERS.find((tier) => seats >= tier.rangeMin && seats <= tier.rangeMax) ?? null;

/**
 * Base price of one seat per interval in whole USD (our choice, docs/decisions/127-price-table.md): Pro is
 * priced like the legacy Professional licence, Pro (Personal) like the legacy Personal licence, and
 * Premium at twice Pro.
 */
const SEAT_BASE_USD = {
  YEARLY: { PRO: 60, PREMIUM: 120, PRO_PERSONAL: 36 },
  MONTHLY: { PRO: 20, PREMIUM: 40, PRO_PERSONAL: 10 },
} as const;

/** Whole currency units per US dollar for our price list: EUR mirrors USD, INR is USD × 80. */
const CURRENCY_FACTOR = { USD: 1, EUR: 1, INR: 80 } as const satisfies Record<Currency, number>;

/**
 * Graduated tiers of a per-seat price: seats 1–4 at the base price, then the seat-coupon ranges
 * (5–9, 10–24, 25–49, 50–99, 100+) at their discounts. Pro (Personal) is a single seat: one tier.
 */
const seatTiers = (baseMinor: number, singleSeat: boolean): PriceTier[] => {
  if (singleSeat) return [{ upTo: -1, unitAmount: baseMinor }];
  const tiers: PriceTier[] = [{ upTo: 4, unitAmount: baseMinor }];
  SEAT_COUPON_TIERS.forEach((coupon, index) => {
    const last = index === SEAT_COUPON_TIERS.length - 1;
    tiers.push({
      upTo: last ? -1 : coupon.rangeMax,
      unitAmount: Math.round((baseMinor * (100 - coupon.discountPercent)) / 100),
    });
  });
  return tiers;
};

export type CatalogPrice = {
  /** Stripe lookup key, e.g. 'pro_yearly_usd', 'legacy_team_5_monthly_eur'. */
  readonly lookupKey: string;
  readonly product: BillingProduct;
  readonly billingInterval: BillingInterval;
  readonly currency: Currency;
  readonly legalEntity: LegalEntity;
  /** A single unbounded tier is a flat per-unit price. */
  readonly tiers: readonly PriceTier[];
};

export const priceLookupKey = (
  product: BillingProduct,
  interval: BillingInterval,
  currency: Currency,
): string => `${product}_${interval}_${currency}`.toLowerCase();

/** Spec 001 §9: "INR monthly none". */
export const isPriceOffered = (interval: BillingInterval, currency: Currency): boolean =>
  !(currency === 'INR' && interval === 'MONTHLY');

const buildCatalog = (): CatalogPrice[] => {
  const prices: CatalogPrice[] = [];
  for (const currency of CURRENCIES) {
    for (const billingInterval of BILLING_INTERVALS) {
      if (!isPriceOffered(billingInterval, currency)) continue;
      for (const product of BILLING_PRODUCTS) {
        const definition = BILLING_PRODUCT_DEFINITIONS[product];
        const toMinor = (usd: number) => usd * CURRENCY_FACTOR[currency] * 100;
        const tiers =
          definition.workspacePlan === 'LEGACY'
            ? [
                {
                  upTo: -1,
                  unitAmount: toMinor(
                    LEGACY_USD_PRICES[billingInterval][product as keyof typeof LEGACY_USD_PRICES.YEARLY],
                  ),
                },
              ]
            : seatTiers(
                toMinor(SEAT_BASE_USD[billingInterval][product as keyof typeof SEAT_BASE_USD.YEARLY]),
                product === 'PRO_PERSONAL',
              );
        prices.push({
          lookupKey: priceLookupKey(product, billingInterval, currency),
          product,
          billingInterval,
          currency,
          legalEntity: legalEntityForCurrency(currency),
          tiers,
        });
      }
    }
  }
  return prices;
};

/** Every price of spec 001 §9 in USD, EUR and INR. */
export const PRICE_CATALOG: readonly CatalogPrice[] = buildCatalog();

export const findCatalogPrice = (lookupKey: string): CatalogPrice | undefined =>
  PRICE_CATALOG.find((price) => price.lookupKey === lookupKey);

/** The per-seat price a space buys: Gmail users get Pro (Personal), domain users Pro or Premium. */
export const seatProductFor = (workspacePlan: 'PRO' | 'PREMIUM', isGmailUser: boolean): BillingProduct =>
  isGmailUser ? 'PRO_PERSONAL' : workspacePlan;

/** Total of `quantity` units on graduated tiers (Stripe's tiers_mode 'graduated'), in minor units. */
export const graduatedTotal = (tiers: readonly PriceTier[], quantity: number): number => {
  let total = 0;
  let previousUpTo = 0;
  for (const tier of tiers) {
    if (quantity <= previousUpTo) break;
    const upTo = tier.upTo < 0 ? quantity : Math.min(tier.upTo, quantity);
    total += (upTo - previousUpTo) * tier.unitAmount;
    if (tier.upTo < 0) break;
    previousUpTo = tier.upTo;
  }
  return total;
};
