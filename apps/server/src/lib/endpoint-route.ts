import { ENDPOINT_SCHEMAS, type EndpointSchema } from '@mergedesk/domain/api/endpoint-schemas';
import { ENDPOINTS, type Endpoint, type EndpointName } from '@mergedesk/domain/api/endpoints';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type SchemasOf<N extends EndpointName> = (typeof ENDPOINT_SCHEMAS)[N];
type SchemaAt<S, K extends string> = S extends Record<K, infer T extends z.ZodType> ? T : undefined;

type SuccessStatusOf<N extends EndpointName> = (typeof ENDPOINTS)[N] extends {
  status: infer S extends number;
}
  ? S
  : 200;

/** The Fastify schema an endpoint's handler is typed by: the table's schemas, the response at its success status. */
type EndpointFastifySchema<N extends EndpointName, Headers> = {
  headers: Headers;
  params: SchemaAt<SchemasOf<N>, 'params'>;
  querystring: SchemaAt<SchemasOf<N>, 'query'>;
  body: SchemaAt<SchemasOf<N>, 'body'>;
  response: SchemasOf<N> extends { response: infer R extends z.ZodType }
    ? { [Status in SuccessStatusOf<N>]: R }
    : undefined;
};

/** What a route file still says itself: documentation, error answers and non-JSON answers. */
type RouteDocumentation<Headers> = {
  tags?: string[];
  summary?: string;
  description?: string;
  hide?: boolean;
  /** Headers the route reads besides the bearer token (Idempotency-Key, x-id-token). */
  headers?: Headers;
  /** The media types of a non-JSON answer (text/csv). */
  produces?: string[];
  /** Error answers (errorResponses(…)) and, for a non-JSON endpoint, its own 200. */
  response?: Record<number, z.ZodType>;
};

/** Fastify's shorthand route options, typed by the endpoint's schemas and zod. */
type EndpointShorthandRoute<N extends EndpointName, Headers> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  EndpointFastifySchema<N, Headers>,
  ZodTypeProvider
>;

export type EndpointRouteOptions<N extends EndpointName, Headers> = Omit<
  EndpointShorthandRoute<N, Headers>,
  'schema' | 'handler'
> & { schema?: RouteDocumentation<Headers> };

export type EndpointHandler<N extends EndpointName, Headers> = EndpointShorthandRoute<N, Headers>['handler'];

/**
 * Registers the endpoint `name` of the endpoint table (packages/domain/src/api/endpoints.ts): its
 * method and full path, its request schemas and its success response schema come from the table, so a
 * route file names the endpoint and never writes a path. Register on an instance without a prefix.
 * The response schema is enforced by the serializer (lib/fast-serializer.ts; in production the
 * fast-serialized lists skip the check).
 */
export function route<N extends EndpointName, Headers extends z.ZodType | undefined = undefined>(
  app: ZodApp,
  name: N,
  options: EndpointRouteOptions<N, Headers>,
  handler: EndpointHandler<N, Headers>,
): void {
  const endpoint: Endpoint = ENDPOINTS[name];
  const { method, path } = endpoint;
  const schemas: EndpointSchema = ENDPOINT_SCHEMAS[name];
  const { schema: documentation = {}, ...rest } = options;
  const { response: ownResponses, ...docs } = documentation;
  app.route({
    ...(rest as Omit<RouteOptions, 'method' | 'url' | 'handler'>),
    method,
    url: path,
    schema: {
      ...docs,
      ...(schemas.params === undefined ? {} : { params: schemas.params }),
      ...(schemas.query === undefined ? {} : { querystring: schemas.query }),
      ...(schemas.body === undefined ? {} : { body: schemas.body }),
      response: {
        ...ownResponses,
        ...(schemas.response === undefined ? {} : { [endpoint.status ?? 200]: schemas.response }),
      },
    },
    handler: handler as RouteHandlerMethod,
  });
}
