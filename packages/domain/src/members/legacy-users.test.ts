import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_END_SENTINEL } from '../quotas/quotas';
import {
  exceedsLegacyUserLimit,
  hasNoLegacySeatLeft,
  legacyUsersSummaryText,
  legacyUserType,
  summarizeLegacyUsers,
  type LegacyUser,
} from './legacy-users';

const user = (overrides: Partial<LegacyUser>): LegacyUser => ({
  email: 'x@legacy.test',
  plan: 'PRO',
  status: 'ACTIVE',
  freeTrialEndTimestamp: null,
  ...overrides,
});

describe('legacyUserType (spec 002 §2.8 Type column)', () => {
  it.each([
    [user({ plan: 'PRO' }), 'Pro'],
    [user({ plan: 'FREE' }), 'Free'],
    [user({ plan: 'PRO_PERSONAL' }), 'Pro (Personal)'],
    [user({ plan: 'FREE', freeTrialEndTimestamp: 1_900_000_000_000 }), 'Trial'],
    [user({ plan: 'PRO', freeTrialEndTimestamp: FREE_TRIAL_END_SENTINEL }), 'Trial'],
  ])('%o → %s', (input, expected) => {
    expect(legacyUserType(input)).toBe(expected);
  });
});

describe('summarizeLegacyUsers (spec 002 §2.8 summary line)', () => {
  it('counts paid, @gmail.com paid, trial, free and disabled; disabled users only as disabled', () => {
    const summary = summarizeLegacyUsers([
      user({ email: 'leo@legacy.test' }),
      user({ email: 'a@legacy.test' }),
      user({ email: 'g@gmail.com', plan: 'PRO_PERSONAL' }),
      user({ email: 'f@legacy.test', plan: 'FREE' }),
      user({ email: 't@legacy.test', plan: 'FREE', freeTrialEndTimestamp: 1_900_000_000_000 }),
      user({ email: 'd@legacy.test', plan: 'PRO', status: 'DISABLED' }),
    ]);
    expect(summary).toEqual({ total: 6, paid: 3, gmailPaid: 1, trial: 1, free: 1, disabled: 1 });
    expect(legacyUsersSummaryText(summary)).toBe(
      '6 users: 3 paid (1 @gmail.com paid), 1 trial, 1 free, 1 disabled',
    );
  });

  it('an empty list and the singular', () => {
    expect(legacyUsersSummaryText(summarizeLegacyUsers([]))).toBe(
      '0 users: 0 paid (0 @gmail.com paid), 0 trial, 0 free, 0 disabled',
    );
    expect(legacyUsersSummaryText(summarizeLegacyUsers([user({})]))).toMatch(/^1 user: 1 paid/);
  });
});

describe('legacy user limit (spec 002 §5 "Legacy add")', () => {
  it.each([
    [4, 6, 10, false],
    [4, 7, 10, true],
    [10, 1, 10, true],
    [50, 50, -1, false],
  ])('paid %i + selection %i against limit %i → exceeds %s', (paid, selection, limit, expected) => {
    expect(exceedsLegacyUserLimit(paid, selection, limit)).toBe(expected);
  });

  it.each([
    [10, 10, true],
    [9, 10, false],
    [0, 0, true],
    [99, -1, false],
  ])('paid %i, limit %i → no seat left %s', (paid, limit, expected) => {
    expect(hasNoLegacySeatLeft(paid, limit)).toBe(expected);
  });
});
