import { describe, expect, it } from 'vitest';
import { isTransientFailure, reconnectDelayMs } from './reconnect';

describe('session call failures (issue 6: only a refusal signs out)', () => {
  it.each([
    [0, true],
    [408, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
  ])('status %i is transient: %s', (status, expected) => {
    expect(isTransientFailure(status)).toBe(expected);
  });

  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [4, 16_000],
    [5, 30_000],
    [6, 30_000],
    [50, 30_000],
  ])('waits before attempt %i: %i ms', (attempt, delay) => {
    expect(reconnectDelayMs(attempt)).toBe(delay);
  });
});
