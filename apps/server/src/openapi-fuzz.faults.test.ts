import { errorBodySchema } from '@mergedesk/domain/errors/error-body';
import { ERROR_STATUS } from '@mergedesk/domain/errors/error-codes';
import { MAX_TIMESTAMP_MS } from '@mergedesk/domain/text/client-text';
import type { InjectOptions } from 'fastify';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProvider } from '@mergedesk/identity-provider/provider';
import { freePort } from '@mergedesk/identity-provider/testing/provider-browser';
import { startTestStripe, type TestStripe } from './test/stripe';
import { bearer, createTestApp, type TestApp } from './test/test-app';
import { apiPath } from './test/api-path';

/**
 * Input fuzz over every operation of the app's own OpenAPI document (taken from the built app, not
 * a hand list): malformed JSON, wrong types, 1 MB strings, NUL and other control characters, lone
 * surrogates, huge numbers, dates past year 9999 and `__proto__` keys, in bodies, query strings
 * and path parameters, without and with a valid session. No answer may be a 5xx; every 4xx of the
 * API has the spec's error shape with the status of its code; a NUL in a string never passes.
 * Deterministic: the values each field gets are drawn from a seeded generator (FUZZ_SEED).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Values tried per field, drawn from the pool (the must-try values come on top). */
const DRAWN_PER_FIELD = 6;
/** The whole run must stay within this (a bound, not a benchmark). */
const TIME_BUDGET_MS = 150_000;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  $ref?: string;
  additionalProperties?: boolean | JsonSchema;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type Case = {
  method: InjectOptions['method'] & string;
  route: string;
  url: string;
  /** What was changed, for the failure report. */
  what: string;
  payload?: string;
  contentType?: string;
  /** A NUL was put into a string the client sends: the request must not succeed. */
  carriesNul?: boolean;
};

