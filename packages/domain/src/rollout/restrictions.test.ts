import { describe, expect, it } from 'vitest';
import {
  activeRestrictions,
  isRestricted,
  RESTRICTION_FLAGS,
  restrictionFlagSchema,
  restrictionRecord,
  type RestrictionFlag,
} from './restrictions';

// spec 000 §6 "Rollout flags by last activated step": [flag, non-Gmail steps, Gmail steps]
const TABLE: [RestrictionFlag, number[], number[]][] = [
  ['USERS_PAGE', [1], [1, 2]],
  ['TRANSFER_WORKSPACE', [1], [1, 2, 3]],
  ['PREMIUM_PLAN', [1, 2, 3], [1, 2, 3]],
  ['INVITATION', [1], [1, 2, 3]],
  ['SHARED_UNSUBS', [1, 2, 3], [1, 2, 3]],
  ['SHARED_BOUNCES', [1, 2, 3], [1, 2, 3]],
  ['MULTIPLE_PAYMENT', [1, 2], [1, 2]],
  ['MONTHLY_BILLING', [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]],
  ['WORKSPACE_DASHBOARD', [1], [1]],
];

const ALL_STEPS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 100];

describe('isRestricted follows the spec table step by step', () => {
  const cases = TABLE.flatMap(([flag, nonGmail, gmail]) =>
    ALL_STEPS.flatMap((step) => [
      [flag, step, false, nonGmail.includes(step)] as const,
      [flag, step, true, gmail.includes(step)] as const,
    ]),
  );
  it.each(cases)('%s at step %i, gmail=%s -> restricted=%s', (flag, step, isGmail, expected) => {
    expect(isRestricted(flag, step, isGmail)).toBe(expected);
  });

  it('covers every flag', () => {
    expect(TABLE.map(([flag]) => flag).sort()).toEqual([...RESTRICTION_FLAGS].sort());
  });
});

describe('no rollout status means no restriction', () => {
  it.each([null, undefined, Number.NaN])('step %s', (step) => {
    for (const isGmail of [true, false]) {
      expect(activeRestrictions(step, isGmail).size).toBe(0);
    }
  });

  it.each([7, 42])('a step past every range (%i) has no restriction', (step) => {
    expect(activeRestrictions(step, false).size).toBe(0);
    expect(activeRestrictions(step, true).size).toBe(0);
  });
});

describe('demo fact: sam@acme.test (BUSINESS, lastActivatedStep 3)', () => {
  const active = activeRestrictions(3, false);
  it.each<[RestrictionFlag, boolean]>([
    ['USERS_PAGE', false],
    ['TRANSFER_WORKSPACE', false],
    ['INVITATION', false],
    ['PREMIUM_PLAN', true],
    ['SHARED_UNSUBS', true],
    ['SHARED_BOUNCES', true],
    ['MONTHLY_BILLING', true],
    ['MULTIPLE_PAYMENT', false],
    ['WORKSPACE_DASHBOARD', false],
  ])('%s restricted=%s', (flag, expected) => {
    expect(active.has(flag)).toBe(expected);
    expect(isRestricted(flag, 3, false)).toBe(expected);
  });
});

describe('activeRestrictions / restrictionRecord', () => {
  it.each<[number, boolean, RestrictionFlag[]]>([
    [1, false, [...RESTRICTION_FLAGS]],
    [1, true, [...RESTRICTION_FLAGS]],
    [
      2,
      true,
      [
        'USERS_PAGE',
        'TRANSFER_WORKSPACE',
        'PREMIUM_PLAN',
        'INVITATION',
        'SHARED_UNSUBS',
        'SHARED_BOUNCES',
        'MULTIPLE_PAYMENT',
        'MONTHLY_BILLING',
      ],
    ],
    [
      3,
      true,
      [
        'TRANSFER_WORKSPACE',
        'PREMIUM_PLAN',
        'INVITATION',
        'SHARED_UNSUBS',
        'SHARED_BOUNCES',
        'MONTHLY_BILLING',
      ],
    ],
    [4, false, ['MONTHLY_BILLING']],
    [6, true, ['MONTHLY_BILLING']],
  ])('step %i gmail=%s', (step, isGmail, expected) => {
    expect([...activeRestrictions(step, isGmail)].sort()).toEqual([...expected].sort());
    const record = restrictionRecord(step, isGmail);
    for (const flag of RESTRICTION_FLAGS) expect(record[flag]).toBe(expected.includes(flag));
  });

  it('restrictionFlagSchema accepts only known flags', () => {
    expect(restrictionFlagSchema.safeParse('USERS_PAGE').success).toBe(true);
    expect(restrictionFlagSchema.safeParse('UNKNOWN').success).toBe(false);
  });
});
