import { describe, expect, it } from 'vitest';
import type { CheckoutUser } from '../api/billing';
import {
  initialCheckoutSelection,
  isChoosableCheckoutUser,
  listedCheckoutUsers,
  paidUsersAfterChoice,
  perUserSummaryTitle,
  selectionByEmail,
  selectionUserPlans,
} from './legacy-selection';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const user = (n: number, overrides: Partial<CheckoutUser> = {}): CheckoutUser => ({
  id: id(n),
  userId: id(n),
  name: `User ${n}`,
  email: `user${n}@legacy.test`,
  role: n === 1 ? 'OWNER' : 'MEMBER',
  plan: 'FREE',
  isPaid: false,
  isTrial: false,
  status: 'ACTIVE',
  isUserInDomain: true,
  toBeRemoved: false,
  isPaidElsewhere: false,
  ...overrides,
});

const owner = user(1, { plan: 'PRO', isPaid: true });
const paid = user(2, { plan: 'PRO', isPaid: true });
const free = user(3);
const trial = user(4, { plan: 'PRO', isTrial: true });
const disabled = user(5, { status: 'DISABLED' });
const leaving = user(6, { plan: 'PRO', isPaid: true, toBeRemoved: true });
const gmail = user(7, { email: 'gus@gmail.com', isUserInDomain: false });
const everyone = [owner, paid, free, trial, disabled, leaving, gmail];

describe('which checkout users can be chosen (spec 001 §4, spec 002 §4.6)', () => {
  it.each([
    [owner, true],
    [free, true],
    [trial, true],
    [user(8, { status: 'PENDING' }), true],
    [disabled, false],
    [leaving, false],
  ])('%j → %s', (candidate, choosable) => {
    expect(isChoosableCheckoutUser(candidate)).toBe(choosable);
  });

  it('lists everybody but disabled users', () => {
    expect(listedCheckoutUsers(everyone).map((u) => u.id)).toEqual(
      [owner, paid, free, trial, leaving, gmail].map((u) => u.id),
    );
  });
});

describe('initialCheckoutSelection (spec 001 §4 "Paid flag per checkout user")', () => {
  it('starts from the users’ plans: paid users paid, free and trial users free', () => {
    expect(initialCheckoutSelection(everyone, {})).toEqual({
      [owner.id]: true,
      [paid.id]: true,
      [free.id]: false,
      [trial.id]: false,
      [gmail.id]: false,
    });
  });

  it('prefers the stored selection of the tab (by e-mail)', () => {
    expect(
      initialCheckoutSelection([owner, paid, free], { [paid.email]: false, [free.email]: true }),
    ).toEqual({
      [owner.id]: true,
      [paid.id]: false,
      [free.id]: true,
    });
  });

  it('never includes a user who cannot be chosen, even when stored', () => {
    expect(
      initialCheckoutSelection([disabled, leaving], { [disabled.email]: true, [leaving.email]: true }),
    ).toEqual({});
  });

  it('starts with the owner paid when nobody is (a purchase from the free plan)', () => {
    const freeOwner = user(1);
    expect(initialCheckoutSelection([freeOwner, free], {})).toEqual({
      [freeOwner.id]: true,
      [free.id]: false,
    });
    expect(
      initialCheckoutSelection([freeOwner, free], { [freeOwner.email]: false, [free.email]: false }),
    ).toEqual({ [freeOwner.id]: true, [free.id]: false });
    expect(initialCheckoutSelection([freeOwner, free], { [free.email]: true })).toEqual({
      [freeOwner.id]: false,
      [free.id]: true,
    });
  });

  it('stores the selection by e-mail, and reads it back', () => {
    const selection = { [owner.id]: true, [free.id]: true, [paid.id]: false };
    const stored = selectionByEmail(everyone, selection);
    expect(stored).toEqual({ [owner.email]: true, [paid.email]: false, [free.email]: true });
    expect(initialCheckoutSelection([owner, paid, free], stored)).toEqual(selection);
  });
});

describe('selectionUserPlans: what the preview and the PUT carry (spec 001 §7)', () => {
  const selection = { [owner.id]: true, [paid.id]: false, [free.id]: true, [gmail.id]: true };

  it('a change sends only the users whose licence changes, with their plan', () => {
    expect(selectionUserPlans(everyone, selection, true)).toEqual([
      { userId: paid.id, userPlan: 'FREE' },
      { userId: free.id, userPlan: 'PRO' },
      { userId: gmail.id, userPlan: 'PRO_PERSONAL' },
    ]);
  });

  it('a purchase sends every user chosen paid', () => {
    expect(selectionUserPlans(everyone, selection, false)).toEqual([
      { userId: owner.id, userPlan: 'PRO' },
      { userId: free.id, userPlan: 'PRO' },
      { userId: gmail.id, userPlan: 'PRO_PERSONAL' },
    ]);
  });
});

describe('per-user summary title (spec 001 §4 "Summary title")', () => {
  it('counts the paid users before and after a choice (those leaving at the renewal are gone)', () => {
    expect(paidUsersAfterChoice(everyone, { [paid.id]: false, [free.id]: true, [gmail.id]: true })).toEqual({
      before: 2,
      after: 3,
    });
    expect(paidUsersAfterChoice(everyone, { [paid.id]: false })).toEqual({ before: 2, after: 1 });
  });

  const same = {
    currentPlan: 'PRO',
    targetPlan: 'PRO',
    currentInterval: 'YEARLY',
    targetInterval: 'YEARLY',
  } as const;
  it.each([
    [
      'fewer paid users, same plan',
      same,
      { before: 3, after: 2 },
      { current: 100, target: 100 },
      'DOWNGRADE',
    ],
    ['more paid users, same plan', same, { before: 2, after: 3 }, { current: 100, target: 150 }, 'UPGRADE'],
    [
      'Premium to Pro',
      { ...same, currentPlan: 'PREMIUM' },
      { before: 3, after: 3 },
      { current: 300, target: 150 },
      'DOWNGRADE',
    ],
    [
      'Pro to Premium',
      { ...same, targetPlan: 'PREMIUM' },
      { before: 3, after: 3 },
      { current: 150, target: 300 },
      'UPGRADE',
    ],
    [
      'a cycle change',
      { ...same, targetInterval: 'MONTHLY' },
      { before: 3, after: 2 },
      { current: 150, target: 20 },
      'CYCLE_CHANGE',
    ],
  ] as const)('%s → %s', (_, plans, paidUsers, amounts, title) => {
    expect(perUserSummaryTitle({ ...plans, paidUsers, amounts })).toBe(title);
  });
});
