import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Identity, TokenResolver } from './accounts';
import { resolverFromFunction, resolverFromUserinfo, tokenIsTheAddress } from './accounts';
import type { SendAsAlias } from './api';
import { GmailApi, gmailRoute } from './api';
import type { EmulatorContext } from './emulator-routes';
import { failureRuleOf, handleEmulatorRoute, handlePage } from './emulator-routes';
import { GmailError, injectedFailure, invalidCredentials, missingCredentials, notFound } from './errors';
import { parseJson, readBody, sendJson } from './http';
import type { FailureRule } from './limits';
import { FailureRules, SendLimits } from './limits';
import { splitMultipartRelated } from './multipart';
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

const API_PATH = /^\/(upload\/)?gmail\/v1\/users\/([^/]+)\/(.+?)\/?$/;

const tokenResolverOf = (options: GmailEmulatorOptions, now: () => number): TokenResolver => {
  if (options.resolveAccessToken !== undefined) return resolverFromFunction(options.resolveAccessToken);
  if (options.userinfoUrl !== undefined) return resolverFromUserinfo(options.userinfoUrl, now);
  return tokenIsTheAddress;
};

/** The JSON resource and the uploaded message of an API request (`/upload/…`: media or multipart/related). */
async function payloadOf(
  request: IncomingMessage,
  upload: boolean,
): Promise<{ resource: Record<string, unknown>; media: Buffer | undefined }> {
  if (request.method === 'GET' || request.method === 'DELETE') return { resource: {}, media: undefined };
  const bytes = await readBody(request);
  if (!upload) return { resource: parseJson(bytes), media: undefined };
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/related/i.test(contentType)) return { resource: {}, media: bytes };
  const [resource, media] = splitMultipartRelated(bytes, contentType);
  return { resource: parseJson(resource ?? Buffer.alloc(0)), media };
}

/** The Gmail REST surface: authentication, the failure rules, then the method. */
class GmailEndpoint {
  /** Requests told to time out: held open until the client gives up or the emulator closes. */
  readonly hanging = new Set<ServerResponse>();

  constructor(
    private readonly api: GmailApi,
    private readonly limits: SendLimits,
    private readonly failures: FailureRules,
    private readonly resolveToken: TokenResolver,
    private readonly now: () => number,
  ) {}

  async handle(request: IncomingMessage, response: ServerResponse, url: URL, match: RegExpExecArray) {
    const [, upload, userId, rest] = match;
    const identity = await this.authenticate(request);
    const method = request.method ?? 'GET';
    const route = gmailRoute(method, rest!);
    if (route === undefined) throw notFound(`The Gmail stand-in does not emulate ${method} ${url.pathname}.`);
    const user = decodeURIComponent(userId!).toLowerCase();
    if (user !== 'me' && user !== identity.email) {
      throw new GmailError(403, `Delegation denied for ${identity.email}`, 'forbidden');
    }
    const { resource, media } = await payloadOf(request, upload !== undefined);
    const failure = this.failures.take(route.method, identity.email);
    if (failure !== undefined && failure.afterDelivery !== true) {
      this.fail(response, failure.status);
      return;
    }
    const call = { route, identity, query: url.searchParams, resource, media, now: this.now() };
    const result = await this.api.handle(call, this.limits);
    if (failure !== undefined) {
      this.fail(response, failure.status);
      return;
    }
    if (result === undefined) {
      response.writeHead(204);
      response.end();
      return;
    }
    sendJson(response, 200, result);
  }

  private fail(response: ServerResponse, status: FailureRule['status']): void {
    if (status !== 'timeout') throw injectedFailure(status, this.now());
    this.hanging.add(response);
    response.on('close', () => this.hanging.delete(response));
  }

  private async authenticate(request: IncomingMessage): Promise<Identity> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (match === null) throw missingCredentials();
    const identity = await this.resolveToken(match[1]!);
    if (identity === null) throw invalidCredentials();
    return identity;
  }
}

const sendError = (response: ServerResponse, error: unknown): void => {
  if (error instanceof GmailError) {
    sendJson(response, error.code, error.toJSON(), error.headers);
    return;
  }
  console.error('gmail-emulator:', error);
  sendJson(response, 500, new GmailError(500, 'Internal error encountered.', 'backendError').toJSON());
};

export async function startGmailEmulator(options: GmailEmulatorOptions): Promise<RunningGmailEmulator> {
  const host = options.host ?? '127.0.0.1';
  const now = () => Date.now();
  const store = new Store(options.dataFile);
  const limits = new SendLimits(options.dailySendLimit ?? 2000, options.sendsPerSecond ?? 10);
  for (const stored of store.sent)
    limits.recordSend(stored.message.mailbox, Date.parse(stored.message.sentAt));
  const failures = new FailureRules();
  const configuredAliases = () =>
    new Map(
      Object.entries(options.sendAsAliases ?? {}).map(([account, list]) => [
        account.toLowerCase(),
        [...list],
      ]),
    );
  let aliases = configuredAliases();
  const api = new GmailApi(store, (account) => aliases.get(account) ?? []);
  const gmailEndpoint = new GmailEndpoint(api, limits, failures, tokenResolverOf(options, now), now);

  const context: EmulatorContext = {
    messages: () => running.messages(),
    findSent(id) {
      const stored = store.findMessage(id);
      return stored?.labelIds.includes('SENT') === true ? stored.message : undefined;
    },
    drafts: () =>
      [...store.drafts.values()].map((draft) => ({ id: draft.id, message: draft.stored.message })),
    pendingFailures: () => failures.pending(),
    injectFailures: (rule) => running.injectFailures(rule),
    addAlias(account, alias) {
      const list = aliases.get(account) ?? [];
      list.push(alias);
      aliases.set(account, list);
      return list;
    },
    reset: () => running.reset(),
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://emulator');
    const apiPath = API_PATH.exec(url.pathname);
    if (apiPath !== null) await gmailEndpoint.handle(request, response, url, apiPath);
    else if (url.pathname.startsWith('/_emulator/'))
      await handleEmulatorRoute(context, request, response, url);
    else handlePage(context, request, response, url);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, error);
      else response.destroy();
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
      aliases = configuredAliases();
      for (const response of gmailEndpoint.hanging) response.destroy();
    },
    async close() {
      for (const response of gmailEndpoint.hanging) response.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
  return running;
}
