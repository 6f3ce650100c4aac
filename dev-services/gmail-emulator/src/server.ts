import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Identity, TokenResolver } from './accounts';
import { resolverFromFunction, resolverFromUserinfo, tokenIsTheAddress } from './accounts';
import type { SendAsAlias } from './api';
import { GmailApi, gmailRoute } from './api';
import {
  badRequest,
  GmailError,
  injectedFailure,
  invalidCredentials,
  missingCredentials,
  notFound,
} from './errors';
import type { FailureRule } from './limits';
import { FailureRules, SendLimits } from './limits';
import { splitMultipartRelated } from './multipart';
import { renderMailboxPage, renderMessageBody, renderMessagePage } from './pages';
import type { DeliveredMessage } from './store';
import { Store } from './store';

export type { DeliveredMessage } from './store';

export type GmailEmulatorOptions = {
  /** 0 picks a free port. */
  port: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Where delivered messages and drafts persist across restarts (JSON lines); unset = memory only. */
  dataFile?: string;
  /** Maps a bearer access token to the mailbox's e-mail address, or null (-> 401 like Gmail). */
  resolveAccessToken?: (token: string) => Promise<string | null>;
  /**
   * Used when resolveAccessToken is unset: an OpenID userinfo URL (the local identity provider's
   * `${issuer}/me`) called with the bearer token; its `email` claim is the mailbox, answers cached
   * per token for 5 minutes. With neither, the bearer token itself is the mailbox address.
   */
  userinfoUrl?: string;
  /** Messages one account may send in a rolling 24 hours (default 2000, Google Workspace's). */
  dailySendLimit?: number;
  /** messages.send calls one account may make per second (default 10). */
  sendsPerSecond?: number;
  /** Verified sendAs aliases per account address, besides the account itself. */
  sendAsAliases?: Record<string, SendAsAlias[]>;
};

export type RunningGmailEmulator = {
  /** e.g. http://127.0.0.1:43123 (the @googleapis/gmail rootUrl is this with a trailing slash). */
  url: string;
  /** Every delivered message, oldest first. */
  messages(): DeliveredMessage[];
  /**
   * The next `count` calls (optionally only of `method`, e.g. 'messages.send', and only for
   * `account`) fail with `status`, or with 'timeout' hang until the client gives up (or the
   * emulator closes). With `afterDelivery` the call does its work first, then fails.
   */
  injectFailures(rule: FailureRule): void;
  /** Forget messages, drafts, counters, failures and aliases added at run time. */
  reset(): void;
  close(): Promise<void>;
};

const MAX_BODY_BYTES = 36 * 1024 * 1024;

class PayloadTooLarge extends GmailError {
  constructor() {
    super(413, 'Request payload size exceeds the limit: 36700160 bytes.', 'badRequest');
  }
}

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new PayloadTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

const parseJson = (bytes: Buffer): Record<string, unknown> => {
  if (bytes.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw badRequest('Invalid JSON payload received.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('Invalid JSON payload received. Expected an object.');
  }
  return value as Record<string, unknown>;
};

const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  response.writeHead(status, { ...headers, 'content-type': 'application/json; charset=UTF-8' });
  response.end(body === undefined ? '' : JSON.stringify(body, null, 2));
};

const sendHtml = (response: ServerResponse, status: number, page: { html: string; csp: string }): void => {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': page.csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  response.end(page.html);
};

const FAILURE_STATUSES = new Set<unknown>([429, 500, 503, 'timeout']);

const failureRuleOf = (params: Record<string, unknown>): FailureRule => {
  const { status, count, method, account, afterDelivery } = params;
  if (!FAILURE_STATUSES.has(status)) throw badRequest('status must be 429, 500, 503 or "timeout"');
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    throw badRequest('count must be a whole number ≥ 1');
  }
  if (method !== undefined && typeof method !== 'string') throw badRequest('method must be a string');
  if (account !== undefined && typeof account !== 'string') throw badRequest('account must be a string');
  return {
    status: status as FailureRule['status'],
    count,
    ...(method === undefined ? {} : { method }),
    ...(account === undefined ? {} : { account }),
    ...(afterDelivery === true ? { afterDelivery: true } : {}),
  };
};

