import { and, asc, count, eq, inArray, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { workspaceDomains, workspaces } from '../../db/schema';
import { memberView, memberViewColumns } from '../members/members.views';
import { workspaceColumns, type MembershipRecord, type WorkspaceRecord } from '../../db/records';

export type NewWorkspace = Omit<typeof workspaces.$inferInsert, 'id' | 'updatedAt'>;

export async function insertWorkspace(db: Executor, values: NewWorkspace): Promise<WorkspaceRecord> {
  const [row] = await db.insert(workspaces).values(values).returning(workspaceColumns);
  if (!row) throw new Error('insert into workspaces returned no row');
  return row;
}

export async function updateWorkspace(
  db: Executor,
  id: string,
  values: Pick<Partial<NewWorkspace>, 'name' | 'slug' | 'memberInviteUser'>,
): Promise<WorkspaceRecord> {
  const [row] = await db
    .update(workspaces)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(workspaces.id, id))
    .returning(workspaceColumns);
  if (!row) throw new Error(`workspace ${id} vanished during update`);
  return row;
}

export async function insertWorkspaceDomains(
  db: Executor,
  workspaceId: string,
  domains: string[],
): Promise<void> {
  if (domains.length === 0) return;
  await db.insert(workspaceDomains).values(domains.map((domainName) => ({ workspaceId, domainName })));
}

export async function findMembership(
  db: Executor,
  userId: string,
  workspaceId: string,
): Promise<MembershipRecord | undefined> {
  const [row] = await db
    .select({ member: memberViewColumns, workspace: workspaceColumns })
    .from(memberView)
    .innerJoin(workspaces, eq(workspaces.id, memberView.workspaceId))
    .where(and(eq(memberView.userId, userId), eq(memberView.workspaceId, workspaceId)))
    .limit(1);
  return row ? { ...row.member, workspace: row.workspace } : undefined;
}

/** Every space the user is linked to, oldest first (the order of the space switcher). */
export async function listMembershipsOfUser(db: Executor, userId: string): Promise<MembershipRecord[]> {
  const rows = await db
    .select({ member: memberViewColumns, workspace: workspaceColumns })
    .from(memberView)
    .innerJoin(workspaces, eq(workspaces.id, memberView.workspaceId))
    .where(eq(memberView.userId, userId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.name), asc(workspaces.id));
  return rows.map((row) => ({ ...row.member, workspace: row.workspace }));
}

/** Members that hold a place in the space: everybody but DISABLED members. */
export async function countMembers(db: Executor, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(memberView)
    .where(and(eq(memberView.workspaceId, workspaceId), ne(memberView.status, 'DISABLED')));
  return row?.value ?? 0;
}

// ------------------------------------------------------------------ the plan fields billing keeps

export async function workspaceExists(db: Executor, workspaceId: string): Promise<boolean> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row !== undefined;
}

/** Deletes the spaces whose ids `ids` selects; every table references a space with `on delete cascade`. */
export async function deleteWorkspacesIn(db: Executor, ids: SQLWrapper): Promise<string[]> {
  const erased = await db
    .delete(workspaces)
    .where(inArray(workspaces.id, ids))
    .returning({ id: workspaces.id });
  return erased.map((row) => row.id);
}

export type WorkspaceBillingValues = {
  plan: 'FREE' | 'PRO' | 'PREMIUM' | 'LEGACY' | 'OFFLINE';
  legacyType: 'TEAM' | 'UNLIMITED' | 'PROFESSIONAL' | 'PERSONAL' | null;
  seatTotal: number | null;
};

export async function updateWorkspaceBilling(
  db: Executor,
  workspaceId: string,
  values: WorkspaceBillingValues,
): Promise<void> {
  await db
    .update(workspaces)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId));
}
