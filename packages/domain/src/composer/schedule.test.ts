import { describe, expect, it } from 'vitest';
import { SCHEDULE_IN_PAST_MESSAGE, SCHEDULE_TIME_REQUIRED_MESSAGE, scheduleError } from './schedule';

const NOW = Date.UTC(2026, 10, 27, 12, 0);

describe('scheduleError', () => {
  it.each<[string, number | null, string | null]>([
    ['none picked', null, SCHEDULE_TIME_REQUIRED_MESSAGE],
    ['not a time', Number.NaN, SCHEDULE_TIME_REQUIRED_MESSAGE],
    ['in the past', NOW - 60_000, SCHEDULE_IN_PAST_MESSAGE],
    ['now', NOW, SCHEDULE_IN_PAST_MESSAGE],
    ['a minute ahead', NOW + 60_000, null],
  ])('%s', (_, scheduledAt, expected) => {
    expect(scheduleError(scheduledAt, NOW)).toBe(expected);
  });
});
