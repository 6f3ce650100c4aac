import { MISSING_AUTHORIZATION_REASON } from '@mergedesk/domain/api/templates';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../db/records';
import { encodeHeader, GMAIL_DRAFTS_URL, GMAIL_SEND_URL, GmailMailAdapter } from './gmail-mail-adapter';

const user = { id: 'u1', email: 'olivia@acme.test', name: 'Olivia Owens' } as UserRecord;

function fakeFetch(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('GmailMailAdapter', () => {
  it('posts a base64url RFC 2822 message to drafts.create and answers the message id', async () => {
    const { calls, fetchImpl } = fakeFetch(200, { id: 'r-1', message: { id: '18c0ffee', threadId: 't' } });
    const adapter = new GmailMailAdapter(() => Promise.resolve('google-token'), fetchImpl);
    const result = await adapter.createDraft(user, { subject: 'Grüße aus Berlin', html: '<p>Hallo</p>' });
    expect(result).toEqual({ messageId: '18c0ffee' });
    const [call] = calls;
    expect(call?.url).toBe(GMAIL_DRAFTS_URL);
    expect(new Headers(call?.init.headers).get('authorization')).toBe('Bearer google-token');
    const { message } = JSON.parse(call?.init.body as string) as { message: { raw: string } };
    expect(message.raw).toMatch(/^[A-Za-z0-9_-]+$/);
    const raw = Buffer.from(message.raw, 'base64url').toString('utf8');
    expect(raw).toContain(`Subject: ${encodeHeader('Grüße aus Berlin')}\r\n`);
    expect(raw).toContain('Content-Type: text/html; charset="UTF-8"');
    const body = raw.split('\r\n\r\n')[1] ?? '';
    expect(Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe('<p>Hallo</p>');
  });

  it('answers 403 missing_authorization without a token or when Google refuses it', async () => {
    const none = new GmailMailAdapter(() => Promise.resolve(null), fakeFetch(200, {}).fetchImpl);
    await expect(none.createDraft(user, { subject: 's', html: 'h' })).rejects.toMatchObject({
      statusCode: 403,
      reason: MISSING_AUTHORIZATION_REASON,
    });
    const refused = new GmailMailAdapter(() => Promise.resolve('t'), fakeFetch(401, {}).fetchImpl);
    await expect(refused.createDraft(user, { subject: 's', html: 'h' })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('fails with a plain error when Gmail fails', async () => {
    const adapter = new GmailMailAdapter(() => Promise.resolve('t'), fakeFetch(500, {}).fetchImpl);
    await expect(adapter.createDraft(user, { subject: 's', html: 'h' })).rejects.toThrow('answered 500');
  });

  it('encodes non-ASCII headers and strips line breaks', () => {
    expect(encodeHeader('Hello\r\nBcc: x@y.z')).toBe('Hello Bcc: x@y.z');
    expect(encodeHeader('Grüße')).toBe(`=?UTF-8?B?${Buffer.from('Grüße').toString('base64')}?=`);
  });

  it('sends a plain-text message to one address through messages.send', async () => {
    const { calls, fetchImpl } = fakeFetch(200, { id: 'm-1' });
    const adapter = new GmailMailAdapter(() => Promise.resolve('google-token'), fetchImpl);
    await adapter.sendMail(user, {
      to: 'nina@newcomer.test\r\nBcc: x@y.test',
      subject: 'Join',
      text: 'Hello',
    });
    const [call] = calls;
    expect(call?.url).toBe(GMAIL_SEND_URL);
    const { raw } = JSON.parse(call?.init.body as string) as { raw: string };
    const message = Buffer.from(raw, 'base64url').toString('utf8');
    expect(message).toContain('To: nina@newcomer.testBcc: x@y.test\r\n');
    expect(message).not.toContain('\r\nBcc:');
    expect(message).toContain('Content-Type: text/plain; charset="UTF-8"');
    await expect(
      new GmailMailAdapter(() => Promise.resolve(null), fetchImpl).sendMail(user, {
        to: 'a@b.test',
        subject: 's',
        text: 't',
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});
