import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestGmailAccounts } from '../../test/gmail';
import type { MergeStatus } from '@mergedesk/domain/sending/recipients';
import { insertTestMerge } from '../../test/merges';
import { useSeededTestApp } from '../../test/seeded-app';
import { createTrackingTokens } from '../tracking/tracking-token';
import { createMergeWorker } from './merge-worker';

describe('merge worker: a run admitted while the process stops', () => {
  const t = useSeededTestApp();

  /** A worker of its own (no job queue): what it would queue is recorded. */
  const workerQueueing = () => {
    const queued: { mergeId: string; at: Date }[] = [];
    const worker = createMergeWorker({
      db: t.db,
      gmail: createTestGmailAccounts(() => t.config).accounts,
      tokens: createTrackingTokens(t.config.SESSION_SECRET),
      trackingBaseUrl: 'http://localhost:3000',
      messageIdHost: 'localhost',
      ratePerSender: 0,
      leaseMs: 500,
      log: t.app.log,
      enqueue: (_db, mergeId, at) => {
        queued.push({ mergeId, at });
        return Promise.resolve();
      },
    });
    return { worker, queued };
  };

  const insertMerge = async (status: MergeStatus) => {
    const mergeId = await insertTestMerge(t.db, {
      workspaceId: t.space('Acme Sales'),
      userId: t.user('olivia@acme.test'),
      status,
      nextRunAt: new Date(),
    });
    await t.db.execute(sql`
      insert into merge_recipients (id, merge_id, index, user_id, workspace_id, email, is_gmail_address,
        fields, status, attempts)
      values (gen_random_uuid(), ${mergeId}, 0, ${t.user('olivia@acme.test')}, ${t.space('Acme Sales')},
        'stop@example.org', false, '{}'::jsonb, 'QUEUED', 0)`);
    return mergeId;
  };
  const stateOf = async (mergeId: string) =>
    (
      await t.db.execute<{ status: string; started_at: string | null; run_lease_until: string | null }>(
        sql`select status, started_at, run_lease_until from merges where id = ${mergeId}`,
      )
    ).rows[0];

  it('queues the merge’s next run at once and touches nothing of it', async () => {
    const mergeId = await insertMerge('QUEUED');
    const { worker, queued } = workerQueueing();
    const before = Date.now();
    await worker.runMerge(mergeId, AbortSignal.abort());
    expect(queued.map((entry) => entry.mergeId)).toEqual([mergeId]);
    expect(queued[0]!.at.getTime()).toBeGreaterThanOrEqual(before);
    expect(queued[0]!.at.getTime()).toBeLessThanOrEqual(Date.now());
    // Not started, not leased: the next run (in this process or another) finds it as it was.
    expect(await stateOf(mergeId)).toEqual({ status: 'QUEUED', started_at: null, run_lease_until: null });
    const recipients = await t.db.execute<{ status: string }>(
      sql`select status from merge_recipients where merge_id = ${mergeId}`,
    );
    expect(recipients.rows).toEqual([{ status: 'QUEUED' }]);
  });

  it('queues nothing for a merge that is over, stopping or not', async () => {
    const mergeId = await insertMerge('DONE');
    const { worker, queued } = workerQueueing();
    await worker.runMerge(mergeId);
    expect(queued).toEqual([]);
    expect((await stateOf(mergeId))?.status).toBe('DONE');
  });
});
