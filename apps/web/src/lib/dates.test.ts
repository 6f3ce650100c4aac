import { format } from 'date-fns/format';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatTimeOfDay } from './dates';

describe('formatLongDate', () => {
  it.each([
    [new Date(2026, 2, 3, 12).getTime(), 'March 3rd, 2026'],
    [new Date(2025, 10, 22, 12).getTime(), 'November 22nd, 2025'],
    [new Date(2024, 0, 11, 12).getTime(), 'January 11th, 2024'],
    [new Date(2024, 0, 1, 0).getTime(), 'January 1st, 2024'],
    [new Date(2024, 4, 12, 23, 59).getTime(), 'May 12th, 2024'],
    [new Date(2024, 4, 13, 8).getTime(), 'May 13th, 2024'],
    [new Date(2024, 4, 21, 8).getTime(), 'May 21st, 2024'],
    [new Date(2024, 4, 23, 8).getTime(), 'May 23rd, 2024'],
    [new Date(2024, 4, 31, 8).getTime(), 'May 31st, 2024'],
  ])('formats %d as %s', (timestamp, expected) => {
    expect(formatLongDate(timestamp)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it.each([
    [new Date(2026, 2, 3, 14, 5).getTime(), 'Mar 3, 2026, 14:05'],
    [new Date(2025, 11, 31, 0, 0).getTime(), 'Dec 31, 2025, 00:00'],
    [new Date(2025, 8, 9, 23, 59).getTime(), 'Sep 9, 2025, 23:59'],
  ])('formats %d as %s', (timestamp, expected) => {
    expect(formatDateTime(timestamp)).toBe(expected);
  });
});

describe('formatTimeOfDay', () => {
  it.each([
    [new Date(2026, 2, 3, 9, 30).getTime(), '9:30 AM'],
    [new Date(2026, 2, 3, 0, 5).getTime(), '12:05 AM'],
    [new Date(2026, 2, 3, 12, 0).getTime(), '12:00 PM'],
    [new Date(2026, 2, 3, 23, 45).getTime(), '11:45 PM'],
  ])('formats %d as %s', (timestamp, expected) => {
    expect(formatTimeOfDay(timestamp)).toBe(expected);
  });
});

describe('the same text as the date-fns patterns they replaced', () => {
  // Every hour of a leap year, a few minutes past: the three formats against date-fns.
  const start = new Date(2024, 0, 1, 0, 7).getTime();
  const timestamps = Array.from(
    { length: 366 * 24 },
    (_, hour) => start + hour * 3_600_000 + (hour % 53) * 60_000,
  );
  it('formatLongDate is MMMM do, yyyy; formatDateTime MMM d, yyyy, HH:mm; formatTimeOfDay h:mm a', () => {
    for (const timestamp of timestamps) {
      expect(formatLongDate(timestamp)).toBe(format(timestamp, 'MMMM do, yyyy'));
      expect(formatDateTime(timestamp)).toBe(format(timestamp, 'MMM d, yyyy, HH:mm'));
      expect(formatTimeOfDay(timestamp)).toBe(format(timestamp, 'h:mm a'));
    }
  });
});
