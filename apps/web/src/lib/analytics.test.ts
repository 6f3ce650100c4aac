import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { setAccessTokenProvider } from './api-client';
import {
  CONSENT_COOKIE,
  errorMessage,
  hasAnalyticsConsent,
  isSignInCallbackUrl,
  pageViewEvent,
  trackEvent,
} from './analytics';

const SPACE = 'aaaaaaaa-0000-4000-8000-000000000001';

afterEach(() => {
  setAccessTokenProvider(() => null);
});

describe('hasAnalyticsConsent', () => {
  it.each([
    ['analytics=granted', true],
    ['ads=denied&analytics=granted', true],
    ['{"analytics":"granted"}', true],
    ['{"analytics":true}', true],
    ['analytics=denied', false],
    ['{"analytics":false}', false],
    ['{broken', false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(hasAnalyticsConsent(value)).toBe(expected);
  });
});

describe('trackEvent', () => {
  const fetchMock = stubFetch(() => Promise.resolve(new Response(null, { status: 202 })));

  it('sends nothing without consent or when signed out', () => {
    setAccessTokenProvider(() => 'token');
    trackEvent({ event_type: 'page_view' });
    document.cookie = `${CONSENT_COOKIE}=analytics=granted; Path=/`;
    setAccessTokenProvider(() => null);
    trackEvent({ event_type: 'page_view' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the event with the app version when signed in and consent is granted', () => {
    setAccessTokenProvider(() => 'token');
    document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent('{"analytics":"granted"}')}; Path=/`;
    trackEvent({ event_type: 'webapp_login_request', message: 'success' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/events',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({
          event_type: 'webapp_login_request',
          message: 'success',
          webapp_version: '2.10.30',
        }),
      }),
    );
  });
});

describe('pageViewEvent', () => {
  it("marks page views in a per-seat space as 'seats_in_spaces' with the space id", () => {
    expect(
      pageViewEvent(
        { pathname: `/${SPACE}/acme/bounces`, search: '?q=1' },
        [{ workspaceId: SPACE, isPerSeat: true }],
        'http://localhost:3000/start',
      ),
    ).toMatchObject({
      event_type: 'page_view',
      ui_type: 'seats_in_spaces',
      page_path: `/${SPACE}/acme/bounces`,
      space_id: SPACE,
      search: '?q=1',
      initial_url: 'http://localhost:3000/start',
      checkout_cart_paid_users_quantity: null,
      checkout_cart_free_users_quantity: null,
    });
  });
  it("uses 'spaces' outside a per-seat space", () => {
    expect(
      pageViewEvent({ pathname: '/settings/billing', search: '' }, [], 'http://localhost:3000/'),
    ).toMatchObject({
      ui_type: 'spaces',
      space_id: null,
    });
  });
});

describe('isSignInCallbackUrl', () => {
  it.each([
    ['/auth/callback', '', true],
    ['/auth/callback', '?code=abc&state=xyz', true],
    ['/login', '?code=abc', true],
    [`/${SPACE}/acme/mail-merges`, '?state=xyz', true],
    [`/${SPACE}/acme/mail-merges`, '?search=code', false],
    ['/auth/callbacks', '', false],
    ['/login', '?continue=%2Fsettings', false],
    ['/', '', false],
  ])('%s%s → %s', (pathname, search, expected) => {
    expect(isSignInCallbackUrl({ pathname, search })).toBe(expected);
  });
});

describe('errorMessage', () => {
  it('names where the error was caught, its name and message', () => {
    expect(errorMessage(new TypeError('x is undefined'), 'uncaught')).toBe(
      'uncaught: TypeError: x is undefined',
    );
    expect(errorMessage('plain text', 'unhandledrejection')).toBe('unhandledrejection: plain text');
    expect(errorMessage({ status: 500 }, 'error_boundary')).toBe('error_boundary: {"status":500}');
  });
  it('is capped at 500 characters', () => {
    expect(errorMessage(new Error('e'.repeat(5000)), 'uncaught')).toHaveLength(500);
  });
});
