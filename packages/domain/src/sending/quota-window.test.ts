import { describe, expect, it } from 'vitest';
import type { EntitlementInput } from '../plans/entitlements';
import type { ForecastBatch, QuotaWindow } from './quota-window';
import {
  FORECAST_RUN_GAP_MS,
  forecastSends,
  formatForecast,
  QUOTA_WINDOW_MS,
  quotaWindow,
  senderDailyQuota,
} from './quota-window';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = new Date('2026-11-27T12:00:00Z');
const at = (offsetMs: number): Date => new Date(now.getTime() + offsetMs);
const times = (...offsets: number[]): Date[] => offsets.map(at);
const repeat = (n: number, offset: number): Date[] => Array.from({ length: n }, () => at(offset));

describe('senderDailyQuota: the plan rule’s daily quota (spec 000 §9, spec 001 §9)', () => {
  it.each<[string, EntitlementInput, number]>([
    ['Free space, Free member', { workspacePlan: 'FREE', member: { userPlan: 'FREE' } }, 20],
    [
      'Free with the account’s own quota',
      { workspacePlan: 'FREE', member: { userPlan: 'FREE' }, freeUserQuota: 50 },
      50,
    ],
    [
      'personal Pro (Gmail) seat',
      { workspacePlan: 'PRO', subscriptionState: 'ACTIVE', member: { userPlan: 'PRO_PERSONAL' } },
      400,
    ],
    [
      'Workspace Pro seat',
      { workspacePlan: 'PRO', subscriptionState: 'ACTIVE', member: { userPlan: 'PRO' } },
      1500,
    ],
    [
      'Premium seat',
      { workspacePlan: 'PREMIUM', subscriptionState: 'ACTIVE', member: { userPlan: 'PRO' } },
      1500,
    ],
    [
      'a free member of a Pro space',
      { workspacePlan: 'PRO', subscriptionState: 'ACTIVE', member: { userPlan: 'FREE' } },
      20,
    ],
    [
      'a Pro seat whose subscription ended',
      { workspacePlan: 'PRO', subscriptionState: 'CANCELED', member: { userPlan: 'PRO' } },
      20,
    ],
  ])('%s -> %i', (_case, input, expected) => {
    expect(senderDailyQuota(input)).toBe(expected);
  });
});

describe('quotaWindow: rolling 24 h, a send exactly 24 h old is out', () => {
  it('the window is 24 hours', () => {
    expect(QUOTA_WINDOW_MS).toBe(DAY);
  });

  it.each<[string, number, Date[], QuotaWindow]>([
    ['nothing sent', 20, [], { used: 0, remaining: 20, nextFreeAt: null }],
    ['some sent', 20, times(-HOUR, -2 * HOUR, -23 * HOUR), { used: 3, remaining: 17, nextFreeAt: null }],
    ['exactly 24 h old: out', 20, times(-DAY), { used: 0, remaining: 20, nextFreeAt: null }],
    ['1 ms under 24 h: in', 1, times(-DAY + 1), { used: 1, remaining: 0, nextFreeAt: at(1) }],
    [
      'older ones are ignored',
      2,
      times(-30 * HOUR, -HOUR, -2 * HOUR),
      { used: 2, remaining: 0, nextFreeAt: at(22 * HOUR) },
    ],
    [
      'full, any order: when the oldest leaves',
      3,
      times(-HOUR, -23 * HOUR, -2 * HOUR),
      { used: 3, remaining: 0, nextFreeAt: at(HOUR) },
    ],
    [
      'over (the limit went down): when enough have left for one more',
      2,
      times(-22 * HOUR, -HOUR, -23 * HOUR),
      { used: 3, remaining: 0, nextFreeAt: at(2 * HOUR) },
    ],
    ['a send that is now', 1, times(0), { used: 1, remaining: 0, nextFreeAt: at(DAY) }],
    ['a limit of 0 never frees', 0, times(-HOUR), { used: 1, remaining: 0, nextFreeAt: null }],
    ['a limit of 0, nothing sent', 0, [], { used: 0, remaining: 0, nextFreeAt: null }],
  ])('%s', (_case, limit, sentAt, expected) => {
    expect(quotaWindow({ limit, sentAt, now })).toEqual(expected);
  });
});

