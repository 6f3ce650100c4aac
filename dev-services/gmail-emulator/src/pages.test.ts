import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailComposerOptions } from 'nodemailer/lib/mail-composer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { RunningGmailEmulator } from './server';
import { startGmailEmulator } from './server';

let emulator: RunningGmailEmulator;

beforeAll(async () => {
  // No resolver: the bearer token is the mailbox address.
  emulator = await startGmailEmulator({ port: 0 });
});
afterEach(() => emulator.reset());
afterAll(() => emulator.close());

const send = async (mail: MailComposerOptions): Promise<string> => {
  const raw = (await new MailComposer(mail).compile().build()).toString('base64url');
  const response = await fetch(`${emulator.url}/gmail/v1/users/me/messages/send`, {
    method: 'POST',
    headers: { authorization: 'Bearer ada@example.com', 'content-type': 'application/json' },
    body: JSON.stringify({ raw }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
};

const get = async (path: string) => {
  const response = await fetch(`${emulator.url}${path}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
};

describe('mailbox page', () => {
  it('lists the delivered messages per recipient, newest first, escaping what it prints', async () => {
    await send({ from: 'ada@example.com', to: 'zoe@example.org', subject: 'First', text: 'one' });
    await send({
      from: '"Ada <script>alert(1)</script>" <ada@example.com>',
      to: ['zoe@example.org', 'bob@example.org'],
      subject: '<img src=x onerror=alert(1)> Second',
      html: '<p>two</p>',
    });

    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe-inline/);
    expect(page.html).toContain('<h1>Mailbox</h1>');
    expect(page.html).toContain('<label for="to">Recipient</label>');
    expect(page.html).toContain('<h2 id="recipient-0">bob@example.org</h2>');
    expect(page.html).toContain('<h2 id="recipient-1">zoe@example.org</h2>');
    expect(page.html).not.toContain('<script>');
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).toContain('&lt;img src=x onerror=alert(1)&gt; Second');
    expect(page.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt;');
    const zoe = page.html.slice(page.html.indexOf('<h2 id="recipient-1">'));
    expect(zoe.indexOf('Second')).toBeLessThan(zoe.indexOf('First'));
    // The list shows no body: a message is opened (and its pixel loads) only when a person opens it.
    expect(page.html).not.toContain('<iframe');

    const onlyBob = await get('/?to=bob%40example.org');
    expect(onlyBob.html).toContain('<h2 id="recipient-0">bob@example.org</h2>');
    expect(onlyBob.html).not.toContain('First');
  });

  it('shows one message: the body framed in a sandbox, the raw headers, escaped', async () => {
    const id = await send({
      from: 'ada@example.com',
      to: 'zoe@example.org',
      subject: 'Hello "Zoë" <b>bold</b>',
      text: 'Plain </pre><script>x</script>',
      html: '<html><head><title>t</title></head><body><p>Hi</p><a href="https://example.com/t/c/1">Open</a><img src="https://example.com/t/o/1.gif"></body></html>',
      headers: { 'List-Unsubscribe': '<https://example.com/t/u/1>', 'X-Note': '<script>alert(1)</script>' },
    });
    const page = await get(`/messages/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Hello &quot;Zoë&quot; &lt;b&gt;bold&lt;/b&gt;</h1>');
    expect(page.html).toContain(
      `<iframe title="Message body: Hello &quot;Zoë&quot; &lt;b&gt;bold&lt;/b&gt;" src="/messages/${id}/body" sandbox="allow-popups allow-popups-to-escape-sandbox"`,
    );
    expect(page.html).toContain('<summary>Raw headers</summary>');
    expect(page.html).toContain('List-Unsubscribe: &lt;https://example.com/t/u/1&gt;');
    expect(page.html).toContain('X-Note: &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.html).toContain('Plain &lt;/pre&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(page.html).not.toMatch(/<script/i);
    expect(page.headers.get('content-security-policy')).toContain("frame-src 'self'");

    const body = await get(`/messages/${id}/body`);
    expect(body.html).toContain('<head><base target="_blank"><title>t</title>');
    expect(body.html).toContain('<img src="https://example.com/t/o/1.gif">');
    const csp = body.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('img-src * data: blob:');
    expect(csp).toContain('sandbox allow-popups allow-popups-to-escape-sandbox');
    expect(csp).not.toContain('script-src');

    const raw = await get(`/messages/${id}/raw`);
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(raw.html).toBe(emulator.messages()[0]!.raw);

    expect((await get('/messages/0000000000000000')).status).toBe(404);
  });

  it('says so when nothing has been sent', async () => {
    const page = await get('/');
    expect(page.html).toContain('No message has been sent yet.');
  });
});
