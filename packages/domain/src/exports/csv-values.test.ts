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
