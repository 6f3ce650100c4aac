import type { EndpointBody, EndpointResponse } from '@mergedesk/domain/api/endpoint-schemas';
import {
  ENDPOINTS,
  endpointPath,
  type EndpointName,
  type EndpointPathParams,
} from '@mergedesk/domain/api/endpoints';
import type { ErrorBody } from '@mergedesk/domain/errors/error-codes';

/**
 * The one HTTP client of the web app. It attaches the bearer token, parses the error envelope
 * `{ errors, code, message }` and throws ApiError. It shows no toast and redirects nowhere: that
 * belongs to query/mutation `onError` and route error boundaries (CONVENTIONS.md, "Errors").
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: ErrorBody['errors'];
  readonly reason: string | undefined;

  constructor(
    status: number,
    body: { code: string; message: string; errors: ErrorBody['errors']; reason?: string },
  ) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.errors = body.errors;
    this.reason = body.reason;
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;
type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Where the bases of spec 000 §7 live; they can move to separate hosts (ARCHITECTURE.md). */
const API_ORIGIN: string = (import.meta.env.VITE_API_ORIGIN as string | undefined) ?? '';

let accessTokenProvider: () => string | null = () => null;

/** The session module registers how to read the current access token (kept in memory only). */
export function setAccessTokenProvider(provider: () => string | null): void {
  accessTokenProvider = provider;
}

/** The current access token, or null when signed out (analytics sends events only when signed in). */
export function getAccessToken(): string | null {
  return accessTokenProvider();
}

/** True when `error` is an ApiError with one of the given HTTP statuses. */
export function isApiErrorStatus(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && statuses.includes(error.status);
}

function withQuery(url: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_ORIGIN}${url}${qs ? `?${qs}` : ''}`;
}

async function request<T>(
  method: string,
  url: string,
  options: RequestOptions = {},
  as: 'json' | 'text' = 'json',
): Promise<T> {
  const accept = as === 'json' ? 'application/json' : 'text/csv, text/plain, application/json';
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  const token = accessTokenProvider();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: 'Unknown error', errors: [] });
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, normaliseError(response, data));
  return (as === 'text' ? text : data) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Any other API error is normalised to errors, code and message (status text or 'Unknown error'; spec 000 §8). */
function normaliseError(response: Response, data: unknown) {
  const body = (typeof data === 'object' && data !== null ? data : {}) as Partial<ErrorBody>;
  return {
    code: typeof body.code === 'string' ? body.code : String(response.status),
    message: typeof body.message === 'string' ? body.message : response.statusText || 'Unknown error',
    errors: Array.isArray(body.errors) ? body.errors : [],
    reason: typeof body.reason === 'string' ? body.reason : undefined,
  };
}

type Endpoints = typeof ENDPOINTS;

/** What an endpoint answers: its response schema's JSON, or the text of a CSV or text endpoint. */
export type EndpointResult<N extends EndpointName> = Endpoints[N] extends { kind: 'csv' | 'text' }
  ? string
  : EndpointResponse<N>;

type EndpointCallOptions<N extends EndpointName> = {
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
} & ([EndpointBody<N>] extends [never] ? { body?: undefined } : { body: EndpointBody<N> }) &
  (keyof EndpointPathParams<N> extends never ? { params?: undefined } : { params: EndpointPathParams<N> });

/** Options are required when the endpoint has `:params` or a body. */
type EndpointCallArguments<N extends EndpointName> = keyof EndpointPathParams<N> extends never
  ? [EndpointBody<N>] extends [never]
    ? [options?: EndpointCallOptions<N>]
    : [options: EndpointCallOptions<N>]
  : [options: EndpointCallOptions<N>];

/** The address of an endpoint the browser navigates to (the sign-in redirect), with its query. */
export function endpointUrl<N extends EndpointName>(
  name: N,
  options: { params?: Readonly<Record<string, string>>; query?: Query } = {},
): string {
  return withQuery(endpointPath(ENDPOINTS[name].path, options.params), options.query);
}

/**
 * Calls the endpoint `name` of the endpoint table (packages/domain/src/api/endpoints.ts): its
 * method and path come from the table, `:params` are filled from `params`, and the answer is typed
 * by the endpoint's response schema (issue 23). The web app's only way to call the API.
 */
export function callEndpoint<N extends EndpointName>(
  name: N,
  ...[options]: EndpointCallArguments<N>
): Promise<EndpointResult<N>> {
  const endpoint: { method: string; path: string; kind?: string } = ENDPOINTS[name];
  const url = withQuery(endpointPath(endpoint.path, options?.params ?? {}), options?.query);
  const as = endpoint.kind === 'csv' || endpoint.kind === 'text' ? 'text' : 'json';
  return request<EndpointResult<N>>(endpoint.method, url, options, as);
}
