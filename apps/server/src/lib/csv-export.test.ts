import type { CsvValue } from '@mergedesk/domain/exports/csv-safety';
import { csvCell } from '@mergedesk/domain/exports/csv-values';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvField, csvLines } from './csv-export';

/** What the exports wrote before issue 11: Papa Parse, CRLF, after the domain's csvCell. */
const papaLines = (rows: ReadonlyArray<readonly CsvValue[]>) =>
  rows.length === 0
    ? ''
    : `${Papa.unparse(
        rows.map((row) => row.map(csvCell)),
        { newline: '\r\n' },
      )}\r\n`;

const CELLS: CsvValue[] = [
  'olivia@acme.test',
  '',
  ' leading space',
  'trailing space ',
  ' ',
  'inner space',
  'comma, inside',
  'say "hi"',
  '"',
  'line\nbreak',
  'carriage\rreturn',
  'crlf\r\nend',
  '\uFEFFbom first',
  'bom \uFEFF inside',
  '=HYPERLINK("http://evil.test","x")',
  '+1',
  '-1',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  ' =1',
  "'quoted already",
  'semi;colon',
  'tab\tinside',
  'Zoë Müller — 東京',
  'https://acme.test/offer?a=1&b=2 https://acme.test/pricing',
  0,
  -0,
  -5,
  1192,
  3.25,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  null,
  undefined,
];

describe("csvLines: Papa Parse's output, faster (issue 11)", () => {
  it.each(CELLS.map((cell) => [cell]))('cell %j', (cell) => {
    expect(csvLines([[cell]])).toBe(papaLines([[cell]]));
    expect(csvLines([['a', cell, 'b']])).toBe(papaLines([['a', cell, 'b']]));
  });

  it('writes rows of every cell, and nothing for no rows', () => {
    const rows = [CELLS, [...CELLS].reverse(), ['only'], CELLS.map(() => '')];
    expect(csvLines(rows)).toBe(papaLines(rows));
    expect(csvLines([])).toBe('');
  });

  it('quotes and doubles quotes only where it must', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('-1')).toBe("'-1");
    expect(csvField(-1)).toBe('-1');
    expect(csvField(null)).toBe('');
  });
});
