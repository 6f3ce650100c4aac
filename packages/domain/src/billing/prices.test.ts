import { describe, expect, it } from 'vitest';

import type { BillingInterval, BillingProduct, Currency, PriceTier } from './prices';
import {
  findCatalogPrice,
  graduatedTotal,
  isPriceOffered,
  legalEntityForCurrency,
  PRICE_CATALOG,
  priceLookupKey,
  seatCouponFor,
  seatProductFor,
} from './prices';

const flat = (key: string) => {
  const price = findCatalogPrice(key);
  expect(price, key).toBeDefined();
  expect(price!.tiers).toHaveLength(1);
  return price!.tiers[0]!.unitAmount;
};

describe('legacy prices (spec 001 §9, USD, verbatim)', () => {
  it.each<[BillingProduct, number, number]>([
    ['LEGACY_PERSONAL', 36, 10],
    ['LEGACY_PROFESSIONAL', 60, 20],
    ['LEGACY_TEAM_5', 150, 50],
    ['LEGACY_TEAM_10', 270, 80],
    ['LEGACY_TEAM_25', 450, 167],
    ['LEGACY_TEAM_50', 750, 333],
    ['LEGACY_TEAM_100', 1200, 667],
  ])('%s: $%s a year, $%s a month', (product, yearly, monthly) => {
    expect(flat(priceLookupKey(product, 'YEARLY', 'USD'))).toBe(yearly * 100);
    expect(flat(priceLookupKey(product, 'MONTHLY', 'USD'))).toBe(monthly * 100);
  });
});

describe('catalogue', () => {
  it('has USD, EUR and INR prices but no INR monthly price (spec 001 §9)', () => {
    const combos = new Set(PRICE_CATALOG.map((price) => `${price.currency}/${price.billingInterval}`));
    expect([...combos].sort()).toEqual([
      'EUR/MONTHLY',
      'EUR/YEARLY',
      'INR/YEARLY',
      'USD/MONTHLY',
      'USD/YEARLY',
    ]);
    expect(findCatalogPrice('pro_monthly_inr')).toBeUndefined();
  });

  it.each<[BillingInterval, Currency, boolean]>([
    ['YEARLY', 'INR', true],
    ['MONTHLY', 'INR', false],
    ['MONTHLY', 'EUR', true],
  ])('isPriceOffered(%s, %s) = %s', (interval, currency, expected) => {
    expect(isPriceOffered(interval, currency)).toBe(expected);
  });

  it('has unique lookup keys, one per product, interval and currency', () => {
    const keys = PRICE_CATALOG.map((price) => price.lookupKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(10 * 5);
    expect(keys).toContain('legacy_team_5_yearly_eur');
  });

  it('ends every tier list with an unbounded tier and increasing bounds', () => {
    for (const price of PRICE_CATALOG) {
      expect(price.tiers.at(-1)!.upTo).toBe(-1);
      const bounds = price.tiers.slice(0, -1).map((tier) => tier.upTo);
      expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    }
  });

  it('sells EUR through the Belgian entity, USD and INR through the US one', () => {
    expect(legalEntityForCurrency('EUR')).toBe('BE');
    expect(legalEntityForCurrency('USD')).toBe('US');
    expect(legalEntityForCurrency('INR')).toBe('US');
    expect(findCatalogPrice('pro_yearly_eur')!.legalEntity).toBe('BE');
  });

  it('prices Pro per seat in tiers that follow the seat-coupon ranges', () => {
    expect(findCatalogPrice('pro_yearly_usd')!.tiers).toEqual([
      { upTo: 4, unitAmount: 6000 },
      { upTo: 9, unitAmount: 4800 },
      { upTo: 24, unitAmount: 4200 },
      { upTo: 49, unitAmount: 3600 },
      { upTo: 99, unitAmount: 3000 },
      { upTo: -1, unitAmount: 2400 },
    ]);
    expect(findCatalogPrice('pro_yearly_inr')!.tiers[0]).toEqual({ upTo: 4, unitAmount: 480000 });
    expect(flat('pro_personal_monthly_usd')).toBe(1000);
  });
});

describe('seatCouponFor (spec 001 §9 coupon table)', () => {
  it.each([
    [4, null],
    [5, '5SEATS'],
    [9, '5SEATS'],
    [10, '10SEATS'],
    [24, '10SEATS'],
    [25, '25SEATS'],
    [50, '50SEATS'],
    [99, '50SEATS'],
    [100, '100SEATS'],
    [101, null],
  ])('%s seats -> %s', (seats, code) => {
    expect(seatCouponFor(seats)?.code ?? null).toBe(code);
  });
});

describe('graduatedTotal', () => {
  const tiers: PriceTier[] = [
    { upTo: 2, unitAmount: 100 },
    { upTo: 5, unitAmount: 50 },
    { upTo: -1, unitAmount: 10 },
  ];
  it.each([
    [0, 0],
    [1, 100],
    [2, 200],
    [3, 250],
    [5, 350],
    [7, 370],
  ])('%s units -> %s', (quantity, total) => {
    expect(graduatedTotal(tiers, quantity)).toBe(total);
  });
});

describe('seatProductFor', () => {
  it.each([
    ['PRO', true, 'PRO_PERSONAL'],
    ['PREMIUM', true, 'PRO_PERSONAL'],
    ['PRO', false, 'PRO'],
    ['PREMIUM', false, 'PREMIUM'],
  ] as const)('%s gmail=%s -> %s', (plan, isGmail, product) => {
    expect(seatProductFor(plan, isGmail)).toBe(product);
  });
});
