import { errorBodySchema } from '@mergedesk/domain/errors/error-body';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

/** The error responses a route documents in the OpenAPI document; all share the error shape. */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof errorBodySchema> {
  const responses = {} as Record<S, typeof errorBodySchema>;
  for (const status of statuses) responses[status] = errorBodySchema;
  return responses;
}

/** `?flag=true` query parameters (spec 000 §7: includeWorkspaces, includeDomains…). */
export function isTrue(value: 'true' | 'false' | undefined): boolean {
  return value === 'true';
}
