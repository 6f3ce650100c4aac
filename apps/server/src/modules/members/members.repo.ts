import type { MEMBER_FILTER_KEYS, MEMBER_SORT_KEYS } from '@mergedesk/domain/api/members';
import type { ParsedListQuery } from '@mergedesk/domain/api/list-query';
import type { MemberStatus, UserPlan } from '@mergedesk/domain/plans/plans';
import { ROLE_RANK, type Role } from '@mergedesk/domain/roles/roles';
import type { SeatSpace } from '@mergedesk/domain/members/seats';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberCoreColumns } from '../../db/records';
import { workspaceMembers } from '../../db/schema';
import { userView } from '../users/users.views';
import {
  lockWorkspaceRow,
  seatSpaceOf,
  workspaceView,
  type SeatSpaceRow,
} from '../workspaces/workspaces.views';
import { containsPattern, ONE, pageWithCappedTotal } from '../../lib/list-query';

type MemberFilterKey = (typeof MEMBER_FILTER_KEYS)[number];
type MemberSortKey = (typeof MEMBER_SORT_KEYS)[number];

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
const MEMBER_TOTAL_CAP = 10000;

const roleRank = sql`case ${workspaceMembers.role} ${sql.join(
  Object.entries(ROLE_RANK).map(([role, rank]) => sql`when ${role} then ${rank}`),
  sql` `,
)} end`;

const sortColumns: Record<
  MemberSortKey,
  SQL | typeof workspaceMembers.createdAt | typeof workspaceMembers.email
> = {
  createTimestamp: workspaceMembers.createdAt,
  userName: sql`coalesce(${userView.name}, '')`,
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

/** The columns both member lists (legacy users and seat members) read, with the person's name. */
const memberListColumns = {
  userId: workspaceMembers.userId,
  userName: userView.name,
  email: workspaceMembers.email,
  role: workspaceMembers.role,
  userPlan: workspaceMembers.userPlan,
  status: workspaceMembers.status,
  freeTrialEndTimestamp: workspaceMembers.freeTrialEndTimestamp,
  createdAt: workspaceMembers.createdAt,
};

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
    .select(memberListColumns)
    .from(workspaceMembers)
    .leftJoin(userView, eq(userView.id, workspaceMembers.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit)
    .offset(query.offset);
  const matching = db.select(ONE).from(workspaceMembers).where(where).$dynamic();
  return pageWithCappedTotal(db, rowsQuery, matching, MEMBER_TOTAL_CAP);
}

// ---------------------------------------------------------------------------------------------
// Administration (spec 002 §4.6–4.8): the space row lock, member rows by e-mail or id, seats.
// ---------------------------------------------------------------------------------------------

/** What the administration rules read of a space, locked for the rest of the transaction. */
export type LockedSpace = SeatSpaceRow;

/**
 * Locks the space row (FOR UPDATE): every change of who holds a seat takes this lock first, so
 * seat counts read afterwards cannot be outdated by a concurrent join, add or removal.
 */
export async function lockSpace(tx: Executor, workspaceId: string): Promise<LockedSpace> {
  const row = await lockWorkspaceRow(tx, workspaceId);
  if (!row) throw new Error(`workspace ${workspaceId} vanished`);
  return row;
}

/** What the seat count reads of a space (members/seats spaceSeatCounts). */
export async function findSeatSpace(db: Executor, workspaceId: string): Promise<SeatSpace> {
  const row = await seatSpaceOf(db, workspaceId);
  if (!row) throw new Error(`workspace ${workspaceId} vanished`);
  const { billingModel, plan, seatTotal, proAllowedUserCount } = row;
  return { billingModel, plan, seatTotal, proAllowedUserCount };
}

/** A member row as the administration rules need it. */
export type AdminMemberRow = {
  id: string;
  userId: string | null;
  email: string;
  role: Role;
  userPlan: UserPlan;
  status: MemberStatus;
  seatType: string | null;
};

/** Every member row of the space (seat counting needs status and plan of each). */
export async function listSeatHolders(
  db: Executor,
  workspaceId: string,
): Promise<
  (Pick<AdminMemberRow, 'id' | 'status' | 'userPlan'> & { freeTrialEndTimestamp: number | null })[]
> {
  const rows = await db
    .select({
      id: workspaceMembers.id,
      status: workspaceMembers.status,
      userPlan: workspaceMembers.userPlan,
      freeTrialEnd: workspaceMembers.freeTrialEndTimestamp,
    })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return rows.map(({ freeTrialEnd, ...row }) => ({
    ...row,
    freeTrialEndTimestamp: freeTrialEnd?.getTime() ?? null,
  }));
}

export async function findMembersByEmails(
  db: Executor,
  workspaceId: string,
  emails: readonly string[],
): Promise<AdminMemberRow[]> {
  if (emails.length === 0) return [];
  return db
    .select(memberCoreColumns)
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.email, [...emails])));
}

export async function findMembersByUserIds(
  db: Executor,
  workspaceId: string,
  userIds: readonly string[],
): Promise<AdminMemberRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select(memberCoreColumns)
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, [...userIds])),
    );
}

export async function findMemberById(db: Executor, memberId: string): Promise<AdminMemberRow | undefined> {
  const [row] = await db
    .select(memberCoreColumns)
    .from(workspaceMembers)
    .where(eq(workspaceMembers.id, memberId));
  return row;
}

