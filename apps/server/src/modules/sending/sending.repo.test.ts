import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSeededTestApp } from '../../test/seeded-app';
import { findMerge, findMergeByAnyId, lockMerge } from './sending.repo';

describe('stored merge options', () => {
  const t = useSeededTestApp();

  /** A merge row as stored before issue 25: its options jsonb has no unsubscribeLink. */
  const insertMerge = async (options: Record<string, unknown>) => {
    const result = await t.db.execute<{ id: string }>(sql`
      insert into merges (workspace_id, user_id, merge_source_sheet_key, spreadsheet_name, sheet_name,
        subject, html_body, options, status)
      values (${t.space('Acme Sales')}, ${t.user('olivia@acme.test')}, 'sheet', 'Leads', 'Sheet1',
        'Hi', '<p>Hi</p>', ${JSON.stringify(options)}::jsonb, 'DONE')
      returning id`);
    return result.rows[0]!.id;
  };

  it('reads a merge stored before the unsubscribeLink option with the link on (its default)', async () => {
    const id = await insertMerge({ trackOpens: false, trackClicks: true, senderName: 'Olivia' });
    const expected = { trackOpens: false, trackClicks: true, senderName: 'Olivia', unsubscribeLink: true };
    expect((await findMerge(t.db, id))?.options).toEqual(expected);
    expect((await findMergeByAnyId(t.db, id))?.options).toEqual(expected);
    expect((await t.db.transaction((tx) => lockMerge(tx, id, 'share')))?.options).toEqual(expected);
  });

  it('keeps the stored choice when the option is there', async () => {
    const id = await insertMerge({ trackOpens: true, trackClicks: true, unsubscribeLink: false });
    expect((await findMerge(t.db, id))?.options).toEqual({
      trackOpens: true,
      trackClicks: true,
      unsubscribeLink: false,
    });
  });
});
