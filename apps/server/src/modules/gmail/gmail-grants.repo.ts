import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gmailGrants } from '../../db/schema';

export type GmailGrantRow = {
  userId: string;
  email: string;
  /** Sealed (lib/secret-box); gmail-accounts opens it. */
  refreshToken: string;
  scopes: string;
  status: 'ACTIVE' | 'REVOKED';
  grantedAt: Date;
  revokedAt: Date | null;
};

const columns = {
  userId: gmailGrants.userId,
  email: gmailGrants.email,
  refreshToken: gmailGrants.refreshToken,
  scopes: gmailGrants.scopes,
  status: gmailGrants.status,
  grantedAt: gmailGrants.grantedAt,
  revokedAt: gmailGrants.revokedAt,
};

export async function findGmailGrant(db: Executor, userId: string): Promise<GmailGrantRow | undefined> {
  const [row] = await db.select(columns).from(gmailGrants).where(eq(gmailGrants.userId, userId)).limit(1);
  return row;
}

/** A new consent replaces whatever was there (a reconnect after a revocation included). */
export async function upsertGmailGrant(
  db: Executor,
  grant: { userId: string; email: string; refreshToken: string; scopes: string; at: Date },
): Promise<void> {
  const values = {
    email: grant.email,
    refreshToken: grant.refreshToken,
    scopes: grant.scopes,
    status: 'ACTIVE' as const,
    grantedAt: grant.at,
    revokedAt: null,
    updatedAt: grant.at,
  };
  await db
    .insert(gmailGrants)
    .values({ userId: grant.userId, ...values })
    .onConflictDoUpdate({ target: gmailGrants.userId, set: values });
}

/**
 * Marks the grant REVOKED — only if it still holds the refresh token the provider refused, so a
 * reconnect that landed meanwhile is not undone. Answers whether a row changed.
 */
export async function markGmailGrantRevoked(
  db: Executor,
  userId: string,
  refreshToken: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(gmailGrants)
    .set({ status: 'REVOKED', revokedAt: at, updatedAt: at })
    .where(
      and(
        eq(gmailGrants.userId, userId),
        eq(gmailGrants.refreshToken, refreshToken),
        eq(gmailGrants.status, 'ACTIVE'),
      ),
    )
    .returning({ userId: gmailGrants.userId });
  return rows.length > 0;
}

/** Deletes the grant; answers the sealed refresh token it held, if any (to revoke it at the provider). */
export async function deleteGmailGrant(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .delete(gmailGrants)
    .where(eq(gmailGrants.userId, userId))
    .returning({ refreshToken: gmailGrants.refreshToken });
  return row?.refreshToken ?? null;
}
