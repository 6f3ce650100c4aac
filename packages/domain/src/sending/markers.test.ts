import { describe, expect, it } from 'vitest';
import type { MergeMarker } from './markers';
import {
  emptyMarkers,
  escapeHtml,
  findMarkers,
  renderSubject,
  renderParts,
  renderTemplate,
  templateParts,
  type TemplatePart,
  unknownMarkers,
} from './markers';

describe('findMarkers (issue 24: {{Column}} and {{Column|fallback}})', () => {
  it.each<[string, MergeMarker[]]>([
    ['Hi {{First name}}', [{ name: 'First name', fallback: null, raw: '{{First name}}' }]],
    ['Hi {{ First name }}', [{ name: 'First name', fallback: null, raw: '{{ First name }}' }]],
    ['Hi {{First name|there}}', [{ name: 'First name', fallback: 'there', raw: '{{First name|there}}' }]],
    [
      'Hi {{ First name | dear friend }}',
      [{ name: 'First name', fallback: 'dear friend', raw: '{{ First name | dear friend }}' }],
    ],
    ['{{Name|}}', [{ name: 'Name', fallback: '', raw: '{{Name|}}' }]],
    ['{{Name|a|b}}', [{ name: 'Name', fallback: 'a|b', raw: '{{Name|a|b}}' }]],
    [
      '{{A}} and {{B}} and {{A}}',
      [
        { name: 'A', fallback: null, raw: '{{A}}' },
        { name: 'B', fallback: null, raw: '{{B}}' },
        { name: 'A', fallback: null, raw: '{{A}}' },
      ],
    ],
    ['{{{Name}}}', [{ name: 'Name', fallback: null, raw: '{{Name}}' }]],
    ['{{a {{b}}', [{ name: 'b', fallback: null, raw: '{{b}}' }]],
    // Plain text: an unclosed marker, no name, braces inside.
    ['Hi {{First name', []],
    ['Hi {{First name}', []],
    ['{{}}', []],
    ['{{   }}', []],
    ['{{ |there}}', []],
    ['{{a{b}}', []],
    ['{First name}', []],
    ['no markers', []],
  ])('%j', (template, expected) => {
    expect(findMarkers(template)).toEqual(expected);
  });
});

describe('unknownMarkers: distinct names that are not columns, first seen first', () => {
  it.each<[string[], string[], string[]]>([
    [['Hi {{First name}}', '<p>{{Company}}</p>'], ['First name', 'Company'], []],
    [
      ['Hi {{Frist name}}', '<p>{{Company}} {{Frist name}} {{Town}}</p>'],
      ['First name'],
      ['Frist name', 'Company', 'Town'],
    ],
    [['{{ Company }}'], [' Company '], []],
    // Exact, case-sensitive match (docs/decisions/370-merge-marker-matching.md).
    [['{{first name}}'], ['First name'], ['first name']],
    [['{{Town|somewhere}}'], [], ['Town']],
    [['{{Town', 'no markers'], [], []],
    [[], ['A'], []],
  ])('%j with columns %j -> %j', (templates, columns, expected) => {
    expect(unknownMarkers(templates, columns)).toEqual(expected);
  });
});

describe('renderTemplate', () => {
  const fields = {
    'First name': 'Ada',
    Company: 'Smith & <Sons> "Ltd" \'s',
    Blank: '',
    Spaces: '   ',
  };
  it.each<[string, 'html' | 'text', string]>([
    ['Hi {{First name}}!', 'html', 'Hi Ada!'],
    ['Hi {{ First name | there }}!', 'text', 'Hi Ada!'],
    ['Hi {{Blank|there}}!', 'text', 'Hi there!'],
    ['Hi {{Spaces|there}}!', 'text', 'Hi there!'],
    ['Hi {{Missing|there}}!', 'text', 'Hi there!'],
    ['Hi {{Missing}}!', 'text', 'Hi !'],
    ['Hi {{Blank}}!', 'html', 'Hi !'],
    // Values and fallbacks are escaped in html mode, not in text mode.
    ['<p>{{Company}}</p>', 'html', '<p>Smith &amp; &lt;Sons&gt; &quot;Ltd&quot; &#39;s</p>'],
    ['{{Company}}', 'text', 'Smith & <Sons> "Ltd" \'s'],
    ['<p>{{Missing|<b>you</b> & co}}</p>', 'html', '<p>&lt;b&gt;you&lt;/b&gt; &amp; co</p>'],
    ['{{Missing|<b>you</b> & co}}', 'text', '<b>you</b> & co'],
    // Case matters; a value is inserted once, never re-read as a marker.
    ['{{first name|x}}', 'text', 'x'],
    ['{{Inject}}', 'text', '{{First name}}'],
    // Plain text stays.
    ['Hi {{First name', 'html', 'Hi {{First name'],
    ['{{}} {{ |x}}', 'html', '{{}} {{ |x}}'],
    ['{{constructor|none}}', 'text', 'none'],
  ])('%j (%s) -> %j', (template, mode, expected) => {
    expect(renderTemplate(template, { ...fields, Inject: '{{First name}}' }, mode)).toBe(expected);
  });
});

