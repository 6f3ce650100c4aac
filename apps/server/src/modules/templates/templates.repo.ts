import type { Executor } from '../../db/client';
import { templates } from '../../db/schema';

export type NewTemplate = Pick<
  typeof templates.$inferInsert,
  'subject' | 'thumbnail' | 'preview' | 'sortOrder'
>;

export async function insertTemplates(db: Executor, values: readonly NewTemplate[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(templates).values([...values]);
}
