import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@mergedesk/domain/api/addon';
import { and, eq, lt, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database, Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './app-error';

/** How long a key is remembered; a key older than this starts afresh. */
const KEY_LIFETIME = sql`interval '24 hours'`;

export type Answer<T> = { status: number; body: T };
export type IdempotentAnswer<T> = Answer<T> & { replayed: boolean };

/**
 * Runs `work` in one transaction, at most once per caller and Idempotency-Key. The key row is
 * inserted first, in the same transaction: a concurrent request with the same key waits on it
 * (the primary key) until this one commits, then finds the stored answer and replays it; if this
 * one fails, its key disappears with its writes and the retry runs afresh. `request` (method,
 * route, parsed body) is fingerprinted: the same key with another request is refused (422).
 * Without a key, `work` simply runs in a transaction.
 */
export async function runIdempotent<T>(
  db: Database,
  scope: { userId: string; key: string | undefined; request: unknown },
  work: (tx: Executor) => Promise<Answer<T>>,
): Promise<IdempotentAnswer<T>> {
  const { userId, key } = scope;
  if (key === undefined) return { ...(await db.transaction(work)), replayed: false };
  const requestHash = createHash('sha256').update(JSON.stringify(scope.request)).digest('base64url');

  return db.transaction(async (tx) => {
    await tx
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`)),
      );
    // The answer is filled in below, before the row becomes visible at commit.
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, responseStatus: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select({
          requestHash: idempotencyKeys.requestHash,
          status: idempotencyKeys.responseStatus,
          body: idempotencyKeys.responseBody,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!stored) throw new Error('idempotency key vanished after its conflict');
      if (stored.requestHash !== requestHash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED_MESSAGE);
      }
      return { status: stored.status, body: stored.body as T, replayed: true };
    }
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { ...answer, replayed: false };
  });
}
