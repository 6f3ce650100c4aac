import { setTimeout as sleep } from 'node:timers/promises';
import { findPgCode } from './client';

/**
 * SQLSTATEs after which the same transaction, run again, may succeed: PostgreSQL rolled it back
 * whole (serialization_failure 40001, deadlock_detected 40P01), so nothing of it was written.
 */
const TRANSIENT_TRANSACTION_CODES: readonly string[] = ['40001', '40P01'];

export function isTransientTransactionError(error: unknown): boolean {
  const code = findPgCode(error);
  return code !== undefined && TRANSIENT_TRANSACTION_CODES.includes(code);
}

/**
 * Whether a failed INSERT of rows with foreign keys is worth another run: a transient error, or a
 * foreign-key violation (a row it refers to deleted between the statement's join and its checks;
 * the next run's join leaves that row out). Each failed run wrote nothing.
 */
export function isRetryableInsertError(error: unknown): boolean {
  return isTransientTransactionError(error) || findPgCode(error) === FOREIGN_KEY_VIOLATION;
}

const FOREIGN_KEY_VIOLATION = '23503';

export type RetryOptions = {
  /** Runs in all, the first included. */
  attempts?: number;
  /** Whether an error is worth another run; default: serialization failures and deadlocks. */
  retryOn?: (error: unknown) => boolean;
  /** Called before each new run (for a log line). */
  onRetry?: (error: unknown, attempt: number) => void;
  /** The pause before run `attempt + 1`; default a few random milliseconds. */
  delayMs?: (attempt: number) => number;
  /** Once aborted, no further run: the pause ends at once and the last error is thrown. */
  signal?: AbortSignal;
};

/**
 * Runs `action` (a whole transaction or a single statement) again when it failed with an error
 * that leaves nothing behind, after a short random pause so the contenders do not meet again.
 */
export async function retryTransient<T>(action: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 4;
  const retryOn = options.retryOn ?? isTransientTransactionError;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await action();
    } catch (error) {
      if (attempt >= attempts || !retryOn(error) || options.signal?.aborted) throw error;
      options.onRetry?.(error, attempt);
      const delay = options.delayMs?.(attempt) ?? Math.random() * 10 * attempt;
      const paused = await sleep(delay, true, { signal: options.signal }).catch(() => false);
      if (!paused) throw error;
    }
  }
}
