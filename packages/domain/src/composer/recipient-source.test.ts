import { describe, expect, it } from 'vitest';
import { splitSheetKey } from '../campaigns/sheet-key';
import {
  composerSheetKey,
  MAX_CSV_COLUMNS,
  MAX_CSV_ROWS,
  NO_HEADER_MESSAGE,
  NO_RECIPIENT_ROWS_MESSAGE,
  recipientSourceError,
} from './recipient-source';

const columns = (count: number) => Array.from({ length: count }, (_, i) => `Column ${i + 1}`);

describe('recipientSourceError: the engine’s limits of 5,000 rows and 50 columns', () => {
  it.each<[string, string[], number, string | null]>([
    ['one row', ['Email'], 1, null],
    ['exactly 5,000 rows and 50 columns', columns(50), 5000, null],
    [
      '5,001 rows',
      ['Email'],
      5001,
      'The file has 5,001 recipients. A mail merge can send to at most 5,000: split the file and send it as several mail merges.',
    ],
    [
      '51 columns',
      columns(51),
      10,
      'The file has 51 columns. A mail merge can use at most 50: remove the columns you do not need.',
    ],
    ['no rows', ['Email'], 0, NO_RECIPIENT_ROWS_MESSAGE],
    ['no header', [], 3, NO_HEADER_MESSAGE],
    ['a blank header', ['Email', ' '], 3, NO_HEADER_MESSAGE],
  ])('%s', (_, cols, rowCount, expected) => {
    expect(recipientSourceError({ columns: cols, rowCount })).toBe(expected);
  });

  it('uses the engine’s limits', () => {
    expect([MAX_CSV_ROWS, MAX_CSV_COLUMNS]).toEqual([5000, 50]);
  });
});

describe('composerSheetKey', () => {
  it.each([
    ['0f8c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f', 'csv:0f8c1d2e3a4b4c5d8e6f7a8b9c0d1e2f'],
    ['abc', 'csv:abc'],
  ])('%s -> %s, which is no Google Sheets key', (key, expected) => {
    expect(composerSheetKey(key)).toBe(expected);
    expect(splitSheetKey(composerSheetKey(key))).toBeNull();
  });
});
