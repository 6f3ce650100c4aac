import { describe, expect, it } from 'vitest';

import type { ChangeTiming, PlanChange, SummaryTitle } from './display';
import {
  changeTiming,
  formatMoney,
  monthlyUnitRate,
  periodTotal,
  prorationText,
  summaryTitle,
} from './display';
import { findCatalogPrice } from './prices';

const proYearly = findCatalogPrice('pro_yearly_usd')!.tiers;

describe('formatMoney (spec 001 §9: two decimals, € for EUR, otherwise $)', () => {
  it.each([
    [6000, 'USD', '$60.00'],
    [6000, 'EUR', '€60.00'],
    [123450, 'USD', '$1,234.50'],
    [5, 'EUR', '€0.05'],
    [-250, 'USD', '-$2.50'],
    [480000, 'INR', '₹4,800.00'],
    [Number.NaN, 'USD', '$0.00'],
  ] as const)('%s %s -> %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });
});

describe('monthlyUnitRate (spec 001 §9: annual tier average after coupon and tax, / 12)', () => {
  it.each([
    // 1 seat at $60 a year -> $5.00 a month
    [1, 0, null, 500],
    // 4 seats, all in the first tier
    [4, 0, null, 500],
    // 5 seats: 4 × 60 + 48 = 288, average 57.60 -> 4.80
    [5, 0, null, 480],
    // with 21 % VAT: 5.00 × 1.21
    [1, 21, null, 605],
    // a forever 20 % coupon counts
    [1, 0, { percentOff: 20, duration: 'forever' }, 400],
    // a repeating coupon counts
    [1, 0, { percentOff: 50, duration: 'repeating' }, 250],
    // a once coupon does not
    [1, 0, { percentOff: 50, duration: 'once' }, 500],
    // zero or fractional quantities are read as one seat
    [0, 0, null, 500],
  ] as const)('%s seats, tax %s, coupon %o -> %s', (quantity, taxRate, coupon, rate) => {
    expect(monthlyUnitRate({ tiers: proYearly, quantity, billingInterval: 'YEARLY', taxRate, coupon })).toBe(
      rate,
    );
  });

  it('does not divide a monthly price by 12', () => {
    const tiers = findCatalogPrice('pro_monthly_eur')!.tiers;
    expect(monthlyUnitRate({ tiers, quantity: 1, billingInterval: 'MONTHLY', taxRate: 21 })).toBe(2420);
  });

  it('gives the period total after coupon and tax', () => {
    expect(periodTotal({ tiers: proYearly, quantity: 5, taxRate: 0 })).toBe(28800);
    expect(periodTotal({ tiers: proYearly, quantity: 1, taxRate: 21 })).toBe(7260);
  });
});

describe('summaryTitle (spec 001 §4)', () => {
  const base: PlanChange = {
    currentPlan: 'PRO',
    targetPlan: 'PRO',
    currentInterval: 'YEARLY',
    targetInterval: 'YEARLY',
    currentBasePrice: 6000,
    targetBasePrice: 6000,
  };
  it.each<[Partial<PlanChange>, SummaryTitle]>([
    [{ targetInterval: 'MONTHLY' }, 'CYCLE_CHANGE'],
    [{ targetInterval: 'MONTHLY', currentPlan: 'PREMIUM' }, 'CYCLE_CHANGE'],
    [{ currentPlan: 'PREMIUM', targetPlan: 'PRO', targetBasePrice: 9000 }, 'DOWNGRADE'],
    [{ currentPlan: 'PREMIUM', targetPlan: 'FREE' }, 'DOWNGRADE'],
    [{ targetBasePrice: 5000 }, 'DOWNGRADE'],
    [{ targetPlan: 'PREMIUM', targetBasePrice: 12000 }, 'UPGRADE'],
    [{ targetBasePrice: 9000 }, 'UPGRADE'],
    [{}, 'UPGRADE'],
  ])('%o -> %s', (change, title) => {
    expect(summaryTitle({ ...base, ...change })).toBe(title);
  });
});

describe('changeTiming and prorationText (spec 001 §4 "Timing")', () => {
  it.each<['YEARLY' | 'MONTHLY', 'YEARLY' | 'MONTHLY', number, ChangeTiming]>([
    ['YEARLY', 'MONTHLY', 5000, 'END_OF_CYCLE'],
    ['YEARLY', 'MONTHLY', 0, 'END_OF_CYCLE'],
    ['MONTHLY', 'YEARLY', 5000, 'CHARGED_NOW'],
    ['YEARLY', 'YEARLY', 1, 'CHARGED_NOW'],
    ['YEARLY', 'YEARLY', 0, 'AT_RENEWAL'],
    ['YEARLY', 'YEARLY', -300, 'AT_RENEWAL'],
  ])('%s -> %s, charged %s -> %s', (currentInterval, targetInterval, chargedToday, timing) => {
    expect(changeTiming({ currentInterval, targetInterval, chargedToday })).toBe(timing);
  });

  it('names the prorated charge and the days', () => {
    expect(
      prorationText({ timing: 'CHARGED_NOW', chargedToday: 1234, proratedDays: 30, currency: 'EUR' }),
    ).toBe(
      'Today you will be charged €12.34 (pro-rated for the 30 days left in your current billing period).',
    );
    expect(
      prorationText({ timing: 'CHARGED_NOW', chargedToday: 100, proratedDays: 1, currency: 'USD' }),
    ).toContain('the 1 day left');
    expect(prorationText({ timing: 'AT_RENEWAL', chargedToday: 0, proratedDays: 0, currency: 'USD' })).toBe(
      'The change will be applied at your renewal day.',
    );
    expect(prorationText({ timing: 'END_OF_CYCLE', chargedToday: 0, proratedDays: 0, currency: 'USD' })).toBe(
      'The change will be applied at the end of your current billing cycle.',
    );
  });
});
