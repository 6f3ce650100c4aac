import { inArray, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberCoreColumns } from '../../db/records';
import { workspaceMembers, type DeletedSpaceMember } from '../../db/schema';
import { userView } from '../users/users.views';

/** A space's member rows as a whole: kept aside when the space is deleted, put back on restore. */

/** Every member row of the space, as space_deletions keeps them. */
export async function listMemberRows(tx: Executor, workspaceId: string): Promise<DeletedSpaceMember[]> {
  const rows = await tx
    .select({
      ...memberCoreColumns,
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
          (await tx.select({ id: userView.id }).from(userView).where(inArray(userView.id, ids))).map(
            (row) => row.id,
          ),
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
