/**
 * The finite list of API error codes, each with its HTTP status (CONVENTIONS.md, "Errors").
 * Every error response is `{ errors, code, message }`.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  OWNED_SPACES_LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  CONFLICT: 409,
  USER_ALREADY_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** An Idempotency-Key sent again with a different request (draft-ietf-httpapi-idempotency-key-header). */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const INTERNAL_ERROR_MESSAGE = 'An internal error occurred. Please try again later.';

/** One entry of `errors`: the field (dot path) it concerns, when it concerns one. */
export type FieldError = { field?: string; message: string; reason?: string };

export type ErrorBody = { errors: FieldError[]; code: ErrorCode; message: string; reason?: string };
