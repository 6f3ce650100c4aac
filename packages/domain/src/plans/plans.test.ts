import { describe, expect, it } from 'vitest';
import {
  BILLING_MODELS,
  isPaidUserPlan,
  isSupportManagedPaymentSource,
  LEGACY_TYPES,
  legacyTypeSchema,
  MEMBER_STATUSES,
  memberStatusSchema,
  paidUserPlanFor,
  PAYMENT_SOURCES,
  SPACE_PLANS,
  spacePlanLabel,
  spacePlanSchema,
  USER_PLANS,
  USER_TYPES,
  userPlanLabel,
  userPlanSchema,
  userTypeSchema,
  type LegacyType,
  type PaymentSource,
  type SpacePlan,
  type UserPlan,
} from './plans';

describe('value lists (spec 000 §1, §3; spec 002 "User in space")', () => {
  it.each([
    ['user plans', USER_PLANS, ['FREE', 'PRO', 'PRO_PERSONAL']],
    ['space plans', SPACE_PLANS, ['FREE', 'PRO', 'PREMIUM', 'LEGACY', 'OFFLINE']],
    ['legacy types', LEGACY_TYPES, ['TEAM', 'UNLIMITED', 'PROFESSIONAL', 'PERSONAL']],
    [
      'member statuses',
      MEMBER_STATUSES,
      ['ACTIVE', 'DISABLED', 'PENDING', 'ACCEPTED', 'LEGACY', 'FREE_TRIAL'],
    ],
    ['user types', USER_TYPES, ['STANDARD', 'BUSINESS']],
    ['billing models', BILLING_MODELS, ['PER_SEAT', 'PER_USER']],
    ['payment sources', PAYMENT_SOURCES, ['STRIPE', 'PAYPAL', 'SUPPORT', 'OFFLINE']],
  ] as const)('%s', (_name, list, expected) => {
    expect(list).toEqual(expected);
  });

  it.each([
    [userPlanSchema, 'PRO_PERSONAL', true],
    [userPlanSchema, 'PREMIUM', false],
    [spacePlanSchema, 'OFFLINE', true],
    [spacePlanSchema, 'PRO_PERSONAL', false],
    [legacyTypeSchema, 'UNLIMITED', true],
    [legacyTypeSchema, 'FREE', false],
    [memberStatusSchema, 'FREE_TRIAL', true],
    [memberStatusSchema, 'REMOVED', false],
    [userTypeSchema, 'BUSINESS', true],
    [userTypeSchema, 'PERSONAL', false],
  ] as const)('schema accepts %#', (schema, value, expected) => {
    expect(schema.safeParse(value).success).toBe(expected);
  });
});

describe('paidUserPlanFor (spec 000 §3: personal-domain users get PRO_PERSONAL; others PRO)', () => {
  it.each([
    [true, 'PRO_PERSONAL'],
    [false, 'PRO'],
  ] as const)('isGmail=%s -> %s', (isGmail, plan) => {
    expect(paidUserPlanFor(isGmail)).toBe(plan);
  });
});

describe('spacePlanLabel (spec 000 §3, spec 001)', () => {
  it.each<[SpacePlan, LegacyType | null | undefined, boolean | undefined, string]>([
    ['FREE', undefined, undefined, 'Free'],
    ['PRO', undefined, undefined, 'Pro'],
    ['PREMIUM', undefined, undefined, 'Premium'],
    ['LEGACY', undefined, undefined, 'Legacy'],
    ['LEGACY', null, undefined, 'Legacy'],
    ['OFFLINE', undefined, undefined, 'Offline'],
    ['LEGACY', 'TEAM', undefined, 'Team (legacy)'],
    ['LEGACY', 'UNLIMITED', undefined, 'Unlimited (legacy)'],
    ['LEGACY', 'PROFESSIONAL', undefined, 'Professional (legacy)'],
    ['LEGACY', 'PERSONAL', undefined, 'Personal (legacy)'],
    ['PRO', undefined, true, 'Custom'],
    ['PREMIUM', undefined, true, 'Custom'],
    ['OFFLINE', undefined, true, 'Custom'],
    ['LEGACY', 'TEAM', true, 'Custom'],
    ['PRO', undefined, false, 'Pro'],
    // a legacy type on a non-legacy plan is ignored
    ['PRO', 'TEAM', false, 'Pro'],
  ])('%s legacyType=%s custom=%s -> %s', (plan, legacyType, isCustom, label) => {
    expect(spacePlanLabel(plan, { legacyType, isCustom })).toBe(label);
  });

  it('works without options', () => {
    expect(spacePlanLabel('PREMIUM')).toBe('Premium');
  });
});

describe('userPlanLabel', () => {
  it.each<[UserPlan, string]>([
    ['FREE', 'Free'],
    ['PRO', 'Pro'],
    ['PRO_PERSONAL', 'Pro (Personal)'],
  ])('%s -> %s', (plan, label) => {
    expect(userPlanLabel(plan)).toBe(label);
  });
});

describe('isPaidUserPlan', () => {
  it.each<[UserPlan, boolean]>([
    ['FREE', false],
    ['PRO', true],
    ['PRO_PERSONAL', true],
  ])('%s -> %s', (plan, expected) => {
    expect(isPaidUserPlan(plan)).toBe(expected);
  });
});

describe('isSupportManagedPaymentSource (spec 001: SUPPORT and OFFLINE are managed by support)', () => {
  it.each<[PaymentSource | null | undefined, boolean]>([
    ['STRIPE', false],
    ['PAYPAL', false],
    ['SUPPORT', true],
    ['OFFLINE', true],
    [null, false],
    [undefined, false],
  ])('%s -> %s', (source, expected) => {
    expect(isSupportManagedPaymentSource(source)).toBe(expected);
  });
});
