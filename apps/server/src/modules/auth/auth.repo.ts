import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

const sessionColumns = {
  id: sessions.id,
  subject: sessions.subject,
  email: sessions.email,
  name: sessions.name,
  picture: sessions.picture,
  scopes: sessions.scopes,
  refreshTokenHash: sessions.refreshTokenHash,
  previousRefreshTokenHash: sessions.previousRefreshTokenHash,
  refreshRotatedAt: sessions.refreshRotatedAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
};

export type SessionRow = {
  id: string;
  subject: string;
  email: string;
  name: string;
  picture: string | null;
  scopes: string;
  refreshTokenHash: string;
  previousRefreshTokenHash: string | null;
  refreshRotatedAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
};

export async function insertSession(
  db: Database,
  values: Omit<SessionRow, 'id' | 'revokedAt' | 'previousRefreshTokenHash' | 'refreshRotatedAt'> & {
    providerAccessToken: string | null;
    providerTokenExpiresAt: Date | null;
  },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning(sessionColumns);
  if (!row) throw new Error('Session insert returned no row.');
  return row;
}

export async function findSession(db: Database, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select(sessionColumns).from(sessions).where(eq(sessions.id, id));
  return row;
}

/**
 * Replaces the refresh secret's hash, keeping the replaced one for the grace window — only when
 * `fromHash` is still the current one, so of two refreshes racing with one cookie exactly one
 * rotates. Returns false when another request rotated first.
 */
export async function rotateRefreshToken(
  db: Database,
  id: string,
  change: { fromHash: string; toHash: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({
      refreshTokenHash: change.toHash,
      previousRefreshTokenHash: change.fromHash,
      refreshRotatedAt: change.at,
      lastRefreshedAt: change.at,
    })
    .where(and(eq(sessions.id, id), eq(sessions.refreshTokenHash, change.fromHash)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** A permission added to a live session: its scopes and the provider's new access token. */
export async function grantSessionScopes(
  db: Database,
  id: string,
  grant: { scopes: string; providerAccessToken: string | null; providerTokenExpiresAt: Date | null },
): Promise<void> {
  await db.update(sessions).set(grant).where(eq(sessions.id, id));
}

export async function revokeSession(db: Database, id: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}
