import {
  GMAIL_DRAFT_NOT_FOUND_MESSAGE,
  GMAIL_DRAFTS_UNAVAILABLE_MESSAGE,
  GMAIL_NOT_CONNECTED_REASON,
  GMAIL_REVOKED_REASON,
  GMAIL_SEND_AS_UNAVAILABLE_MESSAGE,
  TEST_SEND_FAILED_MESSAGE,
  TEST_SEND_GMAIL_LIMITED_MESSAGE,
  TEST_SEND_GMAIL_NOT_CONNECTED_MESSAGE,
  TEST_SEND_GMAIL_REVOKED_MESSAGE,
  TEST_SEND_RATE_LIMIT_PER_MINUTE,
  type GmailDraftList,
  type SendingForecast,
} from '@mergedesk/domain/api/composer';
import { unknownMarkersMessage } from '@mergedesk/domain/api/sending';
import {
  DRAFT_MISSING_AUTHORIZATION_MESSAGE,
  GMAIL_COMPOSE_SCOPE,
  MISSING_AUTHORIZATION_REASON,
} from '@mergedesk/domain/api/templates';
import { unsubscribeFooterHtml } from '@mergedesk/domain/sending/unsubscribe-footer';
import { parseTrackingToken } from '@mergedesk/domain/tracking/token-format';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bounces, campaigns, mergeRecipients, merges, sessions, unsubscriptions } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { composeMime } from '../../mail/mime';
import { createTestGmailAccounts } from '../../test/gmail';
import { useSeededTestApp } from '../../test/seeded-app';
import { PROVIDER_TOKEN_PURPOSE } from '../auth/auth.service';
import { suppressedAmongQuery } from '../suppression-lists/suppression-list.repo';

const gmail = createTestGmailAccounts(() => t.config);
const t = useSeededTestApp({ gmailAccounts: gmail.accounts });

const COMPOSE = { scopes: `openid email profile ${GMAIL_COMPOSE_SCOPE}` };
const withCompose = async (email: string) => ({
  authorization: `Bearer ${await t.signIn(email, COMPOSE)}`,
});

beforeAll(() => {
  for (const email of ['olivia@acme.test', 'adam@acme.test', 'gina@gmail.com', 'fred@acme.test']) {
    gmail.connect(t.user(email), email);
  }
});

/** A draft saved in `email`'s mailbox at the Gmail stand-in, through the Gmail client. */
async function saveDraft(email: string, draft: { subject: string; html?: string; text?: string }) {
  const account = await gmail.accounts.forUser(t.user(email));
  const raw = draft.html
    ? await composeMime({
        from: { name: email, address: email },
        to: '',
        subject: draft.subject,
        html: draft.html,
        text: draft.text ?? '',
        messageId: `${randomUUID()}@mergedesk.test`,
      })
    : Buffer.from(
        `From: ${email}\r\nSubject: ${draft.subject}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${(draft.text ?? '').replace(/\n/g, '\r\n')}`,
      );
  const { draftId } = await account.createDraft(raw);
  // The stand-in dates a draft to the millisecond: the next one is newer.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return draftId;
}

