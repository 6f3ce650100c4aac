import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invitations, users, workspaceDomains, workspaceMembers, workspaces } from '../../db/schema';
import {
  memberColumns,
  workspaceColumns,
  type MemberRecord,
  type MembershipRecord,
  type WorkspaceRecord,
} from '../../db/records';

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

export type NewMember = Omit<typeof workspaceMembers.$inferInsert, 'id' | 'updatedAt'>;

export async function insertMember(db: Executor, values: NewMember): Promise<MemberRecord> {
  const [row] = await db
    .insert(workspaceMembers)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning(memberColumns);
  if (!row) throw new Error('insert into workspace_members returned no row');
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

/** Locks the account row of `userId` until the transaction ends (serialises space creation). */
export async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function findMembership(
  db: Executor,
  userId: string,
  workspaceId: string,
): Promise<MembershipRecord | undefined> {
  const [row] = await db
    .select({ member: memberColumns, workspace: workspaceColumns })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1);
  return row ? { ...row.member, workspace: row.workspace } : undefined;
}

/** Every space the user is linked to, oldest first (the order of the space switcher). */
export async function listMembershipsOfUser(db: Executor, userId: string): Promise<MembershipRecord[]> {
  const rows = await db
    .select({ member: memberColumns, workspace: workspaceColumns })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.name), asc(workspaces.id));
  return rows.map((row) => ({ ...row.member, workspace: row.workspace }));
}

export async function countOwnedSpaces(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'OWNER')));
  return row?.value ?? 0;
}

/** Members that hold a place in the space: everybody but DISABLED members. */
export async function countMembers(db: Executor, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.status, 'DISABLED')));
  return row?.value ?? 0;
}

export async function listWorkspaceDomains(db: Executor, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ domainName: workspaceDomains.domainName })
    .from(workspaceDomains)
    .where(eq(workspaceDomains.workspaceId, workspaceId))
    .orderBy(asc(workspaceDomains.domainName));
  return rows.map((row) => row.domainName);
}

/**
 * Links the member rows that were added by e-mail before the person had an account; PENDING
 * becomes ACTIVE (the person has now signed in), other statuses stay. Rows that came with an
 * invitation are left alone: the person joins by accepting it, which re-checks the seats.
 */
export async function linkPendingMemberships(db: Executor, userId: string, email: string): Promise<number> {
  const rows = await db
    .update(workspaceMembers)
    .set({
      userId,
      status: sql`case when ${workspaceMembers.status} = 'PENDING' then 'ACTIVE' else ${workspaceMembers.status} end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(workspaceMembers.email, email.toLowerCase()),
        isNull(workspaceMembers.userId),
        sql`not exists (select 1 from ${invitations} where ${invitations.memberId} = ${workspaceMembers.id})`,
      ),
    )
    .returning({ id: workspaceMembers.id });
  return rows.length;
}
