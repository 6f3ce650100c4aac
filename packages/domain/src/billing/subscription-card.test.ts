import { describe, expect, it } from 'vitest';

import type {
  CardSubscription,
  SeatActions,
  SeatActionsInput,
  SeatPageRedirectInput,
  SubscriptionState,
} from './subscription-card';
import {
  renewalText,
  scheduledCycleChangeText,
  planSwitchRefusal,
  seatActions,
  seatDowngradeNotice,
  changesBlockedByDowngradeText,
  seatPageRedirectsToBilling,
  subscriptionDisplayName,
  subscriptionState,
  billedUnits,
  paidUsersText,
} from './subscription-card';

describe('subscription state and display name (spec 001 §2)', () => {
  it.each<[CardSubscription | null, SubscriptionState, string]>([
    [null, 'free', 'Free'],
    [{ workspacePlan: 'FREE', paymentSource: null }, 'free', 'Free'],
    [{ workspacePlan: 'PRO', paymentSource: 'STRIPE' }, 'paid', 'Pro'],
    [{ workspacePlan: 'PRO', paymentSource: 'STRIPE', subscriptionStatus: 'ACTIVE' }, 'paid', 'Pro'],
    // Issue 22: a cancelled subscription (failed renewals, stopped) never blocks buying again.
    [{ workspacePlan: 'PRO', paymentSource: 'STRIPE', subscriptionStatus: 'CANCELED' }, 'free', 'Free'],
    [
      {
        workspacePlan: 'LEGACY',
        legacyType: 'TEAM',
        paymentSource: 'STRIPE',
        subscriptionStatus: 'CANCELED',
      },
      'free',
      'Free',
    ],
    [{ workspacePlan: 'PREMIUM', paymentSource: 'STRIPE' }, 'paid', 'Premium'],
    [{ workspacePlan: 'PRO', paymentSource: 'SUPPORT' }, 'custom', 'Custom'],
    [{ workspacePlan: 'PREMIUM', paymentSource: 'OFFLINE' }, 'custom', 'Custom'],
    [{ workspacePlan: 'LEGACY', legacyType: 'TEAM', paymentSource: 'STRIPE' }, 'legacy', 'Team (legacy)'],
    [
      { workspacePlan: 'LEGACY', legacyType: 'UNLIMITED', paymentSource: 'STRIPE' },
      'legacy',
      'Unlimited (legacy)',
    ],
    [
      { workspacePlan: 'LEGACY', legacyType: 'PROFESSIONAL', paymentSource: 'STRIPE' },
      'legacy',
      'Professional (legacy)',
    ],
    [
      { workspacePlan: 'LEGACY', legacyType: 'PERSONAL', paymentSource: 'PAYPAL' },
      'paypal-legacy',
      'Personal (legacy)',
    ],
  ])('%o -> %s, %s', (subscription, state, name) => {
    expect(subscriptionState(subscription)).toBe(state);
    expect(subscriptionDisplayName(subscription)).toBe(name);
  });

  it('says Renews or Ends on the date', () => {
    expect(renewalText(true, 'March 3rd, 2027')).toBe('Renews on March 3rd, 2027');
    expect(renewalText(false, 'March 3rd, 2027')).toBe('Ends on March 3rd, 2027');
  });

  it('words the scheduled cycle change both ways', () => {
    expect(scheduledCycleChangeText('YEARLY', 'MONTHLY', 'March 3rd, 2027')).toBe(
      'You are currently billed annually, with a change to monthly planned on March 3rd, 2027.',
    );
    expect(scheduledCycleChangeText('MONTHLY', 'YEARLY', 'May 1st, 2027')).toBe(
      'You are currently billed monthly, with a change to annually planned on May 1st, 2027.',
    );
  });
});

describe('planSwitchRefusal (issue 22: not offered what the server refuses)', () => {
  it.each<[Parameters<typeof planSwitchRefusal>[0], ReturnType<typeof planSwitchRefusal>]>([
    [{ targetPlan: 'PREMIUM', userPlan: 'PRO', hasScheduledChange: false }, null],
    [
      { targetPlan: 'PREMIUM', userPlan: 'PRO_PERSONAL', hasScheduledChange: false },
      'no-premium-for-personal',
    ],
    [
      { targetPlan: 'PREMIUM', userPlan: 'PRO_PERSONAL', hasScheduledChange: true },
      'no-premium-for-personal',
    ],
    [{ targetPlan: 'PREMIUM', userPlan: 'PRO', hasScheduledChange: true }, 'change-scheduled'],
    [{ targetPlan: 'PRO', userPlan: 'PRO', hasScheduledChange: true }, 'change-scheduled'],
    [{ targetPlan: 'PRO', userPlan: null, hasScheduledChange: false }, null],
  ])('%o -> %s', (input, expected) => {
    expect(planSwitchRefusal(input)).toBe(expected);
  });
});

