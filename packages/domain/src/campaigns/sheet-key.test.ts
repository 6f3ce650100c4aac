import { describe, expect, it } from 'vitest';
import { scheduledTitle, sheetKeyUrl, splitSheetKey, spreadsheetUrl } from './sheet-key';

describe('splitSheetKey (spec 002 §3: "spreadsheet id and sheet id joined by a dash. The last dash splits them.")', () => {
  it.each<[string | null | undefined, { spreadsheetId: string; sheetId: string } | null]>([
    ['abc123-0', { spreadsheetId: 'abc123', sheetId: '0' }],
    [
      '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms-1234567',
      { spreadsheetId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms', sheetId: '1234567' },
    ],
    ['1Bx-iMV-s0X_RA-987', { spreadsheetId: '1Bx-iMV-s0X_RA', sheetId: '987' }],
    ['no_dash_here', null],
    ['-0', null],
    ['abc-', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j -> %j', (key, expected) => {
    expect(splitSheetKey(key)).toEqual(expected);
  });
});

describe('spreadsheetUrl', () => {
  it.each<[string, string, string]>([
    ['abc123', '0', 'https://docs.google.com/spreadsheets/d/abc123/edit#gid=0'],
    ['1Bx-iMV_s0X', '987', 'https://docs.google.com/spreadsheets/d/1Bx-iMV_s0X/edit#gid=987'],
  ])('%s / %s -> %s', (spreadsheetId, sheetId, expected) => {
    expect(spreadsheetUrl(spreadsheetId, sheetId)).toBe(expected);
  });

  it.each<[string | null, string | null]>([
    ['1Bx-iMV-987', 'https://docs.google.com/spreadsheets/d/1Bx-iMV/edit#gid=987'],
    ['nodash', null],
    [null, null],
  ])('sheetKeyUrl(%j) -> %j', (key, expected) => {
    expect(sheetKeyUrl(key)).toBe(expected);
  });
});

describe('scheduledTitle (spec 002 §3: "the spreadsheet name and sheet name joined")', () => {
  it.each<[string | null | undefined, string | null | undefined, string]>([
    ['Leads Q4', 'Sheet1', 'Leads Q4 - Sheet1'],
    ['  Leads Q4 ', ' Sheet1 ', 'Leads Q4 - Sheet1'],
    ['Leads Q4', '', 'Leads Q4'],
    [null, 'Sheet1', 'Sheet1'],
    [undefined, undefined, ''],
  ])('%j + %j -> %j', (spreadsheetName, sheetName, expected) => {
    expect(scheduledTitle(spreadsheetName, sheetName)).toBe(expected);
  });
});
