import { freePort } from '@mergedesk/identity-provider/testing/provider-browser';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startGmailEmulator,
  type RunningGmailEmulator,
} from '../../../dev-services/gmail-emulator/src/server';
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import { apiPath } from './test/api-path';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { resolveTestGoogleAccessToken } from './test/google-tokens';
import { bearer, createSignIn } from './test/test-app';

/**
 * The sending engine's exactly-once under faults (issue 24): the server killed (SIGKILL) in the
 * middle of a 300-recipient merge, one send delivered by Gmail but never answered; PostgreSQL
 * restarted mid-merge; two server processes on one database working four merges at once. After
 * each, every recipient holds exactly one message in the Gmail stand-in. The server runs as
 * production runs it, in a process of its own (test/sending-server-main.ts: main.ts with every
 * sender's Gmail connected to the stand-in).
 */
const BASE_DIR = path.resolve(`.data/test-faults-sending-${process.pid}`);
const ENTRY = path.join(import.meta.dirname, 'test', 'sending-server-main.ts');

type Check = ReturnType<typeof createDatabase>;
type MergeBody = { status: string; counts: { sent: number; queued: number; total: number } };

describe('the sending engine under faults', () => {
  let postgres: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  let postgresPort: number;
  let emulator: RunningGmailEmulator;
  let check: Check;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  let token: string;
  let acmeSales: string;
  const dataDir = path.join(BASE_DIR, 'postgres');
  const startPostgres = () => startEmbeddedPostgres({ dataDir, port: postgresPort });

  beforeAll(async () => {
    postgresPort = await freePort();
    postgres = await startPostgres();
    emulator = await startGmailEmulator({
      port: 0,
      resolveAccessToken: resolveTestGoogleAccessToken,
      sendsPerSecond: 10_000,
      dailySendLimit: 100_000,
    });
    env = {
      DATABASE_URL: postgres.connectionString,
      GMAIL_API_URL: `${emulator.url}/`,
      // Fast enough for a test, slow enough that a kill lands in the middle of the merge.
      SENDING_RATE_PER_SENDER: '60',
      SENDING_LEASE_MS: '2000',
    };
    server = await startServerProcess(env, { entry: ENTRY });
    check = createDatabase(postgres.connectionString, { maxConnections: 2, onConnectionError: () => {} });
    token = await createSignIn(check.db, loadConfig({ NODE_ENV: 'test' }))('olivia@acme.test');
    const space = await check.pool.query<{ id: string }>(
      `select id from workspaces where name = 'Acme Sales'`,
    );
    acmeSales = space.rows[0]?.id ?? '';
  });

  afterAll(async () => {
    await check?.pool.end().catch(() => undefined);
    server?.kill('SIGTERM');
    await Promise.race([server?.exited, sleep(15_000)]);
    await emulator?.close();
    await postgres?.stop();
    rmSync(BASE_DIR, { recursive: true, force: true });
  });

  const startMerge = async (prefix: string, count: number) => {
    const response = await fetch(`${server?.url}${apiPath('merges.start')}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        workspaceId: acmeSales,
        spreadsheetName: 'Leads',
        sheetName: 'Sheet1',
        mergeSourceSheetKey: `sheet-${prefix}`,
        subject: 'Hello {{Name}}',
        htmlBody: '<p>Hi {{Name}}, <a href="https://example.com/">look</a></p>',
        recipients: Array.from({ length: count }, (_, i) => ({
          email: `${prefix}${i}@example.org`,
          fields: { Name: `R${i}` },
        })),
      }),
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { campaignId: string }).campaignId;
  };
  const mergeState = async (campaignId: string): Promise<MergeBody | undefined> =>
    fetch(`${server?.url}${apiPath('merges.get', { id: campaignId }, { limit: 1 })}`, {
      headers: bearer(token),
    }).then(
      async (response) => (response.ok ? ((await response.json()) as MergeBody) : undefined),
      () => undefined,
    );
  const delivered = (prefix: string) =>
    emulator.messages().filter((message) => message.to.some((to) => to.startsWith(prefix)));
  const expectExactlyOnce = (prefix: string, count: number) => {
    const perRecipient = new Map<string, number>();
    for (const message of delivered(prefix)) {
      for (const to of message.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    const twice = [...perRecipient].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    expect(perRecipient.size).toBe(count);
  };
  const waitDone = async (campaignId: string, ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const state = await mergeState(campaignId);
      if (state?.status === 'DONE') return state;
      if (Date.now() > deadline)
        throw new Error(`merge not done: ${JSON.stringify(state)}\n${server?.output().slice(-3000)}`);
      await sleep(250);
    }
  };

  it('SIGKILL mid-merge (one send delivered, never answered), restart: every recipient exactly one message', async () => {
    const campaignId = await startMerge('kill', 300);
    await expect.poll(() => delivered('kill').length, { timeout: 30_000, interval: 50 }).toBeGreaterThan(80);
    // The next send is delivered by Gmail, but its answer never comes: the kill finds it SENDING.
    emulator.injectFailures({ status: 'timeout', count: 1, method: 'messages.send', afterDelivery: true });
    await sleep(300);
    server?.kill('SIGKILL');
    await server?.exited;
    const atKill = delivered('kill').length;
    const sending = await check.pool.query<{ n: number }>(
      `select count(*)::int as n from merge_recipients where status = 'SENDING'`,
    );
    console.info(`[faults] killed after ${atKill} of 300 messages; ${sending.rows[0]?.n} left SENDING`);
    expect(sending.rows[0]?.n).toBeGreaterThanOrEqual(1);
    expect(atKill).toBeLessThan(300);

    server = await startServerProcess(env, { entry: ENTRY });
    // Back within a run lease (10 s) of the restart, plus the rest of the merge at the pace.
    const done = await waitDone(campaignId, 45_000);
    expect(done.counts).toMatchObject({ total: 300, sent: 300, queued: 0 });
    expectExactlyOnce('kill', 300);
    expect(server.logged('crashed send resolved').length).toBeGreaterThanOrEqual(1);
  });

  it('PostgreSQL restarted mid-merge: the merge finishes, every recipient exactly one message', async () => {
    const campaignId = await startMerge('pgrestart', 150);
    await expect
      .poll(() => delivered('pgrestart').length, { timeout: 30_000, interval: 50 })
      .toBeGreaterThan(30);
    await postgres.stop();
    await sleep(3000);
    postgres = await startPostgres();
    const done = await waitDone(campaignId, 45_000);
    expect(done.counts).toMatchObject({ total: 150, sent: 150, queued: 0 });
    expectExactlyOnce('pgrestart', 150);
    expect(server?.alive()).toBe(true);
  });

  it('two server processes share the merges: each merge done, every recipient exactly one message', async () => {
    const second = await startServerProcess(env, { entry: ENTRY });
    try {
      const merges = await Promise.all(
        ['two-a', 'two-b', 'two-c', 'two-d'].map(async (prefix) => ({
          prefix,
          campaignId: await startMerge(prefix, 40),
        })),
      );
      for (const { prefix, campaignId } of merges) {
        const done = await waitDone(campaignId, 45_000);
        expect(done.counts).toMatchObject({ total: 40, sent: 40, queued: 0 });
        expectExactlyOnce(prefix, 40);
      }
      expect(second.alive()).toBe(true);
    } finally {
      second.kill('SIGTERM');
      await Promise.race([second.exited, sleep(15_000)]);
    }
  });
});
