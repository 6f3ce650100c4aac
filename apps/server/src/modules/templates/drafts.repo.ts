import type { Executor } from '../../db/client';
import { drafts } from '../../db/schema';

export async function insertDraft(
  db: Executor,
  values: { userId: string; templateId: string; messageId: string },
): Promise<void> {
  await db.insert(drafts).values(values);
}
