import { describe, expect, it } from 'vitest';
import { freeUserLimitTooltip, legacyUserLimitMessage, maxUsersTooltip, MEMBER_MESSAGES } from './messages';
import { activationLimitVerdict, hasRoomForFreeUsers, inviteLimitVerdict } from './plan-limits';
import type { PaidUserHolder } from './seats';

const user = (patch: Partial<PaidUserHolder> = {}): PaidUserHolder => ({
  status: 'ACTIVE',
  userPlan: 'FREE',
  freeTrialEndTimestamp: null,
  ...patch,
});
const times = (n: number, patch: Partial<PaidUserHolder> = {}) =>
  Array.from({ length: n }, () => user(patch));

// The demo's Legacy Team: 4 paid, 2 free, 1 trial, 1 disabled; FREE allows 2 users, PRO 10.
const legacyTeam = [
  ...times(4, { userPlan: 'PRO' }),
  ...times(2),
  user({ userPlan: 'PRO', status: 'FREE_TRIAL', freeTrialEndTimestamp: 1 }),
  user({ status: 'DISABLED' }),
];

describe('activation at the plan limit (spec 002 §8 disabled-user tooltip, §4.6; issue 21)', () => {
  it.each([
    [
      'a free user when the free users are at the limit',
      { freeLimit: 2, paidLimit: 10 },
      legacyTeam,
      ['FREE'],
      freeUserLimitTooltip(2),
    ],
    ['a free user under the limit', { freeLimit: 3, paidLimit: 10 }, legacyTeam, ['FREE'], null],
    ['a free user with no free limit', { freeLimit: -1, paidLimit: 10 }, legacyTeam, ['FREE'], null],
    [
      'two free users where one fits',
      { freeLimit: 3, paidLimit: 10 },
      legacyTeam,
      ['FREE', 'FREE'],
      freeUserLimitTooltip(3),
    ],
    ['a paid user with licences left', { freeLimit: 2, paidLimit: 10 }, legacyTeam, ['PRO'], null],
    [
      'a paid user with every licence used',
      { freeLimit: 2, paidLimit: 4 },
      legacyTeam,
      ['PRO'],
      legacyUserLimitMessage(4),
    ],
    ['a paid user, unlimited licences', { freeLimit: 2, paidLimit: -1 }, legacyTeam, ['PRO_PERSONAL'], null],
    // Pending free users reserve nothing yet: only those who joined count against the limit.
    [
      'free limit counts joined users only',
      { freeLimit: 2, paidLimit: 10 },
      [user(), user({ status: 'PENDING' })],
      ['FREE'],
      null,
    ],
  ] as const)('%s', (_name, limits, members, joining, message) => {
    const verdict = activationLimitVerdict(
      limits,
      members,
      joining.map((userPlan) => ({ userPlan })),
    );
    expect(verdict).toEqual(message === null ? { ok: true } : { ok: false, message });
  });
});

describe("legacy 'Invite users' at the user limit (spec 002 §8 add-button tooltips; issue 21)", () => {
  it.each([
    ['the demo Legacy Team (2 of 2 free users)', 2, legacyTeam, maxUsersTooltip(2)],
    ['room for one more', 3, legacyTeam, null],
    ['no free-user limit', -1, legacyTeam, null],
    ['disabled users do not count', 3, [...times(2), user({ status: 'DISABLED' })], null],
    ['pending free users count', 2, [user(), user({ status: 'PENDING' })], maxUsersTooltip(2)],
    ['paid users do not count', 1, [user({ userPlan: 'PRO' })], null],
    ['a one-user plan (the owner alone)', 1, [user()], MEMBER_MESSAGES.ADD_NOT_ALLOWED],
    ['a plan that allows no free user', 0, [], MEMBER_MESSAGES.ADD_NOT_ALLOWED],
  ] as const)('%s', (_name, freeLimit, members, message) => {
    expect(inviteLimitVerdict(freeLimit, members)).toEqual(
      message === null ? { ok: true } : { ok: false, message },
    );
  });

  it.each([
    [2, 0, true],
    [2, 1, false],
    [3, 1, true],
    [3, 2, false],
    [-1, 100, true],
  ])('free limit %i, Legacy Team, %i more: %s', (limit, count, expected) => {
    expect(hasRoomForFreeUsers(limit, legacyTeam, count)).toBe(expected);
  });
});
