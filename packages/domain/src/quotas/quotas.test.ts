import { describe, expect, it } from 'vitest';
import type { UserPlan } from '../plans/plans';
import {
  dailyRecipientQuota,
  FREE_TRIAL_END_SENTINEL,
  FREE_TRIAL_END_SENTINEL_THRESHOLD,
  normalizeTrialEnd,
  UNLIMITED_TRIAL,
} from './quotas';

describe('dailyRecipientQuota (spec 000 §9)', () => {
  it.each<[UserPlan, number | null | undefined, number]>([
    ['FREE', undefined, 20],
    ['FREE', null, 20],
    ['FREE', 50, 50],
    ['FREE', 0, 0],
    ['FREE', -3, 20],
    ['FREE', Number.NaN, 20],
    ['PRO', undefined, 1500],
    ['PRO', 50, 1500],
    ['PRO_PERSONAL', undefined, 400],
    ['PRO_PERSONAL', 50, 400],
  ])('%s with freeUserQuota=%s -> %i', (plan, freeUserQuota, expected) => {
    expect(dailyRecipientQuota(plan, freeUserQuota)).toBe(expected);
  });
});

describe('normalizeTrialEnd (spec 000 §9: the sentinel is mapped to -1)', () => {
  const tenDays = Date.UTC(2030, 0, 11);
  it.each<[number | null | undefined, number | null]>([
    [FREE_TRIAL_END_SENTINEL, UNLIMITED_TRIAL],
    [FREE_TRIAL_END_SENTINEL_THRESHOLD, -1],
    [8.64e15, -1],
    [Number.MAX_SAFE_INTEGER, -1],
    [2 ** 63, -1], // Long.MAX_VALUE as a JS number
    [Number.POSITIVE_INFINITY, -1],
    [tenDays, tenDays],
    [FREE_TRIAL_END_SENTINEL_THRESHOLD - 1, FREE_TRIAL_END_SENTINEL_THRESHOLD - 1],
    [0, 0],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ])('%s -> %s', (value, expected) => {
    expect(normalizeTrialEnd(value)).toBe(expected);
  });

  it('the sentinel is in year 9999', () => {
    expect(new Date(FREE_TRIAL_END_SENTINEL).toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });
});
