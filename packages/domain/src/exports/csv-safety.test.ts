import { describe, expect, it } from 'vitest';
import { csvCell, neutralizeFormula, toCsv, type CsvValue } from './csv-safety';

describe('neutralizeFormula (OWASP CSV Injection)', () => {
  it.each<[string, string]>([
    ['=HYPERLINK("http://evil.test","x")', '\'=HYPERLINK("http://evil.test","x")'],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['olivia@acme.test', 'olivia@acme.test'],
    ['Leads Q4 - Sheet1', 'Leads Q4 - Sheet1'],
    [' =1+1', ' =1+1'],
    ['', ''],
  ])('%j -> %j', (value, expected) => {
    expect(neutralizeFormula(value)).toBe(expected);
  });
});

describe('csvCell', () => {
  it.each<[CsvValue, string]>([
    ['olivia@acme.test', 'olivia@acme.test'],
    ['=1+1', "'=1+1"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['=cmd|"/c calc"!A1', '"\'=cmd|""/c calc""!A1"'],
    [42, '42'],
    [-3, '-3'],
    [Number.NaN, ''],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('builds a CSV text with CRLF line ends', () => {
    expect(
      toCsv(
        ['Email address', 'Date'],
        [
          ['a@acme.test', '2026-11-22'],
          ['@evil', null],
        ],
      ),
    ).toBe("Email address,Date\r\na@acme.test,2026-11-22\r\n'@evil,\r\n");
  });
});