describe('GET …/gmail/drafts and …/gmail/drafts/{id}', () => {
  it("lists the caller's drafts newest first, with subject, snippet and date; not another person's", async () => {
    const before = Date.now();
    const older = await saveDraft('olivia@acme.test', {
      subject: 'Spring offer',
      html: '<p>Hello {{First name}}, our spring offer &amp; more.</p>',
      text: 'Hello {{First name}}, our spring offer & more.',
    });
    const newer = await saveDraft('olivia@acme.test', { subject: 'Follow-up', text: 'Just checking in.' });
    await saveDraft('adam@acme.test', { subject: 'Adam’s own', text: 'Not for Olivia.' });

    const response = await t.call(null, 'composer.drafts', {
      headers: await withCompose('olivia@acme.test'),
    });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<GmailDraftList>();
    expect(items).toEqual([
      { id: newer, subject: 'Follow-up', snippet: 'Just checking in.', updatedAt: expect.any(Number) },
      {
        id: older,
        subject: 'Spring offer',
        snippet: 'Hello {{First name}}, our spring offer & more.',
        updatedAt: expect.any(Number),
      },
    ]);
    expect(items[0]!.updatedAt).toBeGreaterThan(items[1]!.updatedAt!);
    expect(items[1]!.updatedAt).toBeGreaterThanOrEqual(before - 1000);
  });

  it('gives one draft’s subject and HTML body; a text-only draft as escaped text with <br>', async () => {
    const html = await saveDraft('olivia@acme.test', {
      subject: 'Grüße {{First name}}',
      html: '<p>Hallo <b>{{First name}}</b></p>',
      text: 'Hallo',
    });
    const text = await saveDraft('olivia@acme.test', { subject: 'Plain', text: 'Line <1> & co\nLine 2' });
    const headers = await withCompose('olivia@acme.test');

    const htmlDraft = await t.call(null, 'composer.draft', { params: { id: html }, headers });
    expect(htmlDraft.statusCode).toBe(200);
    expect(htmlDraft.json()).toEqual({
      id: html,
      subject: 'Grüße {{First name}}',
      htmlBody: '<p>Hallo <b>{{First name}}</b></p>',
    });
    const textDraft = await t.call(null, 'composer.draft', { params: { id: text }, headers });
    expect(textDraft.json()).toEqual({
      id: text,
      subject: 'Plain',
      htmlBody: 'Line &lt;1&gt; &amp; co<br>Line 2',
    });
  });

  it("answers 404 for a draft that is not in the caller's mailbox (another person's, or none)", async () => {
    const adams = await saveDraft('adam@acme.test', { subject: 'Private', text: 'Adam only.' });
    const headers = await withCompose('olivia@acme.test');
    for (const id of [adams, 'r404']) {
      const response = await t.call(null, 'composer.draft', { params: { id }, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        errors: [],
        code: 'NOT_FOUND',
        message: GMAIL_DRAFT_NOT_FOUND_MESSAGE,
      });
    }
  });

  it('answers 403 missing_authorization without the compose scope, exactly as template drafts', async () => {
    const session = { authorization: `Bearer ${await t.signIn('mia@acme.test')}` };
    for (const response of [
      await t.call(null, 'composer.drafts', { headers: session }),
      await t.call(null, 'composer.draft', { params: { id: 'r1' }, headers: session }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        errors: [],
        code: 'FORBIDDEN',
        message: DRAFT_MISSING_AUTHORIZATION_MESSAGE,
        reason: MISSING_AUTHORIZATION_REASON,
      });
    }
  });

  it('answers 403 missing_authorization when Gmail refuses the sign-in’s access token', async () => {
    const headers = await withCompose('mia@acme.test');
    const box = createSecretBox(t.config.SESSION_SECRET, PROVIDER_TOKEN_PURPOSE);
    await t.db
      .update(sessions)
      .set({ providerAccessToken: box.seal('revoked-google-token') })
      .where(eq(sessions.email, 'mia@acme.test'));
    const response = await t.call(null, 'composer.drafts', { headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: DRAFT_MISSING_AUTHORIZATION_MESSAGE,
      reason: MISSING_AUTHORIZATION_REASON,
    });
  });

  it('answers 503 when Gmail fails (not a permission matter)', async () => {
    t.gmail.injectFailures({ status: 500, count: 1, method: 'drafts.list', account: 'olivia@acme.test' });
    const response = await t.call(null, 'composer.drafts', {
      headers: await withCompose('olivia@acme.test'),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      errors: [],
      code: 'SERVICE_UNAVAILABLE',
      message: GMAIL_DRAFTS_UNAVAILABLE_MESSAGE,
    });
  });

  it('answers 401 without a sign-in', async () => {
    expect((await t.call(null, 'composer.drafts')).statusCode).toBe(401);
    expect((await t.call(null, 'composer.draft', { params: { id: 'r1' } })).statusCode).toBe(401);
  });
});

