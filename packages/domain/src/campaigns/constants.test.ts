import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_REFETCH_INTERVAL_MS,
  LIST_STALE_TIME_MS,
  MAX_RECIPIENTS_PER_CAMPAIGN,
  MAX_RECOVERABLE_RETRIES,
  PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  TEMPLATE_PLACEHOLDERS,
} from './constants';

describe('campaign constants (spec 002 §9)', () => {
  it.each<[string, number, number]>([
    ['Search debounce 200 ms', SEARCH_DEBOUNCE_MS, 200],
    ['Campaign detail refetch interval 30 s', CAMPAIGN_REFETCH_INTERVAL_MS, 30_000],
    ['List cache stale time 1 s', LIST_STALE_TIME_MS, 1000],
    ['default page size', PAGE_SIZE, 25],
    ['The template list shows 10 placeholders while loading', TEMPLATE_PLACEHOLDERS, 10],
    ['Recoverable retries must be below 5', MAX_RECOVERABLE_RETRIES, 5],
    ['Up to 5,000 recipients a merge (issue 24)', MAX_RECIPIENTS_PER_CAMPAIGN, 5000],
  ])('%s', (_text, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
