import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MENU_WIDTH,
  ACTIVITY_EXPIRY_MS,
  APP_VERSION,
  AUTH_FLAG_COOKIE_DAYS,
  BREAKPOINTS,
  daysToSeconds,
  HANDOFF_COOKIE_DAYS,
  logoutDelayMs,
  ME_RETRY_COUNT,
  ME_RETRY_DELAY_MS,
  ME_STALE_TIME_MS,
  MEMBERS_STALE_TIME_MS,
  PERSISTENT_COOKIE_DAYS,
  PROMOTION_STALE_TIME_MS,
  refreshDelayMs,
  SESSION_COOKIE_DAYS,
  SESSION_TIMER_LEAD_MS,
  SIDEBAR_WIDTH,
  UPGRADE_MODAL_MEMBER_LIMIT,
} from './constants';

describe('constants (spec 000 §9)', () => {
  it.each([
    ['SESSION_TIMER_LEAD_MS', SESSION_TIMER_LEAD_MS, 2000],
    ['ACTIVITY_EXPIRY_MS', ACTIVITY_EXPIRY_MS, 900_000],
    ['SESSION_COOKIE_DAYS', SESSION_COOKIE_DAYS, 36],
    ['PERSISTENT_COOKIE_DAYS', PERSISTENT_COOKIE_DAYS, 730],
    ['AUTH_FLAG_COOKIE_DAYS', AUTH_FLAG_COOKIE_DAYS, 36],
    ['HANDOFF_COOKIE_DAYS', HANDOFF_COOKIE_DAYS, 1],
    ['ME_STALE_TIME_MS', ME_STALE_TIME_MS, 60_000],
    ['ME_RETRY_COUNT', ME_RETRY_COUNT, 1],
    ['ME_RETRY_DELAY_MS', ME_RETRY_DELAY_MS, 500],
    ['MEMBERS_STALE_TIME_MS', MEMBERS_STALE_TIME_MS, 1000],
    ['PROMOTION_STALE_TIME_MS', PROMOTION_STALE_TIME_MS, 1000],
    ['UPGRADE_MODAL_MEMBER_LIMIT', UPGRADE_MODAL_MEMBER_LIMIT, 100],
    ['SIDEBAR_WIDTH', SIDEBAR_WIDTH, 256],
    ['ACCOUNT_MENU_WIDTH', ACCOUNT_MENU_WIDTH, 334],
  ])('%s = %i', (_name, value, expected) => {
    expect(value).toBe(expected);
  });

  it('app version and breakpoints', () => {
    expect(APP_VERSION).toBe('2.10.30');
    expect(BREAKPOINTS).toEqual({ xs: 375, sm: 480, md: 990, lg: 1024, xl: 1440 });
  });

  it.each([
    [1, 86_400],
    [36, 3_110_400],
    [730, 63_072_000],
  ])('daysToSeconds(%i) = %i', (days, seconds) => {
    expect(daysToSeconds(days)).toBe(seconds);
  });
});

const NOW = 1_700_000_000_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('refreshDelayMs (spec 000 §4 step 3: 2 s before expiry)', () => {
  it.each([
    [NOW + HOUR, HOUR - 2000],
    [NOW + 2000, 0],
    [NOW + 2500, 500],
    [NOW + 1000, 0],
    [NOW - HOUR, 0],
  ])('expires at now+%#', (expiresAt, expected) => {
    expect(refreshDelayMs(expiresAt, NOW)).toBe(expected);
  });
});

describe('logoutDelayMs (spec 000 §4 step 4: the earlier of expiry-2 s and activity+15 min)', () => {
  it.each<[string, number, number | null, number]>([
    ['no activity: 2 s before expiry', NOW + HOUR, null, HOUR - 2000],
    ['fresh activity: 15 min after it', NOW + HOUR, NOW, 15 * MINUTE],
    ['activity 10 min ago: 5 min left', NOW + HOUR, NOW - 10 * MINUTE, 5 * MINUTE],
    ['activity 20 min ago: now', NOW + HOUR, NOW - 20 * MINUTE, 0],
    ['expiry comes first', NOW + 5 * MINUTE, NOW, 5 * MINUTE - 2000],
    ['already expired', NOW - 1, NOW, 0],
    ['activity timestamp 0 still counts', NOW + HOUR, 0, 0],
  ])('%s', (_name, expiresAt, lastActivity, expected) => {
    expect(logoutDelayMs(expiresAt, lastActivity, NOW)).toBe(expected);
  });
});
