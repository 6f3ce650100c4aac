import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { gmail } from '@googleapis/gmail';
import type { gmail_v1 } from '@googleapis/gmail';
import { OAuth2Client } from 'google-auth-library';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailComposerOptions } from 'nodemailer/lib/mail-composer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { DeliveredMessage, GmailEmulatorOptions, RunningGmailEmulator } from './server';
import { startGmailEmulator } from './server';

const accounts: Record<string, string> = {
  'token-ada': 'ada@example.com',
  'token-grace': 'grace@example.com',
};
const resolveAccessToken = (token: string) => Promise.resolve(accounts[token] ?? null);

const start = (options: Partial<GmailEmulatorOptions> = {}) =>
  startGmailEmulator({ port: 0, resolveAccessToken, ...options });

/** The official client, as the server builds it: an OAuth2Client holding the sender's access token. */
const clientFor = (emulator: RunningGmailEmulator, token: string, timeout?: number): gmail_v1.Gmail => {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: token });
  return gmail({
    version: 'v1',
    rootUrl: `${emulator.url}/`,
    auth,
    retry: false,
    ...(timeout === undefined ? {} : { timeout }),
  });
};

const compose = (mail: MailComposerOptions, { keepBcc = false } = {}): Promise<Buffer> => {
  const node = new MailComposer(mail).compile();
  node.keepBcc = keepBcc;
  return node.build();
};

const raw = async (mail: MailComposerOptions) => (await compose(mail)).toString('base64url');

const simpleMail = (to: string, extra: MailComposerOptions = {}): MailComposerOptions => ({
  from: 'ada@example.com',
  to,
  subject: 'Hello',
  text: 'Hi there',
  ...extra,
});

/** The status and Google error reason of a failed call. */
const failureOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    const { status, response } = error as {
      status?: number;
      response?: {
        data?: { error?: { errors?: { reason?: string }[]; message?: string } };
        headers?: Headers;
      };
    };
    return {
      status,
      reason: response?.data?.error?.errors?.[0]?.reason,
      message: response?.data?.error?.message,
      retryAfter: response?.headers?.get('retry-after') ?? null,
    };
  }
  throw new Error('expected the call to fail');
};

