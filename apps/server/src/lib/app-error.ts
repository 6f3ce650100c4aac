import { ERROR_STATUS, type ErrorCode, type FieldError } from '@mergedesk/domain/errors/error-codes';

/** The one error type services throw; the error handler turns it into `{ errors, code, message }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly reason: string | undefined;
  readonly fieldErrors: FieldError[];

  constructor(
    code: ErrorCode,
    message: string,
    options: { reason?: string; fieldErrors?: FieldError[]; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.reason = options.reason;
    this.fieldErrors = options.fieldErrors ?? [];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
