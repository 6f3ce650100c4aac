import { describe, expect, it } from 'vitest';

import type { CheckoutUserLike, PaidSelection } from './legacy-checkout';
import {
  addUsersLimitError,
  cannotDowngrade,
  initialPaidFlag,
  isLegacyUsersNextDisabled,
  isOwnerRadioDisabled,
  paidRadioRestriction,
  paidRestrictionMessage,
  parseAddUsersInput,
  planPaidUsers,
  setUserPaid,
  shouldAutoSubmitOptions,
  targetUserPlan,
  typeChangeTarget,
  userPlanChanges,
  downgradeToFreeRefusal,
  isMovingToFree,
  movingToFreeNotice,
} from './legacy-checkout';

const user = (id: string, overrides: Partial<CheckoutUserLike> = {}): CheckoutUserLike => ({
  id,
  email: `${id}@legacy.test`,
  role: 'MEMBER',
  isPaid: false,
  status: 'ACTIVE',
  isPaidElsewhere: false,
  ...overrides,
});

const owner = user('leo', { role: 'OWNER', isPaid: true });
const lara = user('lara', { isPaid: true });
const fiona = user('fiona');
const users = [owner, lara, fiona];

describe('initialPaidFlag (spec 001 §4 "Paid flag per checkout user")', () => {
  it.each<[boolean | undefined, boolean | undefined, 'FREE' | 'PRO', boolean]>([
    [true, false, 'FREE', true],
    [undefined, true, 'FREE', true],
    [undefined, false, 'PRO', false],
    [false, undefined, 'PRO', true],
    [undefined, undefined, 'FREE', false],
    [undefined, undefined, 'PRO', true],
  ])('current %s, stored %s, plan %s -> %s', (inCurrentSelection, stored, plan, expected) => {
    expect(initialPaidFlag({ inCurrentSelection, stored, plan })).toBe(expected);
  });
});

describe('paidRadioRestriction (spec 001 §4 radio restrictions)', () => {
  const selection: PaidSelection = { leo: true, lara: true, fiona: false };
  it.each<[string, CheckoutUserLike, number, string | null]>([
    ['a free user under the limit', fiona, 3, null],
    ['a free user at the limit', fiona, 2, 'max_users_reached'],
    ['a free user, unlimited', fiona, -1, null],
    ['a user paid elsewhere', user('fiona', { isPaidElsewhere: true }), -1, 'already_paid_user'],
    ['a user already selected paid, at the limit', lara, 2, null],
    ['a user paid elsewhere but already selected paid', user('lara', { isPaidElsewhere: true }), 2, null],
    // Issue 22: unticked, a user paid here and elsewhere may be ticked again (no new payment).
    [
      'a user paid here and elsewhere, unticked',
      user('fiona', { isPaid: true, isPaidElsewhere: true }),
      -1,
      null,
    ],
    [
      'the owner paid here and elsewhere, unticked',
      user('fiona', { role: 'OWNER', isPaid: true, isPaidElsewhere: true }),
      -1,
      null,
    ],
    [
      'a user paid here and elsewhere, unticked, at the limit',
      user('fiona', { isPaid: true, isPaidElsewhere: true }),
      2,
      'max_users_reached',
    ],
    [
      'a free user paid elsewhere, at the limit',
      user('fiona', { isPaidElsewhere: true }),
      2,
      'already_paid_user',
    ],
  ])('%s', (_label, target, limit, expected) => {
    expect(paidRadioRestriction(target, selection, limit)).toBe(expected);
  });

  it('says why, with the spec messages', () => {
    expect(paidRestrictionMessage('max_users_reached', 10)).toBe(
      'Your current plan allows a maximum of 10 paid users.',
    );
    expect(paidRestrictionMessage('already_paid_user', 10)).toBe(
      'User is already a paid user in another space.',
    );
  });
});

