import { beforeEach, describe, expect, it, vi } from 'vitest';
import { unsubscribeFooterHtml } from '@mergedesk/domain/sending/unsubscribe-footer';
import { trackingUrlsFor } from '../tracking/tracking-token';
import { escapeHtml } from '@mergedesk/domain/sending/markers';
import { buildMergeMessage, compileMergeMessage, trackableLinksOf } from './merge-message';
import type * as htmlText from '../../mail/html-text';
import { htmlToText } from '../../mail/html-text';

// The real converter, counted: the compiled text part converts once per merge, not per recipient.
vi.mock('../../mail/html-text', async (importOriginal) => {
  const real = await importOriginal<typeof htmlText>();
  return { htmlToText: vi.fn(real.htmlToText) };
});

const urls = trackingUrlsFor('https://mergedesk.example', 'token-1');
const base = {
  subject: 'Hi {{Name|there}}',
  htmlBody:
    '<html><body><p>Dear {{Name}},</p><a href="https://example.com/a">A</a> <a href="https://example.com/{{Name}}">B</a></body></html>',
  recipient: {
    id: 'rid',
    email: 'ada@example.org',
    fields: { Name: '<Ada & co>', CC: 'x@example.org; y@example.org' },
  },
  from: { name: 'Olivia', address: 'olivia@acme.test' },
  urls,
  linkIndexes: new Map([['https://example.com/a', 0]]),
  messageIdHost: 'mergedesk.example',
};