const API_PATH = /^\/(upload\/)?gmail\/v1\/users\/([^/]+)\/(.+?)\/?$/;

export async function startGmailEmulator(options: GmailEmulatorOptions): Promise<RunningGmailEmulator> {
  const host = options.host ?? '127.0.0.1';
  const now = () => Date.now();
  const store = new Store(options.dataFile);
  const limits = new SendLimits(options.dailySendLimit ?? 2000, options.sendsPerSecond ?? 10);
  for (const stored of store.sent)
    limits.recordSend(stored.message.mailbox, Date.parse(stored.message.sentAt));
  const failures = new FailureRules();
  const configuredAliases = Object.entries(options.sendAsAliases ?? {}).map(
    ([account, aliases]) => [account.toLowerCase(), aliases] as const,
  );
  let aliases = new Map(configuredAliases.map(([account, list]) => [account, [...list]]));
  const api = new GmailApi(store, (account) => aliases.get(account) ?? []);
  const resolveToken: TokenResolver =
    options.resolveAccessToken !== undefined
      ? resolverFromFunction(options.resolveAccessToken)
      : options.userinfoUrl !== undefined
        ? resolverFromUserinfo(options.userinfoUrl, now)
        : tokenIsTheAddress;
  /** Requests told to time out: held open until the client gives up or the emulator closes. */
  const hanging = new Set<ServerResponse>();

  const authenticate = async (request: IncomingMessage): Promise<Identity> => {
    const authorization = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match === null) throw missingCredentials();
    const identity = await resolveToken(match[1]!);
    if (identity === null) throw invalidCredentials();
    return identity;
  };

  const handleApi = async (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    match: RegExpExecArray,
  ): Promise<void> => {
    const [, upload, userId, rest] = match;
    const identity = await authenticate(request);
    const method = request.method ?? 'GET';
    const route = gmailRoute(method, rest!);
    if (route === undefined) throw notFound(`The Gmail stand-in does not emulate ${method} ${url.pathname}.`);
    const user = decodeURIComponent(userId!).toLowerCase();
    if (user !== 'me' && user !== identity.email) {
      throw new GmailError(403, `Delegation denied for ${identity.email}`, 'forbidden');
    }
    const bytes = method === 'GET' || method === 'DELETE' ? Buffer.alloc(0) : await readBody(request);
    let resource: Record<string, unknown> = {};
    let media: Buffer | undefined;
    const contentType = request.headers['content-type'] ?? '';
    if (upload !== undefined) {
      if (/^multipart\/related/i.test(contentType)) {
        const parts = splitMultipartRelated(bytes, contentType);
        resource = parseJson(parts[0] ?? Buffer.alloc(0));
        media = parts[1];
      } else {
        media = bytes;
      }
    } else {
      resource = parseJson(bytes);
    }
    const failure = failures.take(route.method, identity.email);
    if (failure !== undefined && failure.afterDelivery !== true) {
      if (failure.status === 'timeout') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      throw injectedFailure(failure.status, now());
    }
    const result = await api.handle(
      { route, identity, query: url.searchParams, resource, media, now: now() },
      limits,
    );
    if (failure !== undefined) {
      if (failure.status === 'timeout') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      throw injectedFailure(failure.status, now());
    }
    if (result === undefined) {
      response.writeHead(204);
      response.end();
      return;
    }
    sendJson(response, 200, result);
  };

  const handleEmulator = async (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<void> => {
    const method = request.method ?? 'GET';
    const path = url.pathname;
    if (method === 'GET' && path === '/_emulator/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const mailbox = url.searchParams.get('mailbox')?.toLowerCase();
      sendJson(
        response,
        200,
        running
          .messages()
          .filter(
            (message) =>
              (to === undefined ||
                [...message.to, ...message.cc, ...message.bcc].some(
                  (address) => address.toLowerCase() === to,
                )) &&
              (mailbox === undefined || message.mailbox === mailbox),
          ),
      );
      return;
    }
    if (method === 'GET' && path === '/_emulator/drafts') {
      sendJson(
        response,
        200,
        [...store.drafts.values()].map((draft) => ({ id: draft.id, message: draft.stored.message })),
      );
      return;
    }
    if (method === 'GET' && path === '/_emulator/failures') {
      sendJson(response, 200, failures.pending());
      return;
    }
    if (method === 'POST' && path === '/_emulator/failures') {
      const rule = failureRuleOf(parseJson(await readBody(request)));
      running.injectFailures(rule);
      sendJson(response, 200, failures.pending());
      return;
    }
    if (method === 'POST' && path === '/_emulator/send-as') {
      const params = parseJson(await readBody(request));
      const { account, sendAsEmail, displayName } = params;
      if (typeof account !== 'string' || typeof sendAsEmail !== 'string' || !sendAsEmail.includes('@')) {
        throw badRequest('account and sendAsEmail are required');
      }
      const key = account.toLowerCase();
      const list = aliases.get(key) ?? [];
      list.push({ sendAsEmail, ...(typeof displayName === 'string' ? { displayName } : {}) });
      aliases.set(key, list);
      sendJson(response, 200, { account: key, sendAs: list });
      return;
    }
    if (method === 'POST' && path === '/_emulator/reset') {
      running.reset();
      sendJson(response, 200, { reset: true });
      return;
    }
    if (method === 'GET' && path === '/_emulator/health') {
      sendJson(response, 200, { ok: true });
      return;
    }
    throw notFound(`Unknown emulator endpoint ${method} ${path}`);
  };

  const handlePage = (request: IncomingMessage, response: ServerResponse, url: URL): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET' });
      response.end();
      return;
    }
    if (url.pathname === '/') {
      sendHtml(response, 200, renderMailboxPage(running.messages(), url.searchParams.get('to') ?? undefined));
      return;
    }
    const match = /^\/messages\/([0-9a-f]+)(\/body|\/raw)?$/.exec(url.pathname);
    const message = match === null ? undefined : store.sent.find((stored) => stored.message.id === match[1]);
    if (match === null || message === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found');
      return;
    }
    if (match[2] === '/raw') {
      response.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      response.end(message.message.raw);
      return;
    }
    sendHtml(
      response,
      200,
      match[2] === '/body' ? renderMessageBody(message.message) : renderMessagePage(message.message),
    );
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://emulator');
    try {
      const api = API_PATH.exec(url.pathname);
      if (api !== null) await handleApi(request, response, url, api);
      else if (url.pathname.startsWith('/_emulator/')) await handleEmulator(request, response, url);
      else handlePage(request, response, url);
    } catch (error) {
      if (error instanceof GmailError) {
        sendJson(response, error.code, error.toJSON(), error.headers);
        return;
      }
      console.error('gmail-emulator:', error);
      sendJson(response, 500, new GmailError(500, 'Internal error encountered.', 'backendError').toJSON());
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('gmail-emulator:', error);
      if (!response.headersSent) sendJson(response, 500, { error: { code: 500, message: 'Internal error' } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  const running: RunningGmailEmulator = {
    url: `http://${urlHost}:${port}`,
    messages: () => store.sent.map((stored) => ({ ...stored.message })),
    injectFailures: (rule) => failures.add(failureRuleOf({ ...rule })),
    reset() {
      store.reset();
      limits.reset();
      failures.reset();
      aliases = new Map(configuredAliases.map(([account, list]) => [account, [...list]]));
      for (const response of hanging) response.destroy();
    },
    async close() {
      for (const response of hanging) response.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
  return running;
}
