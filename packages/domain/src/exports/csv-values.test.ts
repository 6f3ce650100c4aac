import { describe, expect, it } from 'vitest';
import { csvCell, csvTimestamp } from './csv-values';

describe('csvTimestamp (issue 9: dates in exports are ISO 8601, UTC)', () => {
  it.each<[number | Date | null | undefined, string]>([
    [Date.UTC(2026, 5, 26, 14, 3), '2026-06-26T14:03:00.000Z'],
    [new Date(Date.UTC(2026, 0, 1)), '2026-01-01T00:00:00.000Z'],
    [0, '1970-01-01T00:00:00.000Z'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
  ])('%j -> %j', (value, expected) => {
    expect(csvTimestamp(value)).toBe(expected);
  });

  it("writes what toISOString writes, whatever the day and time (issue 11's faster path)", () => {
    const DAY = 86_400_000;
    const instants = [
      -1,
      -DAY,
      -DAY - 1,
      -62_198_755_200_000, // 0000-01-01
      -62_198_755_200_001, // the last millisecond of -000001
      253_402_300_799_999, // 9999-12-31T23:59:59.999Z
      253_402_300_800_000, // +010000-01-01
      8.64e15, // the last instant a Date holds
      -8.64e15,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 5, 26, 9, 5, 7, 8),
      Date.UTC(2026, 5, 26, 10, 15, 17, 80),
      1_764_119_700_984.7, // a fraction of a millisecond is cut, as new Date() cuts it
      -1_764_119_700_984.7,
    ];
    // A random walk over a century, back and forth across days (the day cache).
    let instant = Date.UTC(1950, 0, 1);
    for (let step = 0; step < 5000; step += 1) {
      instant += Math.floor(Math.sin(step) * 40 * DAY + ((step * 7919) % 86_400_001));
      instants.push(instant, instant + 1, instant - 1);
    }
    for (const value of instants) {
      expect({ value, text: csvTimestamp(value) }).toEqual({ value, text: new Date(value).toISOString() });
      expect(csvTimestamp(new Date(value))).toBe(new Date(value).toISOString());
    }
    expect(csvTimestamp(8.64e15 + 1)).toBe('');
    expect(csvTimestamp(new Date(Number.NaN))).toBe('');
  });
});

describe('csvCell (issue 9: numbers plain, text neutralised)', () => {
  it.each<[Parameters<typeof csvCell>[0], string | number | boolean]>([
    [1192, 1192],
    [32594, 32594],
    [0.5, 0.5],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['anna@example.com', 'anna@example.com'],
    [true, true],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
