import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { rolloutStatuses, users } from '../../db/schema';

const qb = new QueryBuilder();

/**
 * The users module's read-only view of accounts, for other modules' joins (one statement; only
 * users writes the table, docs/decisions/364-table-owners.md).
 */
export const userView = qb
  .select({
    id: users.id,
    email: users.email,
    name: users.name,
    profilePictureUrl: users.profilePictureUrl,
    /** The account's own free quota (spec 000 §9): the sending engine's quota of a Free sender. */
    freeUserQuota: users.freeUserQuota,
  })
  .from(users)
  .as('user_view');

/**
 * Locks the account row of `userId` until the transaction ends: space creations, ownership
 * transfers and restores for the same person wait for each other (members' lockAndCheckOwnedSpaces).
 */
export async function lockUserRow(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The account's rollout step (spec 000 §6); null without a rollout status, as the default has none. */
export async function lastActivatedStepOf(db: Executor, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ step: rolloutStatuses.lastActivatedStep })
    .from(rolloutStatuses)
    .where(eq(rolloutStatuses.userId, userId))
    .limit(1);
  return row?.step ?? null;
}
