import { IDEMPOTENT_REPLAYED_HEADER } from '@mergedesk/domain/api/addon';
import { MERGE_NOT_FOUND_MESSAGE } from '@mergedesk/domain/api/sending';
import { SCHEDULING_NEEDS_PRO_MESSAGE } from '@mergedesk/domain/plans/plan-features';
import { DISABLED_ACCOUNT_MESSAGE } from '@mergedesk/domain/shell/space-navigation';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startGmailEmulator,
  type RunningGmailEmulator,
} from '../../../../../dev-services/gmail-emulator/src/server';
import {
  campaignEvents,
  campaignRecipients,
  campaigns,
  mergeRecipients,
  merges,
  monthlySentMails,
  scheduledCampaigns,
  unsubscriptions,
} from '../../db/schema';
import type { DemoSeedResult } from '../../seed/seed';
import { apiPath } from '../../test/api-path';
import { createTestGmailAccounts } from '../../test/gmail';
import { GmailApiError } from '../gmail/gmail-accounts';
import { RUNS_STARTING_AT_ONCE, SWEEP_GRACE_MS } from './merge-worker';
import { resolveTestGoogleAccessToken } from '../../test/google-tokens';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

type MergeStatusBody = {
  id: string;
  campaignId: string | null;
  scheduledCampaignId: string | null;
  status: string;
  nextRunAt: number | null;
  counts: { total: number; queued: number; sent: number; skipped: number; failed: number };
  recipients: { index: number; email: string; status: string; reason: string | null; attempts: number }[];
  nextCursor: string | null;
};