describe('GET …/gmail/send-as', () => {
  it('lists the aliases through the Gmail grant; none when not connected or revoked', async () => {
    const olivia = await t.call('olivia@acme.test', 'composer.sendAs');
    expect(olivia.statusCode).toBe(200);
    expect(olivia.json()).toEqual({
      items: [{ email: 'olivia@acme.test', displayName: expect.any(String), isDefault: true }],
    });
    // Mia never connected Gmail.
    expect((await t.call('mia@acme.test', 'composer.sendAs')).json()).toEqual({ items: [] });
    gmail.revoke(t.user('fred@acme.test'));
    expect((await t.call('fred@acme.test', 'composer.sendAs')).json()).toEqual({ items: [] });
    expect((await t.call(null, 'composer.sendAs')).statusCode).toBe(401);
  });

  it('answers 503 when Gmail fails', async () => {
    t.gmail.injectFailures({ status: 503, count: 1, account: 'olivia@acme.test' });
    const response = await t.call('olivia@acme.test', 'composer.sendAs');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      errors: [],
      code: 'SERVICE_UNAVAILABLE',
      message: GMAIL_SEND_AS_UNAVAILABLE_MESSAGE,
    });
  });
});

describe('POST …/workspaces/{id}/recipient-check', () => {
  beforeAll(async () => {
    const acme = t.space('Acme Sales');
    await t.db.insert(unsubscriptions).values([
      {
        workspaceId: acme,
        userId: t.user('olivia@acme.test'),
        email: 'shared@example.org',
        type: 'WORKSPACE',
      },
      {
        workspaceId: acme,
        userId: t.user('adam@acme.test'),
        email: 'adams-own@example.org',
        type: 'PERSONAL',
      },
      { workspaceId: acme, userId: t.user('mia@acme.test'), email: 'mias-own@example.org', type: 'PERSONAL' },
      // Another space's list is never consulted.
      {
        workspaceId: t.space('Acme Premium'),
        userId: t.user('olivia@acme.test'),
        email: 'premium-only@example.org',
        type: 'WORKSPACE',
      },
    ]);
    await t.db.insert(bounces).values([
      {
        workspaceId: acme,
        userId: t.user('adam@acme.test'),
        email: 'bounced@example.org',
        type: 'WORKSPACE',
      },
      { workspaceId: acme, userId: t.user('adam@acme.test'), email: 'shared@example.org', type: 'WORKSPACE' },
    ]);
  });

  const check = (email: string | null, emails: string[], space = 'Acme Sales') =>
    t.call(email, 'composer.recipientCheck', { params: { id: t.space(space) }, payload: { emails } });

  it('answers the given addresses on the lists that apply to the caller, matched as the engine normalises', async () => {
    const response = await check('adam@acme.test', [
      ' Shared@Example.org ',
      'adams-own@example.org',
      'mias-own@example.org',
      'premium-only@example.org',
      'BOUNCED@example.org',
      'fine@example.org',
      'not an address',
      'shared@example.org',
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      unsubscribed: [' Shared@Example.org ', 'adams-own@example.org', 'shared@example.org'],
      bounced: [' Shared@Example.org ', 'BOUNCED@example.org', 'shared@example.org'],
    });
    // Mia sees her own opt-out, not Adam's.
    expect((await check('mia@acme.test', ['adams-own@example.org', 'mias-own@example.org'])).json()).toEqual({
      unsubscribed: ['mias-own@example.org'],
      bounced: [],
    });
    expect((await check('mia@acme.test', [])).json()).toEqual({ unsubscribed: [], bounced: [] });
  });

  it('checks 5,000 addresses in one statement per list, by the (workspace_id, email) index', async () => {
    const emails = Array.from({ length: 5000 }, (_, i) => `bulk-${i}@example.org`);
    emails[4999] = 'shared@example.org';
    const response = await check('olivia@acme.test', emails);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      unsubscribed: ['shared@example.org'],
      bounced: ['shared@example.org'],
    });

    for (const table of [unsubscriptions, bounces]) {
      const statement = suppressedAmongQuery(
        t.db,
        table,
        t.space('Acme Sales'),
        t.user('olivia@acme.test'),
        emails,
      ).toSQL();
      expect(statement.params).toHaveLength(4);
      const plan = await t.pool.query<{ 'QUERY PLAN': string }>(`explain ${statement.sql}`, statement.params);
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(
        /Index (Only )?Scan using \w+_workspace_\w+ on \w+|Bitmap Index Scan on \w+_workspace_\w+/,
      );
      expect(text).not.toMatch(/Seq Scan/);
    }
  });

  it('refuses more than 5,000 addresses (400), strangers (404), disabled members (403) and anonymous callers (401)', async () => {
    const tooMany = await check(
      'olivia@acme.test',
      Array.from({ length: 5001 }, (_, i) => `x${i}@example.org`),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ message: 'At most 5000 recipients can be sent in one mail merge.' }],
    });
    const stranger = await check('gina@gmail.com', ['shared@example.org']);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Space not found.' });
    expect((await check('dora@acme.test', ['shared@example.org'])).statusCode).toBe(403);
    expect((await check(null, ['shared@example.org'])).statusCode).toBe(401);
  });
});

