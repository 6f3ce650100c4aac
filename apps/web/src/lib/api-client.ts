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
  params?: Record<string, string>;
  query?: Query;
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

export function buildUrl(path: string, params: Record<string, string> = {}, query: Query = {}): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_ORIGIN}/api${filled}${qs ? `?${qs}` : ''}`;
}

async function request<T>(
  method: string,
  path: string,
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
    response = await fetch(buildUrl(path, options.params, options.query), {
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

/** Paths are relative to /api, e.g. '/v2/users/me', '/workspaces/:workspaceId/members', '/cannon'. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  /** A GET answered with text rather than JSON (a CSV export); errors are parsed as usual. */
  getText: (path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<string>('GET', path, options, 'text'),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