describe('forecastSends: what fits now, then each time the window frees', () => {
  // No pacing (a rate of 0) keeps the times round; the last cases pace.
  const unpaced = 0;
  it.each<[string, { count: number; limit: number; sentAt: Date[]; perSecond?: number }, [number, number][]]>(
    [
      ['one batch', { count: 30, limit: 1500, sentAt: [] }, [[0, 30]]],
      ['exactly the quota', { count: 1500, limit: 1500, sentAt: [] }, [[0, 1500]]],
      [
        'the issue’s example: 1,500 now, 700 a day later',
        { count: 2200, limit: 1500, sentAt: [] },
        [
          [0, 1500],
          [DAY, 700],
        ],
      ],
      [
        'over 3 days',
        { count: 3200, limit: 1500, sentAt: [] },
        [
          [0, 1500],
          [DAY, 1500],
          [2 * DAY, 200],
        ],
      ],
      [
        'partly used: the rest now, the ledger’s slots, then this merge’s own slots',
        { count: 30, limit: 20, sentAt: repeat(15, -10 * HOUR) },
        [
          [0, 5],
          [14 * HOUR, 15],
          [DAY, 5],
          [38 * HOUR, 5],
        ],
      ],
      [
        'full now: waits for the first slot',
        { count: 10, limit: 20, sentAt: repeat(20, -20 * HOUR) },
        [[4 * HOUR, 10]],
      ],
      [
        'slots freeing less than a minute apart form one batch',
        { count: 3, limit: 3, sentAt: times(-23 * HOUR, -22.5 * HOUR, -22.5 * HOUR + 30_000) },
        [
          [HOUR, 1],
          [1.5 * HOUR, 2],
        ],
      ],
      ['nothing to send', { count: 0, limit: 20, sentAt: [] }, []],
      ['a limit of 0 places nothing', { count: 5, limit: 0, sentAt: [] }, []],
      [
        'paced at 2 a second: a batch spans its sends, and its slots free one by one',
        { count: 5, limit: 3, sentAt: [], perSecond: 2 },
        [
          [0, 3],
          [DAY, 2],
        ],
      ],
    ],
  )('%s', (_case, input, expected) => {
    const batches = forecastSends({ ...input, now, perSecond: input.perSecond ?? unpaced });
    expect(batches.map((batch) => [batch.at.getTime() - now.getTime(), batch.count])).toEqual(expected);
  });

  it('with pacing the second day starts when the first send of the first day leaves', () => {
    const batches = forecastSends({ count: 3005, limit: 1500, sentAt: [], now, perSecond: 2 });
    expect(batches.map((batch) => batch.count)).toEqual([1500, 1500, 5]);
    expect(batches.map((batch) => batch.at.getTime() - now.getTime())).toEqual([0, DAY, 2 * DAY]);
  });

  it('every recipient is placed once', () => {
    const batches = forecastSends({
      count: 4321,
      limit: 400,
      sentAt: repeat(123, -5 * HOUR),
      now,
      perSecond: 2,
    });
    expect(batches.reduce((sum, batch) => sum + batch.count, 0)).toBe(4321);
    expect(FORECAST_RUN_GAP_MS).toBe(MINUTE);
  });
});

