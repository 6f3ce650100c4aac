import type { UserPlan } from '../plans/plans';

/**
 * Daily recipient quota by user plan (spec 000 §9). Spec 001/002 also mention 100 recipients a day
 * with personalised attachments for personal Pro; that is a separate limit, both stand (spec 000 §9).
 */
const DAILY_RECIPIENT_QUOTA = {
  FREE: 20,
  PRO: 1500,
  PRO_PERSONAL: 400,
} as const satisfies Record<UserPlan, number>;

/** FREE uses the server's `freeUserQuota` when it is present (a finite number >= 0). */
export const dailyRecipientQuota = (plan: UserPlan, freeUserQuota?: number | null): number => {
  if (
    plan === 'FREE' &&
    typeof freeUserQuota === 'number' &&
    Number.isFinite(freeUserQuota) &&
    freeUserQuota >= 0
  ) {
    return freeUserQuota;
  }
  return DAILY_RECIPIENT_QUOTA[plan];
};

/** -1 stands for "no trial end" (an unlimited trial), spec 002 "Legacy user". */
export const UNLIMITED_TRIAL = -1;

/**
 * The huge value a trial end is stored as when the trial never ends: 9999-12-31T23:59:59.999Z in
 * ms. Every value from the start of year 9999 on counts as the sentinel, which also covers other
 * "infinite" encodings such as Java's Long.MAX_VALUE or 8.64e15 (the largest JS date).
 */
export const FREE_TRIAL_END_SENTINEL = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const FREE_TRIAL_END_SENTINEL_THRESHOLD = Date.UTC(9999, 0, 1);

/**
 * Spec 000 §9 / spec 002: the sentinel maps to -1; a real timestamp is kept; no value stays null
 * (no trial at all).
 */
export const normalizeTrialEnd = (value: number | null | undefined): number | null => {
  if (value == null || Number.isNaN(value)) return null;
  return value >= FREE_TRIAL_END_SENTINEL_THRESHOLD ? UNLIMITED_TRIAL : value;
};