export async function insertPendingMembers(
  tx: Executor,
  workspaceId: string,
  rows: readonly { email: string; userPlan: UserPlan; seatType: string | null }[],
): Promise<AdminMemberRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(workspaceMembers)
    .values(rows.map((row) => ({ ...row, workspaceId, role: 'MEMBER' as const, status: 'PENDING' as const })))
    .returning(memberCoreColumns);
}

export async function deleteMembers(tx: Executor, memberIds: readonly string[]): Promise<number> {
  if (memberIds.length === 0) return 0;
  const rows = await tx
    .delete(workspaceMembers)
    .where(inArray(workspaceMembers.id, [...memberIds]))
    .returning({ id: workspaceMembers.id });
  return rows.length;
}

export async function setMemberStatus(
  tx: Executor,
  memberIds: readonly string[],
  status: MemberStatus,
): Promise<void> {
  if (memberIds.length === 0) return;
  await tx
    .update(workspaceMembers)
    .set({ status, updatedAt: sql`now()` })
    .where(inArray(workspaceMembers.id, [...memberIds]));
}

export async function setMemberRole(tx: Executor, memberId: string, role: Role): Promise<void> {
  await tx
    .update(workspaceMembers)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(workspaceMembers.id, memberId));
}

/** A pending member joins: linked to the account, ACTIVE, holding an added seat in the seat model. */
export async function activateJoiningMember(
  tx: Executor,
  memberId: string,
  values: { userId: string; seatType: string | null; becomesPaid: boolean },
): Promise<void> {
  await tx
    .update(workspaceMembers)
    .set({
      userId: values.userId,
      status: 'ACTIVE',
      seatType: values.seatType,
      ...(values.becomesPaid ? { lastBecomePaidTimestamp: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(workspaceMembers.id, memberId));
}

/** Spaces the person owns, oldest first (a removed member's add-on space falls back to one). */
export async function findOldestOwnedSpace(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: workspaceView.id })
    .from(workspaceMembers)
    .innerJoin(workspaceView, eq(workspaceView.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'OWNER')))
    .orderBy(asc(workspaceView.createdAt))
    .limit(1);
  return row?.id ?? null;
}

export type SeatMemberFilters = { userStatus?: MemberStatus[]; userRole?: Role[]; search?: string };
type SeatMemberSortKey = 'userName' | 'userEmail' | 'userRole' | 'userStatus' | 'createTimestamp';
export type SeatMemberQuery = {
  filters: SeatMemberFilters;
  sort: Array<{ key: SeatMemberSortKey; direction: 'asc' | 'desc' }>;
  limit: number;
  offset: number;
};

export type SeatMemberRow = MemberListRow & {
  seatType: string | null;
  updatedAt: Date;
  lastBecomePaidTimestamp: Date | null;
};

const seatSortColumns: Record<
  SeatMemberSortKey,
  SQL | typeof workspaceMembers.createdAt | typeof workspaceMembers.email
> = {
  userName: sortColumns.userName,
  userEmail: workspaceMembers.email,
  userRole: roleRank,
  userStatus: sql`${workspaceMembers.status}`,
  createTimestamp: workspaceMembers.createdAt,
};

/**
 * GET /workspaces/{id}/users/v1: with no sort chosen, pending members come after the others, each
 * group by creation time (spec 002 §4.6, members/status compareSeatMembersUnsorted).
 */
export async function listSeatMembers(
  db: Executor,
  workspaceId: string,
  query: SeatMemberQuery,
): Promise<{ rows: SeatMemberRow[]; total: number }> {
  const search = query.filters.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const where = and(
    eq(workspaceMembers.workspaceId, workspaceId),
    query.filters.userStatus ? inArray(workspaceMembers.status, query.filters.userStatus) : undefined,
    query.filters.userRole ? inArray(workspaceMembers.role, query.filters.userRole) : undefined,
    pattern
      ? sql`(${workspaceMembers.email} ilike ${pattern} or ${userView.name} ilike ${pattern})`
      : undefined,
  );
  const orderBy =
    query.sort.length > 0
      ? query.sort.map(({ key, direction }) =>
          direction === 'desc' ? desc(seatSortColumns[key]) : asc(seatSortColumns[key]),
        )
      : [asc(sql`(${workspaceMembers.status} = 'PENDING')`)];
  const rowsQuery = db
    .select({
      ...memberListColumns,
      seatType: workspaceMembers.seatType,
      updatedAt: workspaceMembers.updatedAt,
      lastBecomePaidTimestamp: workspaceMembers.lastBecomePaidTimestamp,
    })
    .from(workspaceMembers)
    .leftJoin(userView, eq(userView.id, workspaceMembers.userId))
    .where(where)
    .orderBy(...orderBy, asc(workspaceMembers.createdAt), asc(workspaceMembers.id))
    .limit(query.limit)
    .offset(query.offset);
  const matching = db
    .select(ONE)
    .from(workspaceMembers)
    .leftJoin(userView, eq(userView.id, workspaceMembers.userId))
    .where(where)
    .$dynamic();
  return pageWithCappedTotal(db, rowsQuery, matching, MEMBER_TOTAL_CAP);
}
