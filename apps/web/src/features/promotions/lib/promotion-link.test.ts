import { beforeEach, describe, expect, it } from 'vitest';
import {
  getPromotionTrackingSessionId,
  PROMOTION_TRACKING_SESSION_KEY,
  promotionHref,
} from './promotion-link';

describe('promotionHref', () => {
  it.each([
    [
      'https://example.com/product',
      'https://example.com/product?utm_source=mergedesk&utm_medium=sidebar&utm_campaign=pdf-maker&tracking_session_id=s-1',
    ],
    [
      'https://example.com/?ref=x&utm_source=old',
      'https://example.com/?ref=x&utm_source=mergedesk&utm_medium=sidebar&utm_campaign=pdf-maker&tracking_session_id=s-1',
    ],
    ['not a url', null],
    ['javascript:alert(1)', null],
    ['/relative/path', null],
  ])('%s', (url, expected) => {
    expect(promotionHref(url, 'pdf-maker', 's-1')).toBe(expected);
  });
});

describe('getPromotionTrackingSessionId', () => {
  beforeEach(() => sessionStorage.clear());

  it('creates one id per tab session and keeps it in sessionStorage', () => {
    const first = getPromotionTrackingSessionId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.getItem(PROMOTION_TRACKING_SESSION_KEY)).toBe(first);
    expect(getPromotionTrackingSessionId()).toBe(first);
  });
});