describe('formatForecast: "sends 1,500 today, 700 tomorrow at 09:12"', () => {
  const batch = (time: string | Date, count: number): ForecastBatch => ({ at: new Date(time), count });
  // 27 November 2026, 09:12 in Berlin (CET, UTC+1) is 08:12 UTC.
  const berlinNow = new Date('2026-11-27T08:12:00Z');

  it.each<[string, ForecastBatch[], { now: Date; timeZone: string; locale?: string }, string]>([
    ['one batch', [batch(berlinNow, 30)], { now: berlinNow, timeZone: 'Europe/Berlin' }, 'sends 30 today'],
    [
      'the issue’s example',
      [batch(berlinNow, 1500), batch('2026-11-28T08:12:00Z', 700)],
      { now: berlinNow, timeZone: 'Europe/Berlin' },
      'sends 1,500 today, 700 tomorrow at 09:12',
    ],
    [
      'over 3 days',
      [batch(berlinNow, 1500), batch('2026-11-28T08:12:00Z', 1500), batch('2026-11-29T08:12:30Z', 200)],
      { now: berlinNow, timeZone: 'Europe/Berlin' },
      'sends 1,500 today, 1,500 tomorrow at 09:12, 200 on Sunday, 29 Nov at 09:12',
    ],
    [
      'later today',
      [batch('2026-11-27T14:40:00Z', 12)],
      { now: berlinNow, timeZone: 'Europe/Berlin' },
      'sends 12 today at 15:40',
    ],
    [
      'a month name in English short form',
      [batch('2026-09-01T08:00:00Z', 5), batch('2026-09-03T22:05:00Z', 10_000)],
      { now: new Date('2026-09-01T08:00:00Z'), timeZone: 'Europe/Berlin' },
      'sends 5 today, 10,000 on Friday, 4 Sep at 00:05',
    ],
    [
      'time zone: 20:00 UTC is later today in London, tomorrow morning in Tokyo',
      [batch('2026-11-27T10:00:00Z', 20), batch('2026-11-27T20:00:00Z', 20)],
      { now: new Date('2026-11-27T10:00:00Z'), timeZone: 'Europe/London' },
      'sends 20 today, 20 today at 20:00',
    ],
    [
      'time zone: the same batches in Tokyo',
      [batch('2026-11-27T10:00:00Z', 20), batch('2026-11-27T20:00:00Z', 20)],
      { now: new Date('2026-11-27T10:00:00Z'), timeZone: 'Asia/Tokyo' },
      'sends 20 today, 20 tomorrow at 05:00',
    ],
    [
      'DST ends in Berlin overnight: 24 h later is an hour earlier on the clock',
      [batch('2026-10-24T07:12:00Z', 1500), batch('2026-10-25T07:12:00Z', 700)],
      { now: new Date('2026-10-24T07:12:00Z'), timeZone: 'Europe/Berlin' },
      'sends 1,500 today, 700 tomorrow at 08:12',
    ],
    [
      'DST starts in New York overnight: 24 h later is an hour later on the clock',
      [batch('2026-03-07T14:12:00Z', 400), batch('2026-03-08T14:12:00Z', 100)],
      { now: new Date('2026-03-07T14:12:00Z'), timeZone: 'America/New_York' },
      'sends 400 today, 100 tomorrow at 10:12',
    ],
    [
      'German grouping when asked',
      [batch(berlinNow, 1500), batch('2026-11-28T08:12:00Z', 700)],
      { now: berlinNow, timeZone: 'Europe/Berlin', locale: 'de-DE' },
      'sends 1.500 today, 700 tomorrow at 09:12',
    ],
    ['nothing', [], { now: berlinNow, timeZone: 'Europe/Berlin' }, 'sends nothing'],
  ])('%s', (_case, batches, options, expected) => {
    expect(formatForecast(batches, options)).toBe(expected);
  });

  it('reads a forecast as the dashboard shows it', () => {
    const batches = forecastSends({ count: 2200, limit: 1500, sentAt: [], now: berlinNow, perSecond: 2 });
    expect(formatForecast(batches, { now: berlinNow, timeZone: 'Europe/Berlin' })).toBe(
      'sends 1,500 today, 700 tomorrow at 09:12',
    );
  });
});
