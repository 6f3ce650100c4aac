import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberColumns, type MemberRecord } from '../../db/records';
import { invitations, workspaceMembers } from '../../db/schema';

/** Memberships as spaces and accounts come and go: a new space's owner, sign-in, the space limit. */

export type NewMember = Omit<typeof workspaceMembers.$inferInsert, 'id' | 'updatedAt'>;

export async function insertMember(db: Executor, values: NewMember): Promise<MemberRecord> {
  const [row] = await db
    .insert(workspaceMembers)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning(memberColumns);
  if (!row) throw new Error('insert into workspace_members returned no row');
  return row;
}

export async function countOwnedSpaces(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'OWNER')));
  return row?.value ?? 0;
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
