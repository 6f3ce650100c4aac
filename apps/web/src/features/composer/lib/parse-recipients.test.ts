import { describe, expect, it } from 'vitest';
import { parseRecipientFile, parseRecipients, UNCLOSED_QUOTE_MESSAGE } from './parse-recipients';

const parsed = (text: string) => {
  const result = parseRecipients(text, 'Leads');
  if (!result.ok) throw new Error(result.message);
  return result.source;
};

describe('parseRecipients (Papa Parse)', () => {
  it.each<[string, string]>([
    ['comma', 'First name,Email\nAda,ada@x.io\nBob,bob@x.io\n'],
    ['semicolon', 'First name;Email\nAda;ada@x.io\nBob;bob@x.io'],
    ['tab', 'First name\tEmail\nAda\tada@x.io\nBob\tbob@x.io'],
    ['CRLF line ends', 'First name,Email\r\nAda,ada@x.io\r\nBob,bob@x.io\r\n'],
    ['a byte order mark', '\uFEFFFirst name,Email\nAda,ada@x.io\nBob,bob@x.io'],
    ['blank lines and padded headers', ' First name , Email \n\nAda,ada@x.io\n\nBob,bob@x.io\n\n'],
  ])('reads a file with %s', (_, text) => {
    expect(parsed(text)).toEqual({
      name: 'Leads',
      columns: ['First name', 'Email'],
      rows: [
        { 'First name': 'Ada', Email: 'ada@x.io' },
        { 'First name': 'Bob', Email: 'bob@x.io' },
      ],
    });
  });

  it('keeps delimiters, quotes and line breaks inside quoted fields', () => {
    expect(parsed('Name;Note;Email\n"Lovelace; Ada";"She said ""hi""\nthen left";ada@x.io').rows).toEqual([
      { Name: 'Lovelace; Ada', Note: 'She said "hi"\nthen left', Email: 'ada@x.io' },
    ]);
  });

  it('gives a short row empty cells and drops extra cells', () => {
    expect(parsed('A,B,C\n1\n1,2,3,4').rows).toEqual([
      { A: '1', B: '', C: '' },
      { A: '1', B: '2', C: '3' },
    ]);
  });

  it('reads a one-column list of addresses', () => {
    expect(parsed('Email\nada@x.io\nbob@x.io').rows).toHaveLength(2);
  });

  it.each<[string, number]>([
    ['Name,Email\n"Ada,ada@x.io\nBob,bob@x.io', 2],
    ['Name,Email\nAda,ada@x.io\n"Bob,bob@x.io', 3],
  ])('names the line of a quote never closed in %j', (text, line) => {
    expect(parseRecipients(text, 'x')).toEqual({ ok: false, message: UNCLOSED_QUOTE_MESSAGE(line) });
  });

  it.each<[string, string, string]>([
    [
      '5,001 rows',
      `Email\n${'a@x.io\n'.repeat(5001)}`,
      'The file has 5,001 recipients. A mail merge can send to at most 5,000: split the file and send it as several mail merges.',
    ],
    [
      '51 columns',
      `${Array.from({ length: 51 }, (_, i) => `C${i}`).join(',')}\n${'x,'.repeat(50)}x`,
      'The file has 51 columns. A mail merge can use at most 50: remove the columns you do not need.',
    ],
    [
      'a header only',
      'First name,Email\n',
      'The file has no recipients: the first row names the columns, each row after it is one recipient.',
    ],
  ])('refuses %s with a clear message', (_, text, message) => {
    expect(parseRecipients(text, 'x')).toEqual({ ok: false, message });
  });

  it('accepts exactly 5,000 rows', () => {
    expect(parsed(`Email\n${'a@x.io\n'.repeat(5000)}`).rows).toHaveLength(5000);
  });
});

describe('parseRecipientFile', () => {
  it('decodes UTF-8 with a byte order mark and names the source after the file', async () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('Prénom;E-mail\nJosé;jose@x.io'),
    ]);
    const result = await parseRecipientFile(new File([bytes], 'Leads 2026.csv', { type: 'text/csv' }));
    expect(result).toEqual({
      ok: true,
      source: {
        name: 'Leads 2026',
        columns: ['Prénom', 'E-mail'],
        rows: [{ Prénom: 'José', 'E-mail': 'jose@x.io' }],
      },
    });
  });
});
