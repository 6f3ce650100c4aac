import { describe, expect, it } from 'vitest';
import { GmailApiError, parseRetryAfter, toGmailApiError } from './gmail-errors';

const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const API_URL = 'https://gmail.googleapis.com/gmail/v1/users/me/messages/send';

/** A gaxios-shaped failure: what the googleapis client and google-auth-library throw. */
const failure = (status: number, data: unknown, options: { url?: string; retryAfter?: string } = {}) =>
  Object.assign(new Error(`failed ${status}`), {
    config: { url: options.url ?? API_URL },
    response: {
      status,
      data,
      headers: new Headers(options.retryAfter === undefined ? {} : { 'retry-after': options.retryAfter }),
    },
  });
const google = (code: number, reason: string) => ({
  error: { code, message: reason, errors: [{ reason, domain: 'usageLimits' }], status: 'X' },
});

describe('toGmailApiError', () => {
  const cases: [string, unknown, string, Record<string, unknown>?][] = [
    [
      'invalid_grant at the token endpoint',
      failure(400, { error: 'invalid_grant' }, { url: TOKEN_URL }),
      'revoked',
    ],
    [
      'invalid_client at the token endpoint',
      failure(401, { error: 'invalid_client' }, { url: TOKEN_URL }),
      'permanent',
    ],
    ['5xx at the token endpoint', failure(503, 'down', { url: TOKEN_URL }), 'transient'],
    ['401 from Gmail', failure(401, google(401, 'authError')), 'revoked'],
    ['403 insufficient scope', failure(403, google(403, 'insufficientPermissions')), 'revoked'],
    [
      '429 rateLimitExceeded with Retry-After',
      failure(429, google(429, 'rateLimitExceeded'), { retryAfter: '7' }),
      'rate-limited',
      { retryAfterMs: 7000 },
    ],
    ['403 userRateLimitExceeded', failure(403, google(403, 'userRateLimitExceeded')), 'rate-limited'],
    ['429 dailyLimitExceeded', failure(429, google(429, 'dailyLimitExceeded')), 'daily-limit'],
    ['403 dailyLimitExceeded', failure(403, google(403, 'dailyLimitExceeded')), 'daily-limit'],
    ['500', failure(500, google(500, 'backendError')), 'transient'],
    ['503', failure(503, google(503, 'backendError')), 'transient'],
    ['400 invalid argument', failure(400, google(400, 'invalidArgument')), 'permanent'],
    ['403 other', failure(403, google(403, 'forbidden')), 'permanent'],
    ['a network error', Object.assign(new Error('ECONNRESET'), { code: 'ECONNRESET' }), 'transient'],
    [
      'a timeout',
      Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }),
      'transient',
    ],
  ];
  it.each(cases)('%s → %s', (_name, error, kind, options) => {
    const mapped = toGmailApiError(error, TOKEN_URL);
    expect(mapped).toBeInstanceOf(GmailApiError);
    expect(mapped.kind).toBe(kind);
    expect(mapped.options.cause).toBe(error);
    if (options) expect(mapped.options).toMatchObject(options);
  });

  it('passes a GmailApiError through', () => {
    const error = new GmailApiError('not-connected', 'no grant');
    expect(toGmailApiError(error, TOKEN_URL)).toBe(error);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Fri, 27 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
