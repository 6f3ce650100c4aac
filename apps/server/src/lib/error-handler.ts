import {
  INTERNAL_ERROR_MESSAGE,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
} from '@mergedesk/domain/errors/error-codes';
import { SPACE_NAME_ERROR_MESSAGES } from '@mergedesk/domain/spaces/space-name';
import { CLIENT_TEXT_MESSAGES, NUMBER_MESSAGES } from '@mergedesk/domain/text/client-text';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, toSafeDatabaseError } from '../db/errors';
import { isAppError } from './app-error';

export const VALIDATION_FAILED_MESSAGE = 'Invalid request.';
const NOT_FOUND_MESSAGE = 'Not found.';
const BAD_REQUEST_MESSAGE = 'The request could not be processed.';

/**
 * Reasons the domain attaches to its validation messages (e.g. the space name's TOO_SHORT and
 * TOO_LONG, spec 000 §5; the client text rule's CONTROL_CHARACTERS), looked up by message so the
 * rule itself stays in packages/domain.
 */
const DOMAIN_REASONS = new Map<string, string>(
  [CLIENT_TEXT_MESSAGES, NUMBER_MESSAGES, SPACE_NAME_ERROR_MESSAGES].flatMap((messages) =>
    Object.entries(messages).map(([reason, message]): [string, string] => [message, reason]),
  ),
);

const REQUEST_PARTS: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** Codes for the 4xx errors Fastify and its plugins raise themselves (bad JSON, wrong content type…). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a moment and try again.';

type ErrorReply = { statusCode: number; body: ErrorBody };

/**
 * One error handler for the whole API: every error becomes `{ errors, code, message }` with its
 * status (CONVENTIONS.md "Errors"). Unknown errors are logged with the request id and answered
 * with a generic 500, never with their message or stack.
 */
export function registerErrorHandlers(
  app: FastifyInstance,
  options: {
    /** Answers an unmatched request with the web app instead, when it is a page of the web app. */
    webAppFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
  } = {},
): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { statusCode, body } = toErrorReply(error);
    if (statusCode === 503) request.log.warn({ err: error }, 'database unavailable');
    else if (statusCode >= 500 && !isAppError(error)) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, statusCode }, body.message);
    return reply.status(statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const served = options.webAppFallback?.(request, reply);
    if (served) return served;
    return reply
      .status(404)
      .send({ errors: [], code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE } satisfies ErrorBody);
  });
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any handler (a path that is
 * not valid percent-encoded UTF-8, a path parameter longer than any id) get the error shape too.
 * An over-long parameter names nothing: 404.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { statusCode, body } =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? {
          statusCode: 404,
          body: { errors: [], code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE } satisfies ErrorBody,
        }
      : toErrorReply({ ...error, statusCode: 400, code: error.code, message: error.message });
  request.log.info({ code: body.code, statusCode }, body.message);
  void reply.status(statusCode).send(body);
}

export function toErrorReply(error: FastifyError): ErrorReply {
  if (isAppError(error)) {
    const body: ErrorBody = { errors: error.fieldErrors, code: error.code, message: error.message };
    if (error.reason !== undefined) body.reason = error.reason;
    return { statusCode: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = REQUEST_PARTS[error.validationContext ?? 'body'] ?? 'body';
    const errors: FieldError[] = error.validation.map((issue) => {
      const path = issue.instancePath.split('/').filter((segment) => segment !== '');
      const fieldError: FieldError = {
        field: path.length > 0 ? path.join('.') : part,
        message: issue.message ?? 'Invalid value.',
      };
      const reason = DOMAIN_REASONS.get(fieldError.message);
      if (reason !== undefined) fieldError.reason = reason;
      return fieldError;
    });
    const [only] = errors;
    const message = errors.length === 1 && only ? only.message : VALIDATION_FAILED_MESSAGE;
    return { statusCode: 400, body: { errors, code: 'VALIDATION_FAILED', message } };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) {
    return { statusCode: 429, body: { errors: [], code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE } };
  }
  // Fastify's own client errors (FST_ERR_CTP_* and the like) carry safe, actionable messages.
  if (status >= 400 && status < 500 && typeof error.code === 'string' && error.code.startsWith('FST_')) {
    return {
      statusCode: status,
      body: { errors: [], code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST', message: error.message },
    };
  }
  // Other client errors (from plugins): keep the status, hide the message.
  if (status >= 400 && status < 500) {
    return {
      statusCode: status,
      body: { errors: [], code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST', message: BAD_REQUEST_MESSAGE },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      body: { errors: [], code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE },
    };
  }
  return { statusCode: 500, body: { errors: [], code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE } };
}

type SerializedError = { type: string; message: string; stack: string; code?: unknown };

/**
 * The logger's `err` serializer: database errors are logged by their code and names only (their
 * messages and fields quote the SQL parameters and row values); other errors by type, message,
 * code and stack.
 */
export function serializeError(error: unknown): SerializedError {
  const safe = toSafeDatabaseError(error);
  if (safe !== undefined) return safe;
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const serialized: SerializedError = {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
  };
  if ('code' in error) serialized.code = error.code;
  return serialized;
}
