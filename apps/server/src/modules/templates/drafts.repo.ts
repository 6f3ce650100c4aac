import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { drafts, sessions, templates } from '../../db/schema';

/** The OAuth scopes the session was granted (space-separated in sessions.scopes). */
export async function findSessionScopes(db: Executor, sessionId: string): Promise<string[]> {
  const [row] = await db.select({ scopes: sessions.scopes }).from(sessions).where(eq(sessions.id, sessionId));
  return (row?.scopes ?? '').split(' ').filter((scope) => scope !== '');
}

export async function insertDraft(
  db: Executor,
  values: { userId: string; templateId: string; messageId: string },
): Promise<void> {
  await db.insert(drafts).values(values);
}

export type MailboxDraft = {
  messageId: string;
  subject: string | null;
  preview: string | null;
  createdAt: Date;
};

/** The user's drafts, newest first, with their template's subject and body (the local mailbox). */
export async function listUserDrafts(db: Executor, userId: string, limit: number): Promise<MailboxDraft[]> {
  return db
    .select({
      messageId: drafts.messageId,
      subject: templates.subject,
      preview: templates.preview,
      createdAt: drafts.createdAt,
    })
    .from(drafts)
    .leftJoin(templates, eq(templates.id, drafts.templateId))
    .where(eq(drafts.userId, userId))
    .orderBy(desc(drafts.createdAt), desc(drafts.id))
    .limit(limit);
}