describe('sending engine API (against the Gmail stand-in)', () => {
  let t: TestApp;
  let demo: DemoSeedResult;
  let emulator: RunningGmailEmulator;
  const gmail = createTestGmailAccounts(() => t.config);
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    emulator = await startGmailEmulator({
      port: 0,
      resolveAccessToken: resolveTestGoogleAccessToken,
      sendsPerSecond: 10_000,
      dailySendLimit: 100_000,
    });
    t = await createTestApp({
      env: {
        GMAIL_API_URL: `${emulator.url}/`,
        SENDING_RATE_PER_SENDER: '0',
        SENDING_LEASE_MS: '500',
        PUBLIC_URL: 'http://localhost:3000',
      },
      gmailAccounts: gmail.accounts,
    });
    demo = await t.seedDemo();
    for (const email of ['olivia@acme.test', 'gina@gmail.com', 'adam@acme.test']) {
      gmail.connect(user(email), email);
    }
    await t.app.sendingEngine.startWorkers();
  });
  afterAll(async () => {
    await t.close();
    await emulator.close();
  });

  const user = (email: string) => demo.users[email] ?? '';
  const space = (name: string) => demo.spaces[name] ?? '';
  const auth = async (email: string) => {
    let token = tokens.get(email);
    if (token === undefined) {
      token = await t.signIn(email);
      tokens.set(email, token);
    }
    return bearer(token);
  };
  const start = async (email: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: apiPath('merges.start'),
      headers: { ...(await auth(email)), ...headers },
      payload: body,
    });
  const mergeBody = (recipients: { email: string; fields?: Record<string, string> }[], extra = {}) => ({
    workspaceId: space('Acme Sales'),
    spreadsheetName: 'Leads',
    sheetName: 'Sheet1',
    mergeSourceSheetKey: 'sheet-1',
    subject: 'Hello {{First name|there}}',
    htmlBody:
      '<p>Hi {{First name}}, see <a href="https://example.com/offer">our offer</a> and <a href="https://example.com/{{First name}}">yours</a>.</p>',
    recipients: recipients.map((recipient) => ({
      email: recipient.email,
      fields: { 'First name': recipient.email.split('@')[0] ?? '', ...recipient.fields },
    })),
    ...extra,
  });
  const getMerge = async (email: string, id: string, query?: Record<string, string | number>) =>
    t.app.inject({ method: 'GET', url: apiPath('merges.get', { id }, query), headers: await auth(email) });
  const waitFor = async (
    email: string,
    id: string,
    done: (body: MergeStatusBody) => boolean,
    ms = 20_000,
  ) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const body = (await getMerge(email, id)).json<MergeStatusBody>();
      if (done(body)) return body;
      if (Date.now() > deadline) throw new Error(`merge ${id} stuck: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const messagesTo = (address: string) =>
    emulator.messages().filter((message) => message.to.includes(address));
  const mergeCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(merges))[0]?.n;

  it('sends a merge now: 202 campaignId, skip reasons, exactly one message per recipient with tracking and List-Unsubscribe', async () => {
    await t.db.insert(unsubscriptions).values({
      workspaceId: space('Acme Sales'),
      userId: user('olivia@acme.test'),
      email: 'gone@example.org',
      type: 'PERSONAL',
    });
    const monthlyCount = async () => {
      const at = new Date();
      const [row] = await t.db
        .select({ count: monthlySentMails.count })
        .from(monthlySentMails)
        .where(
          and(
            eq(monthlySentMails.workspaceId, space('Acme Sales')),
            eq(monthlySentMails.userId, user('olivia@acme.test')),
            eq(monthlySentMails.year, at.getUTCFullYear()),
            eq(monthlySentMails.month, at.getUTCMonth() + 1),
          ),
        );
      return row?.count ?? 0;
    };
    const monthlyBefore = await monthlyCount();
    const response = await start(
      'olivia@acme.test',
      mergeBody(
        [
          { email: 'ada@example.org' },
          { email: 'not-an-address' },
          { email: 'ADA@example.org' },
          { email: 'gone@example.org' },
          { email: 'bob@example.org', fields: { CC: 'boss@example.org' } },
        ],
        { options: { trackOpens: true, trackClicks: true, ccColumn: 'CC', senderName: 'Olivia at Acme' } },
      ),
    );
    expect(response.statusCode).toBe(202);
    const { campaignId } = response.json<{ campaignId: string }>();
    expect(campaignId).toMatch(/^[0-9a-f-]{36}$/);
    const done = await waitFor('olivia@acme.test', campaignId, (body) => body.status === 'DONE');
    expect(done.counts).toEqual({ total: 5, queued: 0, sent: 2, skipped: 3, failed: 0 });
    expect(done.recipients.map((r) => [r.index, r.email, r.status, r.reason])).toEqual([
      [0, 'ada@example.org', 'SENT', null],
      [1, 'not-an-address', 'SKIPPED', 'INVALID_ADDRESS'],
      [2, 'ada@example.org', 'SKIPPED', 'DUPLICATE'],
      [3, 'gone@example.org', 'SKIPPED', 'UNSUBSCRIBED'],
      [4, 'bob@example.org', 'SENT', null],
    ]);
    expect(messagesTo('ada@example.org')).toHaveLength(1);
    expect(messagesTo('gone@example.org')).toHaveLength(0);
    const [bob] = messagesTo('bob@example.org');
    expect(bob?.subject).toBe('Hello bob');
    expect(bob?.cc).toEqual(['boss@example.org']);
    expect(bob?.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3000\/t\/u\/[^>]+>/m);
    expect(bob?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(bob?.raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@localhost>/im);
    expect(bob?.html).toContain('/t/o/');
    // The static link is rewritten to its click URL; the link with a marker is left as rendered.
    expect(bob?.html).toMatch(/href="http:\/\/localhost:3000\/t\/c\/[^"]+\/0"/);
    expect(bob?.html).toContain('href="https://example.com/bob"');
    expect(bob?.html).not.toContain('href="https://example.com/offer"');
    expect(bob?.text).toContain('Hi bob');
    // The campaign records the sends.
    const [campaign] = await t.db
      .select({ sentCount: campaigns.sentCount, lastEmailSentAt: campaigns.lastEmailSentAt })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    expect(campaign?.sentCount).toBe(2);
    expect(campaign?.lastEmailSentAt).not.toBeNull();
    // … with the recipients' sent time, one 'sent' event each, and the sender's monthly count.
    const sentRecipients = await t.db
      .select({ email: campaignRecipients.email })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), isNotNull(campaignRecipients.sentAt)));
    expect(sentRecipients.map((row) => row.email).sort()).toEqual(['ada@example.org', 'bob@example.org']);
    const sentEvents = await t.db
      .select({ recipientId: campaignEvents.recipientId })
      .from(campaignEvents)
      .where(and(eq(campaignEvents.campaignId, campaignId), eq(campaignEvents.type, 'sent')));
    expect(sentEvents).toHaveLength(2);
    expect(await monthlyCount()).toBe(monthlyBefore + 2);
    // The dashboard's recipients rows carry the delivery.
    const recipients = await t.app.inject({
      method: 'GET',
      url: apiPath('campaigns.recipients', { id: campaignId }),
      headers: await auth('olivia@acme.test'),
    });
    expect(recipients.statusCode).toBe(200);
    const deliveries = recipients
      .json<{ items: { email: string; delivery?: { status: string; reason: string | null } | null }[] }>()
      .items.map((item) => [item.email, item.delivery?.status, item.delivery?.reason]);
    expect(deliveries).toEqual(
      expect.arrayContaining([
        ['ada@example.org', 'SENT', null],
        ['gone@example.org', 'SKIPPED', 'UNSUBSCRIBED'],
      ]),
    );
  });

  it('pages the recipients after a cursor', async () => {
    const response = await start(
      'olivia@acme.test',
      mergeBody(Array.from({ length: 5 }, (_, i) => ({ email: `page${i}@example.org` }))),
    );
    const { campaignId } = response.json<{ campaignId: string }>();
    const firstResponse = await getMerge('olivia@acme.test', campaignId, { limit: 2 });
    const first = firstResponse.json<MergeStatusBody>();
    expect(first.recipients.map((r) => r.index)).toEqual([0, 1]);
    expect(first.nextCursor).toBe('1');
    const second = (
      await getMerge('olivia@acme.test', campaignId, { limit: 2, after: first.nextCursor ?? '' })
    ).json<MergeStatusBody>();
    expect(second.recipients.map((r) => r.index)).toEqual([2, 3]);
    await waitFor('olivia@acme.test', campaignId, (body) => body.status === 'DONE');
  });

  it('refuses unknown markers with the list of them, and stores nothing', async () => {
    const before = await mergeCount();
    const response = await start(
      'olivia@acme.test',
      mergeBody([{ email: 'x@example.org' }], {
        subject: 'Hi {{Nickname}}',
        htmlBody: '<p>{{Company}} {{First name}}</p>',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('{{Nickname}}, {{Company}}'),
    });
    expect(await mergeCount()).toBe(before);
  });

  it('refuses more than 5,000 recipients', async () => {
    const response = await start(
      'olivia@acme.test',
      mergeBody(Array.from({ length: 5001 }, (_, i) => ({ email: `r${i}@example.org` }))),
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(
      'At most 5000 recipients can be sent in one mail merge.',
    );
  });

  it('answers 401 without a sign-in, 403 to a disabled member, 404 to a stranger of the space', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: apiPath('merges.start'),
      payload: mergeBody([{ email: 'a@example.org' }]),
    });
    expect(anonymous.statusCode).toBe(401);
    // Issue 25: the dashboard hides 'New mail merge' from a disabled member (canStartMerges); the
    // server refuses them with the disabled page's message and stores nothing.
    const before = await mergeCount();
    const disabled = await start('dora@acme.test', mergeBody([{ email: 'a@example.org' }]));
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toMatchObject({ code: 'FORBIDDEN', message: DISABLED_ACCOUNT_MESSAGE });
    expect(await mergeCount()).toBe(before);
    const stranger = await start('gina@gmail.com', mergeBody([{ email: 'a@example.org' }]));
    expect(stranger.statusCode).toBe(404);
  });

  it('refuses scheduling to a Free member (403, the plan rule message) and stores nothing', async () => {
    const before = await mergeCount();
    const response = await start(
      'fred@acme.test',
      mergeBody([{ email: 'a@example.org' }], { scheduledAt: Date.now() + 60_000 }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: SCHEDULING_NEEDS_PRO_MESSAGE });
    // The owner of a Free space (entitlements: no paid seat, no scheduling) likewise.
    const owner = await start(
      'gina@gmail.com',
      mergeBody([{ email: 'a@example.org' }], {
        workspaceId: space("Gina's space"),
        scheduledAt: Date.now() + 60_000,
      }),
    );
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toMatchObject({ code: 'FORBIDDEN', message: SCHEDULING_NEEDS_PRO_MESSAGE });
    expect(await mergeCount()).toBe(before);
  });

  it('answers 404 for another sender’s merge', async () => {
    const { campaignId } = (await start('olivia@acme.test', mergeBody([{ email: 'own@example.org' }]))).json<{
      campaignId: string;
    }>();
    const response = await getMerge('adam@acme.test', campaignId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: MERGE_NOT_FOUND_MESSAGE });
  });

  it('replays an Idempotency-Key: one merge, one set of messages', async () => {
    const before = await mergeCount();
    const body = mergeBody([{ email: 'once@example.org' }]);
    const first = await start('olivia@acme.test', body, { 'idempotency-key': 'merge-once-1' });
    const second = await start('olivia@acme.test', body, { 'idempotency-key': 'merge-once-1' });
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await mergeCount()).toBe((before ?? 0) + 1);
    await waitFor(
      'olivia@acme.test',
      first.json<{ campaignId: string }>().campaignId,
      (b) => b.status === 'DONE',
    );
    expect(messagesTo('once@example.org')).toHaveLength(1);
  });

  it('retries Gmail 500s and 429s mid-merge with back-off and sends nothing twice', async () => {
    // Adam's calls only: other merges of the file may still be sending.
    const account = 'adam@acme.test';
    emulator.injectFailures({ status: 500, count: 2, method: 'messages.send', account });
    emulator.injectFailures({ status: 429, count: 1, method: 'messages.send', account });
    const addresses = Array.from({ length: 8 }, (_, i) => `retry${i}@example.org`);
    const { campaignId } = (await start(account, mergeBody(addresses.map((email) => ({ email }))))).json<{
      campaignId: string;
    }>();
    const done = await waitFor(account, campaignId, (b) => b.status === 'DONE', 30_000);
    expect(done.counts.sent).toBe(8);
    for (const address of addresses) expect(messagesTo(address)).toHaveLength(1);
    expect(Math.max(...done.recipients.map((r) => r.attempts))).toBeGreaterThan(1);
  });

  it('a run stopped by a 429 starts no further call and puts back what it reserved, untouched: one attempt each', async () => {
    // Unpaced, a run sends its first 50, then batches of 200, 50 calls at a time, and reserves
    // the next batch while one is with Gmail. The 429 answering the 60th call (in the batch of 200,
    // 50 ms late) pauses the sender (Retry-After 1 s) and ends the run: no call starts after it, and the calls
    // not started and the batch reserved ahead go back to the queue. Left SENDING, they would wait
    // for the crash recovery and count a second attempt.
    const account = 'adam@acme.test';
    const adam = user(account);
    const forUser = gmail.accounts.forUser.bind(gmail.accounts);
    let calls = 0;
    let limitedAt: number | undefined;
    const startedAfter: number[] = [];
    gmail.accounts.forUser = async (userId) => {
      const gmailAccount = await forUser(userId);
      if (userId !== adam) return gmailAccount;
      return {
        ...gmailAccount,
        send: async (raw, options) => {
          if (limitedAt !== undefined) startedAfter.push(performance.now() - limitedAt);
          calls += 1;
          if (calls === 60) {
            // Gmail's 429 takes its time: the batch's other calls go on meanwhile.
            await new Promise((resolve) => setTimeout(resolve, 50));
            limitedAt = performance.now();
            throw new GmailApiError('rate-limited', 'User-rate limit exceeded (test)', {
              status: 429,
              retryAfterMs: 1000,
            });
          }
          return gmailAccount.send(raw, options);
        },
      };
    };
    try {
      const addresses = Array.from({ length: 260 }, (_, i) => `ahead${i}@example.org`);
      const { campaignId } = (await start(account, mergeBody(addresses.map((email) => ({ email }))))).json<{
        campaignId: string;
      }>();
      const done = await waitFor(account, campaignId, (b) => b.status === 'DONE', 30_000);
      expect(limitedAt).toBeDefined();
      // The sender is paused for a second: nothing starts in the first half of it.
      expect(startedAfter.filter((ms) => ms < 500)).toEqual([]);
      expect(done.counts.sent).toBe(260);
      for (const address of addresses) expect(messagesTo(address)).toHaveLength(1);
      const all = (await getMerge(account, campaignId, { limit: 300 })).json<MergeStatusBody>();
      expect(all.recipients.map((recipient) => recipient.attempts)).toEqual(addresses.map(() => 1));
    } finally {
      gmail.accounts.forUser = forUser;
    }
  });

  it('starts at most RUNS_STARTING_AT_ONCE due merges at a time; the others wait their turn and all send', async () => {
    // Six merges due together, their Gmail clients held back: the runs past the fourth wait
    // before starting (their jobs are taken, not their merges), and all six send once let go.
    const senders = ['olivia@acme.test', 'adam@acme.test'];
    const forUser = gmail.accounts.forUser.bind(gmail.accounts);
    let starting = 0;
    let mostStarting = 0;
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    gmail.accounts.forUser = async (userId) => {
      starting += 1;
      mostStarting = Math.max(mostStarting, starting);
      await held;
      starting -= 1;
      return forUser(userId);
    };
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const sender = senders[i % 2] ?? '';
        const body = mergeBody([{ email: `gate${i}@example.org` }]);
        const response = await start(sender, body);
        expect(response.statusCode, response.body).toBe(202);
        ids.push(response.json<{ campaignId: string }>().campaignId);
      }
      const mergeIds = (
        await t.db.select({ id: merges.id }).from(merges).where(inArray(merges.campaignId, ids))
      ).map((row) => row.id);
      const taken = async () =>
        (
          await t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pgboss.job_common where name = 'merge-run' and state = 'active' and data->>'mergeId' in ${mergeIds}`,
          )
        ).rows[0]?.n;
      const deadline = Date.now() + 10_000;
      while ((await taken()) !== 6) {
        if (Date.now() > deadline) throw new Error(`jobs taken: ${await taken()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A run of an earlier test's merge may hold a place for a moment (it finds its merge over).
      while (starting !== RUNS_STARTING_AT_ONCE) {
        if (Date.now() > deadline) throw new Error(`runs starting: ${starting}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      letGo();
      for (const [i, id] of ids.entries()) {
        await waitFor(senders[i % 2] ?? '', id, (b) => b.status === 'DONE');
        expect(messagesTo(`gate${i}@example.org`)).toHaveLength(1);
      }
      expect(mostStarting).toBe(RUNS_STARTING_AT_ONCE);
    } finally {
      letGo();
      gmail.accounts.forUser = forUser;
    }
  });

  it('resolves a send that Gmail delivered but answered 500 by its Message-ID, without sending again', async () => {
    const account = 'adam@acme.test';
    emulator.injectFailures({ status: 500, count: 1, method: 'messages.send', account, afterDelivery: true });
    const { campaignId } = (await start(account, mergeBody([{ email: 'ambiguous@example.org' }]))).json<{
      campaignId: string;
    }>();
    const done = await waitFor(account, campaignId, (b) => b.status === 'DONE');
    expect(done.recipients[0]?.attempts).toBe(1);
    expect(done.counts.sent).toBe(1);
    expect(messagesTo('ambiguous@example.org')).toHaveLength(1);
  });

  it('sends what fits the quota, waits for quota reset (no next run), and resumes when the window frees', async () => {
    const gina = user('gina@gmail.com');
    const addresses = Array.from({ length: 23 }, (_, i) => `quota${i}@example.org`);
    // The recording of the 20 sends is held (the campaign's row locked), and the run finds the
    // quota used up meanwhile: the merge must not say 'waiting for quota' before its 20 sends are
    // recorded. The run waits for its Gmail client until the lock is in place.
    const forUser = gmail.accounts.forUser.bind(gmail.accounts);
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    gmail.accounts.forUser = async (userId) => {
      if (userId === gina) await held;
      return forUser(userId);
    };
    let unlock = () => {};
    let locking: Promise<void> | undefined;
    let campaignId: string;
    try {
      const response = await start('gina@gmail.com', {
        ...mergeBody(addresses.map((email) => ({ email }))),
        workspaceId: space("Gina's space"),
      });
      expect(response.statusCode).toBe(202);
      campaignId = response.json<{ campaignId: string }>().campaignId;
      const unlocked = new Promise<void>((resolve) => (unlock = resolve));
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      locking = t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from campaigns where id = ${campaignId} for update`);
        locked();
        await unlocked;
      });
      await lockTaken;
      letGo();
      const deadline = Date.now() + 10_000;
      while (addresses.filter((address) => messagesTo(address).length > 0).length < 20) {
        if (Date.now() > deadline) throw new Error('the 20 sends did not leave');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The run has its answer from the quota by now (reserved while the sends were out).
      for (const until = Date.now() + 500; Date.now() < until;) {
        expect((await getMerge('gina@gmail.com', campaignId)).json<MergeStatusBody>().status).toBe('SENDING');
      }
    } finally {
      letGo();
      unlock();
      await locking;
      gmail.accounts.forUser = forUser;
    }
    const waiting = await waitFor('gina@gmail.com', campaignId, (b) => b.status === 'WAITING_FOR_QUOTA');
    expect(waiting.counts).toMatchObject({ sent: 20, queued: 3 });
    expect(waiting.nextRunAt).toBeNull();
    const quota = await t.app.inject({
      method: 'GET',
      url: apiPath('merges.quota', {}, { workspaceId: space("Gina's space") }),
      headers: await auth('gina@gmail.com'),
    });
    expect(quota.json()).toMatchObject({ limit: 20, used: 20, remaining: 0 });
    // A day passes for the ledger: its sends leave the window.
    await t.db
      .update(mergeRecipients)
      .set({ handedAt: sql`${mergeRecipients.handedAt} - interval '25 hours'` })
      .where(eq(mergeRecipients.userId, gina));
    await t.db
      .update(merges)
      .set({ nextRunAt: sql`now()` })
      .where(eq(merges.campaignId, campaignId));
    const done = await waitFor('gina@gmail.com', campaignId, (b) => b.status === 'DONE');
    expect(done.counts.sent).toBe(23);
    for (const address of addresses) expect(messagesTo(address)).toHaveLength(1);
  });

  it('cancels mid-merge: no message leaves once the cancel has answered, the rest CANCELLED', async () => {
    // Unpaced, the engine sends batches of 50: a merge long enough to be cancelled in the middle.
    const addresses = Array.from({ length: 1000 }, (_, i) => `cancel${i}@example.org`);
    const { campaignId } = (
      await start('olivia@acme.test', mergeBody(addresses.map((email) => ({ email }))))
    ).json<{
      campaignId: string;
    }>();
    await waitFor('olivia@acme.test', campaignId, (b) => b.counts.sent >= 3);
    const cancel = await t.app.inject({
      method: 'POST',
      url: apiPath('merges.cancel', { id: campaignId }),
      headers: await auth('olivia@acme.test'),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'CANCELLED', canCancel: false });
    const sentAtCancel = addresses.filter((address) => messagesTo(address).length > 0).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sentLater = addresses.filter((address) => messagesTo(address).length > 0).length;
    expect(sentLater).toBe(sentAtCancel);
    expect(sentAtCancel).toBeLessThan(1000);
    const after = (await getMerge('olivia@acme.test', campaignId, { limit: 1000 })).json<MergeStatusBody>();
    expect(after.counts.sent).toBe(sentAtCancel);
    expect(after.recipients.filter((r) => r.status === 'CANCELLED')).toHaveLength(1000 - sentAtCancel);
  });

  it('resends only the failed recipients, once for a double click; another member may not (403)', async () => {
    const addresses = ['fail0@example.org', 'fail1@example.org', 'ok@example.org'];
    const { campaignId } = (
      await start('olivia@acme.test', mergeBody(addresses.map((email) => ({ email }))))
    ).json<{
      campaignId: string;
    }>();
    await waitFor('olivia@acme.test', campaignId, (b) => b.status === 'DONE');
    const merge = (
      await t.db.select({ id: merges.id }).from(merges).where(eq(merges.campaignId, campaignId))
    )[0];
    await t.db
      .update(mergeRecipients)
      .set({ status: 'FAILED', reason: 'GMAIL_ERROR', attempts: 5 })
      .where(sql`${mergeRecipients.mergeId} = ${merge?.id} and ${mergeRecipients.email} like 'fail%'`);
    const sending = await t.app.inject({
      method: 'GET',
      url: apiPath('merges.campaignSending', { id: campaignId }),
      headers: await auth('mia@acme.test'),
    });
    expect(sending.json()).toMatchObject({ canResendFailed: false, counts: { failed: 2 } });
    const refused = await t.app.inject({
      method: 'POST',
      url: apiPath('merges.resendFailed', { id: campaignId }),
      headers: await auth('mia@acme.test'),
    });
    expect(refused.statusCode).toBe(403);
    const [first, second] = await Promise.all(
      [1, 2].map(async () =>
        t.app.inject({
          method: 'POST',
          url: apiPath('merges.resendFailed', { id: campaignId }),
          headers: await auth('olivia@acme.test'),
        }),
      ),
    );
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(200);
    const done = await waitFor(
      'olivia@acme.test',
      campaignId,
      (b) => b.status === 'DONE' && b.counts.sent === 3,
    );
    expect(done.recipients.every((r) => r.status === 'SENT')).toBe(true);
    // Sent once before being marked failed by hand, once by the resend: never a third time.
    expect(messagesTo('fail0@example.org')).toHaveLength(2);
    expect(messagesTo('ok@example.org')).toHaveLength(1);
  });

  it('answers 404 for the sending state of another space’s merge', async () => {
    const { campaignId } = (
      await start('olivia@acme.test', mergeBody([{ email: 'space@example.org' }]))
    ).json<{
      campaignId: string;
    }>();
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath('merges.campaignSending', { id: campaignId }),
      headers: await auth('gina@gmail.com'),
    });
    expect(response.statusCode).toBe(404);
  });

  it('starts a scheduled merge within 5 s of its time, and takes it off the Scheduled list once sent', async () => {
    const scheduledAt = Date.now() + 1500;
    const response = await start(
      'olivia@acme.test',
      mergeBody([{ email: 'sched0@example.org' }, { email: 'sched1@example.org' }], { scheduledAt }),
    );
    expect(response.statusCode).toBe(202);
    const { scheduledCampaignId } = response.json<{ scheduledCampaignId: string }>();
    const listed = await t.app.inject({
      method: 'GET',
      url: apiPath('scheduledCampaigns.get', { id: scheduledCampaignId }),
      headers: await auth('olivia@acme.test'),
    });
    expect(listed.json()).toMatchObject({
      status: 'IN PROGRESS',
      nextScheduledRunTimestamp: scheduledAt,
      eventCounts: { toSendCount: 2, sentCount: 0 },
      sendingForecast: 'sends 2 today at ' + new Date(scheduledAt).toISOString().slice(11, 16),
    });
    const done = await waitFor('olivia@acme.test', scheduledCampaignId, (b) => b.status === 'DONE', 10_000);
    const first = Math.min(
      ...['sched0@example.org', 'sched1@example.org'].map((a) => Date.parse(messagesTo(a)[0]?.sentAt ?? '')),
    );
    expect(first - scheduledAt).toBeLessThan(5000);
    expect(first).toBeGreaterThanOrEqual(scheduledAt - 50);
    expect(done.campaignId).not.toBeNull();
    // Sent: it leaves the Scheduled list; the add-on still finds it by the scheduled id.
    const gone = await t.app.inject({
      method: 'GET',
      url: apiPath('scheduledCampaigns.get', { id: scheduledCampaignId }),
      headers: await auth('olivia@acme.test'),
    });
    expect(gone.statusCode).toBe(404);
    expect(done.scheduledCampaignId).toBe(scheduledCampaignId);
    expect(done.counts.sent).toBe(2);
    const [row] = await t.db
      .select({ id: scheduledCampaigns.id })
      .from(scheduledCampaigns)
      .where(eq(scheduledCampaigns.id, scheduledCampaignId));
    expect(row).toBeUndefined();
  });

  it('the sweeper queues a due merge whose job is lost once it has been due for its grace, not before', async () => {
    const response = await start(
      'olivia@acme.test',
      mergeBody([{ email: 'swept@example.org' }], { scheduledAt: Date.now() + 3_600_000 }),
    );
    const { scheduledCampaignId } = response.json<{ scheduledCampaignId: string }>();
    const [merge] = await t.db
      .select({ id: merges.id })
      .from(merges)
      .where(eq(merges.scheduledCampaignId, scheduledCampaignId));
    const mergeId = merge?.id ?? '';
    const jobs = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job_common where name = 'merge-run' and data->>'mergeId' = ${mergeId}`,
        )
      ).rows[0]?.n;
    expect(await jobs()).toBe(1);
    // Its job lost (an operator's clean-up), the merge made due `msAgo`.
    await t.db.execute(
      sql`delete from pgboss.job_common where name = 'merge-run' and data->>'mergeId' = ${mergeId}`,
    );
    const dueFor = async (msAgo: number) => {
      const at = new Date(Date.now() - msAgo);
      await t.db.update(merges).set({ scheduledAt: at, nextRunAt: at }).where(eq(merges.id, mergeId));
    };
    // Due a moment ago: a run may be about to take it; the sweeper leaves it.
    await dueFor(1000);
    await t.app.sendingEngine.worker.sweep();
    expect(await jobs()).toBe(0);
    expect(messagesTo('swept@example.org')).toHaveLength(0);
    // Due for longer than the grace with no run: queued again, and sent once.
    await dueFor(SWEEP_GRACE_MS + 1000);
    await t.app.sendingEngine.worker.sweep();
    expect(await jobs()).toBe(1);
    const done = await waitFor('olivia@acme.test', scheduledCampaignId, (b) => b.status === 'DONE', 10_000);
    expect(done.counts.sent).toBe(1);
    expect(messagesTo('swept@example.org')).toHaveLength(1);
  });

  it('cancelling a scheduled merge from the dashboard stops the engine’s merge', async () => {
    const response = await start(
      'olivia@acme.test',
      mergeBody([{ email: 'never@example.org' }], { scheduledAt: Date.now() + 1500 }),
    );
    const { scheduledCampaignId } = response.json<{ scheduledCampaignId: string }>();
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: apiPath('scheduledCampaigns.cancel', { scheduledMergeId: scheduledCampaignId }),
      headers: await auth('olivia@acme.test'),
    });
    expect(cancel.statusCode).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(messagesTo('never@example.org')).toHaveLength(0);
  });

  it('shows owners the space’s Gmail meter (messages to Gmail addresses in 24 h); members get 403', async () => {
    const meter = async () =>
      t.app.inject({
        method: 'GET',
        url: apiPath('merges.gmailMeter', { id: space("Gina's space") }),
        headers: await auth('gina@gmail.com'),
      });
    const before = (await meter()).json<{ total: number }>().total;
    const { campaignId } = (
      await start('gina@gmail.com', {
        ...mergeBody([
          { email: 'reader.one@gmail.com' },
          { email: 'reader.two@googlemail.com' },
          { email: 'x@example.org' },
        ]),
        workspaceId: space("Gina's space"),
      })
    ).json<{ campaignId: string }>();
    await waitFor('gina@gmail.com', campaignId, (b) => b.status === 'DONE');
    const owner = await meter();
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ level: 'ok', total: before + 2, threshold: 5000, message: null });
    const member = await t.app.inject({
      method: 'GET',
      url: apiPath('merges.gmailMeter', { id: space('Acme Sales') }),
      headers: await auth('mia@acme.test'),
    });
    expect(member.statusCode).toBe(403);
  });

  it('pauses a merge when the sender’s Gmail is revoked and resumes after reconnecting, nothing lost', async () => {
    const adam = user('adam@acme.test');
    gmail.revoke(adam);
    const { campaignId } = (
      await start('adam@acme.test', mergeBody([{ email: 'revoked@example.org' }]))
    ).json<{
      campaignId: string;
    }>();
    await waitFor('adam@acme.test', campaignId, (b) => b.status === 'PAUSED_GMAIL_DISCONNECTED');
    const sending = await t.app.inject({
      method: 'GET',
      url: apiPath('merges.campaignSending', { id: campaignId }),
      headers: await auth('adam@acme.test'),
    });
    expect(sending.json()).toMatchObject({ gmail: 'REVOKED', status: 'PAUSED_GMAIL_DISCONNECTED' });
    gmail.connect(adam, 'adam@acme.test');
    await waitFor('adam@acme.test', campaignId, (b) => b.status === 'DONE');
    expect(messagesTo('revoked@example.org')).toHaveLength(1);
  });

  it('a scheduled merge whose run fails on an error of ours: UNKNOWN ERROR, retried an hour after the try (spec 002 §4.1)', async () => {
    const adam = user('adam@acme.test');
    gmail.breakSender(adam);
    const scheduledAt = Date.now() + 1000;
    const { scheduledCampaignId } = (
      await start('adam@acme.test', mergeBody([{ email: 'broken@example.org' }], { scheduledAt }))
    ).json<{ scheduledCampaignId: string }>();
    const readRow = () =>
      t.app
        .inject({
          method: 'GET',
          url: apiPath('scheduledCampaigns.get', { id: scheduledCampaignId }),
          headers: { authorization: `Bearer ${tokens.get('adam@acme.test') ?? ''}` },
        })
        .then((response) =>
          response.json<{
            status: string;
            nextScheduledRunTimestamp: number | null;
            errorDetails: Record<string, unknown>;
          }>(),
        );
    const deadline = Date.now() + 10_000;
    let row = await readRow();
    while (row.status !== 'UNKNOWN ERROR' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await readRow();
    }
    expect(row.status).toBe('UNKNOWN ERROR');
    expect(row.errorDetails).toMatchObject({ error: 'UNKNOWN ERROR', recoverableErrorRetries: 1 });
    const lastTry = row.errorDetails.recoverableErrorLastRetryTimestamp as number;
    expect(row.nextScheduledRunTimestamp).toBe(lastTry + 60 * 60 * 1000);
    expect(messagesTo('broken@example.org')).toHaveLength(0);
    gmail.breakSender(adam, false);
  });
});