describe('POST …/workspaces/{id}/test-send', () => {
  const body = {
    subject: 'Hello {{First name|there}}',
    htmlBody: '<p>Hi {{First name}}, see <a href="https://example.com/offer">our offer</a>.</p>',
    fields: { 'First name': 'Ada <& co>', Email: 'ada@example.org', CC: 'boss@example.org' },
    options: { trackOpens: true, trackClicks: true, ccColumn: 'CC' },
  };
  const testSend = (email: string | null, payload: Record<string, unknown> = body, space = 'Acme Sales') =>
    t.call(email, 'composer.testSend', { params: { id: t.space(space) }, payload });
  const counts = async () => ({
    merges: (await t.db.select({ n: sql<number>`count(*)::int` }).from(merges))[0]?.n,
    recipients: (await t.db.select({ n: sql<number>`count(*)::int` }).from(mergeRecipients))[0]?.n,
    campaigns: (await t.db.select({ n: sql<number>`count(*)::int` }).from(campaigns))[0]?.n,
  });

  it("sends the recipient's rendering to the sender only, marked as a test, untracked, and stores nothing", async () => {
    const before = await counts();
    const response = await testSend('olivia@acme.test');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sentTo: 'olivia@acme.test' });

    const sent = t.gmail.messages().filter((message) => message.subject === '[Test] Hello Ada <& co>');
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message).toMatchObject({ mailbox: 'olivia@acme.test', to: ['olivia@acme.test'], cc: [], bcc: [] });
    expect(message!.html).toContain('Hi Ada &lt;&amp; co&gt;, see');
    // Clicks and opens are not tracked: the link as written, no pixel.
    expect(message!.html).toContain('href="https://example.com/offer"');
    expect(message!.html).not.toContain('/t/o/');
    // The footer as a merge has it, its link (and List-Unsubscribe) for a recipient that does not exist.
    const unsubscribeUrl = /<(http[^>]+)>/.exec(message!.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(message!.html).toContain(unsubscribeFooterHtml(unsubscribeUrl));
    const token = parseTrackingToken(decodeURIComponent(unsubscribeUrl.split('/').at(-1) ?? ''));
    expect(token).not.toBeNull();
    const [recipient] = await t.db
      .select({ id: mergeRecipients.id })
      .from(mergeRecipients)
      .where(eq(mergeRecipients.id, token!.recipientId));
    expect(recipient).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it('sends from the alias and with the sender name the merge would use', async () => {
    const alias = await fetch(`${t.gmail.url}/_emulator/send-as`, {
      method: 'POST',
      body: JSON.stringify({
        account: 'olivia@acme.test',
        sendAsEmail: 'sales@acme.test',
        displayName: 'Acme Sales',
      }),
    });
    expect(alias.ok).toBe(true);
    expect((await t.call('olivia@acme.test', 'composer.sendAs')).json()).toMatchObject({
      items: expect.arrayContaining([
        { email: 'sales@acme.test', displayName: 'Acme Sales', isDefault: false },
      ]),
    });
    const response = await testSend('olivia@acme.test', {
      ...body,
      subject: 'From the alias',
      options: { sendAs: 'sales@acme.test', senderName: 'Olivia at Acme' },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sentTo: 'olivia@acme.test' });
    const message = t.gmail.messages().find((candidate) => candidate.subject === '[Test] From the alias');
    expect(message).toMatchObject({ from: 'sales@acme.test', to: ['olivia@acme.test'] });
    expect(message?.headers.From).toContain('Olivia at Acme');
  });

  it('leaves the footer out when the unsubscribe link is off, and keeps List-Unsubscribe', async () => {
    const response = await testSend('olivia@acme.test', {
      ...body,
      subject: 'No footer',
      options: { unsubscribeLink: false },
    });
    expect(response.statusCode).toBe(202);
    const message = t.gmail.messages().find((candidate) => candidate.subject === '[Test] No footer');
    expect(message?.html).not.toContain('Unsubscribe');
    expect(message?.headers['List-Unsubscribe']).toMatch(/^<http/);
  });

  it('refuses markers that name unknown columns with the engine’s message (400 UNKNOWN_MARKERS)', async () => {
    const response = await testSend('olivia@acme.test', {
      ...body,
      subject: 'Hi {{Company}}',
      htmlBody: '<p>{{First name}} {{Title}}</p>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: unknownMarkersMessage(['Company', 'Title']),
      reason: 'UNKNOWN_MARKERS',
    });
  });

  it('answers 409 with what to do when Gmail is not connected or the permission was withdrawn', async () => {
    const notConnected = await testSend('mia@acme.test');
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json()).toEqual({
      errors: [],
      code: 'CONFLICT',
      message: TEST_SEND_GMAIL_NOT_CONNECTED_MESSAGE,
      reason: GMAIL_NOT_CONNECTED_REASON,
    });
    gmail.revoke(t.user('fred@acme.test'));
    const revoked = await testSend('fred@acme.test');
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json()).toEqual({
      errors: [],
      code: 'CONFLICT',
      message: TEST_SEND_GMAIL_REVOKED_MESSAGE,
      reason: GMAIL_REVOKED_REASON,
    });
  });

  it('refuses strangers (404), disabled members (403), anonymous callers (401) and a bad body (400)', async () => {
    const stranger = await testSend('gina@gmail.com');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Space not found.' });
    expect((await testSend('dora@acme.test')).statusCode).toBe(403);
    expect((await testSend(null)).statusCode).toBe(401);
    const bad = await testSend('olivia@acme.test', { ...body, htmlBody: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers 429 when Gmail limits the sender, 503 when Gmail fails; nothing is stored', async () => {
    const before = await counts();
    t.gmail.injectFailures({ status: 429, count: 1, method: 'messages.send', account: 'olivia@acme.test' });
    const limited = await testSend('olivia@acme.test', { ...body, subject: 'Limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      errors: [],
      code: 'RATE_LIMITED',
      message: TEST_SEND_GMAIL_LIMITED_MESSAGE,
    });
    t.gmail.injectFailures({ status: 503, count: 1, method: 'messages.send', account: 'olivia@acme.test' });
    const failed = await testSend('olivia@acme.test', { ...body, subject: 'Failed' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      errors: [],
      code: 'SERVICE_UNAVAILABLE',
      message: TEST_SEND_FAILED_MESSAGE,
    });
    expect(await counts()).toEqual(before);
  });

  it(`allows ${TEST_SEND_RATE_LIMIT_PER_MINUTE} test sends a minute per person, then 429`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= TEST_SEND_RATE_LIMIT_PER_MINUTE; i += 1) {
      statuses.push((await testSend('adam@acme.test', { ...body, subject: `Burst ${i}` })).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 202)).toBe(true);
    const last = await testSend('adam@acme.test');
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another person has their own budget.
    expect((await testSend('olivia@acme.test', { ...body, subject: 'Olivia again' })).statusCode).toBe(202);
  });
});

