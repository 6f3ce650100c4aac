import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MergeStatus } from '@mergedesk/domain/sending/recipients';
import { insertTestMerge } from '../../test/merges';
import { useSeededTestApp } from '../../test/seeded-app';
import {
  findMerge,
  findMergeByAnyId,
  lockMerge,
  markMergeDone,
  markMergeSending,
  pendingWork,
  staleSendingRecipients,
} from './sending.repo';

describe('stored merge options', () => {
  const t = useSeededTestApp();

  /** A merge row as stored before issue 25: its options jsonb has no unsubscribeLink. */
  const insertMerge = (options: Record<string, unknown>) =>
    insertTestMerge(t.db, {
      workspaceId: t.space('Acme Sales'),
      userId: t.user('olivia@acme.test'),
      status: 'DONE',
      options,
    });

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

describe('staleSendingRecipients: what the recovery may look up', () => {
  const t = useSeededTestApp();

  it('leaves the SENDING rows of a merge whose run holds its lease to that run, however old', async () => {
    const mergeId = await insertTestMerge(t.db, {
      workspaceId: t.space('Acme Sales'),
      userId: t.user('olivia@acme.test'),
      status: 'SENDING',
      runLeaseUntil: new Date(Date.now() + 10_000),
    });
    await t.db.execute(sql`
      insert into merge_recipients (id, merge_id, index, user_id, workspace_id, email, is_gmail_address,
        fields, status, attempts, handed_at)
      values (gen_random_uuid(), ${mergeId}, 0, ${t.user('olivia@acme.test')}, ${t.space('Acme Sales')},
        'slow@example.org', false, '{}'::jsonb, 'SENDING', 1, now() - interval '1 hour')`);
    const staleIds = async () =>
      (await staleSendingRecipients(t.db, new Date(Date.now() - 60_000)))
        .filter((row) => row.mergeId === mergeId)
        .map((row) => row.mergeId);

    // The run is alive: its calls may still be waiting for Gmail.
    expect(await staleIds()).toEqual([]);
    // Its run is gone (the lease lapsed): a crash, looked up by Message-ID.
    await t.db.execute(
      sql`update merges set run_lease_until = now() - interval '1 second' where id = ${mergeId}`,
    );
    expect(await staleIds()).toEqual([mergeId]);
    // The run starting on the merge (holding the lease) looks up its own merge's rows.
    await t.db.execute(
      sql`update merges set run_lease_until = now() + interval '10 seconds' where id = ${mergeId}`,
    );
    expect(await staleSendingRecipients(t.db, new Date(Date.now() - 60_000), mergeId)).toHaveLength(1);
  });
});

describe('pendingWork: when the merge has something due', () => {
  const t = useSeededTestApp();

  it('is due now when a queued recipient has no back-off, whatever the others wait for', async () => {
    const mergeId = await insertTestMerge(t.db, {
      workspaceId: t.space('Acme Sales'),
      userId: t.user('olivia@acme.test'),
      status: 'SENDING',
    });
    const queue = (index: number, email: string, notBefore: ReturnType<typeof sql>) =>
      t.db.execute(sql`
        insert into merge_recipients (id, merge_id, index, user_id, workspace_id, email, is_gmail_address,
          fields, status, attempts, not_before)
        values (gen_random_uuid(), ${mergeId}, ${index}, ${t.user('olivia@acme.test')}, ${t.space('Acme Sales')},
          ${email}, false, '{}'::jsonb, 'QUEUED', 0, ${notBefore})`);
    await queue(0, 'later@example.org', sql`now() + interval '1 hour'`);
    const later = await pendingWork(t.db, mergeId);
    expect(later.nextNotBefore!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    await queue(1, 'again@example.org', sql`null`);
    const due = await pendingWork(t.db, mergeId);
    expect(due.queued).toBe(2);
    expect(due.nextNotBefore!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe('markMergeSending and markMergeDone: one statement, never over a merge that is over', () => {
  const t = useSeededTestApp();

  const insertMerge = (status: MergeStatus, startedAt: Date | null = null) =>
    insertTestMerge(t.db, {
      workspaceId: t.space('Acme Sales'),
      userId: t.user('olivia@acme.test'),
      status,
      startedAt,
    });
  const stateOf = async (id: string) => {
    const result = await t.db.execute<{
      status: string;
      started_at: string | null;
      finished_at: string | null;
    }>(sql`select status, started_at, finished_at from merges where id = ${id}`);
    const row = result.rows[0]!;
    const time = (value: string | null) => (value === null ? null : new Date(value));
    return { status: row.status, startedAt: time(row.started_at), finishedAt: time(row.finished_at) };
  };
  const at = new Date('2026-11-28T09:00:00Z');

  it.each<MergeStatus>(['QUEUED', 'WAITING_FOR_QUOTA', 'PAUSED_RATE_LIMITED', 'PAUSED_GMAIL_DISCONNECTED'])(
    'a %s merge starts sending, started at the time given',
    async (status) => {
      const id = await insertMerge(status);
      expect(await markMergeSending(t.db, id, at)).toEqual({ status: 'SENDING', startedAt: at });
      expect(await stateOf(id)).toMatchObject({ status: 'SENDING', startedAt: at });
    },
  );

  it('keeps the time a resumed merge first started', async () => {
    const first = new Date('2026-11-27T08:00:00Z');
    const id = await insertMerge('WAITING_FOR_QUOTA', first);
    expect(await markMergeSending(t.db, id, at)).toEqual({ status: 'SENDING', startedAt: first });
  });

  it.each<MergeStatus>(['DONE', 'CANCELLED'])('leaves a %s merge as it is (undefined)', async (status) => {
    const id = await insertMerge(status);
    expect(await markMergeSending(t.db, id, at)).toBeUndefined();
    expect((await stateOf(id)).status).toBe(status);
  });

  it('marks a sending merge DONE with its end, and leaves a merge cancelled meanwhile CANCELLED', async () => {
    const sending = await insertMerge('SENDING', at);
    await markMergeDone(t.db, sending, at);
    expect(await stateOf(sending)).toMatchObject({ status: 'DONE', finishedAt: at });
    const cancelled = await insertMerge('CANCELLED', at);
    await markMergeDone(t.db, cancelled, at);
    expect(await stateOf(cancelled)).toMatchObject({ status: 'CANCELLED', finishedAt: null });
  });
});
