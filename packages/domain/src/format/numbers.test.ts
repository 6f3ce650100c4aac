import { describe, expect, it } from 'vitest';
import {
  campaignRates,
  formatCappedTotal,
  formatCount,
  formatNumber,
  formatPercent,
  formatPercentLabel,
  pollPercentages,
  type CampaignEventCounts,
  type CampaignRates,
} from './numbers';

describe('formatNumber (spec 002 §9: "Numbers are shown in German locale format (thousands separator)")', () => {
  it.each<[number, string]>([
    [0, '0'],
    [20, '20'],
    [100, '100'],
    [500, '500'],
    [1500, '1.500'],
    [10_000, '10.000'],
    [30_000, '30.000'],
    [1_234_567, '1.234.567'],
    [-1500, '-1.500'],
    [2.5, '2,5'],
    [Number.NaN, '0'],
  ])('%s -> %s', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });
});

describe('formatPercent (spec 002 §9: "Percentages are rounded")', () => {
  it.each<[number, number, number]>([
    [1, 2, 50],
    [1, 3, 33],
    [2, 3, 67],
    [42, 100, 42],
    [5, 1000, 1],
    [4, 1000, 0],
    [0, 10, 0],
    [10, 10, 100],
    [5, 0, 0],
    [0, 0, 0],
    [3, -1, 0],
    [Number.NaN, 10, 0],
  ])('%s of %s -> %s', (part, total, expected) => {
    expect(formatPercent(part, total)).toBe(expected);
  });
});

describe('formatCount: singular for exactly one, the number as formatNumber shows it', () => {
  it.each<[number, string]>([
    [0, '0 recipients'],
    [1, '1 recipient'],
    [2, '2 recipients'],
    [1500, '1.500 recipients'],
  ])('%d -> %s', (count, expected) => {
    expect(formatCount(count, 'recipient', 'recipients')).toBe(expected);
  });
});

describe('formatPercentLabel', () => {
  it.each<[number, string]>([
    [42, '42%'],
    [0, '0%'],
    [100, '100%'],
    [1500, '1.500%'],
  ])('%s -> %s', (percent, expected) => {
    expect(formatPercentLabel(percent)).toBe(expected);
  });
});

const counts = (overrides: Partial<CampaignEventCounts>): CampaignEventCounts => ({
  sentCount: 0,
  bouncedCount: 0,
  openedCount: 0,
  clickedCount: 0,
  respondedCount: 0,
  unsubscribedCount: 0,
  ...overrides,
});

describe('campaignRates (spec 002 §9)', () => {
  it.each<[string, Partial<CampaignEventCounts>, Partial<CampaignRates>]>([
    ['delivered = sent minus bounced', { sentCount: 100, bouncedCount: 20 }, { delivered: 80 }],
    ['delivered % is against sent', { sentCount: 100, bouncedCount: 20 }, { deliveredPercent: 80 }],
    ['bounced % is against sent', { sentCount: 100, bouncedCount: 20 }, { bouncedPercent: 20 }],
    [
      'opened, clicked, responded and unsubscribed % are against delivered',
      {
        sentCount: 100,
        bouncedCount: 20,
        openedCount: 40,
        clickedCount: 20,
        respondedCount: 8,
        unsubscribedCount: 1,
      },
      { openedPercent: 50, clickedPercent: 25, respondedPercent: 10, unsubscribedPercent: 1 },
    ],
    [
      'nothing sent gives 0 everywhere',
      {},
      {
        delivered: 0,
        deliveredPercent: 0,
        openedPercent: 0,
        clickedPercent: 0,
        respondedPercent: 0,
        unsubscribedPercent: 0,
        bouncedPercent: 0,
      },
    ],
    [
      'everything bounced: nothing delivered, rates against delivered are 0',
      { sentCount: 3, bouncedCount: 3, openedCount: 1 },
      { delivered: 0, deliveredPercent: 0, bouncedPercent: 100, openedPercent: 0 },
    ],
    [
      'more bounces than sends never gives a negative delivered',
      { sentCount: 2, bouncedCount: 5 },
      { delivered: 0 },
    ],
    ['rounded', { sentCount: 3, openedCount: 2 }, { openedPercent: 67, deliveredPercent: 100 }],
  ])('%s', (_rule, input, expected) => {
    expect(campaignRates(counts(input))).toMatchObject(expected);
  });
});

describe('pollPercentages (spec 002 §9: "Poll percentages are rounded against the total")', () => {
  it.each<[string, Array<{ info: string; count: number }>, number[]]>([
    [
      'two answers',
      [
        { info: 'Yes', count: 3 },
        { info: 'No', count: 1 },
      ],
      [75, 25],
    ],
    [
      'three equal answers round to 33 each',
      [
        { info: 'A', count: 1 },
        { info: 'B', count: 1 },
        { info: 'C', count: 1 },
      ],
      [33, 33, 33],
    ],
    [
      'two of three round up',
      [
        { info: 'A', count: 2 },
        { info: 'B', count: 1 },
      ],
      [67, 33],
    ],
    [
      'no responses',
      [
        { info: 'A', count: 0 },
        { info: 'B', count: 0 },
      ],
      [0, 0],
    ],
    ['no items', [], []],
  ])('%s', (_case, items, expected) => {
    const result = pollPercentages(items);
    expect(result.map((item) => item.percent)).toEqual(expected);
    expect(result.map((item) => item.info)).toEqual(items.map((item) => item.info));
  });
});

describe('formatCappedTotal', () => {
  it.each<[number, number | undefined, string]>([
    [0, undefined, '0'],
    [1500, undefined, '1.500'],
    [9999, undefined, '9.999'],
    [10_000, undefined, '10.000+'],
    [25_000, undefined, '10.000+'],
    [30_000, 30_000, '30.000+'],
    [29_999, 30_000, '29.999'],
  ])('%s (cap %s) -> %s', (total, cap, expected) => {
    expect(formatCappedTotal(total, cap)).toBe(expected);
  });
});