describe('GET …/workspaces/{id}/sending-forecast', () => {
  const HOUR = 60 * 60 * 1000;
  const forecast = (email: string | null, query: Record<string, string | number>, space = "Gina's space") =>
    t.call(email, 'composer.forecast', { params: { id: t.space(space) }, query });

  /** `n` sends of `email` handed to Gmail at `at` (the sender's ledger). */
  async function sentEarlier(email: string, space: string, n: number, at: Date) {
    const [merge] = await t.db
      .insert(merges)
      .values({
        workspaceId: t.space(space),
        userId: t.user(email),
        mergeSourceSheetKey: 'sheet',
        spreadsheetName: 'Leads',
        sheetName: 'Sheet1',
        subject: 'Earlier',
        htmlBody: '<p>Earlier</p>',
        options: { trackOpens: true, trackClicks: true, unsubscribeLink: true },
        status: 'DONE',
      })
      .returning({ id: merges.id });
    await t.db.insert(mergeRecipients).values(
      Array.from({ length: n }, (_, index) => ({
        id: randomUUID(),
        mergeId: merge!.id,
        index,
        userId: t.user(email),
        workspaceId: t.space(space),
        email: `earlier-${index}@example.org`,
        isGmailAddress: false,
        fields: {},
        status: 'SENT' as const,
        handedAt: at,
        sentAt: at,
      })),
    );
  }

  it('a Free sender with a fresh quota: 20 of 25 now, 5 when the window frees, 24 h after the first sends', async () => {
    const before = Date.now();
    const response = await forecast('gina@gmail.com', { count: 25 });
    expect(response.statusCode).toBe(200);
    const body = response.json<SendingForecast>();
    expect(body).toMatchObject({ limit: 20, remaining: 20, now: 20, later: 5 });
    expect(body.resetAt).toBeGreaterThanOrEqual(before + 24 * HOUR);
    expect(body.resetAt).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect((await forecast('gina@gmail.com', { count: 5 })).json()).toEqual({
      limit: 20,
      remaining: 20,
      now: 5,
      later: 0,
      resetAt: null,
    });
  });

  it('counts the ledger: sends of the last 24 h leave the window 24 h after they went, also at a scheduled time', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    await sentEarlier('gina@gmail.com', "Gina's space", 15, twoHoursAgo);
    expect((await forecast('gina@gmail.com', { count: 8 })).json()).toEqual({
      limit: 20,
      remaining: 5,
      now: 5,
      later: 3,
      resetAt: twoHoursAgo.getTime() + 24 * HOUR,
    });
    // At a time when those 15 have left the window: the whole quota.
    const scheduledAt = Date.now() + 23 * HOUR;
    expect((await forecast('gina@gmail.com', { count: 8, scheduledAt })).json()).toEqual({
      limit: 20,
      remaining: 20,
      now: 8,
      later: 0,
      resetAt: null,
    });
    // A Pro seat's quota (Acme Sales, Workspace Pro).
    expect((await forecast('mia@acme.test', { count: 10 }, 'Acme Sales')).json()).toMatchObject({
      limit: 1500,
      remaining: 1500,
      now: 10,
      later: 0,
    });
  });

  it('refuses strangers (404), disabled members (403), anonymous callers (401) and a bad count (400)', async () => {
    const stranger = await forecast('olivia@acme.test', { count: 1 });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Space not found.' });
    expect((await forecast('dora@acme.test', { count: 1 }, 'Acme Sales')).statusCode).toBe(403);
    expect((await forecast(null, { count: 1 })).statusCode).toBe(401);
    for (const query of <Record<string, string>[]>[
      { count: '-1' },
      { count: '5001' },
      { count: 'many' },
      { count: '1', scheduledAt: '1e20' },
      { count: '1', scheduledAt: 'tomorrow' },
    ]) {
      const bad = await forecast('gina@gmail.com', query);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
