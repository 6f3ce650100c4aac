import { QueryBuilder } from 'drizzle-orm/pg-core';
import { workspaceMembers } from '../../db/schema';

const qb = new QueryBuilder();

/**
 * The members module's read-only view of workspace_members, for other modules' joins: a report or
 * an access look-up still runs one statement (PostgreSQL flattens the subquery into it), while
 * only members writes the table (docs/decisions/table-owners.md). It names the columns others read.
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
