import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { compileMime, composeMime, type MailMessage } from './mime';

const message: MailMessage = {
  from: { name: 'Jürgen Groß', address: 'juergen@acme.test' },
  to: 'Zoë <zoe@example.test>',
  cc: ['carl@example.test'],
  bcc: ['hidden@example.test', 'also-hidden@example.test'],
  subject: 'Grüße aus Köln – 10 % Rabatt 🎉',
  html: '<p>Hallo <b>Zoë</b>, <a href="https://example.test/a?x=1&amp;y=2">hier</a></p>',
  text: 'Hallo Zoë, hier: https://example.test/a?x=1&y=2',
  messageId: '3f9c0c1e-1b2a-4d8e-9d1f-0a1b2c3d4e5f@mergedesk.test',
  headers: {
    'List-Unsubscribe': '<https://app.mergedesk.test/t/u/tok123>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

describe('composeMime', () => {
  it('builds a message that parses back to the same parts and headers', async () => {
    const raw = composeMime(message);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from?.value).toEqual([{ name: 'Jürgen Groß', address: 'juergen@acme.test' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : null).toEqual([
      { name: 'Zoë', address: 'zoe@example.test' },
    ]);
    expect(parsed.html).toBe(message.html);
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.messageId).toBe(`<${message.messageId}>`);
    expect(parsed.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
  });

  it('encodes the UTF-8 subject and names as encoded words (the header lines are ASCII)', () => {
    const source = composeMime(message).toString('latin1');
    const headerBlock = source.slice(0, source.indexOf('\r\n\r\n'));
    expect(headerBlock).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(headerBlock).toMatch(/^From: =\?UTF-8\?.*<juergen@acme\.test>$/m);
    expect(/^[\x20-\x7e\r\n\t]*$/.test(headerBlock)).toBe(true);
    expect(headerBlock).toMatch(/^Content-Type: multipart\/alternative;/m);
  });

  it('keeps Bcc in the raw source (Gmail delivers to it and strips it)', async () => {
    const parsed = await simpleParser(composeMime(message));
    const bcc =
      parsed.bcc && !Array.isArray(parsed.bcc) ? parsed.bcc.value.map((entry) => entry.address) : [];
    expect(bcc).toEqual(['hidden@example.test', 'also-hidden@example.test']);
    const cc = parsed.cc && !Array.isArray(parsed.cc) ? parsed.cc.value.map((entry) => entry.address) : [];
    expect(cc).toEqual(['carl@example.test']);
  });

  it('keeps custom headers verbatim and the Message-ID as given', () => {
    const source = composeMime(message).toString('utf8');
    const headerLines = source.slice(0, source.indexOf('\r\n\r\n')).split('\r\n');
    expect(headerLines).toContain('List-Unsubscribe: <https://app.mergedesk.test/t/u/tok123>');
    expect(headerLines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headerLines).toContain(`Message-ID: <${message.messageId}>`);
  });

  it('leaves To out of a draft with no recipient', () => {
    const source = composeMime({ ...message, to: '', cc: [], bcc: [] }).toString('utf8');
    expect(source).not.toMatch(/^(To|Cc|Bcc):/im);
  });

  // composeMime writes MailComposer's tree itself, without MimeNode.build's streams: the bytes
  // must be the ones nodemailer writes, whatever the content's encoding (7bit, quoted-printable
  // with soft breaks, base64) and line breaks.
  const longLine = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit '.repeat(40);
  it.each<[string, MailMessage]>([
    ['the merge message', message],
    ['plain ASCII, short lines (7bit)', { ...message, subject: 'Hi', text: 'Hi there', html: '<p>Hi</p>' }],
    [
      'long ASCII lines (quoted-printable soft breaks)',
      { ...message, text: longLine, html: `<p>${longLine}</p>` },
    ],
    [
      'line breaks LF and CRLF, trailing spaces and tabs',
      { ...message, text: 'one  \ntwo\t\r\nthree \n\nfour', html: '<p>a </p>\n<p>b\t</p>\r\n' },
    ],
    [
      'mostly non-Latin (base64) and a long UTF-8 subject',
      {
        ...message,
        subject: '日本語の件名です。'.repeat(12),
        text: 'こんにちは世界、'.repeat(200),
        html: `<p>${'こんにちは世界、'.repeat(200)}</p>`,
      },
    ],
    [
      'a large HTML body with UTF-8 across the soft breaks',
      {
        ...message,
        html: `<div>${'Grüße Zoë – 10 % 🎉 <a href="https://example.test/x?a=1&amp;b=2">Link</a> '.repeat(500)}</div>`,
      },
    ],
    [
      'plain ASCII, long lines without a Latin letter (base64)',
      { ...message, text: '0123456789 '.repeat(20), html: '0123456789 <> '.repeat(20) },
    ],
    ['a draft with no recipient', { ...message, to: '', cc: [], bcc: [], headers: {} }],
    [
      'names with commas, quotes and encoded-word look-alikes; a long ASCII subject (folded)',
      {
        ...message,
        from: { name: 'Acme, Inc. "Sales" =?x?=', address: 'sales@acme.test' },
        to: '"Doe, Jane" <jane@example.test>',
        cc: ["Ann O'Neil <ann@example.test>", 'bob@example.test'],
        subject: `${'A subject that goes on and on '.repeat(6)}end`,
      },
    ],
    ['a text part only (MailComposer’s tree)', { ...message, html: '' }],
    ['an HTML part only (MailComposer’s tree)', { ...message, text: '' }],
  ])('writes the same bytes as nodemailer’s own build: %s', async (_, input) => {
    const options = { date: new Date('2026-11-27T12:00:00Z'), baseBoundary: 'fixed-boundary' };
    const expected = await compileMime(input, options).build();
    expect(composeMime(input, options).toString('latin1')).toBe(expected.toString('latin1'));
  });

  it('writes each message’s own From, Date and boundary when senders, seconds and boundaries alternate (lines kept per value)', async () => {
    const senders = [
      { name: 'Jürgen Groß', address: 'juergen@acme.test' },
      { name: 'Ada', address: 'ada@example.test' },
      { name: 'Jürgen Groß', address: 'other@acme.test' },
    ];
    const dates = [new Date('2026-11-27T12:00:00Z'), new Date('2026-11-27T12:00:01Z')];
    const boundaries = ['merge-one', 'merge-two', 'merge-three', 'merge-four'];
    for (let i = 0; i < 12; i += 1) {
      const input = { ...message, from: senders[i % 3]! };
      const options = { date: dates[i % 2]!, baseBoundary: boundaries[i % 4]! };
      const expected = await compileMime(input, options).build();
      expect(composeMime(input, options).toString('latin1')).toBe(expected.toString('latin1'));
    }
  });
});
