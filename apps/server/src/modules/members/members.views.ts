import { QueryBuilder } from 'drizzle-orm/pg-core';
import { memberColumns } from '../../db/records';
import { workspaceMembers } from '../../db/schema';

const qb = new QueryBuilder();

/**
 * The members module's read-only view of workspace_members, for other modules' joins: a report or
 * an access look-up still runs one statement (PostgreSQL flattens the subquery into it), while
 * only members writes the table (docs/decisions/364-table-owners.md). It names the columns others read.
 */
export const memberView = qb.select(memberColumns).from(workspaceMembers).as('member_view');

/** The columns of a MemberRecord (db/records.ts) read through the view. */
export const memberViewColumns = Object.fromEntries(
  Object.keys(memberColumns).map((key) => [key, memberView[key as keyof typeof memberColumns]]),
) as { [K in keyof typeof memberColumns]: (typeof memberView)[K] };
