import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';

const qb = new QueryBuilder();

/**
 * The auth module's read-only view of sign-in sessions, for the access look-up's one statement and
 * other readers (no token hashes; only auth writes the table, docs/decisions/364-table-owners.md).
 */
export const sessionView = qb
  .select({
    id: sessions.id,
    email: sessions.email,
    name: sessions.name,
    picture: sessions.picture,
    scopes: sessions.scopes,
    revokedAt: sessions.revokedAt,
    expiresAt: sessions.expiresAt,
  })
  .from(sessions)
  .as('session_view');

/**
 * The OAuth scopes the session was granted (space-separated in sessions.scopes): the Gmail compose
 * permission of template drafts and of the composer's draft picker (spec 002 §4.5, issue 25).
 */
export async function findSessionScopes(db: Executor, sessionId: string): Promise<string[]> {
  const [row] = await db
    .select({ scopes: sessionView.scopes })
    .from(sessionView)
    .where(eq(sessionView.id, sessionId));
  return (row?.scopes ?? '').split(' ').filter((scope) => scope !== '');
}
