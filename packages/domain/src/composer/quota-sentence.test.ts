import { describe, expect, it } from 'vitest';
import { quotaSentence } from './quota-sentence';

describe('quotaSentence', () => {
  it.each<[string, { remaining: number; now: number; later: number }, boolean, string | null, string]>([
    [
      'the issue’s example: 20 left, 25 to send',
      { remaining: 20, now: 20, later: 5 },
      false,
      'Nov 28, 2026, 09:12',
      'You can send 20 more today; 5 will be sent after your quota resets on Nov 28, 2026, 09:12.',
    ],
    [
      'everything fits',
      { remaining: 400, now: 27, later: 0 },
      false,
      null,
      'You can send 400 more today: all 27 recipients go at once.',
    ],
    [
      'scheduled, with thousands grouped',
      { remaining: 1500, now: 1500, later: 2200 },
      true,
      'Dec 2, 2026, 10:00',
      'You can send 1,500 more at the scheduled time; 2,200 will be sent after your quota resets on Dec 2, 2026, 10:00.',
    ],
    [
      'no reset time known',
      { remaining: 0, now: 0, later: 3 },
      false,
      null,
      'You can send 0 more today; 3 will be sent when your quota resets.',
    ],
  ])('%s', (_, forecast, scheduled, resetAt, expected) => {
    expect(quotaSentence(forecast, { scheduled, resetAt })).toBe(expected);
  });
});
