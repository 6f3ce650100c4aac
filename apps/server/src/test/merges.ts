import type { Executor } from '../db/client';
import { merges, type StoredMergeOptions } from '../db/schema';

type NewMerge = typeof merges.$inferInsert;

/**
 * A merge row stored directly, in a state a test needs (a status, a lease, options as stored
 * before a migration) rather than through the API: subject 'Hi', sheet 'Leads' / 'Sheet1', no
 * recipients. Its id.
 */
export async function insertTestMerge(
  db: Executor,
  values: Pick<NewMerge, 'workspaceId' | 'userId' | 'status'> &
    Partial<Omit<NewMerge, 'options'>> & {
      /** As stored, not checked against today's options (a row written before a migration). */
      options?: Record<string, unknown>;
    },
): Promise<string> {
  const { options, ...rest } = values;
  const [row] = await db
    .insert(merges)
    .values({
      mergeSourceSheetKey: 'sheet',
      spreadsheetName: 'Leads',
      sheetName: 'Sheet1',
      subject: 'Hi',
      htmlBody: '<p>Hi</p>',
      ...rest,
      options: (options ?? {}) as StoredMergeOptions,
    })
    .returning({ id: merges.id });
  return row!.id;
}
