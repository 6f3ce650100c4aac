import { describe, expect, it } from 'vitest';
import type { CheckoutTarget, CheckoutTargetInput } from './checkout-query';
import { checkoutTarget, checkoutTargetQuery } from './checkout-query';

/** A query string read as the web app's URLSearchParams would (the domain has no DOM). */
const query = (search: string) => {
  const pairs = search === '' ? [] : search.split('&').map((pair) => pair.split('=') as [string, string]);
  return { get: (name: string) => pairs.find(([key]) => key === name)?.[1] ?? null };
};
const yearlyPro = { workspacePlan: 'PRO', billingInterval: 'YEARLY' } as const;
const monthlyPremium = { workspacePlan: 'PREMIUM', billingInterval: 'MONTHLY' } as const;
const legacyMonthly = { workspacePlan: 'LEGACY', billingInterval: 'MONTHLY' } as const;

describe('checkoutTarget (spec 001 §2 "Checkout query", §9 defaults)', () => {
  it.each<[string, CheckoutTargetInput['current'], boolean, CheckoutTarget]>([
    ['', null, false, { plan: 'PRO', interval: 'YEARLY' }],
    ['plan=PREMIUM&interval=MONTHLY', null, false, { plan: 'PREMIUM', interval: 'MONTHLY' }],
    ['plan=premium&cycle=monthly', null, false, { plan: 'PREMIUM', interval: 'MONTHLY' }],
    ['interval=MONTHLY&cycle=YEARLY', null, false, { plan: 'PRO', interval: 'MONTHLY' }],
    // Missing parameters come from the current subscription.
    ['', monthlyPremium, false, { plan: 'PREMIUM', interval: 'MONTHLY' }],
    ['plan=PRO', monthlyPremium, false, { plan: 'PRO', interval: 'MONTHLY' }],
    ['interval=YEARLY', monthlyPremium, false, { plan: 'PREMIUM', interval: 'YEARLY' }],
    // A legacy licence has no new plan: Pro, with its interval.
    ['', legacyMonthly, false, { plan: 'PRO', interval: 'MONTHLY' }],
    // Unknown values are ignored.
    ['plan=TEAM&interval=WEEKLY', yearlyPro, false, { plan: 'PRO', interval: 'YEARLY' }],
    // MONTHLY_BILLING restricted: yearly only.
    ['plan=PRO&interval=MONTHLY', null, true, { plan: 'PRO', interval: 'YEARLY' }],
    ['', monthlyPremium, true, { plan: 'PREMIUM', interval: 'YEARLY' }],
  ])('%s with %j (monthly restricted %s) -> %j', (search, current, restricted, target) => {
    expect(checkoutTarget({ query: query(search), current, isMonthlyBillingRestricted: restricted })).toEqual(
      target,
    );
  });

  it('carries the target along the steps', () => {
    expect(checkoutTargetQuery({ plan: 'PREMIUM', interval: 'MONTHLY' })).toBe(
      'plan=PREMIUM&interval=MONTHLY',
    );
  });
});
