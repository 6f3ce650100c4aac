import { z } from 'zod/mini';

/**
 * Spec 002 §2.2: the date filter of the sent mail merges toolbar, in the order shown, and ours
 * (issue 9): ALL_TIME, so merges older than 12 months can be listed and exported too.
 */
export const DATE_FILTERS = [
  'LAST_30_DAYS',
  'LAST_MONTH',
  'THIS_MONTH',
  'LAST_12_MONTHS',
  'THIS_YEAR',
  'ALL_TIME',
] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];
export const dateFilterSchema = z.enum(DATE_FILTERS);

export const DATE_FILTER_LABELS = {
  LAST_30_DAYS: 'Last 30 days',
  LAST_MONTH: 'Last month',
  THIS_MONTH: 'This month',
  LAST_12_MONTHS: 'Last 12 months',
  THIS_YEAR: 'This year',
  ALL_TIME: 'All time',
} as const satisfies Record<DateFilter, string>;

/** The filter selected when the page opens ("date filters with LAST_12_MONTHS as default"). */
export const DEFAULT_DATE_FILTER: DateFilter = 'LAST_12_MONTHS';

/** Epoch milliseconds; both bounds are inclusive; null: no bound on that side. */
export type DateRange = { from: number | null; to: number | null };

const DAY_MS = 24 * 60 * 60 * 1000;

const daysInMonthUtc = (year: number, month: number): number =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The range a date filter covers at `now`, in UTC (pure date arithmetic; the web formats dates
 * for display with date-fns, in the user's zone, but the filter sent to the server is this range).
 * - LAST_30_DAYS: the 30 days up to now (rolling).
 * - LAST_MONTH: the whole previous calendar month (its first to its last millisecond).
 * - THIS_MONTH: from the first of the current month to now.
 * - LAST_12_MONTHS: the 12 months up to now (rolling); the same day 12 months back, clamped to the
 *   end of a shorter month (29 February -> 28 February of the year before).
 * - THIS_YEAR: from 1 January of the current year to now.
 * - ALL_TIME: no bounds (a merge updated while the list is open is in it too).
 */
export const dateFilterRange = (filter: DateFilter, now: number | Date): DateRange => {
  const to = typeof now === 'number' ? now : now.getTime();
  const date = new Date(to);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (filter) {
    case 'LAST_30_DAYS':
      return { from: to - 30 * DAY_MS, to };
    case 'LAST_MONTH': {
      const startOfThisMonth = Date.UTC(year, month, 1);
      return { from: Date.UTC(year, month - 1, 1), to: startOfThisMonth - 1 };
    }
    case 'THIS_MONTH':
      return { from: Date.UTC(year, month, 1), to };
    case 'LAST_12_MONTHS': {
      const day = Math.min(date.getUTCDate(), daysInMonthUtc(year - 1, month));
      const from = Date.UTC(
        year - 1,
        month,
        day,
        date.getUTCHours(),
        date.getUTCMinutes(),
        date.getUTCSeconds(),
        date.getUTCMilliseconds(),
      );
      return { from, to };
    }
    case 'THIS_YEAR':
      return { from: Date.UTC(year, 0, 1), to };
    case 'ALL_TIME':
      return { from: null, to: null };
  }
};

/** True when `timestamp` (epoch ms) falls within the filter's range at `now`. */
export const isWithinDateFilter = (timestamp: number, filter: DateFilter, now: number | Date): boolean => {
  const { from, to } = dateFilterRange(filter, now);
  return (from === null || timestamp >= from) && (to === null || timestamp <= to);
};

/** The parts of a moment as Intl names them ('year', 'month', 'hour' …). */
export type DateParts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

/**
 * The parts of a moment in a time zone, with English names (en-US: en-GB writes 'Sept' on newer
 * ICU versions), for dates assembled by hand so that they read the same on every ICU: the
 * sending forecast and the composer's quota line.
 */
export function datePartsIn(
  time: Date | number,
  timeZone: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): DateParts {
  const parts: DateParts = {};
  for (const part of new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatToParts(time)) {
    parts[part.type] = part.value;
  }
  return parts;
}
