import { describe, expect, it } from 'vitest';
import type { TypeChange, TypeChangeInput } from './type-change';
import { typeChange } from './type-change';

const paid = { isPaid: true, isScheduledToBeDowngraded: false };
const free = { isPaid: false, isScheduledToBeDowngraded: false };
const leaving = { isPaid: true, isScheduledToBeDowngraded: true };
const base: TypeChangeInput = { workspacePlan: 'PRO', selected: [], paidCount: 3, paidUserLimit: 5 };

describe('typeChange of the Manage Users drawer (spec 002 §5 "Type change", §8)', () => {
  it.each<[string, Partial<TypeChangeInput>, TypeChange | null]>([
    ['nothing selected', {}, null],
    ['free plan', { workspacePlan: 'FREE', selected: [free] }, null],
    ['legacy licence', { workspacePlan: 'LEGACY', selected: [free] }, null],
    ['free users on Pro become paid', { selected: [free, free] }, { target: 'PAID', verdict: { ok: true } }],
    [
      'paid users on Premium become free',
      { workspacePlan: 'PREMIUM', selected: [paid] },
      { target: 'FREE', verdict: { ok: true } },
    ],
    [
      'mixed types',
      { selected: [paid, free] },
      {
        target: null,
        verdict: { ok: false, message: 'To update users Type, select users with the same Type.' },
      },
    ],
    [
      'a user already scheduled for downgrade',
      { selected: [leaving] },
      {
        target: null,
        verdict: { ok: false, message: 'To update users Type, select users with the same Type.' },
      },
    ],
    [
      'the last paid users made free',
      { selected: [paid, paid, paid] },
      {
        target: 'FREE',
        verdict: {
          ok: false,
          message:
            'You cannot downgrade - At least one user must be paid as long as a subscription is active.',
        },
      },
    ],
    ['up to the paid-user limit', { selected: [free, free] }, { target: 'PAID', verdict: { ok: true } }],
    [
      'beyond the paid-user limit',
      { selected: [free, free, free] },
      {
        target: 'PAID',
        verdict: {
          ok: false,
          message: 'Your current plan allows a maximum of 5 paid users.',
          link: 'CONTACT_US',
        },
      },
    ],
    [
      'no limit',
      { selected: [free, free, free], paidUserLimit: -1 },
      { target: 'PAID', verdict: { ok: true } },
    ],
  ])('%s', (_, input, expected) => {
    expect(typeChange({ ...base, ...input })).toEqual(expected);
  });
});
