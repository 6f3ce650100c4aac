import { describe, expect, it } from 'vitest';
import { sentThisMonth } from './counters';

const counters = {
  totalNumberOfMailsSent: { count: 2100 },
  monthlySentMails: [
    { year: 2026, month: 11, count: 600 },
    { year: 2026, month: 10, count: 1500 },
    { year: 2025, month: 11, count: 7 },
  ],
};

describe('sentThisMonth (spec 002 §1: emails sent this month)', () => {
  it.each([
    ['2026-11-22T12:00:00Z', 600],
    ['2026-11-01T00:00:00Z', 600],
    ['2026-10-31T23:59:59Z', 1500],
    ['2026-12-01T00:00:00Z', 0],
  ])('at %s counts %i', (now, expected) => {
    expect(sentThisMonth(counters, new Date(now))).toBe(expected);
  });
});