describe('owner radio and the last paid user (spec 001 §4)', () => {
  it.each<[PaidSelection, boolean]>([
    [{ leo: true, lara: false, fiona: false }, true],
    [{ leo: true, lara: true, fiona: false }, false],
    [{ leo: false, lara: true, fiona: false }, false],
  ])('%o -> owner radio disabled %s', (selection, expected) => {
    expect(isOwnerRadioDisabled(users, selection)).toBe(expected);
  });

  it('removing the last paid user forces the owner to paid', () => {
    expect(setUserPaid(users, { leo: false, lara: true, fiona: false }, 'lara', false)).toEqual({
      leo: true,
      lara: false,
      fiona: false,
    });
  });

  it('marks a user paid or free otherwise', () => {
    expect(setUserPaid(users, { leo: true, lara: true }, 'fiona', true)).toEqual({
      leo: true,
      lara: true,
      fiona: true,
    });
    expect(setUserPaid(users, { leo: true, lara: true }, 'leo', false)).toEqual({ leo: false, lara: true });
  });
});

describe('shouldAutoSubmitOptions (spec 001 §4)', () => {
  it.each<[CheckoutUserLike[], boolean]>([
    [[owner], true],
    [[owner, user('dan', { status: 'DISABLED' })], true],
    [[owner, fiona], false],
    [[owner, user('paula', { status: 'PENDING' })], false],
  ])('%#', (list, expected) => {
    expect(shouldAutoSubmitOptions(list)).toBe(expected);
  });
});

describe('cannotDowngrade (spec 001 §2 cannot-downgrade, §4)', () => {
  it.each<['PRO' | 'PREMIUM' | 'FREE', string, string[], boolean]>([
    ['PRO', 'leo@legacy.test', ['leo@legacy.test', 'lara@legacy.test'], false],
    ['PRO', 'leo@legacy.test', ['leo@legacy.test', 'bob@other.test'], true],
    ['PRO', 'leo@legacy.test', ['leo@legacy.test', 'LARA@Legacy.Test'], false],
    ['PRO', 'leo@legacy.test', ['leo@legacy.test', 'someone@gmail.com'], true],
    ['PREMIUM', 'leo@legacy.test', ['leo@legacy.test', 'bob@other.test'], false],
    ['FREE', 'leo@legacy.test', ['bob@other.test'], false],
    ['PRO', 'penny@gmail.com', ['penny@gmail.com'], false],
    ['PRO', 'penny@gmail.com', ['penny@gmail.com', 'gina@gmail.com'], true],
  ])('to %s, owner %s, paid %o -> %s', (targetPlan, ownerEmail, paidEmails, expected) => {
    expect(cannotDowngrade({ targetPlan, ownerEmail, paidEmails })).toBe(expected);
  });
});

describe('legacy users page and Add users modal (spec 001 §2, §5)', () => {
  it.each<[number, number, boolean]>([
    [0, 10, true],
    [1, 10, false],
    [10, 10, false],
    [11, 10, true],
    [500, -1, false],
  ])('%d selected, max %d -> Next disabled %s', (selected, max, expected) => {
    expect(isLegacyUsersNextDisabled(selected, max)).toBe(expected);
  });

  it('splits on space and comma, lower-cases and de-duplicates', () => {
    expect(parseAddUsersInput(' a@legacy.test,B@legacy.test  a@Legacy.test,,\nc@legacy.test ')).toEqual([
      'a@legacy.test',
      'b@legacy.test',
      'c@legacy.test',
    ]);
    expect(parseAddUsersInput(' , ')).toEqual([]);
  });

  it.each<[number, number, number, string | null]>([
    [1, 4, 5, null],
    [2, 4, 5, 'You cannot go over your current plan user limit (5).'],
    [6, 4, 10, null],
    [7, 4, 10, 'You cannot go over your current plan user limit (10).'],
    [99, 4, -1, null],
  ])('%d selected + %d paid, limit %d -> %s', (selected, paid, limit, expected) => {
    expect(addUsersLimitError(selected, paid, limit)).toBe(expected);
  });
});

