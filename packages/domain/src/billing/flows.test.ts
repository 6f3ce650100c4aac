import { describe, expect, it } from 'vitest';

import type {
  LegacyModelFlowInput,
  LegacyModelFlowType,
  OptionsNextStep,
  PerSeatFlowType,
  SeatSelection,
} from './flows';
import {
  addSeatsRange,
  legacyModelFlowSteps,
  legacyModelFlowType,
  optionsButtonLabel,
  optionsNextStep,
  PER_SEAT_FLOW_STEPS,
  isSubscriptionUpdateError,
  purchaseFirstStep,
  perSeatFlowType,
  purchaseSeats,
  seatDigits,
  seatQuantityError,
  subscriptionUpdateError,
} from './flows';

describe('perSeatFlowType (spec 001 §4)', () => {
  it.each<[string, boolean, PerSeatFlowType]>([
    ['/1/acme/checkout/add-seats', false, 'ADDITIONAL_SEATS'],
    ['/1/acme/checkout/add-seats/', true, 'ADDITIONAL_SEATS'],
    ['/1/acme/space/billing/remove-seats', false, 'REMOVE_SEATS'],
    ['/1/acme/checkout/details', true, 'GMAIL_PURCHASE'],
    ['/1/acme/checkout/details', false, 'DOMAIN_PURCHASE'],
    ['/1/acme/checkout/information', false, 'DOMAIN_PURCHASE'],
  ])('%s gmail=%s -> %s', (path, isGmail, flowType) => {
    expect(perSeatFlowType(path, isGmail)).toBe(flowType);
  });

  it('lists the steps of spec 001 §2', () => {
    expect(PER_SEAT_FLOW_STEPS.DOMAIN_PURCHASE).toEqual([
      'Billing details',
      'Billing information',
      'Checkout',
    ]);
    expect(PER_SEAT_FLOW_STEPS.GMAIL_PURCHASE).toEqual(['Billing information', 'Checkout']);
    expect(PER_SEAT_FLOW_STEPS.ADDITIONAL_SEATS).toEqual(['Add seats']);
    expect(PER_SEAT_FLOW_STEPS.REMOVE_SEATS).toEqual(['Remove unused seats']);
  });
});

describe('purchaseFirstStep (spec 001 §2 "Redirects": Gmail-type users skip the seat page)', () => {
  it.each([
    [false, '/details'],
    [true, '/information'],
  ])('gmail=%s -> %s', (isGmail, step) => {
    expect(purchaseFirstStep(isGmail)).toBe(step);
  });
});

describe('legacyModelFlowType (spec 001 §4)', () => {
  it.each<[LegacyModelFlowInput, LegacyModelFlowType]>([
    [{ currentPlan: null, targetPlan: 'PRO' }, 'PURCHASE'],
    [{ currentPlan: 'FREE', targetPlan: 'PREMIUM' }, 'PURCHASE'],
    [
      { currentPlan: 'LEGACY', legacyType: 'TEAM', legalEntity: 'BE', targetPlan: 'PRO' },
      'UPGRADE_LEGACY_BE',
    ],
    [
      { currentPlan: 'LEGACY', legacyType: 'TEAM', legalEntity: 'US', targetPlan: 'PRO' },
      'UPGRADE_LEGACY_US',
    ],
    [
      { currentPlan: 'LEGACY', legacyType: 'PERSONAL', legalEntity: 'BE', targetPlan: 'PRO' },
      'UPGRADE_LEGACY_BE_INDIVIDUAL',
    ],
    [
      { currentPlan: 'LEGACY', legacyType: 'PROFESSIONAL', legalEntity: null, targetPlan: 'PRO' },
      'UPGRADE_LEGACY_US_INDIVIDUAL',
    ],
    [{ currentPlan: 'PREMIUM', targetPlan: 'PRO' }, 'DOWNGRADE'],
    [{ currentPlan: 'PREMIUM', targetPlan: 'FREE' }, 'DOWNGRADE'],
    [{ currentPlan: 'PREMIUM', targetPlan: 'PREMIUM' }, 'UPGRADE'],
    [{ currentPlan: 'PRO', targetPlan: 'PREMIUM' }, 'UPGRADE'],
    [{ currentPlan: 'PRO', targetPlan: 'PRO' }, 'UPGRADE'],
    [{ currentPlan: 'PRO', targetPlan: 'FREE' }, 'DOWNGRADE'],
  ])('%o -> %s', (input, flowType) => {
    expect(legacyModelFlowType(input)).toBe(flowType);
  });
});

