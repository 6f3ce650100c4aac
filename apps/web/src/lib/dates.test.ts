import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates';

describe('formatLongDate', () => {
  it.each([
    [new Date(2026, 2, 3, 12).getTime(), 'March 3rd, 2026'],
    [new Date(2025, 10, 22, 12).getTime(), 'November 22nd, 2025'],
    [new Date(2024, 0, 11, 12).getTime(), 'January 11th, 2024'],
  ])('formats %d as %s', (timestamp, expected) => {
    expect(formatLongDate(timestamp)).toBe(expected);
  });
});
