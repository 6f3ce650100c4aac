import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  bounces,
  invitations,
  spaceDeletions,
  unsubscriptions,
  users,
  workspaceMembers,
  workspaces,
  type DeletedSpaceMember,
} from '../../db/schema';

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

/** Every member row of the space, as space_deletions keeps them. */
export async function listMemberRows(tx: Executor, workspaceId: string): Promise<DeletedSpaceMember[]> {
  const rows = await tx
    .select({
      id: workspaceMembers.id,
      userId: workspaceMembers.userId,
      email: workspaceMembers.email,
      role: workspaceMembers.role,
      userPlan: workspaceMembers.userPlan,
      status: workspaceMembers.status,
      seatType: workspaceMembers.seatType,
      freeTrialEndTimestamp: workspaceMembers.freeTrialEndTimestamp,
      lastBecomePaidTimestamp: workspaceMembers.lastBecomePaidTimestamp,
      createdAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return rows.map((row) => ({
    ...row,
    freeTrialEndTimestamp: row.freeTrialEndTimestamp?.toISOString() ?? null,
    lastBecomePaidTimestamp: row.lastBecomePaidTimestamp?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function deleteMemberRows(tx: Executor, workspaceId: string): Promise<void> {
  await tx.delete(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
}

export async function deleteMemberRow(tx: Executor, memberId: string): Promise<void> {
  await tx.delete(workspaceMembers).where(eq(workspaceMembers.id, memberId));
}

/** Puts kept member rows back (people whose account still exists, and those never signed in). */
export async function insertMemberRows(
  tx: Executor,
  workspaceId: string,
  members: readonly DeletedSpaceMember[],
): Promise<void> {
  const ids = members.flatMap((member) => (member.userId === null ? [] : [member.userId]));
  const existing =
    ids.length === 0
      ? new Set<string>()
      : new Set(
          (await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((row) => row.id),
        );
  const rows = members
    .filter((member) => member.userId === null || existing.has(member.userId))
    .map((member) => ({
      id: member.id,
      workspaceId,
      userId: member.userId,
      email: member.email,
      role: member.role,
      userPlan: member.userPlan,
      status: member.status,
      seatType: member.seatType,
      freeTrialEndTimestamp: member.freeTrialEndTimestamp ? new Date(member.freeTrialEndTimestamp) : null,
      lastBecomePaidTimestamp: member.lastBecomePaidTimestamp
        ? new Date(member.lastBecomePaidTimestamp)
        : null,
      createdAt: new Date(member.createdAt),
    }));
  if (rows.length > 0) await tx.insert(workspaceMembers).values(rows);
}

/** Pending invitations of the space (or of one address) are cancelled: their links stop working. */
export async function cancelPendingInvitations(
  tx: Executor,
  workspaceId: string,
  email?: string,
): Promise<void> {
  await tx
    .update(invitations)
    .set({ status: 'CANCELLED', cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        eq(invitations.status, 'PENDING'),
        email === undefined ? undefined : eq(invitations.email, email),
      ),
    );
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
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        sql`${workspaceMembers.workspaceId} <> ${workspaceId}`,
        sql`${workspaceMembers.status} <> 'PENDING'`,
      ),
    )
    .orderBy(sql`case when ${workspaceMembers.role} = 'OWNER' then 0 else 1 end`, asc(workspaces.createdAt))
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
