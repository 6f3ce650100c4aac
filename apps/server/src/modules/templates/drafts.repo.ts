import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { drafts, templates } from '../../db/schema';
import { sessionView } from '../auth/auth.views';
import { userView } from '../users/users.views';

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

export type MailboxDraft = {
  owner: string;
  messageId: string;
  subject: string | null;
  preview: string | null;
  createdAt: Date;
};

/** The newest drafts of the local mailbox (every user's), with their template's subject and body. */
export async function listMailboxDrafts(db: Executor, limit: number): Promise<MailboxDraft[]> {
  return db
    .select({
      owner: userView.email,
      messageId: drafts.messageId,
      subject: templates.subject,
      preview: templates.preview,
      createdAt: drafts.createdAt,
    })
    .from(drafts)
    .innerJoin(userView, eq(userView.id, drafts.userId))
    .leftJoin(templates, eq(templates.id, drafts.templateId))
    .orderBy(desc(drafts.createdAt), desc(drafts.id))
    .limit(limit);
}
