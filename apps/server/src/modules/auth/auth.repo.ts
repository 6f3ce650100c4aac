import { eq } from 'drizzle-orm';
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
  expiresAt: Date;
  revokedAt: Date | null;
};

export async function insertSession(
  db: Database,
  values: Omit<SessionRow, 'id' | 'revokedAt'> & {
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

export async function touchSession(db: Database, id: string): Promise<void> {
  await db.update(sessions).set({ lastRefreshedAt: new Date() }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Database, id: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}
