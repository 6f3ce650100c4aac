import {
  ENDPOINTS,
  endpointPath,
  type EndpointName,
  type EndpointPathParams,
} from '@mergedesk/domain/api/endpoints';

/** A query string ('page=2', with or without its '?') or its parameters (undefined ones left out). */
export type Query = string | Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * The URL of endpoint `name` of the endpoint table (packages/domain/src/api/endpoints.ts) with its
 * `:params` filled and `query` appended: tests take their paths from the table, as the app does.
 */
export function apiPath<N extends EndpointName>(
  name: N,
  ...[params, query]: keyof EndpointPathParams<N> extends never
    ? [params?: Record<string, never>, query?: Query]
    : [params: EndpointPathParams<N>, query?: Query]
): string {
  return withQuery(endpointPath(ENDPOINTS[name].path, params ?? {}), query);
}

/** `path` with `query` appended. */
export function withQuery(path: string, query: Query | undefined): string {
  if (query === undefined) return path;
  if (typeof query === 'string')
    return query === '' ? path : `${path}${query.startsWith('?') ? '' : '?'}${query}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}
