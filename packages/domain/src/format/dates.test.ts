import { describe, expect, it } from 'vitest';
import {
  DATE_FILTER_LABELS,
  DATE_FILTERS,
  dateFilterRange,
  dateFilterSchema,
  DEFAULT_DATE_FILTER,
  isWithinDateFilter,
  type DateFilter,
} from './dates';

const at = (iso: string): number => Date.parse(iso);

describe('date filters (spec 002 §2.2)', () => {
  it('lists Last 30 days, Last month, This month, Last 12 months, This year, then our All time', () => {
    expect(DATE_FILTERS.map((filter) => DATE_FILTER_LABELS[filter])).toEqual([
      'Last 30 days',
      'Last month',
      'This month',
      'Last 12 months',
      'This year',
      'All time',
    ]);
  });

  it('defaults to LAST_12_MONTHS', () => {
    expect(DEFAULT_DATE_FILTER).toBe('LAST_12_MONTHS');
    expect(DATE_FILTER_LABELS[DEFAULT_DATE_FILTER]).toBe('Last 12 months');
  });

  it.each([
    ['LAST_30_DAYS', true],
    ['THIS_YEAR', true],
    ['last_30_days', false],
    ['ALL_TIME', true],
    ['ALL', false],
  ])('schema %s -> %s', (value, ok) => {
    expect(dateFilterSchema.safeParse(value).success).toBe(ok);
  });
});

describe('dateFilterRange (UTC, inclusive bounds)', () => {
  it.each<[DateFilter, string, string, string]>([
    ['LAST_30_DAYS', '2026-11-22T16:00:00.000Z', '2026-10-23T16:00:00.000Z', '2026-11-22T16:00:00.000Z'],
    ['LAST_MONTH', '2026-11-22T16:00:00.000Z', '2026-10-01T00:00:00.000Z', '2026-10-31T23:59:59.999Z'],
    ['LAST_MONTH', '2026-01-05T08:00:00.000Z', '2025-12-01T00:00:00.000Z', '2025-12-31T23:59:59.999Z'],
    ['LAST_MONTH', '2026-03-31T08:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-02-28T23:59:59.999Z'],
    ['THIS_MONTH', '2026-11-22T16:00:00.000Z', '2026-11-01T00:00:00.000Z', '2026-11-22T16:00:00.000Z'],
    ['LAST_12_MONTHS', '2026-11-22T16:00:00.000Z', '2025-11-22T16:00:00.000Z', '2026-11-22T16:00:00.000Z'],
    ['LAST_12_MONTHS', '2028-02-29T10:30:00.000Z', '2027-02-28T10:30:00.000Z', '2028-02-29T10:30:00.000Z'],
    ['THIS_YEAR', '2026-11-22T16:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-11-22T16:00:00.000Z'],
    ['THIS_YEAR', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
  ])('%s at %s -> %s .. %s', (filter, now, from, to) => {
    expect(dateFilterRange(filter, at(now))).toEqual({ from: at(from), to: at(to) });
    expect(dateFilterRange(filter, new Date(now))).toEqual({ from: at(from), to: at(to) });
  });
});

describe('ALL_TIME', () => {
  it('has no bounds', () => {
    expect(dateFilterRange('ALL_TIME', at('2026-11-22T16:00:00.000Z'))).toEqual({ from: null, to: null });
  });
});

describe('isWithinDateFilter', () => {
  const now = at('2026-11-22T16:00:00.000Z');
  it.each<[string, DateFilter, boolean]>([
    ['2026-11-01T00:00:00.000Z', 'THIS_MONTH', true],
    ['2026-10-31T23:59:59.999Z', 'THIS_MONTH', false],
    ['2026-10-31T23:59:59.999Z', 'LAST_MONTH', true],
    ['2026-11-01T00:00:00.000Z', 'LAST_MONTH', false],
    ['2025-11-22T15:59:59.999Z', 'LAST_12_MONTHS', false],
    ['2025-11-22T16:00:00.000Z', 'LAST_12_MONTHS', true],
    ['2026-11-22T16:00:00.001Z', 'THIS_YEAR', false],
    ['2024-05-01T00:00:00.000Z', 'ALL_TIME', true],
    ['2024-05-01T00:00:00.000Z', 'LAST_12_MONTHS', false],
  ])('%s in %s -> %s', (timestamp, filter, expected) => {
    expect(isWithinDateFilter(at(timestamp), filter, now)).toBe(expected);
  });
});
