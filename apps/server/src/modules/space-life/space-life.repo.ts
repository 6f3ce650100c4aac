import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bounces, spaceDeletions, unsubscriptions, users, workspaces } from '../../db/schema';
import { memberView } from '../members/members.views';

export type SpaceDeletionRow = typeof spaceDeletions.$inferSelect;

/** Locks the space row (as every change of who is in a space does); its name, or undefined when gone. */
export async function lockSpaceRow(tx: Executor, workspaceId: string): Promise<{ name: string } | undefined> {
  const [row] = await tx
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  return row;
}

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
    .select({ id: workspaces.id })
    .from(memberView)
    .innerJoin(workspaces, eq(workspaces.id, memberView.workspaceId))
    .where(
      and(
        eq(memberView.userId, userId),
        sql`${memberView.workspaceId} <> ${workspaceId}`,
        sql`${memberView.status} <> 'PENDING'`,
      ),
    )
    .orderBy(sql`case when ${memberView.role} = 'OWNER' then 0 else 1 end`, asc(workspaces.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** Points the add-on of `userId` at `landing` when it sent from `workspaceId`. */
export async function moveAddonSpace(
  tx: Executor,
  userId: string,
  workspaceId: string,
  landing: string | null,
): Promise<void> {
  await tx
    .update(users)
    .set({ addonWorkspaceId: landing, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.addonWorkspaceId, workspaceId)));
}

/** The add-on space of an account. */
export async function findAddonSpace(tx: Executor, userId: string): Promise<string | null> {
  const [row] = await tx.select({ id: users.addonWorkspaceId }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}

/**
 * Copies someone's personal opt-outs (PERSONAL unsubscriptions and bounces they own) from one space
 * to another; entries already there are left as they are. The originals stay in the space's history.
 */
export async function copyPersonalOptOuts(
  tx: Executor,
  userId: string,
  from: string,
  to: string,
): Promise<void> {
  for (const table of [unsubscriptions, bounces]) {
    await tx.execute(sql`
      insert into ${table} (workspace_id, user_id, email, type, source, created_at, updated_at)
      select ${to}, user_id, email, type, source, created_at, now()
      from ${table}
      where workspace_id = ${from} and user_id = ${userId} and type = 'PERSONAL'
      on conflict do nothing`);
  }
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
    .select({ deletion: spaceDeletions, workspaceName: workspaces.name })
    .from(spaceDeletions)
    .innerJoin(workspaces, eq(workspaces.id, spaceDeletions.workspaceId))
    .where(sql`${spaceDeletions.members} @> ${JSON.stringify([{ userId }])}::jsonb`)
    .orderBy(asc(spaceDeletions.deletedAt));
  return rows.map((row) => ({ ...row.deletion, workspaceName: row.workspaceName }));
}

/**
 * Erases up to `limit` deleted spaces whose grace period is over: deleting the space row removes
 * everything of it (every table references it with `on delete cascade`). `skip locked`: several
 * processes may run the job at once, and a restore in progress holds its row.
 */
export async function eraseDueSpaces(db: Executor, now: Date, limit: number): Promise<string[]> {
  const due = db
    .select({ id: spaceDeletions.workspaceId })
    .from(spaceDeletions)
    .where(lte(spaceDeletions.eraseAt, now))
    .orderBy(asc(spaceDeletions.eraseAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const erased = await db
    .delete(workspaces)
    .where(inArray(workspaces.id, due))
    .returning({ id: workspaces.id });
  return erased.map((row) => row.id);
}
