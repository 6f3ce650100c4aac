import { describe, expect, it } from 'vitest';
import { analyticsConsentValue, needsConsentPrompt, parseAnalyticsConsent } from './analytics-consent';

describe('the analytics consent cookie (spec 000 §7; issue 21)', () => {
  it.each([
    [null, null],
    ['', null],
    ['analytics=granted', 'granted'],
    ['analytics=denied', 'denied'],
    ['ads=denied&analytics=granted', 'granted'],
    ['analytics=granted,ads=denied', 'granted'],
    ['{"analytics":"granted"}', 'granted'],
    ['{"analytics":true}', 'granted'],
    ['{"analytics":false}', 'denied'],
    ['{"analytics":"denied"}', 'denied'],
    ['{"ads":true}', null],
    ['{broken', null],
    ['analytics=maybe', null],
    ['ads=granted', null],
  ] as const)('%j → %j', (raw, expected) => {
    expect(parseAnalyticsConsent(raw)).toBe(expected);
    expect(needsConsentPrompt(raw)).toBe(expected === null);
  });

  it('writes what it reads', () => {
    expect(parseAnalyticsConsent(analyticsConsentValue('granted'))).toBe('granted');
    expect(parseAnalyticsConsent(analyticsConsentValue('denied'))).toBe('denied');
  });
});