describe('legacy-model steps, next step and button label (spec 001 §2, §4)', () => {
  it.each<[LegacyModelFlowType, number, string[], OptionsNextStep, string]>([
    [
      'PURCHASE',
      3,
      ['Billing options', 'Billing information', 'Checkout'],
      'information',
      'Next: Billing information',
    ],
    ['PURCHASE', 1, ['Billing information', 'Checkout'], 'information', 'Next: Billing information'],
    ['UPGRADE', 3, ['Review'], 'summary', 'Next: Review'],
    ['DOWNGRADE', 3, ['Billing options', 'Review'], 'summary', 'Next: Review'],
    ['UPGRADE_LEGACY_US', 3, [], 'information', 'Next: Billing information'],
    ['UPGRADE_LEGACY_US_INDIVIDUAL', 3, [], 'information', 'Next: Billing information'],
    ['UPGRADE_LEGACY_BE', 3, [], 'server-error', 'Confirm the plan switch'],
    ['UPGRADE_LEGACY_BE_INDIVIDUAL', 3, [], 'server-error', 'Confirm the plan switch'],
  ])('%s with %s users', (flowType, users, steps, next, label) => {
    expect(legacyModelFlowSteps(flowType, users)).toEqual(steps);
    expect(optionsNextStep(flowType)).toBe(next);
    expect(optionsButtonLabel(flowType)).toBe(label);
  });
});

describe('seat quantities (spec 001 §5)', () => {
  it.each([
    [2, 2, 100, null],
    [100, 2, 100, null],
    [1, 2, 100, 'The number must be between 2 and 100.'],
    [101, 2, 100, 'The number must be between 2 and 100.'],
    [2.5, 2, 100, 'The number must be between 2 and 100.'],
    [Number.NaN, 2, 100, 'The number must be between 2 and 100.'],
    [3, 2, 2, 'The only allowed number is 2.'],
    [2, 2, 2, null],
  ])('%s in [%s, %s] -> %s', (value, min, max, message) => {
    expect(seatQuantityError(value, min, max)).toBe(message);
  });

  it.each([
    [10, { min: 1, max: 90 }],
    [1, { min: 1, max: 99 }],
    [100, { min: 1, max: 0 }],
    [120, { min: 1, max: 0 }],
  ])('add seats with %s seats -> %o', (total, range) => {
    expect(addSeatsRange(total)).toEqual(range);
  });
});

describe('subscriptionUpdateError (spec 001 §2 redirect error codes)', () => {
  const base = {
    currentPlan: 'PRO',
    targetPlan: 'PRO',
    currentInterval: 'YEARLY',
    targetInterval: 'YEARLY',
    hasSubscriptionSchedule: false,
  } as const;
  it.each([
    [{}, null],
    [{ targetPlan: 'PREMIUM', targetInterval: 'MONTHLY' }, 'cannot-update-subscription-plan-and-interval'],
    [
      { targetInterval: 'MONTHLY', hasSubscriptionSchedule: true },
      'cannot-change-billing-cycle-when-scheduled',
    ],
    [{ targetInterval: 'MONTHLY' }, null],
    [{ targetPlan: 'PREMIUM', hasSubscriptionSchedule: true }, null],
  ] as const)('%o -> %s', (change, code) => {
    expect(subscriptionUpdateError({ ...base, ...change })).toBe(code);
  });
});

describe('seat selection (spec 001 §2, §5)', () => {
  it.each<[SeatSelection, string, number | null, string | null]>([
    ['self', '', 1, null],
    ['self', '40', 1, null],
    ['team', '2', 2, null],
    ['team', '100', 100, null],
    ['team', '1', null, 'The number must be between 2 and 100.'],
    ['team', '101', null, 'The number must be between 2 and 100.'],
    ['team', '', null, 'The number must be between 2 and 100.'],
  ])('%s with %j -> %s', (selection, typed, quantity, error) => {
    expect(purchaseSeats(selection, typed)).toEqual({ quantity, error });
  });

  it.each([
    ['12', '12'],
    ['1e2', '12'],
    ['-5', '5'],
    ['3.5', '35'],
    [' 7 ', '7'],
    ['12345', '123'],
  ])('keeps only digits of %j', (typed, kept) => {
    expect(seatDigits(typed)).toBe(kept);
  });
});

describe('billing redirect error codes (spec 001 §2)', () => {
  it.each([
    ['cannot-update-subscription-plan-and-interval', true],
    ['cannot-change-billing-cycle-when-scheduled', true],
    ['something-else', false],
    [null, false],
  ])('%s is a redirect error code: %s', (code, known) => {
    expect(isSubscriptionUpdateError(code)).toBe(known);
  });
});
