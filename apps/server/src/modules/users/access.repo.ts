import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userColumns, type MembershipRecord, type UserRecord } from '../../db/records';
import { users } from '../../db/schema';
import { sessionView } from '../auth/auth.views';
import { memberView, memberViewColumns } from '../members/members.views';
import { workspaceRecordView, workspaceRecordViewColumns } from '../workspaces/workspaces.views';

/** What the access layer (lib/access.ts) reads of a session, with its account and, if asked, a membership. */
export type SessionAccess = {
  email: string;
  revokedAt: Date | null;
  expiresAt: Date;
  /** The account of the session's e-mail address, or null for a person without one. */
  user: UserRecord | null;
  /**
   * Only when a space was named: the account's member row in that space with the space, whatever
   * its status; null when there is none.
   */
  membership?: MembershipRecord | null;
};

/**
 * The access layer's look-ups (issue 11): every authenticated request runs one of them, so each is
 * built by Drizzle once and sent as a named prepared statement (PostgreSQL parses it once per
 * connection). A route about a space whose id the URL carries reads the session, its account and
 * the account's membership of that space in one statement — one round trip instead of two.
 */
export function createAccessQueries(db: Executor) {
  const sessionId = sql.placeholder('sessionId');
  const workspaceId = sql.placeholder('workspaceId');
  const sessionColumns = {
    email: sessionView.email,
    revokedAt: sessionView.revokedAt,
    expiresAt: sessionView.expiresAt,
    user: userColumns,
  };
  const accountOfSession = eq(users.email, sql`lower(${sessionView.email})`);

  const session = db
    .select(sessionColumns)
    .from(sessionView)
    .leftJoin(users, accountOfSession)
    .where(eq(sessionView.id, sessionId))
    .limit(1)
    .prepare('access_session');

  const sessionInSpace = db
    .select({ ...sessionColumns, member: memberViewColumns, workspace: workspaceRecordViewColumns })
    .from(sessionView)
    .leftJoin(users, accountOfSession)
    .leftJoin(memberView, and(eq(memberView.userId, users.id), eq(memberView.workspaceId, workspaceId)))
    .leftJoin(workspaceRecordView, eq(workspaceRecordView.id, memberView.workspaceId))
    .where(eq(sessionView.id, sessionId))
    .limit(1)
    .prepare('access_session_in_space');

  const membership = db
    .select({ member: memberViewColumns, workspace: workspaceRecordViewColumns })
    .from(memberView)
    .innerJoin(workspaceRecordView, eq(workspaceRecordView.id, memberView.workspaceId))
    .where(and(eq(memberView.userId, sql.placeholder('userId')), eq(memberView.workspaceId, workspaceId)))
    .limit(1)
    .prepare('access_membership');

  return {
    /**
     * The session `id` with its account; with `spaceId` (a well-formed id) also the account's
     * membership of that space, in the same statement.
     */
    findSession: async (id: string, spaceId?: string): Promise<SessionAccess | undefined> => {
      if (spaceId === undefined) {
        const [row] = await session.execute({ sessionId: id });
        return row;
      }
      const [row] = await sessionInSpace.execute({ sessionId: id, workspaceId: spaceId });
      if (!row) return undefined;
      const { member, workspace, ...rest } = row;
      return { ...rest, membership: member && workspace ? { ...member, workspace } : null };
    },
    /** The member row of `userId` in the space `spaceId` (a well-formed id), whatever its status. */
    findMembership: async (userId: string, spaceId: string): Promise<MembershipRecord | undefined> => {
      const [row] = await membership.execute({ userId, workspaceId: spaceId });
      return row ? { ...row.member, workspace: row.workspace } : undefined;
    },
  };
}
