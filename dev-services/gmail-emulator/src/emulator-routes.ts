import type { IncomingMessage, ServerResponse } from 'node:http';

import type { SendAsAlias } from './api';
import { badRequest, notFound } from './errors';
import { parseJson, readBody, sendHtml, sendJson } from './http';
import type { FailureRule } from './limits';
import { renderMailboxPage, renderMessageBody, renderMessagePage } from './pages';
import type { DeliveredMessage } from './store';

/** What the test endpoints and the mailbox page reach of a running emulator. */
export type EmulatorContext = {
  messages(): DeliveredMessage[];
  findSent(id: string): DeliveredMessage | undefined;
  drafts(): { id: string; message: DeliveredMessage }[];
  pendingFailures(): FailureRule[];
  injectFailures(rule: FailureRule): void;
  addAlias(account: string, alias: SendAsAlias): SendAsAlias[];
  reset(): void;
};

const FAILURE_STATUSES = new Set<unknown>([429, 500, 503, 'timeout']);

/** A failure rule as given to injectFailures or POST /_emulator/failures, checked. */
export const failureRuleOf = (params: Record<string, unknown>): FailureRule => {
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

const isAddressedTo = (message: DeliveredMessage, address: string) =>
  [...message.to, ...message.cc, ...message.bcc].some((recipient) => recipient.toLowerCase() === address);

/** `/_emulator/*`: what tests, the bench and a developer's curl use (no token needed). */
export async function handleEmulatorRoute(
  context: EmulatorContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const route = `${request.method ?? 'GET'} ${url.pathname}`;
  switch (route) {
    case 'GET /_emulator/messages': {
      const to = url.searchParams.get('to')?.toLowerCase();
      const mailbox = url.searchParams.get('mailbox')?.toLowerCase();
      const messages = context
        .messages()
        .filter((message) => to === undefined || isAddressedTo(message, to))
        .filter((message) => mailbox === undefined || message.mailbox === mailbox);
      sendJson(response, 200, messages);
      return;
    }
    case 'GET /_emulator/drafts':
      sendJson(response, 200, context.drafts());
      return;
    case 'GET /_emulator/failures':
      sendJson(response, 200, context.pendingFailures());
      return;
    case 'POST /_emulator/failures':
      context.injectFailures(failureRuleOf(parseJson(await readBody(request))));
      sendJson(response, 200, context.pendingFailures());
      return;
    case 'POST /_emulator/send-as': {
      const { account, sendAsEmail, displayName } = parseJson(await readBody(request));
      if (typeof account !== 'string' || typeof sendAsEmail !== 'string' || !sendAsEmail.includes('@')) {
        throw badRequest('account and sendAsEmail are required');
      }
      const sendAs = context.addAlias(account.toLowerCase(), {
        sendAsEmail,
        ...(typeof displayName === 'string' ? { displayName } : {}),
      });
      sendJson(response, 200, { account: account.toLowerCase(), sendAs });
      return;
    }
    case 'POST /_emulator/reset':
      context.reset();
      sendJson(response, 200, { reset: true });
      return;
    case 'GET /_emulator/health':
      sendJson(response, 200, { ok: true });
      return;
    default:
      throw notFound(`Unknown emulator endpoint ${route}`);
  }
}

/** The mailbox page (`/`), one message (`/messages/{id}`), its framed body and its raw source. */
export function handlePage(
  context: EmulatorContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' });
    response.end();
    return;
  }
  if (url.pathname === '/') {
    sendHtml(response, 200, renderMailboxPage(context.messages(), url.searchParams.get('to') ?? undefined));
    return;
  }
  const match = /^\/messages\/([0-9a-f]+)(\/body|\/raw)?$/.exec(url.pathname);
  const message = match === null ? undefined : context.findSent(match[1]!);
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
    response.end(message.raw);
    return;
  }
  sendHtml(response, 200, match[2] === '/body' ? renderMessageBody(message) : renderMessagePage(message));
}
