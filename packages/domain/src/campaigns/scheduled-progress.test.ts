import { describe, expect, it } from 'vitest';
import { isScheduledProgressConsistent } from './scheduled-progress';

describe('isScheduledProgressConsistent', () => {
  it.each([
    [0, 0, true],
    [10, 0, true],
    [10, 9, true],
    [10, 10, true],
    [10, 11, false],
    [0, 1, false],
  ])('to send %d, sent %d: %s', (toSendCount, sentCount, expected) => {
    expect(isScheduledProgressConsistent({ toSendCount, sentCount })).toBe(expected);
  });
});
