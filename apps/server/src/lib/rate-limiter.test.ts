import { describe, expect, it } from 'vitest';
import { createTokenBuckets } from './rate-limiter';

function clock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('token buckets', () => {
  it('lets a burst of `capacity` through, then refills at its rate', () => {
    const time = clock();
    const limiter = createTokenBuckets({ capacity: 3, refillPerSecond: 2, now: time.now });
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    time.advance(499);
    expect(limiter.take('a')).toBe(false);
    time.advance(1);
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    // Never more than the capacity, however long the key was idle.
    time.advance(60_000);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
  });

  it('keeps a bucket per key', () => {
    const limiter = createTokenBuckets({ capacity: 1, refillPerSecond: 0.001, now: clock().now });
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    expect(limiter.take('b')).toBe(true);
  });

  it('keeps at most maxKeys buckets, evicting the least recently used', () => {
    const limiter = createTokenBuckets({ capacity: 1, refillPerSecond: 0.001, maxKeys: 2, now: clock().now });
    limiter.take('a');
    limiter.take('b');
    limiter.take('a'); // a is now the most recent
    limiter.take('c'); // evicts b
    expect(limiter.size).toBe(2);
    expect(limiter.take('a')).toBe(false);
    expect(limiter.take('c')).toBe(false);
    expect(limiter.take('b')).toBe(true);
  });
});