describe('templateParts: text and markers in order, cut once for many recipients', () => {
  const fields = { 'First name': 'Ada', Company: 'Smith & <Sons>' };
  it.each<[string, TemplatePart[]]>([
    ['', []],
    ['plain', ['plain']],
    [
      'Hi {{ First name | there }}, {{Company}}!',
      [
        'Hi ',
        { name: 'First name', fallback: 'there', raw: '{{ First name | there }}' },
        ', ',
        { name: 'Company', fallback: null, raw: '{{Company}}' },
        '!',
      ],
    ],
    // A `{{…}}` that is not a marker is text, joined with the text around it.
    ['a {{}} b {{ |x}} c', ['a {{}} b {{ |x}} c']],
    [
      '{{A}}{{B}}',
      [
        { name: 'A', fallback: null, raw: '{{A}}' },
        { name: 'B', fallback: null, raw: '{{B}}' },
      ],
    ],
  ])('%j', (template, expected) => {
    expect(templateParts(template)).toEqual(expected);
  });

  it('renders as renderTemplate does', () => {
    const template = '<p>{{First name}} of {{Company|nobody}} {{}} {{Missing|<b>x</b>}}</p>';
    for (const mode of ['html', 'text'] as const) {
      expect(renderParts(templateParts(template), fields, mode)).toBe(renderTemplate(template, fields, mode));
    }
  });
});

describe('renderSubject: line breaks become spaces (no header injection)', () => {
  it.each<[string, Record<string, string>, string]>([
    ['Hello {{Name}}', { Name: 'Ada\r\nBcc: victim@example.com' }, 'Hello Ada Bcc: victim@example.com'],
    ['Hello {{Name}}', { Name: 'Ada\nLovelace' }, 'Hello Ada Lovelace'],
    ['Hello {{Name}}', { Name: 'Ada\rLovelace' }, 'Hello Ada Lovelace'],
    ['Hello {{Name}}', { Name: 'A\n\nB' }, 'Hello A  B'],
    ['Hello {{Name|a\nb}}', {}, 'Hello a b'],
    ['Q&A for {{Name}}', { Name: '<Ada>' }, 'Q&A for <Ada>'],
  ])('%j with %j -> %j', (template, fields, expected) => {
    expect(renderSubject(template, fields)).toBe(expected);
  });
});

describe('emptyMarkers: names with no value and no fallback, once each', () => {
  it.each<[string[], Record<string, string>, string[]]>([
    [['Hi {{First name}}', '{{Company}}'], { 'First name': 'Ada', Company: 'X' }, []],
    [
      ['Hi {{First name}}', '{{Company}} {{First name}}'],
      { 'First name': '', Company: ' ' },
      ['First name', 'Company'],
    ],
    [['Hi {{First name|there}}'], {}, []],
    [['Hi {{First name|there}}', '{{First name}}'], {}, ['First name']],
    [['{{Name|}}'], {}, []],
    [['{{Town}}'], { town: 'Paris' }, ['Town']],
  ])('%j with %j -> %j', (templates, fields, expected) => {
    expect(emptyMarkers(templates, fields)).toEqual(expected);
  });
});

describe('escapeHtml', () => {
  it.each([
    ['a & b', 'a &amp; b'],
    ['<script>', '&lt;script&gt;'],
    [`"'`, '&quot;&#39;'],
    ['&amp;', '&amp;amp;'],
    ['plain', 'plain'],
  ])('%j -> %j', (text, expected) => {
    expect(escapeHtml(text)).toBe(expected);
  });
});
