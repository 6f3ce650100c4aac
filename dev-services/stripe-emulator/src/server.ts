import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { parse } from 'qs';

import { Api } from './api';
import { Billing } from './billing';
import type { Raw } from './params';
import { StripeError } from './params';
import { Pages } from './pages';
import type { State } from './state';
import { emptyState, newId, StateFile } from './state';
import type { Delivery, WebhookEndpoint } from './webhooks';
import { WebhookSender } from './webhooks';

/** The Stripe API version the emulator speaks: the one the installed `stripe` SDK pins. */
const EMULATOR_API_VERSION = '2026-10-28.endive';

export type StripeEmulatorOptions = {
  /** 0 picks a free port. */
  port: number;
  /** Interface to listen on (default 'localhost'). */
  host?: string;
  /** Origin the browser reaches the emulator at (hosted pages); default http://localhost:{port}. */
  publicUrl?: string;
  /** Where events are POSTed, each with its signing secret (whsec_…). */
  webhookEndpoints?: WebhookEndpoint[];
  /** Delays between webhook attempts in ms (default 1 s, 5 s, 30 s, 2 min, 10 min). */
  webhookRetryDelaysMs?: number[];
  /** JSON file the state is kept in across restarts (none: memory only). */
  dataFile?: string;
  /** How often the wall clock is checked for renewals and retries (ms, default 1000). */
  tickMs?: number;
};

