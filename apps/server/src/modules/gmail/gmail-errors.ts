/**
 * How a Gmail API call failed, for the sending engine (issue 24):
 * - `not-connected`: the sender never granted gmail.send (or disconnected): ask to connect.
 * - `revoked`: the grant was withdrawn at Google (invalid_grant) or lacks the scope: stop this
 *   sender's merges until a reconnect; nothing is lost.
 * - `rate-limited`: 429 rateLimitExceeded / userRateLimitExceeded; `retryAfterMs` when Gmail said.
 * - `daily-limit`: the account's daily sending limit (dailyLimitExceeded): wait for Gmail's day.
 * - `transient`: 5xx, a timeout, a network error: retry with back-off (after a lookup by Message-ID
 *   for a send, since the message may have left).
 * - `permanent`: any other 4xx: this message will never go.
 */
export type GmailErrorKind =
  'not-connected' | 'revoked' | 'rate-limited' | 'daily-limit' | 'transient' | 'permanent';

export class GmailApiError extends Error {
  constructor(
    readonly kind: GmailErrorKind,
    message: string,
    readonly options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GmailApiError';
  }
}

/** What a gaxios error (the googleapis client's and google-auth-library's) carries, read defensively. */
type HttpFailure = {
  status?: number;
  data?: unknown;
  headers?: { get(name: string): string | null } | Record<string, unknown>;
  url?: string;
};

function httpFailureOf(error: unknown): HttpFailure | null {
  if (typeof error !== 'object' || error === null) return null;
  const { response, config } = error as { response?: unknown; config?: { url?: unknown } };
  if (typeof response !== 'object' || response === null) return null;
  const { status, data, headers } = response as HttpFailure;
  const url = config?.url;
  return {
    ...(typeof status === 'number' ? { status } : {}),
    data,
    ...(headers ? { headers } : {}),
    ...(typeof url === 'string' || url instanceof URL ? { url: String(url) } : {}),
  };
}

/** Google's error reasons (`error.errors[].reason`, or `error.details[].reason`) and the OAuth `error`. */
function reasonsOf(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const { error } = data as { error?: unknown };
  if (typeof error === 'string') return [error];
  if (typeof error !== 'object' || error === null) return [];
  const { errors, details, status } = error as { errors?: unknown; details?: unknown; status?: unknown };
  const reasons: string[] = [];
  for (const list of [errors, details]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list as unknown[]) {
      const reason = (entry as { reason?: unknown } | null)?.reason;
      if (typeof reason === 'string') reasons.push(reason);
    }
  }
  if (typeof status === 'string') reasons.push(status);
  return reasons;
}

function headerOf(headers: HttpFailure['headers'], name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name);
  }
  const value = (headers as Record<string, unknown>)[name.toLowerCase()];
  return typeof value === 'string' ? value : null;
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), in milliseconds from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'RATE_LIMIT_EXCEEDED']);
const DAILY_REASONS = new Set(['dailyLimitExceeded', 'quotaExceeded']);
const SCOPE_REASONS = new Set([
  'insufficientPermissions',
  'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
  'PERMISSION_DENIED',
  'authError',
]);

/**
 * The GmailApiError kind of a failed Gmail or token-endpoint call (issue 24):
 * invalid_grant at the token endpoint → revoked; 401, or 403 for a missing scope → revoked;
 * 429/403 rateLimitExceeded/userRateLimitExceeded → rate-limited (Retry-After kept); 429/403
 * dailyLimitExceeded → daily-limit; 5xx, timeouts and network errors → transient; other 4xx →
 * permanent. `tokenUrl` tells the token endpoint's answers from the API's.
 */
export function toGmailApiError(error: unknown, tokenUrl: string | null): GmailApiError {
  if (error instanceof GmailApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const failure = httpFailureOf(error);
  if (failure?.status === undefined) {
    // No HTTP answer: a timeout, a reset connection, a DNS failure, an abort.
    return new GmailApiError('transient', `Gmail could not be reached: ${message}`, { cause: error });
  }
  const { status } = failure;
  const reasons = reasonsOf(failure.data);
  const options = { status, cause: error };
  const atTokenEndpoint = tokenUrl !== null && failure.url !== undefined && failure.url.startsWith(tokenUrl);
  if (atTokenEndpoint || reasons.includes('invalid_grant')) {
    if (reasons.includes('invalid_grant')) {
      return new GmailApiError('revoked', 'The Gmail permission was withdrawn (invalid_grant).', options);
    }
    if (status >= 500)
      return new GmailApiError('transient', `The token endpoint answered ${status}.`, options);
    return new GmailApiError('permanent', `The token endpoint refused the refresh (${status}).`, options);
  }
  if (status === 401) return new GmailApiError('revoked', 'Gmail refused the credentials (401).', options);
  if (reasons.some((reason) => DAILY_REASONS.has(reason))) {
    return new GmailApiError('daily-limit', "The Gmail account's daily sending limit is reached.", options);
  }
  if (status === 429 || reasons.some((reason) => RATE_REASONS.has(reason))) {
    const retryAfterMs = parseRetryAfter(headerOf(failure.headers, 'retry-after'));
    return new GmailApiError('rate-limited', 'Gmail asked to slow down (rate limit).', {
      ...options,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  if (status === 403 && reasons.some((reason) => SCOPE_REASONS.has(reason))) {
    return new GmailApiError('revoked', 'The Gmail permission does not cover this call.', options);
  }
  if (status >= 500 || status === 408) {
    return new GmailApiError('transient', `Gmail answered ${status}.`, options);
  }
  return new GmailApiError('permanent', `Gmail refused the call (${status}).`, options);
}
