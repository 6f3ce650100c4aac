import { describe, expect, it } from 'vitest';
import {
  canLeaveSpace,
  isDeleteConfirmed,
  isRestorable,
  SPACE_ERASE_GRACE_DAYS,
  SPACE_LIFE_MESSAGES,
  spaceEraseAt,
  subscriptionEnding,
} from './space-life';

describe('leaving a space (issue 21)', () => {
  it.each([
    ['OWNER', false],
    ['ADMIN', true],
    ['MEMBER', true],
  ] as const)('%s may leave: %s', (role, expected) => {
    expect(canLeaveSpace(role)).toBe(expected);
  });
});

describe('deleting a space: the typed name (issue 21)', () => {
  it.each([
    ['Acme Sales', 'Acme Sales', true],
    ['  Acme Sales ', 'Acme Sales', true],
    ['acme sales', 'Acme Sales', false],
    ['Acme  Sales', 'Acme Sales', false],
    ['Acme Sale', 'Acme Sales', false],
    ['', 'Acme Sales', false],
  ])('%j for %j: %s', (typed, name, expected) => {
    expect(isDeleteConfirmed(typed, name)).toBe(expected);
  });
});

describe('the grace period (issue 21)', () => {
  const deletedAt = new Date('2026-11-27T09:00:00Z');
  it(`erases ${SPACE_ERASE_GRACE_DAYS} days after deletion`, () => {
    expect(spaceEraseAt(deletedAt).toISOString()).toBe('2026-12-27T09:00:00.000Z');
  });
  it.each([
    ['just deleted', '2026-11-27T09:00:01Z', true],
    ['a day before erasure', '2026-12-26T09:00:00Z', true],
    ['at the erase time', '2026-12-27T09:00:00Z', false],
    ['after it', '2027-01-01T00:00:00Z', false],
  ])('restorable %s: %s', (_name, now, expected) => {
    expect(isRestorable(spaceEraseAt(deletedAt), new Date(now))).toBe(expected);
  });
});

describe('the subscription of a space being deleted (issue 21)', () => {
  const live = { paymentSource: 'STRIPE', autoRenew: true, hasScheduledChange: false } as const;
  it.each([
    ['no subscription', null, { kind: 'none' }],
    ['a renewing card subscription', live, { kind: 'end-at-period-end' }],
    ['a renewing PayPal licence', { ...live, paymentSource: 'PAYPAL' }, { kind: 'end-at-period-end' }],
    ['one that already ends', { ...live, autoRenew: false }, { kind: 'already-ending' }],
    [
      'support',
      { ...live, paymentSource: 'SUPPORT' },
      { kind: 'refused', message: SPACE_LIFE_MESSAGES.SUPPORT_MANAGED },
    ],
    [
      'offline',
      { ...live, paymentSource: 'OFFLINE' },
      { kind: 'refused', message: SPACE_LIFE_MESSAGES.SUPPORT_MANAGED },
    ],
    [
      'with a scheduled change',
      { ...live, hasScheduledChange: true },
      { kind: 'refused', message: SPACE_LIFE_MESSAGES.CHANGE_SCHEDULED },
    ],
  ] as const)('%s', (_name, subscription, expected) => {
    expect(subscriptionEnding(subscription)).toEqual(expected);
  });
});