/** mulberry32: a small, seeded, reproducible generator. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MEGABYTE_STRING = 'x'.repeat(1024 * 1024);
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const AFTER_YEAR_9999 = MAX_TIMESTAMP_MS + 1;

/** Values for a JSON field: [label, value]. The first ones are tried on every field. */
const MUST_TRY: [string, unknown][] = [
  ['NUL', NUL],
  ['lone surrogate', LONE_SURROGATE],
  ['2^31', 2 ** 31],
  ['1 MB string', MEGABYTE_STRING],
];
const JSON_POOL: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['2^53', 2 ** 53],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['empty string', ''],
  ['only NUL', '\u0000'],
  ['C1 control', 'a\u0085b'],
  ['lone low surrogate', '\udc00'],
  ['bidi override', 'abc\u202edef'],
  ['zero-width only', '\u200b\u200b\u200b\u200b\u200b'],
  ['date past 9999', '10000-01-01T00:00:00.000Z'],
  ['timestamp past 9999', AFTER_YEAR_9999],
  ['timestamp 8.64e15', 8.64e15],
  ['digits', '9'.repeat(40)],
  ['array', ['x']],
  ['object', { a: 1 }],
  ['proto object', JSON.parse('{"__proto__":{"polluted":true}}') as unknown],
];
/** Raw query or path values (already URL-encoded). */
const RAW_POOL: [string, string][] = [
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['lone surrogate (as UTF-8 bytes)', '%ED%A0%80'],
  ['invalid percent-encoding', '%E0%A4%A'],
  ['control', '%01%1F%7F'],
  ['2^31', String(2 ** 31)],
  ['huge integer', '9'.repeat(40)],
  ['1e308', '1e308'],
  ['-1', '-1'],
  ['date past 9999', '10000-01-01'],
  ['timestamp past 9999', String(AFTER_YEAR_9999)],
  ['__proto__', '__proto__'],
  ['long', 'y'.repeat(5000)],
];
const MALFORMED_BODIES: [string, string][] = [
  ['truncated JSON', '{"a":'],
  ['unclosed array', '[1,2'],
  ['not JSON', 'nul'],
  ['empty body', ''],
  ['JSON null', 'null'],
  ['JSON array', '[]'],
  ['JSON number', '1'],
  ['JSON string', '"text"'],
  ['lone surrogate string', '"\\ud800"'],
  ['__proto__ key', '{"__proto__":{"polluted":true}}'],
  ['constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
];

describe('OpenAPI fuzz', () => {
  let t: TestApp;
  let token: string;
  let document: OpenApiDocument;
  let known: Record<string, string>;

  let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
  let testStripe: TestStripe;

  beforeAll(async () => {
    // The sign-in routes talk to the OpenID provider: the local one, so that they answer for real.
    const port = await freePort();
    idp = await startIdentityProvider({
      port,
      issuer: `http://localhost:${port}`,
      clients: [
        {
          clientId: 'mergedesk-web',
          clientSecret: 'fuzz-secret',
          redirectUris: ['http://localhost:3000/auth/callback'],
        },
      ],
    });
    // Billing talks to the Stripe emulator, so its routes answer for real too.
    testStripe = await startTestStripe();
    // Rate limits would turn the later answers into 429s and hide what the fuzz is after.
    t = await createTestApp({
      seed: true,
      env: {
        ...testStripe.env,
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_SECRET: 'fuzz-secret',
      },
    });
    token = await t.signIn('olivia@acme.test');
    const spaceId = (
      await t.db.query.workspaces.findFirst({ where: (w, { eq }) => eq(w.name, 'Acme Sales') })
    )?.id;
    const userId = (
      await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'olivia@acme.test') })
    )?.id;
    if (spaceId === undefined || userId === undefined) throw new Error('demo data missing');
    const merge = await t.app.inject({
      method: 'POST',
      url: apiPath('addon.createCampaign'),
      headers: bearer(token),
      payload: {
        workspaceId: spaceId,
        subject: 'Fuzz',
        mergeSourceSheetKey: 'sheet-fuzz',
        spreadsheetName: 'Fuzz',
        sheetName: 'Sheet1',
        recipients: [{ email: 'fuzz@example.com', links: ['https://example.com/'] }],
      },
    });
    const sent = merge.json<{ campaignId: string; recipients: { trackingToken: string }[] }>();
    known = {
      workspaceId: spaceId,
      userId,
      campaignId: sent.campaignId,
      token: sent.recipients[0]?.trackingToken ?? 'token',
    };
    await t.app.ready();
    document = t.app.swagger() as unknown as OpenApiDocument;
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
    await testStripe?.close();
  });

  const resolve = (schema: JsonSchema | undefined): JsonSchema => {
    if (schema?.$ref === undefined) return schema ?? {};
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(document.components?.schemas?.[name]);
  };

  /** A plausible value for a schema (the fuzz then breaks one field of it at a time). */
  const sample = (raw: JsonSchema | undefined, name = ''): unknown => {
    const schema = resolve(raw);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum !== undefined) return schema.enum[0];
    const variant = schema.anyOf ?? schema.oneOf;
    if (variant !== undefined)
      return sample(variant.find((option) => option.type !== 'null') ?? variant[0], name);
    if (schema.allOf?.[0] !== undefined) return sample(schema.allOf[0], name);
    const type = Array.isArray(schema.type) ? schema.type.find((option) => option !== 'null') : schema.type;
    switch (type) {
      case 'object': {
        const result: Record<string, unknown> = {};
        for (const [key, property] of Object.entries(schema.properties ?? {}))
          result[key] = sample(property, key);
        return result;
      }
      case 'array':
        return [sample(schema.items, name)];
      case 'integer':
      case 'number':
        return Math.max(schema.minimum ?? 1, 1);
      case 'boolean':
        return true;
      case 'string':
        return sampleString(schema, name);
      default:
        return 'fuzz';
    }
  };
  const sampleString = (schema: JsonSchema, name: string): string => {
    if (/workspaceid/i.test(name)) return known.workspaceId!;
    if (/userid/i.test(name)) return known.userId!;
    if (schema.format === 'uuid') return known.workspaceId!;
    if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
    if (schema.format === 'uri' || /url|link/i.test(name)) return 'https://example.com/';
    if (/sheetkey/i.test(name)) return 'sheet-fuzz';
    const text = 'Fuzzed value';
    return text.slice(0, Math.max(schema.maxLength ?? text.length, 1));
  };

  const pathValue = (name: string): string => {
    if (name === 'token') return known.token!;
    if (name === 'linkIndex') return '0';
    if (name === 'emailAddress') return 'fuzz@example.com';
    if (/user/i.test(name)) return known.userId!;
    if (name === 'workspaceId') return known.workspaceId!;
    return known.workspaceId!;
  };

  /** Every case of one operation, drawn with `random`. */
  const casesOf = (
    method: Case['method'],
    route: string,
    operation: Operation,
    random: () => number,
  ): Case[] => {
    const draw = <T>(pool: T[]) => {
      const copy = [...pool];
      const drawn: T[] = [];
      while (drawn.length < DRAWN_PER_FIELD && copy.length > 0) {
        drawn.push(copy.splice(Math.floor(random() * copy.length), 1)[0]!);
      }
      return drawn;
    };
    const parameters = operation.parameters ?? [];
    const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
    const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
    const buildPath = (override?: [string, string]) =>
      route.replace(/\{([^}]+)\}/g, (_match, name: string) =>
        override?.[0] === name ? override[1] : encodeURIComponent(pathValue(name)),
      );
    const baseQuery = new URLSearchParams();
    for (const parameter of queryParameters) {
      const value = sample(parameter.schema, parameter.name);
      if (parameter.name === 'filterBy') baseQuery.set('filterBy', `workspaceId:${known.workspaceId}`);
      else if (typeof value === 'string' || typeof value === 'number')
        baseQuery.set(parameter.name, String(value));
    }
    const withQuery = (path: string, query: string) => (query === '' ? path : `${path}?${query}`);
    const cases: Case[] = [];
    const base = { method, route };
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    const validBody = bodySchema === undefined ? undefined : sample(bodySchema);

    for (const parameter of pathParameters) {
      for (const [label, value] of [...RAW_POOL.slice(0, 3), ...draw(RAW_POOL.slice(3))]) {
        cases.push({
          ...base,
          url: withQuery(buildPath([parameter.name, value]), baseQuery.toString()),
          what: `path ${parameter.name} = ${label}`,
          ...(bodySchema ? { payload: JSON.stringify(validBody), contentType: 'application/json' } : {}),
        });
      }
    }
    for (const parameter of queryParameters) {
      const values: [string, string][] = [...RAW_POOL.slice(0, 3), ...draw(RAW_POOL.slice(3))];
      if (parameter.name === 'filterBy') {
        for (const key of ['search', 'from', 'to', 'type', 'memberStatus']) {
          for (const [label, value] of [RAW_POOL[0]!, RAW_POOL[2]!, RAW_POOL[6]!, RAW_POOL[10]!]) {
            values.push([`${key}:${label}`, `workspaceId:${known.workspaceId},${key}:${value}`]);
          }
        }
      }
      for (const [label, value] of values) {
        const query = new URLSearchParams(baseQuery);
        query.delete(parameter.name);
        const rest = query.toString();
        cases.push({
          ...base,
          url: withQuery(buildPath(), `${rest === '' ? '' : `${rest}&`}${parameter.name}=${value}`),
          what: `query ${parameter.name} = ${label}`,
          carriesNul: label.startsWith('NUL') || label.endsWith(':NUL'),
        });
      }
    }
    // Unknown and prototype-polluting query keys, and a repeated key (an array).
    cases.push({
      ...base,
      url: withQuery(buildPath(), `${baseQuery.toString()}&__proto__=x&constructor[prototype][x]=1&a=1&a=2`),
      what: 'query __proto__ keys',
    });
    if (bodySchema !== undefined) {
      for (const [label, payload] of MALFORMED_BODIES) {
        cases.push({
          ...base,
          url: buildPath(),
          what: `body ${label}`,
          payload,
          contentType: 'application/json',
        });
      }
      cases.push({
        ...base,
        url: buildPath(),
        what: 'body with a __proto__ key beside valid fields',
        payload: `{"__proto__":{"polluted":true},${JSON.stringify(validBody).slice(1)}`,
        contentType: 'application/json',
      });
      cases.push({
        ...base,
        url: buildPath(),
        what: 'body as text/plain',
        payload: JSON.stringify(validBody),
        contentType: 'text/plain',
      });
      for (const { path, schema } of fieldsOf(resolve(bodySchema), validBody)) {
        for (const [label, value] of [...MUST_TRY, ...draw(JSON_POOL)]) {
          const payload = JSON.stringify(replaceAt(validBody, path, value));
          cases.push({
            ...base,
            url: buildPath(),
            what: `body ${path.join('.')} = ${label}`,
            payload,
            contentType: 'application/json',
            carriesNul:
              typeof value === 'string' && value.includes('\u0000') && acceptsString(resolve(schema)),
          });
        }
      }
    }
    return cases;
  };

  /** The fields of a body: top-level properties and those of objects inside arrays (one level). */
  const fieldsOf = (
    schema: JsonSchema,
    value: unknown,
  ): { path: (string | number)[]; schema: JsonSchema }[] => {
    const fields: { path: (string | number)[]; schema: JsonSchema }[] = [];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fields;
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      fields.push({ path: [key], schema: property });
      const resolved = resolve(property);
      const items = resolve(resolved.items);
      if (resolved.type === 'array' && items.type === 'object') {
        fields.push({ path: [key, 0], schema: items });
        for (const [inner, innerSchema] of Object.entries(items.properties ?? {})) {
          fields.push({ path: [key, 0, inner], schema: innerSchema });
        }
      }
    }
    return fields;
  };
  const acceptsString = (schema: JsonSchema): boolean => {
    const variants = schema.anyOf ?? schema.oneOf ?? [schema];
    return variants.some((variant) => {
      const resolved = resolve(variant);
      return resolved.type === 'string' || (Array.isArray(resolved.type) && resolved.type.includes('string'));
    });
  };

  it('answers every fuzzed request of every documented operation without a 5xx, each 4xx in the error shape', async () => {
    const started = performance.now();
    const random = seeded(SEED);
    const operations = Object.entries(document.paths).flatMap(([route, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(),
        route,
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(40);
    const cases = operations.flatMap(({ method, route, operation }) =>
      casesOf(method, route, operation, random),
    );
    // A session of its own per operation: the fuzz of one (sign-out, space deletion…) must not
    // leave the next ones answering 401 only.
    const sessions = new Map<string, string>();
    const sessionFor = async (fuzzCase: Case) => {
      const key = `${fuzzCase.method} ${fuzzCase.route}`;
      const known = sessions.get(key) ?? (await t.signIn('olivia@acme.test'));
      sessions.set(key, known);
      return known;
    };
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const fuzzCase of cases) {
      for (const session of [false, true]) {
        const options: InjectOptions = {
          method: fuzzCase.method,
          url: fuzzCase.url,
          headers: {
            ...(session ? bearer(await sessionFor(fuzzCase)) : {}),
            ...(fuzzCase.contentType ? { 'content-type': fuzzCase.contentType } : {}),
          },
          ...(fuzzCase.payload === undefined ? {} : { payload: fuzzCase.payload }),
        };
        const response = await t.app.inject(options);
        sent += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const where = `${fuzzCase.method} ${fuzzCase.route} [${fuzzCase.what}${session ? ', signed in' : ''}]`;
        if (response.statusCode >= 500) {
          failures.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          continue;
        }
        if (fuzzCase.carriesNul === true && response.statusCode < 300 && !fuzzCase.route.startsWith('/t/')) {
          failures.push(`${where} → ${response.statusCode}: a NUL was accepted`);
        }
        if (response.statusCode < 400) continue;
        // The recipient-facing tracking pages answer HTML or text (documented), the API JSON.
        const contentType = String(response.headers['content-type'] ?? '');
        if (fuzzCase.route.startsWith('/t/') && !contentType.includes('json')) continue;
        const parsed = errorBodySchema.safeParse(safeJson(response.body));
        if (!parsed.success) {
          failures.push(
            `${where} → ${response.statusCode} not in the error shape: ${response.body.slice(0, 200)}`,
          );
        } else if (ERROR_STATUS[parsed.data.code] !== response.statusCode) {
          failures.push(`${where} → ${response.statusCode} with code ${parsed.data.code}`);
        }
      }
    }
    const elapsedMs = performance.now() - started;
    console.info(
      `[fuzz] seed ${SEED}: ${operations.length} operations, ${sent} requests in ${Math.round(elapsedMs)} ms; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(failures).toEqual([]);
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(elapsedMs).toBeLessThan(TIME_BUDGET_MS);
  });
});

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = replaceAt(copy[head as string], rest, replacement);
  return copy;
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
