import { describe, expect, it } from 'vitest';

import type { PricedPlan } from './plan-prices';
import { displayedPrice, findPaymentPlan, taxLabel } from './plan-prices';
import { PRICE_CATALOG } from './prices';

const plans: PricedPlan[] = PRICE_CATALOG.filter((price) => price.product !== 'LEGACY_PERSONAL').map(
  (price) => ({
    workspacePlan:
      price.product === 'PREMIUM'
        ? 'PREMIUM'
        : price.product === 'PRO' || price.product === 'PRO_PERSONAL'
          ? 'PRO'
          : 'LEGACY',
    userPlan: price.product === 'PRO_PERSONAL' ? 'PRO_PERSONAL' : 'PRO',
    billingInterval: price.billingInterval,
    status: 'ACTIVE',
    currency: price.currency,
    paymentPlanTiers: price.tiers,
  }),
);
const usd = plans.filter((plan) => plan.currency === 'USD');
const eur = plans.filter((plan) => plan.currency === 'EUR');

describe('plan card prices (spec 001 §2, §9)', () => {
  it('finds the Pro price of a domain user and of a Gmail user', () => {
    expect(
      findPaymentPlan(usd, { workspacePlan: 'PRO', isGmailUser: false, billingInterval: 'YEARLY' })?.userPlan,
    ).toBe('PRO');
    expect(
      findPaymentPlan(usd, { workspacePlan: 'PRO', isGmailUser: true, billingInterval: 'YEARLY' })?.userPlan,
    ).toBe('PRO_PERSONAL');
  });

  it('skips inactive prices', () => {
    const inactive = usd.map((plan) => ({ ...plan, status: 'INACTIVE' as const }));
    expect(
      findPaymentPlan(inactive, { workspacePlan: 'PRO', isGmailUser: false, billingInterval: 'YEARLY' }),
    ).toBe(undefined);
  });

  it.each<[string, PricedPlan[], 'PRO' | 'PREMIUM', boolean, number, string, string, string | null]>([
    ['Pro USD, 1 seat', usd, 'PRO', false, 0, '$5.00', '$60.00', null],
    ['Premium USD', usd, 'PREMIUM', false, 0, '$10.00', '$120.00', null],
    ['Pro (Personal) USD', usd, 'PRO', true, 0, '$3.00', '$36.00', null],
    ['Pro EUR with 21 % VAT', eur, 'PRO', false, 21, '€6.05', '€72.60', 'including taxes'],
    ['Pro EUR reverse-charged', eur, 'PRO', false, 0, '€5.00', '€60.00', 'excluding taxes'],
    ['USD ignores a tax rate', usd, 'PRO', false, 21, '$5.00', '$60.00', null],
  ])('%s', (_, list, workspacePlan, isGmailUser, taxRate, monthly, total, label) => {
    const plan = findPaymentPlan(list, { workspacePlan, isGmailUser, billingInterval: 'YEARLY' });
    expect(plan).toBeDefined();
    expect(displayedPrice({ plan: plan!, taxRate })).toEqual({
      monthly,
      periodTotal: total,
      taxLabel: label,
    });
  });

  it('labels taxes for EUR only', () => {
    expect(taxLabel('EUR', 20)).toBe('including taxes');
    expect(taxLabel('EUR', 0)).toBe('excluding taxes');
    expect(taxLabel('USD', 20)).toBe(null);
    expect(taxLabel('INR', 0)).toBe(null);
  });
});
