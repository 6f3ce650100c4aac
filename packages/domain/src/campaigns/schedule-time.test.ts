import { describe, expect, it } from 'vitest';
import { isScheduledRunInPast, SCHEDULE_CLOCK_SKEW_MS } from './schedule-time';

const now = Date.UTC(2026, 10, 27, 9, 0);

describe('a scheduled run time in the past (issue 21)', () => {
  it.each([
    ['tomorrow', now + 86_400_000, false],
    ['in one second', now + 1000, false],
    ['now', now, false],
    ['a few seconds ago (clock skew)', now - 5000, false],
    ['exactly the tolerated skew ago', now - SCHEDULE_CLOCK_SKEW_MS, false],
    ['just beyond the tolerated skew', now - SCHEDULE_CLOCK_SKEW_MS - 1, true],
    ['yesterday', now - 86_400_000, true],
    ['the epoch', 0, true],
    ['no next run (out of quota)', null, false],
  ] as const)('%s: %s', (_name, timestamp, expected) => {
    expect(isScheduledRunInPast(timestamp, now)).toBe(expected);
  });
});
