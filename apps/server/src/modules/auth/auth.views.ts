import { QueryBuilder } from 'drizzle-orm/pg-core';
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