describe('buildMergeMessage', () => {
  it('escapes values in the body, not in the subject; rewrites static links, adds the pixel, footer and List-Unsubscribe', () => {
    const message = buildMergeMessage({
      ...base,
      options: { trackOpens: true, trackClicks: true, unsubscribeLink: true, ccColumn: 'CC' },
    });
    expect(message.subject).toBe('Hi <Ada & co>');
    expect(message.html).toContain('Dear &lt;Ada &amp; co&gt;,');
    expect(message.html).toContain(`href="${urls.clickUrl(0)}"`);
    expect(message.html).not.toContain('href="https://example.com/a"');
    // A link with a marker is sent as rendered, untracked.
    expect(message.html).toContain('href="https://example.com/&lt;Ada &amp; co&gt;"');
    expect(message.html).toContain(`<img src="${urls.openPixelUrl}"`);
    expect(message.html).toMatch(/<\/p><a [^>]*>A<\/a>.*Unsubscribe<\/a>\.<\/p><img[^>]*><\/body>/s);
    expect(message.cc).toEqual(['x@example.org', 'y@example.org']);
    expect(message.messageId).toBe('rid@mergedesk.example');
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${urls.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(message.text).toContain('Dear <Ada & co>,');
    expect(message.text).not.toContain('/t/o/');
  });

  it('without tracking: no pixel, links as written; the unsubscribe link stays', () => {
    const message = buildMergeMessage({
      ...base,
      options: { trackOpens: false, trackClicks: false, unsubscribeLink: true },
    });
    expect(message.html).not.toContain('/t/o/');
    expect(message.html).toContain('href="https://example.com/a"');
    expect(message.html).toContain(`href="${urls.unsubscribeUrl}"`);
    expect(message.cc).toEqual([]);
  });

  it('without the unsubscribe link: no footer, the List-Unsubscribe headers stay', () => {
    const message = buildMergeMessage({
      ...base,
      options: { trackOpens: false, trackClicks: false, unsubscribeLink: false },
    });
    expect(message.html).not.toContain(urls.unsubscribeUrl);
    expect(message.html).not.toContain('Unsubscribe');
    expect(message.html).toMatch(/<a href="https:\/\/example.com\/a">A<\/a>.*<\/body>/s);
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${urls.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('the footer is the domain’s unsubscribeFooterHtml, as the preview shows it', () => {
    const message = buildMergeMessage({
      ...base,
      options: { trackOpens: false, trackClicks: false, unsubscribeLink: true },
    });
    expect(message.html).toContain(`${unsubscribeFooterHtml(urls.unsubscribeUrl)}</body>`);
  });
});

describe('trackableLinksOf', () => {
  it('keeps http(s) links without markers, normalised, once each, in order', () => {
    expect(
      trackableLinksOf(
        '<a href="https://Example.com/x">1</a><a href="mailto:a@b.c">2</a><a href="https://example.com/x">3</a><a href="https://e.com/{{Id}}">4</a><a href="http://b.test/">5</a>',
      ),
    ).toEqual(['https://example.com/x', 'http://b.test/']);
  });
});

describe('compileMergeMessage: compiled once, one message per recipient', () => {
  const compiled = compileMergeMessage({
    ...base,
    htmlBody:
      '<p>Dear {{Name}},</p><a href="https://example.com/a" title="For {{Name}}">A</a> <a href="https://example.com/{{Name}}">B</a>',
    options: { trackOpens: true, trackClicks: true, unsubscribeLink: true },
  });
  const other = trackingUrlsFor('https://mergedesk.example', 'token-2');

  it('gives each recipient their own values and tracking URLs', () => {
    const ada = compiled({ ...base.recipient, fields: { Name: 'Ada' } }, urls);
    const bob = compiled({ id: 'rid-2', email: 'bob@example.org', fields: { Name: 'Bob' } }, other);
    expect(ada.html).toContain('Dear Ada,');
    expect(bob.html).toContain('Dear Bob,');
    expect(bob.html).not.toContain('Ada');
    expect(bob.html).toContain(`href="${other.clickUrl(0)}"`);
    expect(bob.html).toContain(`src="${other.openPixelUrl}"`);
    expect(bob.html).toContain(`href="${other.unsubscribeUrl}"`);
    expect(bob.html).not.toContain('token-1');
    expect(bob.messageId).toBe('rid-2@mergedesk.example');
    expect(bob.headers?.['List-Unsubscribe']).toBe(`<${other.unsubscribeUrl}>`);
  });

  it('renders a marker in a tracked link’s other attributes, escaped', () => {
    const message = compiled({ ...base.recipient, fields: { Name: 'A "quoted" <name>' } }, urls);
    expect(message.html).toContain(
      `<a href="${urls.clickUrl(0)}" title="For A &quot;quoted&quot; &lt;name&gt;">A</a>`,
    );
  });

  it('inserts a value as text once: markup, markers and URL stand-ins in it stay text', () => {
    const value = '<a href="https://example.com/a">x</a> {{Name}} mergedesk-url-0-0 }}';
    const message = compiled({ ...base.recipient, fields: { Name: value } }, urls);
    expect(message.html).toContain(`Dear ${escapeHtml(value)},`);
    // One tracked link (the body's), one marker link as rendered.
    expect(message.html.split(urls.clickUrl(0)).length - 1).toBe(1);
    expect(message.html).toContain(`href="https://example.com/${escapeHtml(value)}"`);
    expect(message.text).toContain(`Dear ${value},`);
  });
});

describe('compileMergeMessage: the text part, converted once per merge', () => {
  // [name, body, converted once: true unless each recipient's HTML must be converted]
  const templates: Array<[string, string, boolean]> = [
    [
      'paragraphs and a tracked link',
      '<p>Dear {{Name}},</p><p>See <a href="https://example.com/a">our offer</a>.</p>',
      true,
    ],
    [
      'headings (uppercased) with a marker link',
      '<h1>Hello {{Name}}</h1><h2><a href="https://example.com/{{Id}}">{{Name}}</a></h2><h3>x{{Name}}y</h3>',
      true,
    ],
    [
      'lists, a table, a quote, breaks and a rule',
      '<ul><li>{{Name}}</li><li>two</li></ul><ol><li>{{Id|none}}</li></ol><table><tr><th>{{Name}}</th><td>{{Id}}</td></tr></table><blockquote>{{Name}}</blockquote>a<br>{{Name}}<hr>end',
      true,
    ],
    ['preformatted text', '<pre>  {{Name}}   x\n y {{Id}}</pre><p>{{Name}}</p>', true],
    [
      'a raw text element (entities kept)',
      '<textarea>{{Name}}</textarea><xmp>{{Id}}</xmp><p>{{Name}}</p>',
      false,
    ],
    ['entities and no-break spaces', '<p>Caf&eacute; &nbsp;{{Name}}&amp;&lt;b&gt;</p>', true],
    ['a marker glued to text', '<p>Dr.{{Name}}!{{Id}}</p><h4>({{Name}})</h4>', true],
    ['an href that is a marker', '<p><a href="{{Name}}">link</a> and <a href="{{Name}}"></a></p>', true],
    ['an unknown column (empty)', '<p>Hi {{Missing|friend}}, {{Other}}.</p>', false],
    [
      'a comment, a style and a title',
      '<title>For {{Name}}</title><style>p{}</style><!-- {{Name}} --><p>{{Name}}</p>',
      true,
    ],
    ['one long line (not wrapped)', `<p>${'word '.repeat(40)}{{Name}} ${'more '.repeat(40)}</p>`, true],
  ];
  // [value, converted once: false for a value html-to-text writes otherwise than as it is]
  const values: Array<[string, boolean]> = [
    ['Ada', true],
    ['Ada Lovelace', true],
    ['Ünïcödé straße', true],
    [`O'Brien & Sons <x>`, true],
    ['no\u00a0break', true],
    ['', false],
    [' padded ', false],
    ['two  spaces', false],
    ['line\nbreak', false],
    ['tab\tx', false],
    ['zero\u200bwidth', false],
    ['mailto:ada@example.org', false],
    ['#top', false],
  ];
  const optionSets = [
    { trackOpens: true, trackClicks: true, unsubscribeLink: true },
    { trackOpens: false, trackClicks: false, unsubscribeLink: false },
  ];

  describe.each(templates)('%s', (_, htmlBody, templateOnce) => {
    it.each(values.map(([value, valueOnce]) => [JSON.stringify(value), value, valueOnce] as const))(
      'with %s, gives html-to-text’s text of the recipient’s HTML',
      (_name, value, valueOnce) => {
        for (const options of optionSets) {
          const compiled = compileMergeMessage({ ...base, htmlBody, options });
          vi.mocked(htmlToText).mockClear();
          const message = compiled({ ...base.recipient, fields: { Name: value, Id: `${value}-7` } }, urls);
          expect(htmlToText).toHaveBeenCalledTimes(templateOnce && valueOnce ? 0 : 1);
          expect(message.text).toBe(htmlToText(message.html));
        }
      },
    );
  });

  beforeEach(() => vi.mocked(htmlToText).mockClear());

  it('converts twice per merge (the body and its probe) and never per recipient with plain values', () => {
    const compiled = compileMergeMessage({
      ...base,
      htmlBody: templates[1]![1],
      options: { trackOpens: true, trackClicks: true, unsubscribeLink: true },
    });
    expect(htmlToText).toHaveBeenCalledTimes(2);
    const texts = Array.from(
      { length: 100 },
      (_, i) => compiled({ ...base.recipient, fields: { Name: `Ada ${i}`, Id: String(i) } }, urls).text,
    );
    expect(htmlToText).toHaveBeenCalledTimes(2);
    expect(texts[7]).toContain('HELLO ADA 7');
    expect(texts[7]).toContain('ADA 7 [https://example.com/7]');
    expect(texts[7]).toContain('XADA 7Y');
  });

  it('converts a recipient’s HTML whose value html-to-text would write otherwise', () => {
    const compiled = compileMergeMessage({
      ...base,
      htmlBody: templates[0]![1],
      options: { trackOpens: false, trackClicks: false, unsubscribeLink: false },
    });
    vi.mocked(htmlToText).mockClear();
    expect(compiled({ ...base.recipient, fields: { Name: 'two  spaces' } }, urls).text).toContain(
      'Dear two spaces,',
    );
    expect(htmlToText).toHaveBeenCalledTimes(1);
  });

  it('converts every recipient’s HTML when the probe differs (a value in a raw text element)', () => {
    const compiled = compileMergeMessage({
      ...base,
      htmlBody: templates[4]![1],
      options: { trackOpens: false, trackClicks: false, unsubscribeLink: false },
    });
    vi.mocked(htmlToText).mockClear();
    compiled({ ...base.recipient, fields: { Name: 'Ada', Id: '1' } }, urls);
    expect(htmlToText).toHaveBeenCalledTimes(1);
  });
});
