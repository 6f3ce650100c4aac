import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { MemberRecord } from '../../db/records';
import { workspaceMembers } from '../../db/schema';

const qb = new QueryBuilder();

/**
 * The members module's read-only view of workspace_members, for other modules' joins: a report or
 * an access look-up still runs one statement (PostgreSQL flattens the subquery into it), while
 * only members writes the table (docs/decisions/364-table-owners.md). It names the columns others read.
 */
export const memberView = qb
  .select({
    id: workspaceMembers.id,
    workspaceId: workspaceMembers.workspaceId,
    userId: workspaceMembers.userId,
    email: workspaceMembers.email,
    role: workspaceMembers.role,
    userPlan: workspaceMembers.userPlan,
    status: workspaceMembers.status,
    seatType: workspaceMembers.seatType,
    freeTrialEndTimestamp: workspaceMembers.freeTrialEndTimestamp,
    createdAt: workspaceMembers.createdAt,
  })
  .from(workspaceMembers)
  .as('member_view');

/** The columns of a MemberRecord (db/records.ts) read through the view. */
export const memberViewColumns = {
  id: memberView.id,
  workspaceId: memberView.workspaceId,
  userId: memberView.userId,
  email: memberView.email,
  role: memberView.role,
  userPlan: memberView.userPlan,
  status: memberView.status,
  seatType: memberView.seatType,
  freeTrialEndTimestamp: memberView.freeTrialEndTimestamp,
  createdAt: memberView.createdAt,
} satisfies Record<keyof MemberRecord, unknown>;
