import { describe, expect, it } from 'vitest';
import { isRetryableInsertError, isTransientTransactionError, retryTransient } from './retry';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** As Drizzle throws it: the driver's error as the cause. */
const wrapped = (code: string) => new Error('Failed query', { cause: pgError(code) });

/** An action failing with the given errors, one per call, then answering 'done'. */
function failing(errors: Error[]) {
  let calls = 0;
  return {
    calls: () => calls,
    action: () => {
      const error = errors[calls];
      calls += 1;
      return error ? Promise.reject(error) : Promise.resolve('done');
    },
  };
}

describe('retryTransient', () => {
  // SQLSTATE, transient (the same transaction may succeed when run again), an INSERT worth running
  // again (a foreign-key violation as well: the row referred to went away; the next run leaves it out).
  it.each([
    ['40001', true, true],
    ['40P01', true, true],
    ['23503', false, true],
    ['23505', false, false],
    ['57P01', false, false],
  ])('SQLSTATE %s: transient %s, INSERT run again %s', (code, transient, retryableInsert) => {
    for (const error of [pgError(code), wrapped(code)]) {
      expect(isTransientTransactionError(error)).toBe(transient);
      expect(isRetryableInsertError(error)).toBe(retryableInsert);
    }
  });

  it('runs a deadlocked or serialization-failed action again until it succeeds', async () => {
    const fake = failing([wrapped('40P01'), pgError('40001')]);
    const retries: number[] = [];
    await expect(
      retryTransient(fake.action, { onRetry: (_, attempt) => retries.push(attempt) }),
    ).resolves.toBe('done');
    expect(fake.calls()).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up after the last attempt with the last error', async () => {
    const fake = failing([pgError('40P01'), pgError('40P01'), pgError('40P01')]);
    await expect(retryTransient(fake.action, { attempts: 2 })).rejects.toThrow('pg 40P01');
    expect(fake.calls()).toBe(2);
  });

  it('does not run again after any other error', async () => {
    const fake = failing([pgError('23505')]);
    await expect(retryTransient(fake.action)).rejects.toThrow('pg 23505');
    expect(fake.calls()).toBe(1);
  });

  it('asks retryOn which errors to run again', async () => {
    const fake = failing([pgError('23503')]);
    await expect(retryTransient(fake.action, { retryOn: () => true })).resolves.toBe('done');
    expect(fake.calls()).toBe(2);
  });

  it('ends a pause at once and runs no more once its signal is aborted', async () => {
    const stop = new AbortController();
    const fake = failing([pgError('40P01'), pgError('40P01'), pgError('40P01')]);
    const started = Date.now();
    const run = retryTransient(fake.action, { delayMs: () => 60_000, signal: stop.signal });
    setTimeout(() => stop.abort(), 20);
    await expect(run).rejects.toThrow('pg 40P01');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fake.calls()).toBe(1);
    // Already aborted: the first failure is final.
    const again = failing([pgError('40P01')]);
    await expect(retryTransient(again.action, { signal: stop.signal })).rejects.toThrow('pg 40P01');
    expect(again.calls()).toBe(1);
  });
});
