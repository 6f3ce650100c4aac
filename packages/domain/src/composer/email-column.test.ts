import { describe, expect, it } from 'vitest';
import { detectEmailColumn, isEmailHeader } from './email-column';

describe('isEmailHeader: a header that names an address', () => {
  it.each<[string, boolean]>([
    ['Email', true],
    ['email', true],
    ['E-mail', true],
    ['E-Mail', true],
    ['Email address', true],
    ['email_address', true],
    ['EMAIL ADDRESS', true],
    ['Mail', true],
    ['E-Mail-Adresse', true],
    ['Recipient', true],
    ['First name', false],
    ['Email sent?', false],
    ['Company', false],
  ])('%j -> %s', (header, expected) => {
    expect(isEmailHeader(header)).toBe(expected);
  });
});

const rowsOf = (columns: string[], values: string[][]) =>
  values.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i] ?? ''])));

describe('detectEmailColumn', () => {
  it.each<[string, string[], string[][], string | null]>([
    ['a named header wins, whatever its values', ['Name', 'Email'], [['Ada', 'not yet']], 'Email'],
    ['the first named header of two', ['Mail', 'E-mail'], [['a@x.io', 'b@x.io']], 'Mail'],
    [
      'else the column that is mostly addresses',
      ['Name', 'Contact'],
      [
        ['Ada', 'ada@example.com'],
        ['Bob', 'bob@example.com'],
        ['Cy', 'cy at example'],
      ],
      'Contact',
    ],
    [
      'blank cells do not count against a column',
      ['Name', 'Who'],
      [
        ['Ada', 'ada@example.com'],
        ['Bob', ''],
      ],
      'Who',
    ],
    [
      'the column with the larger share of addresses',
      ['Backup', 'Main'],
      [
        ['a@x.io', 'a@y.io'],
        ['nope', 'b@y.io'],
        ['c@x.io', 'c@y.io'],
      ],
      'Main',
    ],
    [
      'half is not mostly',
      ['Name', 'Contact'],
      [
        ['Ada', 'ada@example.com'],
        ['Bob', 'bob'],
      ],
      null,
    ],
    ['no addresses at all', ['Name', 'City'], [['Ada', 'London']], null],
    ['no rows, no named header', ['Name'], [], null],
  ])('%s', (_, columns, values, expected) => {
    expect(detectEmailColumn(columns, rowsOf(columns, values))).toBe(expected);
  });
});