describe('Gmail stand-in through @googleapis/gmail', () => {
  let emulator: RunningGmailEmulator;
  let ada: gmail_v1.Gmail;

  beforeAll(async () => {
    emulator = await start();
    ada = clientFor(emulator, 'token-ada');
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it('sends a UTF-8, HTML + text message with List-Unsubscribe and keeps its raw source', async () => {
    const source = await compose(
      {
        from: '"Ada Lovelace" <ada@example.com>',
        to: ['"Zoë Ünal" <zoe@example.org>', 'bob@example.org'],
        cc: 'carol@example.org',
        bcc: 'dave@example.org',
        subject: 'Grüße, Zoë — 你好',
        text: 'Hallo Zoë',
        html: '<p>Hallo <b>Zoë</b> <a href="https://example.com/t/c">link</a></p>',
        messageId: '<merge-1.recipient-1@mergedesk.test>',
        headers: {
          'List-Unsubscribe': '<https://mergedesk.test/t/u/abc>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
      { keepBcc: true },
    );
    const sent = await ada.users.messages.send({
      userId: 'me',
      requestBody: { raw: source.toString('base64url') },
    });
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      threadId: sent.data.id,
      labelIds: ['SENT'],
    });

    const [message] = emulator.messages();
    expect(message).toMatchObject({
      id: sent.data.id,
      threadId: sent.data.id,
      mailbox: 'ada@example.com',
      from: 'ada@example.com',
      to: ['zoe@example.org', 'bob@example.org'],
      cc: ['carol@example.org'],
      bcc: ['dave@example.org'],
      subject: 'Grüße, Zoë — 你好',
      text: 'Hallo Zoë',
      html: '<p>Hallo <b>Zoë</b> <a href="https://example.com/t/c">link</a></p>',
      raw: source.toString('utf8'),
    });
    expect(message!.headers).toMatchObject({
      'List-Unsubscribe': '<https://mergedesk.test/t/u/abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Message-ID': '<merge-1.recipient-1@mergedesk.test>',
      Subject: 'Grüße, Zoë — 你好',
      From: 'Ada Lovelace <ada@example.com>',
    });
    expect(Date.parse(message!.sentAt)).toBeGreaterThan(Date.now() - 10_000);
  });

  it('reads 8-bit UTF-8 headers (RFC 6532) as UTF-8', async () => {
    const source = Buffer.from(
      'From: ada@example.com\r\nTo: "Zoë" <zoe@example.org>\r\nSubject: Grüße\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHallo\r\n',
      'utf8',
    );
    await ada.users.messages.send({ userId: 'me', requestBody: { raw: source.toString('base64url') } });
    const [message] = emulator.messages();
    expect(message!.headers).toMatchObject({ Subject: 'Grüße', To: '"Zoë" <zoe@example.org>' });
    expect(message!.raw).toBe(source.toString('utf8'));
  });

  it('accepts the media upload form of messages.send (uploadType=multipart and media)', async () => {
    const body = await compose(simpleMail('upload@example.org', { messageId: '<upload@mergedesk.test>' }));
    // NOTE: the client builds upload URLs from the per-call rootUrl only, never the global one.
    const perCall = { rootUrl: `${emulator.url}/` };
    const multipart = await ada.users.messages.send(
      { userId: 'me', requestBody: {}, media: { mimeType: 'message/rfc822', body: body.toString('utf8') } },
      perCall,
    );
    expect(multipart.data.labelIds).toEqual(['SENT']);
    const media = await ada.users.messages.send(
      { userId: 'me', media: { mimeType: 'message/rfc822', body: body.toString('utf8') } },
      perCall,
    );
    expect(media.data.id).not.toBe(multipart.data.id);
    expect(emulator.messages().map((message) => [message.to, message.raw])).toEqual([
      [['upload@example.org'], body.toString('utf8')],
      [['upload@example.org'], body.toString('utf8')],
    ]);
  });

  it('refuses a message without raw or without recipients, delivering nothing', async () => {
    expect(await failureOf(ada.users.messages.send({ userId: 'me', requestBody: {} }))).toMatchObject({
      status: 400,
      reason: 'invalidArgument',
    });
    const noRecipient = await raw({ from: 'ada@example.com', subject: 'x', text: 'y' });
    expect(
      await failureOf(ada.users.messages.send({ userId: 'me', requestBody: { raw: noRecipient } })),
    ).toEqual(expect.objectContaining({ status: 400, message: 'Recipient address required' }));
    expect(emulator.messages()).toEqual([]);
  });

  it('sends from the account when From is not the account nor an alias (the display name stays)', async () => {
    await ada.users.messages.send({
      userId: 'me',
      requestBody: {
        raw: await raw(simpleMail('x@example.org', { from: '"Ada at Work" <boss@elsewhere.test>' })),
      },
    });
    const [message] = emulator.messages();
    expect(message!.from).toBe('ada@example.com');
    expect(message!.headers.From).toBe('"Ada at Work" <ada@example.com>');
    expect(message!.raw).toContain('boss@elsewhere.test');
  });

  it('finds a message by rfc822msgid (with or without angle brackets) and gets it in each format', async () => {
    const sent = await ada.users.messages.send({
      userId: 'me',
      requestBody: {
        raw: await raw(
          simpleMail('find@example.org', {
            messageId: '<find-me@mergedesk.test>',
            html: '<p>Hi <i>there</i></p>',
          }),
        ),
      },
    });
    await ada.users.messages.send({
      userId: 'me',
      requestBody: { raw: await raw(simpleMail('other@example.org')) },
    });

    for (const q of ['rfc822msgid:<find-me@mergedesk.test>', 'rfc822msgid:find-me@mergedesk.test']) {
      const found = await ada.users.messages.list({ userId: 'me', q });
      expect(found.data).toEqual({
        messages: [{ id: sent.data.id, threadId: sent.data.threadId }],
        resultSizeEstimate: 1,
      });
    }
    const none = await ada.users.messages.list({ userId: 'me', q: 'rfc822msgid:<nobody@mergedesk.test>' });
    expect(none.data).toEqual({ resultSizeEstimate: 0 });
    // Another account's mailbox does not hold Ada's sent message.
    const grace = clientFor(emulator, 'token-grace');
    expect(
      (await grace.users.messages.list({ userId: 'me', q: 'rfc822msgid:find-me@mergedesk.test' })).data,
    ).toEqual({
      resultSizeEstimate: 0,
    });

    const metadata = await ada.users.messages.get({
      userId: 'me',
      id: sent.data.id!,
      format: 'metadata',
      metadataHeaders: ['Message-ID', 'To'],
    });
    expect(metadata.data).toMatchObject({
      id: sent.data.id,
      threadId: sent.data.threadId,
      labelIds: ['SENT'],
    });
    expect(metadata.data.payload?.headers).toEqual([
      { name: 'To', value: 'find@example.org' },
      { name: 'Message-ID', value: '<find-me@mergedesk.test>' },
    ]);

    const full = await ada.users.messages.get({ userId: 'me', id: sent.data.id! });
    expect(full.data.payload?.mimeType).toBe('multipart/alternative');
    const html = full.data.payload?.parts?.find((part) => part.mimeType === 'text/html');
    expect(Buffer.from(html!.body!.data!, 'base64url').toString('utf8')).toBe('<p>Hi <i>there</i></p>');
    expect(full.data.payload?.headers).toContainEqual({ name: 'Subject', value: 'Hello' });

    const rawFormat = await ada.users.messages.get({ userId: 'me', id: sent.data.id!, format: 'raw' });
    expect(Buffer.from(rawFormat.data.raw!, 'base64url').toString('utf8')).toBe(emulator.messages()[0]!.raw);

    expect(await failureOf(grace.users.messages.get({ userId: 'me', id: sent.data.id! }))).toMatchObject({
      status: 404,
      reason: 'notFound',
    });
  });

  it('threads a message into the thread it names', async () => {
    const first = await ada.users.messages.send({
      userId: 'me',
      requestBody: { raw: await raw(simpleMail('t@example.org')) },
    });
    const second = await ada.users.messages.send({
      userId: 'me',
      requestBody: { raw: await raw(simpleMail('t@example.org')), threadId: first.data.threadId! },
    });
    expect(second.data.threadId).toBe(first.data.threadId);
    expect(second.data.id).not.toBe(first.data.id);
  });

  it('creates, lists and gets drafts; drafts are not delivered', async () => {
    const created = await ada.users.drafts.create({
      userId: 'me',
      requestBody: {
        message: { raw: await raw(simpleMail('draft@example.org', { subject: 'Template: Welcome' })) },
      },
    });
    expect(created.data).toEqual({
      id: expect.stringMatching(/^r\d+$/),
      message: expect.objectContaining({
        id: expect.any(String),
        threadId: expect.any(String),
        labelIds: ['DRAFT'],
      }),
    });
    const list = await ada.users.drafts.list({ userId: 'me' });
    expect(list.data).toEqual({
      drafts: [
        {
          id: created.data.id,
          message: { id: created.data.message!.id, threadId: created.data.message!.threadId },
        },
      ],
      resultSizeEstimate: 1,
    });
    const full = await ada.users.drafts.get({ userId: 'me', id: created.data.id! });
    expect(full.data.message?.payload?.headers).toContainEqual({
      name: 'Subject',
      value: 'Template: Welcome',
    });
    const rawDraft = await ada.users.drafts.get({ userId: 'me', id: created.data.id!, format: 'raw' });
    expect(Buffer.from(rawDraft.data.message!.raw!, 'base64url').toString('utf8')).toContain(
      'Template: Welcome',
    );
    expect(emulator.messages()).toEqual([]);
    expect((await clientFor(emulator, 'token-grace').users.drafts.list({ userId: 'me' })).data).toEqual({
      resultSizeEstimate: 0,
    });
    expect(await failureOf(ada.users.drafts.get({ userId: 'me', id: 'r404' }))).toMatchObject({
      status: 404,
    });
  });

  it('sends a draft with drafts.send: delivered once, no longer a draft', async () => {
    const created = await ada.users.drafts.create({
      userId: 'me',
      requestBody: {
        message: { raw: await raw(simpleMail('later@example.org', { subject: 'From a draft' })) },
      },
    });
    const sent = await ada.users.drafts.send({ userId: 'me', requestBody: { id: created.data.id! } });
    expect(sent.data).toEqual({
      id: created.data.message!.id,
      threadId: created.data.message!.threadId,
      labelIds: ['SENT'],
    });
    expect(emulator.messages().map((message) => [message.subject, message.to])).toEqual([
      ['From a draft', ['later@example.org']],
    ]);
    expect((await ada.users.drafts.list({ userId: 'me' })).data).toEqual({ resultSizeEstimate: 0 });
    expect(
      await failureOf(ada.users.drafts.send({ userId: 'me', requestBody: { id: created.data.id! } })),
    ).toMatchObject({
      status: 404,
    });
  });

  it('answers the profile and the sendAs list of the account', async () => {
    await ada.users.messages.send({
      userId: 'me',
      requestBody: { raw: await raw(simpleMail('p@example.org')) },
    });
    const profile = await ada.users.getProfile({ userId: 'me' });
    expect(profile.data).toEqual({
      emailAddress: 'ada@example.com',
      messagesTotal: 1,
      threadsTotal: 1,
      historyId: expect.stringMatching(/^\d+$/),
    });
    const sendAs = await ada.users.settings.sendAs.list({ userId: 'me' });
    expect(sendAs.data.sendAs).toEqual([
      expect.objectContaining({
        sendAsEmail: 'ada@example.com',
        isPrimary: true,
        isDefault: true,
        verificationStatus: 'accepted',
      }),
    ]);
  });

  it('lists sendAs aliases and keeps an alias as From', async () => {
    const response = await fetch(`${emulator.url}/_emulator/send-as`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account: 'ada@example.com',
        sendAsEmail: 'sales@example.com',
        displayName: 'Sales',
      }),
    });
    expect(response.status).toBe(200);
    const sendAs = await ada.users.settings.sendAs.list({ userId: 'me' });
    expect(sendAs.data.sendAs?.map((entry) => [entry.sendAsEmail, entry.isPrimary])).toEqual([
      ['ada@example.com', true],
      ['sales@example.com', false],
    ]);
    await ada.users.messages.send({
      userId: 'me',
      requestBody: { raw: await raw(simpleMail('a@example.org', { from: 'Sales <sales@example.com>' })) },
    });
    expect(emulator.messages()[0]!.from).toBe('sales@example.com');
  });

  it('answers 401 in Google\u2019s shape for an unknown or missing token', async () => {
    const stranger = clientFor(emulator, 'token-unknown');
    expect(await failureOf(stranger.users.getProfile({ userId: 'me' }))).toMatchObject({
      status: 401,
      reason: 'authError',
    });
    const response = await fetch(`${emulator.url}/gmail/v1/users/me/profile`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        code: 401,
        message: expect.stringContaining('Request is missing required authentication credential'),
        errors: [expect.objectContaining({ domain: 'global', reason: 'required' })],
        status: 'UNAUTHENTICATED',
      },
    });
  });

  it('refuses another user id than me or the account itself', async () => {
    expect((await ada.users.getProfile({ userId: 'ada@example.com' })).data.emailAddress).toBe(
      'ada@example.com',
    );
    expect(await failureOf(ada.users.getProfile({ userId: 'grace@example.com' }))).toMatchObject({
      status: 403,
      reason: 'forbidden',
    });
  });

  it('fails the next N matching calls as told, then succeeds', async () => {
    emulator.injectFailures({ status: 429, count: 1, method: 'messages.send' });
    emulator.injectFailures({ status: 500, count: 1, method: 'messages.send' });
    emulator.injectFailures({ status: 503, count: 1, method: 'messages.send', account: 'ada@example.com' });
    const message = { userId: 'me', requestBody: { raw: await raw(simpleMail('f@example.org')) } };
    // Another method and another account are not affected.
    expect((await ada.users.getProfile({ userId: 'me' })).status).toBe(200);
    expect(await failureOf(ada.users.messages.send(message))).toMatchObject({
      status: 429,
      reason: 'rateLimitExceeded',
      retryAfter: '1',
    });
    expect(await failureOf(ada.users.messages.send(message))).toMatchObject({
      status: 500,
      reason: 'backendError',
    });
    expect(await failureOf(ada.users.messages.send(message))).toMatchObject({
      status: 503,
      reason: 'backendError',
    });
    expect(emulator.messages()).toEqual([]);
    expect((await ada.users.messages.send(message)).status).toBe(200);
    expect(emulator.messages()).toHaveLength(1);
  });

  it('takes failure rules over HTTP, scoped to an account', async () => {
    const response = await fetch(`${emulator.url}/_emulator/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        status: 503,
        count: 2,
        method: 'gmail.users.messages.send',
        account: 'grace@example.com',
      }),
    });
    expect(response.status).toBe(200);
    const grace = clientFor(emulator, 'token-grace');
    const message = { userId: 'me', requestBody: { raw: await raw(simpleMail('g@example.org')) } };
    expect((await ada.users.messages.send(message)).status).toBe(200);
    expect(await failureOf(grace.users.messages.send(message))).toMatchObject({ status: 503 });
    expect(await failureOf(grace.users.messages.send(message))).toMatchObject({ status: 503 });
    expect((await grace.users.messages.send(message)).status).toBe(200);
    const bad = await fetch(`${emulator.url}/_emulator/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 404, count: 1 }),
    });
    expect(bad.status).toBe(400);
  });

  it('hangs a call told to time out until the client gives up; the next call succeeds', async () => {
    emulator.injectFailures({ status: 'timeout', count: 1, method: 'messages.send' });
    const impatient = clientFor(emulator, 'token-ada', 300);
    const message = { userId: 'me', requestBody: { raw: await raw(simpleMail('slow@example.org')) } };
    const startedAt = Date.now();
    await expect(impatient.users.messages.send(message)).rejects.toThrow();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
    expect(emulator.messages()).toEqual([]);
    expect((await impatient.users.messages.send(message)).status).toBe(200);
  });

  it('can deliver and then fail the answer (the ambiguous case a Message-ID look-up resolves)', async () => {
    emulator.injectFailures({ status: 500, count: 1, method: 'messages.send', afterDelivery: true });
    const message = {
      userId: 'me',
      requestBody: {
        raw: await raw(simpleMail('maybe@example.org', { messageId: '<maybe@mergedesk.test>' })),
      },
    };
    expect(await failureOf(ada.users.messages.send(message))).toMatchObject({ status: 500 });
    const found = await ada.users.messages.list({ userId: 'me', q: 'rfc822msgid:<maybe@mergedesk.test>' });
    expect(found.data.resultSizeEstimate).toBe(1);
    expect(emulator.messages()).toHaveLength(1);
  });

  it('closes a hanging request when the emulator closes', async () => {
    const other = await start();
    other.injectFailures({ status: 'timeout', count: 1 });
    const pending = clientFor(other, 'token-ada').users.getProfile({ userId: 'me' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.close();
    await expect(pending).rejects.toThrow();
  });

  it('GET /_emulator/messages answers the delivered messages, filtered by ?to=', async () => {
    await ada.users.messages.send({
      userId: 'me',
      requestBody: { raw: await raw(simpleMail('one@example.org')) },
    });
    await ada.users.messages.send({
      userId: 'me',
      requestBody: { raw: await raw(simpleMail('two@example.org', { cc: 'One@Example.org' })) },
    });
    await ada.users.messages.send({
      userId: 'me',
      requestBody: { raw: await raw(simpleMail('three@example.org')) },
    });
    const all = (await (await fetch(`${emulator.url}/_emulator/messages`)).json()) as DeliveredMessage[];
    expect(all).toHaveLength(3);
    expect(Object.keys(all[0]!).sort()).toEqual(
      [
        'id',
        'threadId',
        'from',
        'to',
        'cc',
        'bcc',
        'subject',
        'headers',
        'html',
        'text',
        'raw',
        'sentAt',
        'mailbox',
      ].sort(),
    );
    expect(all[0]).toEqual(emulator.messages()[0]);
    const toOne = (await (
      await fetch(`${emulator.url}/_emulator/messages?to=one@example.org`)
    ).json()) as DeliveredMessage[];
    expect(toOne.map((message) => message.to[0])).toEqual(['one@example.org', 'two@example.org']);

    const reset = await fetch(`${emulator.url}/_emulator/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(await (await fetch(`${emulator.url}/_emulator/messages`)).json()).toEqual([]);
  });
});

describe('per-account limits', () => {
  it('answers 429 rateLimitExceeded with Retry-After past the per-second rate, per account', async () => {
    const emulator = await start({ sendsPerSecond: 3 });
    try {
      const ada = clientFor(emulator, 'token-ada');
      const message = { userId: 'me', requestBody: { raw: await raw(simpleMail('r@example.org')) } };
      const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => ada.users.messages.send(message)));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
      expect(await failureOf(ada.users.messages.send(message))).toMatchObject({
        status: 429,
        reason: 'rateLimitExceeded',
        message: expect.stringMatching(/^User-rate limit exceeded\./),
        retryAfter: '1',
      });
      // Grace has her own budget.
      expect((await clientFor(emulator, 'token-grace').users.messages.send(message)).status).toBe(200);
      expect(emulator.messages()).toHaveLength(4);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await ada.users.messages.send(message)).status).toBe(200);
    } finally {
      await emulator.close();
    }
  });

  it('answers 429 dailyLimitExceeded past the daily cap, counting only delivered messages', async () => {
    const emulator = await start({ dailySendLimit: 2 });
    try {
      const ada = clientFor(emulator, 'token-ada');
      const message = { userId: 'me', requestBody: { raw: await raw(simpleMail('d@example.org')) } };
      // A refused message does not use the quota.
      await failureOf(
        ada.users.messages.send({
          userId: 'me',
          requestBody: { raw: await raw({ from: 'ada@example.com', text: 'x' }) },
        }),
      );
      await ada.users.messages.send(message);
      await ada.users.messages.send(message);
      const refused = await failureOf(ada.users.messages.send(message));
      expect(refused).toMatchObject({
        status: 429,
        reason: 'dailyLimitExceeded',
        message: 'Daily user sending quota exceeded.',
      });
      expect(Number(refused.retryAfter)).toBeGreaterThan(86_000);
      expect(emulator.messages()).toHaveLength(2);
      expect((await clientFor(emulator, 'token-grace').users.messages.send(message)).status).toBe(200);
    } finally {
      await emulator.close();
    }
  });
});

describe('persistence', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'gmail-emulator-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps delivered messages, drafts and the daily count across a restart; reset empties the file', async () => {
    const dataFile = path.join(directory, 'nested', 'gmail.jsonl');
    const first = await start({ dataFile, dailySendLimit: 2 });
    const ada = clientFor(first, 'token-ada');
    const sent = await ada.users.messages.send({
      userId: 'me',
      requestBody: { raw: await raw(simpleMail('kept@example.org', { messageId: '<kept@mergedesk.test>' })) },
    });
    const draft = await ada.users.drafts.create({
      userId: 'me',
      requestBody: { message: { raw: await raw(simpleMail('draft@example.org')) } },
    });
    const before = first.messages();
    await first.close();

    const second = await start({ dataFile, dailySendLimit: 2 });
    try {
      expect(second.messages()).toEqual(before);
      const again = clientFor(second, 'token-ada');
      const found = await again.users.messages.list({ userId: 'me', q: 'rfc822msgid:kept@mergedesk.test' });
      expect(found.data.messages).toEqual([{ id: sent.data.id, threadId: sent.data.threadId }]);
      expect((await again.users.drafts.get({ userId: 'me', id: draft.data.id! })).data.id).toBe(
        draft.data.id,
      );
      const next = await again.users.messages.send({
        userId: 'me',
        requestBody: { raw: await raw(simpleMail('n@example.org')) },
      });
      expect(next.data.id! > sent.data.id!).toBe(true);
      // Two delivered in the window (one before the restart): the cap of 2 is reached.
      expect(
        await failureOf(
          again.users.messages.send({
            userId: 'me',
            requestBody: { raw: await raw(simpleMail('n@example.org')) },
          }),
        ),
      ).toMatchObject({ reason: 'dailyLimitExceeded' });
      second.reset();
    } finally {
      await second.close();
    }
    const third = await start({ dataFile });
    try {
      expect(third.messages()).toEqual([]);
    } finally {
      await third.close();
    }
  });
});

describe('tokens resolved by an OpenID userinfo endpoint', () => {
  it('takes the email claim of the userinfo answer as the mailbox and caches it per token', async () => {
    let calls = 0;
    const userinfo = createServer((request, response) => {
      calls += 1;
      if (request.headers.authorization === 'Bearer idp-token-olivia') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ sub: 'demo-olivia', email: 'Olivia@Acme.test', name: 'Olivia Owens' }));
        return;
      }
      response.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' });
      response.end();
    });
    await new Promise<void>((resolve) => userinfo.listen(0, '127.0.0.1', resolve));
    const emulator = await startGmailEmulator({
      port: 0,
      userinfoUrl: `http://127.0.0.1:${(userinfo.address() as AddressInfo).port}/me`,
    });
    try {
      const olivia = clientFor(emulator, 'idp-token-olivia');
      expect((await olivia.users.getProfile({ userId: 'me' })).data.emailAddress).toBe('olivia@acme.test');
      const sendAs = await olivia.users.settings.sendAs.list({ userId: 'me' });
      expect(sendAs.data.sendAs?.[0]).toMatchObject({
        sendAsEmail: 'olivia@acme.test',
        displayName: 'Olivia Owens',
      });
      expect(calls).toBe(1);
      expect(
        await failureOf(clientFor(emulator, 'idp-token-forged').users.getProfile({ userId: 'me' })),
      ).toMatchObject({
        status: 401,
      });
    } finally {
      await emulator.close();
      await new Promise((resolve) => userinfo.close(resolve));
    }
  });
});
