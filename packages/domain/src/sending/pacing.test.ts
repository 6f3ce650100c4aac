import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SENDS_PER_SECOND_PER_SENDER,
  MAX_RETRY_DELAY_MS,
  MAX_SEND_ATTEMPTS,
  paceIntervalMs,
  retryDelayMs,
} from './pacing';

describe('the default pace stays under Gmail’s per-user rate', () => {
  it('250 quota units a second, 100 per messages.send: at most 2.5 sends a second', () => {
    expect(DEFAULT_SENDS_PER_SECOND_PER_SENDER).toBe(2);
    expect(DEFAULT_SENDS_PER_SECOND_PER_SENDER * 100).toBeLessThanOrEqual(250);
  });

  it.each<[number, number]>([
    [2, 500],
    [1, 1000],
    [2.5, 400],
    [1000, 1],
    [0, 0],
    [-1, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('paceIntervalMs(%s) -> %s', (perSecond, expected) => {
    expect(paceIntervalMs(perSecond)).toBe(expected);
  });
});

describe('retryDelayMs: 1 s, 2 s, 4 s … capped at 60 s, jitter between half and the whole', () => {
  it.each<[number, number, number]>([
    [1, 1, 1000],
    [2, 1, 2000],
    [3, 1, 4000],
    [4, 1, 8000],
    [6, 1, 32_000],
    [7, 1, 60_000],
    [50, 1, 60_000],
    [1, 0, 500],
    [3, 0, 2000],
    [7, 0, 30_000],
    [3, 0.5, 3000],
    // Out-of-range input stays within the bounds.
    [0, 1, 1000],
    [-2, 1, 1000],
    [3, 2, 4000],
    [3, -1, 2000],
    [3, Number.NaN, 2000],
  ])('attempt %s, jitter %s -> %s ms', (attempt, jitter, expected) => {
    expect(retryDelayMs(attempt, jitter)).toBe(expected);
  });

  it('never waits longer than the cap, and tries 5 times', () => {
    expect(MAX_RETRY_DELAY_MS).toBe(60_000);
    expect(MAX_SEND_ATTEMPTS).toBe(5);
  });
});
