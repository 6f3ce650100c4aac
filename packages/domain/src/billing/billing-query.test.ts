import { describe, expect, it } from 'vitest';

import type { SpacePlan } from '../plans/plans';
import type { QueryReader } from './billing-query';
import { billingQueryOutcome, isPlanQueryForAccount, isWrongPlanQuery } from './billing-query';

/** A query reader over 'a=1&b=2' (the domain package has no URLSearchParams). */
const query = (search: string): QueryReader => {
  const entries = new Map(
    search
      .split('&')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  return { get: (name) => entries.get(name) ?? null, has: (name) => entries.has(name) };
};
const outcome = (search: string, plan: SpacePlan = 'PRO') => billingQueryOutcome(query(search), plan);
const title = (search: string, plan: SpacePlan = 'PRO') => {
  const result = outcome(search, plan);
  return result.action === 'banner' ? result.banner.title : result.action;
};

describe('billingQueryOutcome (spec 001 §2 "Billing banners")', () => {
  it.each<[string, SpacePlan, string]>([
    ['', 'PRO', 'none'],
    ['show-plans=1', 'FREE', 'none'],
    // free to paid, per seat
    [
      'checkout=success&from=FREE&to=PRO&workspaceSeats=3',
      'PRO',
      'Well done! You successfully purchased 3 Pro seats for your space.',
    ],
    [
      'checkout=success&from=FREE&to=PREMIUM&workspaceSeats=1',
      'PREMIUM',
      'Well done! You successfully purchased 1 Premium seat for your space.',
    ],
    [
      'checkout=success&from=FREE&to=PRO&workspaceSeats=100',
      'PRO',
      'Well done! You successfully purchased 100 Pro seats for your space.',
    ],
    [
      'checkout=success&from=FREE&to=PRO&gmailSeats=1',
      'PRO',
      'Well done! You successfully upgraded your space to Pro.',
    ],
    // seats
    ['checkout=success&seatsAdded=2', 'PRO', 'Well done! You successfully added 2 seats to your space.'],
    ['checkout=success&seatsAdded=1', 'PRO', 'Well done! You successfully added 1 seat to your space.'],
    ['checkout=success&seatsAdded=99', 'PRO', 'Well done! You successfully added 99 seats to your space.'],
    [
      'checkout=success&seatsRemoved=4',
      'PRO',
      'You successfully scheduled the removal of 4 seats from your space.',
    ],
    // legacy
    ['checkout=success&from=LEGACY&to=PRO', 'PRO', 'Your plan switch has been successfully done!'],
    [
      'checkout=success&from=FREE&to=PRO&workspaceUsers=3&gmailUsers=0',
      'PRO',
      'Well done! Your MergeDesk subscription has started.',
    ],
    // other changes
    ['checkout=success&from=PRO&to=PREMIUM', 'PREMIUM', 'Your subscription has been updated.'],
    ['checkout=success&fromInterval=YEARLY&toInterval=MONTHLY', 'PRO', 'Your subscription has been updated.'],
    // stripped
    ['checkout=success&from=FREE&to=PRO&workspaceSeats=3', 'FREE', 'strip'],
    ['checkout=success&seatsAdded=0', 'PRO', 'strip'],
    ['checkout=success&seatsAdded=100', 'PRO', 'strip'],
    ['checkout=success&seatsAdded=-1', 'PRO', 'strip'],
    ['checkout=success&seatsAdded=2.5', 'PRO', 'strip'],
    ['checkout=success&seatsAdded=abc', 'PRO', 'strip'],
    ['checkout=success&seatsRemoved=120', 'PRO', 'strip'],
    ['checkout=success&seatsAdded=2&seatsRemoved=1', 'PRO', 'strip'],
    ['checkout=success&from=FREE&workspaceSeats=3', 'PRO', 'strip'],
    ['checkout=success&from=FREE&to=FREE&workspaceSeats=3', 'PRO', 'strip'],
    ['checkout=success&from=FREE&to=PRO', 'PRO', 'strip'],
    ['checkout=success&from=FREE&to=PRO&gmailSeats=1&workspaceSeats=2', 'PRO', 'strip'],
    ['checkout=success&from=FREE&to=PRO&gmailSeats=2', 'PRO', 'strip'],
    ['checkout=success&from=FREE&to=PRO&workspaceSeats=101', 'PRO', 'strip'],
    ['checkout=success&from=FREE&to=PRO&workspaceSeats=0', 'PRO', 'strip'],
    ['checkout=success&from=PRO&to=PREMIUM&workspaceSeats=3', 'PREMIUM', 'strip'],
    ['checkout=success&from=PRO', 'PRO', 'strip'],
    ['checkout=success', 'PRO', 'strip'],
    ['checkout=cancel&seatsAdded=2', 'PRO', 'strip'],
    ['seatsAdded=2', 'PRO', 'strip'],
  ])('%s on %s -> %s', (search, plan, expected) => {
    expect(title(search, plan)).toBe(expected);
  });

  it('adds the Manage members button to the per-seat purchase only', () => {
    const purchase = outcome('checkout=success&from=FREE&to=PRO&workspaceSeats=3');
    const added = outcome('checkout=success&seatsAdded=2');
    expect(purchase.action === 'banner' && purchase.banner.manageMembers).toBe(true);
    expect(added.action === 'banner' && added.banner.manageMembers).toBeFalsy();
    expect(added.action === 'banner' && added.banner.description).toBe('Your subscription has been updated.');
  });
});

describe('plan query (spec 001 §2, "Wrong-plan page")', () => {
  it.each<[string, boolean, boolean]>([
    ['pro-gmail', true, true],
    ['PERSONAL', true, true],
    ['pro-google-workspace', true, false],
    ['PROFESSIONAL', true, false],
    ['TEAM', true, false],
    ['pro-google-workspace', false, true],
    ['PROFESSIONAL', false, true],
    ['pro-gmail', false, false],
    ['PERSONAL', false, false],
    ['TEAM', false, false],
  ])('%s for gmail=%s: %s', (plan, gmail, valid) => {
    expect(isPlanQueryForAccount(plan, gmail)).toBe(valid);
    expect(isWrongPlanQuery(plan, gmail)).toBe(!valid);
  });

  it('no plan parameter, or a checkout plan, is not a wrong plan', () => {
    expect(isWrongPlanQuery(null, true)).toBe(false);
    expect(isWrongPlanQuery('', false)).toBe(false);
    expect(isWrongPlanQuery('PRO', false)).toBe(false);
    expect(isWrongPlanQuery('PREMIUM', true)).toBe(false);
  });
});