describe('seatActions (spec 001 §2 seat links)', () => {
  const base: SeatActionsInput = {
    state: 'paid',
    isPerSeat: true,
    isGmailUser: false,
    totalSeats: 10,
    hasScheduledRemoval: false,
  };
  it.each<[string, Partial<SeatActionsInput>, SeatActions]>([
    ['paid, 10 seats', {}, { kind: 'links', canAdd: true, canRemove: true }],
    ['paid, a single seat', { totalSeats: 1 }, { kind: 'links', canAdd: true, canRemove: false }],
    ['scheduled downgrade', { hasScheduledRemoval: true }, { kind: 'blocked-by-downgrade' }],
    // Issue 22: what the server refuses is not offered.
    ['Pro per seat', { workspacePlan: 'PRO' }, { kind: 'links', canAdd: true, canRemove: true }],
    ['Premium per seat', { workspacePlan: 'PREMIUM' }, { kind: 'links', canAdd: true, canRemove: false }],
    [
      'cycle change scheduled',
      { hasScheduledCycleChange: true },
      { kind: 'links', canAdd: false, canRemove: true },
    ],
    ['support subscription', { state: 'custom' }, { kind: 'contact-support' }],
    ['Gmail user', { isGmailUser: true }, { kind: 'none' }],
    ['unlimited seats', { totalSeats: -1 }, { kind: 'none' }],
    ['unlimited seats (null)', { totalSeats: null }, { kind: 'none' }],
    ['per-user space', { isPerSeat: false }, { kind: 'none' }],
    ['free', { state: 'free' }, { kind: 'none' }],
  ])('%s', (_, input, expected) => {
    expect(seatActions({ ...base, ...input })).toEqual(expected);
  });
});

describe('seatPageRedirectsToBilling (spec 001 §2 "Redirects")', () => {
  const base: SeatPageRedirectInput = {
    page: 'add-seats',
    isGmailUser: false,
    hasSubscription: true,
    hasScheduledRemoval: false,
    totalSeats: 10,
  };
  it.each<[string, Partial<SeatPageRedirectInput>, boolean]>([
    ['a paid domain owner stays', {}, false],
    ['Gmail user', { isGmailUser: true }, true],
    ['no subscription', { hasSubscription: false }, true],
    ['scheduled removal', { hasScheduledRemoval: true }, true],
    ['unlimited', { totalSeats: -1 }, true],
    ['add with a single seat stays', { totalSeats: 1 }, false],
    ['remove with a single seat', { page: 'remove-seats', totalSeats: 1 }, true],
    ['remove with two seats stays', { page: 'remove-seats', totalSeats: 2 }, false],
  ])('%s', (_, input, expected) => {
    expect(seatPageRedirectsToBilling({ ...base, ...input })).toBe(expected);
  });
});

describe('scheduled downgrade notice (spec 001 §2 "Scheduled seat downgrade"; spec 002 §4.6)', () => {
  it.each([
    [5, 'seat', 'Your subscription is scheduled to go down to 5 seats on March 3rd, 2027.'],
    [1, 'seat', 'Your subscription is scheduled to go down to 1 seat on March 3rd, 2027.'],
    [4, 'paid user', 'Your subscription is scheduled to go down to 4 paid users on March 3rd, 2027.'],
  ] as const)('%i %s', (target, unit, text) => {
    expect(seatDowngradeNotice(target, 'March 3rd, 2027', unit)).toBe(text);
  });
});

describe("the line under a scheduled downgrade speaks of the space's unit (issue 22)", () => {
  it.each([
    ['seat', 'If you wish to add or remove more seats, you first need to cancel the scheduled downgrade.'],
    [
      'paid user',
      'If you wish to add or remove more paid users, you first need to cancel the scheduled downgrade.',
    ],
  ] as const)('%s', (unit, text) => {
    expect(changesBlockedByDowngradeText(unit)).toBe(text);
  });
});

describe('paidUsersText (per-user licence use)', () => {
  it.each([
    [4, 10, '4 of 10 paid users'],
    [1, 1, '1 of 1 paid users'],
    [3, -1, '3 paid users'],
    [1, -1, '1 paid user'],
  ])('%s of %s: %s', (used, allowed, text) => {
    expect(paidUsersText(used, allowed)).toBe(text);
  });
});

describe('billedUnits (what a cycle change prices)', () => {
  it.each([
    ['per seat: the seats', null, 10, 10],
    ['per seat, unlimited', null, null, 1],
    ['per user: the paid users, not the paid-user limit', 5, 10, 5],
    ['per user, nobody paid yet', 0, 10, 1],
  ])('%s', (_case, used, totalSeats, expected) => {
    expect(billedUnits({ numberOfLicensesUsed: used, seatInfo: { totalSeats } })).toBe(expected);
  });
});
