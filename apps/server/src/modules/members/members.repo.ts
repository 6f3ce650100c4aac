import type { MEMBER_FILTER_KEYS, MEMBER_SORT_KEYS } from '@mergedesk/domain/api/members';
import type { ParsedListQuery } from '@mergedesk/domain/api/list-query';
import type { MemberStatus, UserPlan } from '@mergedesk/domain/plans/plans';
import { ROLE_RANK, type Role } from '@mergedesk/domain/roles/roles';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, workspaceMembers } from '../../db/schema';
import { ONE, pageWithCappedTotal } from '../../lib/list-query';

export type MemberFilterKey = (typeof MEMBER_FILTER_KEYS)[number];
export type MemberSortKey = (typeof MEMBER_SORT_KEYS)[number];

/** Filters with their values already checked against the domain's enums. */
export type MemberFilters = {
  userRole?: Role[];
  memberStatus?: MemberStatus[];
  userPlan?: UserPlan[];
  memberEmail?: string[];
};

export type MemberListQuery = Omit<ParsedListQuery<MemberFilterKey, MemberSortKey>, 'filters'> & {
  filters: MemberFilters;
};

export type MemberListRow = {
  userId: string | null;
  userName: string | null;
  email: string;
  role: Role;
  userPlan: UserPlan;
  status: MemberStatus;
  freeTrialEndTimestamp: Date | null;
  createdAt: Date;
};

/** `total` counts at most this many rows, so a huge space cannot make the count expensive. */
export const MEMBER_TOTAL_CAP = 10000;

const roleRank = sql`case ${workspaceMembers.role} ${sql.join(
  Object.entries(ROLE_RANK).map(([role, rank]) => sql`when ${role} then ${rank}`),
  sql` `,
)} end`;

const sortColumns: Record<
  MemberSortKey,
  SQL | typeof workspaceMembers.createdAt | typeof workspaceMembers.email
> = {
  createTimestamp: workspaceMembers.createdAt,
  userName: sql`coalesce(${users.name}, '')`,
  memberEmail: workspaceMembers.email,
  userRole: roleRank,
};

function whereClause(workspaceId: string, filters: MemberFilters): SQL | undefined {
  // OR within one key (inArray), AND across keys.
  return and(
    eq(workspaceMembers.workspaceId, workspaceId),
    filters.userRole ? inArray(workspaceMembers.role, filters.userRole) : undefined,
    filters.memberStatus ? inArray(workspaceMembers.status, filters.memberStatus) : undefined,
    filters.userPlan ? inArray(workspaceMembers.userPlan, filters.userPlan) : undefined,
    filters.memberEmail ? inArray(workspaceMembers.email, filters.memberEmail) : undefined,
  );
}

export async function listMembers(
  db: Executor,
  workspaceId: string,
  query: MemberListQuery,
): Promise<{ rows: MemberListRow[]; total: number }> {
  const where = whereClause(workspaceId, query.filters);
  const orderBy = [
    ...query.sort.map(({ key, direction }) =>
      direction === 'desc' ? desc(sortColumns[key]) : asc(sortColumns[key]),
    ),
    asc(workspaceMembers.createdAt),
    asc(workspaceMembers.id),
  ];
  const rowsQuery = db
    .select({
      userId: workspaceMembers.userId,
      userName: users.name,
      email: workspaceMembers.email,
      role: workspaceMembers.role,
      userPlan: workspaceMembers.userPlan,
      status: workspaceMembers.status,
      freeTrialEndTimestamp: workspaceMembers.freeTrialEndTimestamp,
      createdAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .leftJoin(users, eq(users.id, workspaceMembers.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit)
    .offset(query.offset);
  const matching = db.select(ONE).from(workspaceMembers).where(where).$dynamic();
  return pageWithCappedTotal(db, rowsQuery, matching, MEMBER_TOTAL_CAP);
}
