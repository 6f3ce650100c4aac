import { describe, expect, it } from 'vitest';
import { formatQuotaResetTime, quotaLine, type QuotaLineInput } from './quota-line';

const reset = Date.parse('2026-11-28T13:05:00Z');

describe('quotaLine: the composer’s quota line (issue 25)', () => {
  it.each<[string, QuotaLineInput, { timeZone: string; scheduled?: boolean }, string]>([
    [
      'the issue’s example: 20 now, 5 after the reset (Berlin)',
      { remaining: 20, later: 5, resetAt: reset },
      { timeZone: 'Europe/Berlin' },
      'You can send 20 more today; 5 will be sent after your quota resets on November 28th, 2026 at 14:05.',
    ],
    [
      'the same moment in New York: the reader’s own day and time',
      { remaining: 20, later: 5, resetAt: reset },
      { timeZone: 'America/New_York' },
      'You can send 20 more today; 5 will be sent after your quota resets on November 28th, 2026 at 08:05.',
    ],
    [
      'nothing waits',
      { remaining: 20, later: 0, resetAt: null },
      { timeZone: 'UTC' },
      'You can send 20 more today.',
    ],
    [
      'quota used up, everything waits; counts grouped',
      { remaining: 0, later: 1500, resetAt: Date.parse('2026-12-01T00:00:00Z') },
      { timeZone: 'UTC' },
      'You can send no more today; 1,500 will be sent after your quota resets on December 1st, 2026 at 00:00.',
    ],
    [
      'quota used up, nothing to send',
      { remaining: 0, later: 0, resetAt: null },
      { timeZone: 'UTC' },
      'You can send no more today.',
    ],
    [
      'scheduled: the quota at the scheduled time, not today',
      { remaining: 400, later: 100, resetAt: Date.parse('2026-12-22T09:30:00Z') },
      { timeZone: 'UTC', scheduled: true },
      'You can send 400 at the scheduled time; 100 will be sent after your quota resets on December 22nd, 2026 at 09:30.',
    ],
    [
      'scheduled, nothing waits',
      { remaining: 1500, later: 0, resetAt: null },
      { timeZone: 'UTC', scheduled: true },
      'You can send 1,500 at the scheduled time.',
    ],
    [
      'a quota of 0 frees nothing',
      { remaining: 0, later: 3, resetAt: null },
      { timeZone: 'UTC' },
      'You can send no more today; 3 cannot be sent with a daily quota of 0.',
    ],
  ])('%s', (_case, input, options, expected) => {
    expect(quotaLine(input, options)).toBe(expected);
  });
});

describe('formatQuotaResetTime', () => {
  it.each<[number, string, string]>([
    [Date.parse('2026-11-01T00:00:00Z'), 'UTC', 'November 1st, 2026 at 00:00'],
    [Date.parse('2026-11-02T23:59:00Z'), 'UTC', 'November 2nd, 2026 at 23:59'],
    [Date.parse('2026-11-03T12:00:00Z'), 'UTC', 'November 3rd, 2026 at 12:00'],
    [Date.parse('2026-11-11T12:00:00Z'), 'UTC', 'November 11th, 2026 at 12:00'],
    [Date.parse('2026-11-12T12:00:00Z'), 'UTC', 'November 12th, 2026 at 12:00'],
    [Date.parse('2026-11-13T12:00:00Z'), 'UTC', 'November 13th, 2026 at 12:00'],
    [Date.parse('2026-11-21T12:00:00Z'), 'UTC', 'November 21st, 2026 at 12:00'],
    // The next calendar day in Tokyo.
    [Date.parse('2026-12-31T20:00:00Z'), 'Asia/Tokyo', 'January 1st, 2027 at 05:00'],
  ])('%i in %s -> %s', (at, timeZone, expected) => {
    expect(formatQuotaResetTime(at, timeZone)).toBe(expected);
  });
});