describe('typeChangeTarget (spec 002 §5 "Type change")', () => {
  const paid = { isPaid: true, isScheduledToBeDowngraded: false };
  const free = { isPaid: false, isScheduledToBeDowngraded: false };
  const leaving = { isPaid: true, isScheduledToBeDowngraded: true };
  it.each<[(typeof paid)[], 'PAID' | 'FREE' | null]>([
    [[paid, paid], 'FREE'],
    [[free], 'PAID'],
    [[paid, free], null],
    [[paid, leaving], null],
    [[], null],
  ])('%o -> %s', (selected, expected) => {
    expect(typeChangeTarget(selected)).toBe(expected);
  });
});

describe('user plan changes (spec 001 §7 workspaceUserPlans)', () => {
  it('gives Pro (Personal) to Gmail addresses and Pro to the others', () => {
    expect(targetUserPlan('penny@gmail.com', true)).toBe('PRO_PERSONAL');
    expect(targetUserPlan('leo@legacy.test', true)).toBe('PRO');
    expect(targetUserPlan('leo@legacy.test', false)).toBe('FREE');
  });

  it('lists only the users whose paid flag changes', () => {
    expect(userPlanChanges(users, { leo: true, lara: false, fiona: true })).toEqual([
      { userId: 'lara', userPlan: 'FREE' },
      { userId: 'fiona', userPlan: 'PRO' },
    ]);
    expect(userPlanChanges(users, { leo: true })).toEqual([]);
  });
});

describe('planPaidUsers (spec 002 §4.6: paid users downgraded at the next cycle)', () => {
  it.each<[string[], string[], ReturnType<typeof planPaidUsers>]>([
    [
      ['a'],
      ['a', 'b'],
      { paidNow: ['a', 'b'], paidAtRenewal: ['a', 'b'], added: ['b'], removedAtRenewal: [] },
    ],
    [['a', 'b'], ['a'], { paidNow: ['a', 'b'], paidAtRenewal: ['a'], added: [], removedAtRenewal: ['b'] }],
    [
      ['a', 'b'],
      ['a', 'c'],
      { paidNow: ['a', 'b', 'c'], paidAtRenewal: ['a', 'c'], added: ['c'], removedAtRenewal: ['b'] },
    ],
    [['a'], ['a'], { paidNow: ['a'], paidAtRenewal: ['a'], added: [], removedAtRenewal: [] }],
  ])('%o -> %o', (current, target, expected) => {
    expect(planPaidUsers(current, target)).toEqual(expected);
  });
});

describe('the downgrade to the free plan (spec 001 §4 DOWNGRADE to FREE, §7 downgradeToFree)', () => {
  const running = {
    workspacePlan: 'PREMIUM',
    paymentSource: 'STRIPE',
    subscriptionStatus: 'ACTIVE',
    autoRenew: true,
    hasScheduledChange: false,
  } as const;
  it.each([
    ['a renewing Premium subscription paid by card', {}, null],
    ['a renewing Pro subscription paid by card', { workspacePlan: 'PRO' }, null],
    ['a legacy licence', { workspacePlan: 'LEGACY' }, 'not-card-pro-or-premium'],
    ['a PayPal subscription', { paymentSource: 'PAYPAL' }, 'not-card-pro-or-premium'],
    ['a support-managed one', { paymentSource: 'SUPPORT' }, 'not-card-pro-or-premium'],
    ['a cancelled one', { subscriptionStatus: 'CANCELED' }, 'not-card-pro-or-premium'],
    ['one that already ends', { autoRenew: false }, 'already-ending'],
    ['one with a scheduled change', { hasScheduledChange: true }, 'change-scheduled'],
  ] as const)('%s: %s', (_case, overrides, expected) => {
    expect(downgradeToFreeRefusal({ ...running, ...overrides })).toBe(expected);
  });

  it('reads a card-paid Pro or Premium subscription that ends as moving to Free', () => {
    expect(isMovingToFree({ ...running, autoRenew: false })).toBe(true);
    expect(isMovingToFree(running)).toBe(false);
    expect(isMovingToFree({ ...running, workspacePlan: 'LEGACY', autoRenew: false })).toBe(false);
    expect(movingToFreeNotice('March 3rd, 2027')).toBe(
      'Your space moves to the free plan on March 3rd, 2027: every paid user then becomes free.',
    );
  });
});
