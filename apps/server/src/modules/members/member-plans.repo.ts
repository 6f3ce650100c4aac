import type { MemberStatus } from '@mergedesk/domain/plans/plans';
import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { workspaceMembers } from '../../db/schema';
import { userView } from '../users/users.views';

/** The members' plans as billing reads and changes them (member-plans.service.ts). */

/**
 * The SQL form of packages/domain members/seats holdsPaidLicence, for a joined member (not
 * pending): a paid user plan, not in a free trial (status or trial end) and not disabled.
 */
const holdsPaidLicenceSql = and(
  ne(workspaceMembers.userPlan, 'FREE'),
  notInArray(workspaceMembers.status, ['PENDING', 'FREE_TRIAL', 'DISABLED']),
  isNull(workspaceMembers.freeTrialEndTimestamp),
);

/**
 * "Paid in another space" (spec 001 §3 'already_paid_user', spec 002 §8), the one query for it:
 * those of `keys` (addresses or user ids, as `by` says) who hold a paid licence in a space other
 * than `workspaceId`. Billing's legacy checkout and the members screens both ask this.
 */
export async function findPaidElsewhere(
  db: Executor,
  workspaceId: string,
  by: 'email' | 'userId',
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const column = by === 'email' ? workspaceMembers.email : workspaceMembers.userId;
  const rows = await db
    .selectDistinct({ key: column })
    .from(workspaceMembers)
    .where(
      and(inArray(column, [...keys]), ne(workspaceMembers.workspaceId, workspaceId), holdsPaidLicenceSql),
    );
  return new Set(rows.flatMap((row) => (row.key === null ? [] : [row.key])));
}

/** The space owner's member row keeps a seat once the space pays (one seat is the owner's, §5). */
export async function giveOwnerPaidPlan(
  db: Executor,
  workspaceId: string,
  userPlan: 'PRO' | 'PRO_PERSONAL',
): Promise<void> {
  await db
    .update(workspaceMembers)
    .set({ userPlan, lastBecomePaidTimestamp: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.role, 'OWNER'),
        eq(workspaceMembers.userPlan, 'FREE'),
      ),
    );
}

/** A space back on Free: nobody holds a paid seat any more. */
export async function downgradeAllMembers(db: Executor, workspaceId: string): Promise<void> {
  await db
    .update(workspaceMembers)
    .set({ userPlan: 'FREE', updatedAt: new Date() })
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.userPlan, ['PRO', 'PRO_PERSONAL']),
      ),
    );
}

export type SpaceMemberRow = {
  id: string;
  userId: string | null;
  name: string | null;
  email: string;
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  userPlan: 'FREE' | 'PRO' | 'PRO_PERSONAL';
  status: MemberStatus;
  freeTrialEndTimestamp: Date | null;
};

/** Every member row of the space (pending ones too), with the person's name when they have an account. */
export async function listSpaceMembers(db: Executor, workspaceId: string): Promise<SpaceMemberRow[]> {
  return db
    .select({
      id: workspaceMembers.id,
      userId: workspaceMembers.userId,
      name: userView.name,
      email: workspaceMembers.email,
      role: workspaceMembers.role,
      userPlan: workspaceMembers.userPlan,
      status: workspaceMembers.status,
      freeTrialEndTimestamp: workspaceMembers.freeTrialEndTimestamp,
    })
    .from(workspaceMembers)
    .leftJoin(userView, eq(userView.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId));
}

/** A member made paid (ending a free trial) or free. */
export async function setMemberPlan(
  db: Executor,
  memberId: string,
  userPlan: 'FREE' | 'PRO' | 'PRO_PERSONAL',
  endTrial: boolean,
): Promise<void> {
  const now = new Date();
  await db
    .update(workspaceMembers)
    .set({
      userPlan,
      ...(userPlan === 'FREE' ? {} : { lastBecomePaidTimestamp: now }),
      ...(endTrial
        ? {
            freeTrialEndTimestamp: null,
            status: sql`case when ${workspaceMembers.status} = 'FREE_TRIAL' then 'ACTIVE' else ${workspaceMembers.status} end`,
          }
        : {}),
      updatedAt: now,
    })
    .where(eq(workspaceMembers.id, memberId));
}
