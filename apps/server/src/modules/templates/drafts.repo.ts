import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { drafts } from '../../db/schema';
import { sessionView } from '../auth/auth.views';

/** The OAuth scopes the session was granted (space-separated in sessions.scopes). */
export async function findSessionScopes(db: Executor, sessionId: string): Promise<string[]> {
  const [row] = await db
    .select({ scopes: sessionView.scopes })
    .from(sessionView)
    .where(eq(sessionView.id, sessionId));
  return (row?.scopes ?? '').split(' ').filter((scope) => scope !== '');
}

export async function insertDraft(
  db: Executor,
  values: { userId: string; templateId: string; messageId: string },
): Promise<void> {
  await db.insert(drafts).values(values);
}
