import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { spaceDeletions } from '../../db/schema';
import { memberView } from '../members/members.views';
import { workspaceView } from '../workspaces/workspaces.views';

export type SpaceDeletionRow = typeof spaceDeletions.$inferSelect;

/**
 * The space someone lands in once `workspaceId` is no longer theirs: the oldest space they own, else
 * the oldest they joined (never a pending invitation).
 */
export async function findLandingSpace(
  tx: Executor,
  userId: string,
  workspaceId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: workspaceView.id })
    .from(memberView)
    .innerJoin(workspaceView, eq(workspaceView.id, memberView.workspaceId))
    .where(
      and(
        eq(memberView.userId, userId),
        sql`${memberView.workspaceId} <> ${workspaceId}`,
        sql`${memberView.status} <> 'PENDING'`,
      ),
    )
    .orderBy(sql`case when ${memberView.role} = 'OWNER' then 0 else 1 end`, asc(workspaceView.createdAt))
    .limit(1);
  return row?.id ?? null;
}

export async function insertDeletion(
  tx: Executor,
  values: typeof spaceDeletions.$inferInsert,
): Promise<void> {
  await tx.insert(spaceDeletions).values(values);
}

export async function findDeletion(tx: Executor, workspaceId: string): Promise<SpaceDeletionRow | undefined> {
  const [row] = await tx
    .select()
    .from(spaceDeletions)
    .where(eq(spaceDeletions.workspaceId, workspaceId))
    .for('update');
  return row;
}

export async function deleteDeletion(tx: Executor, workspaceId: string): Promise<void> {
  await tx.delete(spaceDeletions).where(eq(spaceDeletions.workspaceId, workspaceId));
}

/** Deleted spaces, not yet erased, that `userId` was a member of (with the space's name). */
export async function listDeletionsOf(
  db: Executor,
  userId: string,
): Promise<(SpaceDeletionRow & { workspaceName: string })[]> {
  const rows = await db
    .select({ deletion: spaceDeletions, workspaceName: workspaceView.name })
    .from(spaceDeletions)
    .innerJoin(workspaceView, eq(workspaceView.id, spaceDeletions.workspaceId))
    .where(sql`${spaceDeletions.members} @> ${JSON.stringify([{ userId }])}::jsonb`)
    .orderBy(asc(spaceDeletions.deletedAt));
  return rows.map((row) => ({ ...row.deletion, workspaceName: row.workspaceName }));
}

/**
 * The ids of up to `limit` deleted spaces whose grace period is over, to erase (workspaces'
 * deleteWorkspacesIn). `skip locked`: several processes may run the job at once, and a restore in
 * progress holds its row.
 */
export function dueDeletions(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: spaceDeletions.workspaceId })
    .from(spaceDeletions)
    .where(lte(spaceDeletions.eraseAt, now))
    .orderBy(asc(spaceDeletions.eraseAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}