export type RunningStripeEmulator = {
  /** e.g. http://localhost:3002 */
  url: string;
  port: number;
  /** The SDK settings that point `new Stripe(key, …)` at the emulator. */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  state: State;
  deliveries: Delivery[];
  /** Add a webhook endpoint at run time. */
  addWebhookEndpoint(endpoint: WebhookEndpoint): void;
  /** Move the wall clock forward and run what falls due (renewals, retries, scheduled changes). */
  advanceClock(seconds: number): number;
  /** Wait until no webhook delivery is in flight. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
};

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const parseParams = (text: string, contentType: string | undefined): Raw => {
  if (text === '') return {};
  if (contentType?.includes('application/json') === true) return JSON.parse(text) as Raw;
  return parse(text, { depth: 10, arrayLimit: 1000, parameterLimit: 10_000 });
};

/** JSON with object keys sorted, so that equal parameters compare equal. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, entry: unknown) =>
    entry !== null && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(
          Object.entries(entry as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : entry,
  );

const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'request-id': newId('req'),
    'stripe-version': EMULATOR_API_VERSION,
  });
  response.end(JSON.stringify(body, null, 2));
};

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<RunningStripeEmulator> {
  const host = options.host ?? 'localhost';
  const stateFile = new StateFile(options.dataFile);
  const state = stateFile.load();
  const webhooks = new WebhookSender([...(options.webhookEndpoints ?? [])], options.webhookRetryDelaysMs);
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const billing = new Billing(state, {
    get publicUrl() {
      return publicUrl;
    },
    apiVersion: EMULATOR_API_VERSION,
    onEvent: (event) => webhooks.send(event),
  });
  const api = new Api(billing);
  const pages = new Pages(billing, api);
  /**
   * Stripe's idempotency layer (https://docs.stripe.com/api/idempotent_requests): the first
   * response to a key (success or an error of a request that reached its endpoint) is replayed for
   * 24 hours; the same key with another endpoint or other parameters is an idempotency_error.
   */
  const idempotent = new Map<string, { request: string; status: number; body: unknown; at: number }>();
  const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
  let savedEvents = state.events.length;
  /** Writes the state file after a change: any API write, or anything that raised an event. */
  const save = (force = false) => {
    if (!force && state.events.length === savedEvents) return;
    savedEvents = state.events.length;
    stateFile.save(state);
  };

  const emulatorRoutes = (method: string, pathname: string, params: Raw): unknown => {
    if (method === 'POST' && pathname === '/_emulator/clock/advance') {
      const seconds = Number(params.seconds ?? 0) + Number(params.days ?? 0) * 86_400;
      if (!Number.isFinite(seconds) || seconds < 0)
        throw new StripeError(400, 'invalid_request_error', 'seconds/days must be ≥ 0');
      return { now: running.advanceClock(seconds), offsetSeconds: state.clockOffset };
    }
    if (method === 'GET' && pathname === '/_emulator/clock')
      return { now: billing.now(), offsetSeconds: state.clockOffset };
    if (method === 'GET' && pathname === '/_emulator/webhooks/deliveries')
      return { deliveries: webhooks.deliveries };
    if (method === 'POST' && pathname === '/_emulator/webhooks/endpoints') {
      const url = typeof params.url === 'string' ? params.url : '';
      const secret = typeof params.secret === 'string' ? params.secret : '';
      if (!/^https?:\/\//.test(url) || secret === '')
        throw new StripeError(400, 'invalid_request_error', 'url and secret are required');
      running.addWebhookEndpoint({ url, secret });
      return { endpoints: webhooks.endpoints.map((endpoint) => endpoint.url) };
    }
    if (method === 'POST' && pathname === '/_emulator/reset') {
      Object.assign(state, emptyState());
      stateFile.save(state);
      return { reset: true };
    }
    if (method === 'GET' && pathname === '/_emulator/health') return { ok: true };
    return undefined;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://emulator');
    const method = request.method ?? 'GET';
    const body = method === 'GET' || method === 'DELETE' ? '' : await readBody(request);
    try {
      if (url.pathname.startsWith('/v1/')) {
        // Bearer (the SDK) or Basic with the key as user name (curl -u sk_test_…:), as Stripe accepts
        const authorization = request.headers.authorization ?? '';
        const key = /^basic\s+/i.test(authorization)
          ? Buffer.from(authorization.replace(/^basic\s+/i, ''), 'base64')
              .toString('utf8')
              .split(':')[0]!
          : authorization.replace(/^Bearer\s+/i, '');
        if (!key.startsWith('sk_test_')) {
          throw new StripeError(
            401,
            'authentication_error',
            'Invalid API Key provided: use any sk_test_… key with the emulator.',
          );
        }
        const header = method === 'POST' ? request.headers['idempotency-key'] : undefined;
        const idempotencyKey = typeof header === 'string' && header !== '' ? header : undefined;
        const params =
          method === 'POST'
            ? parseParams(body, request.headers['content-type'])
            : (parse(url.search.slice(1), { depth: 10, arrayLimit: 1000 }) as Raw);
        const fingerprint = `${method} ${url.pathname} ${canonicalJson(params)}`;
        const cached = idempotencyKey === undefined ? undefined : idempotent.get(idempotencyKey);
        if (cached !== undefined && billing.now() - cached.at < IDEMPOTENCY_TTL_SECONDS) {
          if (cached.request !== fingerprint) {
            throw new StripeError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          sendJson(response, cached.status, cached.body, { 'idempotent-replayed': 'true' });
          return;
        }
        const remember = (status: number, result: unknown) => {
          if (idempotencyKey !== undefined)
            idempotent.set(idempotencyKey, { request: fingerprint, status, body: result, at: billing.now() });
        };
        let result: unknown;
        try {
          result = api.handle(method, url.pathname, params);
        } catch (error) {
          // An error of a request that reached its endpoint is replayed too, as Stripe does.
          if (error instanceof StripeError && error.type !== 'idempotency_error')
            remember(error.status, error.toJSON());
          throw error;
        }
        remember(200, result);
        sendJson(response, 200, result);
        return;
      }
      if (url.pathname.startsWith('/_emulator/')) {
        const params =
          method === 'GET'
            ? Object.fromEntries(url.searchParams)
            : parseParams(body, request.headers['content-type']);
        const result = emulatorRoutes(method, url.pathname, params);
        if (result === undefined)
          throw new StripeError(404, 'invalid_request_error', `Unknown emulator endpoint ${url.pathname}`);
        sendJson(response, 200, result);
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(body));
      for (const [key, value] of url.searchParams) form[key] ??= value;
      const result = pages.handle(method, url.pathname, form);
      if (result === null) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('Not found');
        return;
      }
      if (result.redirect !== undefined) {
        response.writeHead(result.status, { location: result.redirect });
        response.end();
        return;
      }
      response.writeHead(result.status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(result.html);
    } catch (error) {
      if (error instanceof StripeError) {
        sendJson(response, error.status, error.toJSON());
        return;
      }
      console.error(error);
      sendJson(response, 500, {
        error: { type: 'api_error', message: 'An unexpected error occurred in the Stripe emulator.' },
      });
    } finally {
      save(method !== 'GET');
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent)
        sendJson(response, 500, { error: { type: 'api_error', message: 'Internal error' } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  if (publicUrl === '') publicUrl = `http://localhost:${port}`;

  const tick = setInterval(() => {
    billing.processDue(null);
    save();
  }, options.tickMs ?? 1000);
  tick.unref();

  const running: RunningStripeEmulator = {
    url: publicUrl,
    port,
    sdkOptions: { host: host === '0.0.0.0' || host === '::' ? 'localhost' : host, port, protocol: 'http' },
    state,
    deliveries: webhooks.deliveries,
    addWebhookEndpoint(endpoint) {
      webhooks.endpoints.push(endpoint);
    },
    advanceClock(seconds) {
      state.clockOffset += Math.floor(seconds);
      billing.processDue(null);
      save();
      return billing.now();
    },
    webhooksIdle: () => webhooks.idle(),
    async close() {
      clearInterval(tick);
      webhooks.close();
      save();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
  return running;
}
