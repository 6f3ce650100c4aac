/**
 * Google's JSON error shape (https://cloud.google.com/apis/design/errors#http_mapping): the
 * official client turns it into a GaxiosError whose `status`, `message` and `errors[].reason` are
 * what a caller branches on.
 */
const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export class GmailError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly reason: string,
    readonly domain = 'global',
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON() {
    return {
      error: {
        code: this.code,
        message: this.message,
        errors: [{ message: this.message, domain: this.domain, reason: this.reason, ...this.extra }],
        status: statusNames[this.code] ?? 'UNKNOWN',
      },
    };
  }
}

const credentialHint =
  'Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
const wwwAuthenticate = { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' };
const authorizationHeader = { location: 'Authorization', locationType: 'header' };

export const missingCredentials = () =>
  new GmailError(
    401,
    `Request is missing required authentication credential. ${credentialHint}`,
    'required',
    'global',
    wwwAuthenticate,
    authorizationHeader,
  );

export const invalidCredentials = () =>
  new GmailError(
    401,
    `Request had invalid authentication credentials. ${credentialHint}`,
    'authError',
    'global',
    { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    authorizationHeader,
  );

export const badRequest = (message: string) => new GmailError(400, message, 'invalidArgument');

export const notFound = (message = 'Requested entity was not found.') =>
  new GmailError(404, message, 'notFound');

/** Gmail's answer to a per-user rate overrun; its message names the time to retry after. */
export const rateLimitExceeded = (retryAfterSeconds: number, now: number) =>
  new GmailError(
    429,
    `User-rate limit exceeded.  Retry after ${new Date(now + retryAfterSeconds * 1000).toISOString()}`,
    'rateLimitExceeded',
    'usageLimits',
    { 'retry-after': String(retryAfterSeconds) },
  );

export const dailyLimitExceeded = (retryAfterSeconds: number) =>
  new GmailError(429, 'Daily user sending quota exceeded.', 'dailyLimitExceeded', 'usageLimits', {
    'retry-after': String(retryAfterSeconds),
  });

export const injectedFailure = (status: 429 | 500 | 503, now: number): GmailError => {
  if (status === 429) return rateLimitExceeded(1, now);
  if (status === 500) return new GmailError(500, 'Internal error encountered.', 'backendError');
  return new GmailError(503, 'The service is currently unavailable.', 'backendError');
};
