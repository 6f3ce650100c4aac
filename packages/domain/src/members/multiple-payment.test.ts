import { describe, expect, it } from 'vitest';
import type { SpacePlan } from '../plans/plans';
import { paidElsewhereOutcome, paidElsewhereRefusal } from './multiple-payment';

describe('adding someone paid in another space (spec 001 §6 MULTIPLE_PAYMENT, spec 002 §8)', () => {
  it.each<[string, boolean, boolean, SpacePlan, boolean, 'OK' | 'WARN' | 'REFUSE']>([
    // case, becomes paid here, paid elsewhere, space plan, MULTIPLE_PAYMENT restricted, outcome
    ['paid nowhere else', true, false, 'PRO', true, 'OK'],
    ['a free seat here', false, true, 'FREE', true, 'OK'],
    ['paid elsewhere, restriction off', true, true, 'PRO', false, 'WARN'],
    ['paid elsewhere, restriction on', true, true, 'PRO', true, 'REFUSE'],
    ['paid elsewhere, restriction on, Premium', true, true, 'PREMIUM', true, 'REFUSE'],
    ['paid elsewhere, restriction on, legacy space (not for LEGACY)', true, true, 'LEGACY', true, 'WARN'],
    ['paid elsewhere, restriction off, legacy space', true, true, 'LEGACY', false, 'WARN'],
  ])('%s', (_, becomesPaid, isPaidElsewhere, workspacePlan, isMultiplePaymentRestricted, outcome) => {
    expect(
      paidElsewhereOutcome({ becomesPaid, isPaidElsewhere, workspacePlan, isMultiplePaymentRestricted }),
    ).toBe(outcome);
  });

  it('refuses with the spec text', () => {
    expect(paidElsewhereRefusal('mia@acme.test')).toBe(
      'mia@acme.test is already a paid user in another space.',
    );
  });
});
