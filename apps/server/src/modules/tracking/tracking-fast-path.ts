import { ENDPOINTS } from '@mergedesk/domain/api/endpoints';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * What a tracking hit is answered: status, headers and body, built once where they never change
 * (the pixel, the 429, the pages), so that the fast path writes them without any per-request work.
 */
export type TrackingAnswer = {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | string;
  /** The headers with content-length as a flat [name, value, …] list for writeHead. */
  readonly raw: readonly string[];
};

export function trackingAnswer(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: Buffer | string,
): TrackingAnswer {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return {
    status,
    headers,
    body,
    raw: [...Object.entries(headers).flat(), 'content-length', String(length)],
  };
}

/** The two hits every sent mail makes: the open pixel and the click redirect. */
export type TrackingHits = {
  open: (token: string, clientAddress: string) => Promise<TrackingAnswer>;
  click: (token: string, linkIndex: string, clientAddress: string) => Promise<TrackingAnswer>;
};

/** The answer of a hit that failed in a way the hits did not expect (never seen; a bug). */
const UNEXPECTED = trackingAnswer(
  500,
  { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  'Please try again later.',
);

/**
 * Tokens as the routes take them: find-my-way's parameters are at most 100 characters (longer is
 * Fastify's 404), and a token is base64url with a dot. Anything else — another method, a query
 * string, percent-encoding, a longer token — is left to Fastify, which answers as it always did.
 */
const PARAM_PATTERNS: Readonly<Record<string, string>> = {
  token: '[\\w.-]{1,100}',
  linkIndex: '[^/?%]{1,100}',
};
/** An endpoint's path of the endpoint table as a pattern; each `:param` captured by its rule above. */
const pathPattern = (path: string) =>
  new RegExp(
    `^${path.replaceAll('.', '\\.').replace(/:([A-Za-z]+)/g, (_, name: string) => `(${PARAM_PATTERNS[name]})`)}$`,
  );
const OPEN_PIXEL = pathPattern(ENDPOINTS['tracking.open'].path);
const CLICK = pathPattern(ENDPOINTS['tracking.click'].path);

/**
 * The open pixel and the click redirect straight from node:http, in front of Fastify
 * (docs/decisions/297-the-open-pixel-and-the-click-redirect-are.md): no routing, hooks, reply object,
 * request id or
 * schema on the path every sent mail takes. Answers and returns true for `GET /t/o/{token}.gif`
 * and `GET /t/c/{token}/{index}`; returns false for everything else, which Fastify answers, and
 * while the server closes (Fastify answers 503). The answers are those of the Fastify routes
 * (the same TrackingHits), which stay for app.inject and the OpenAPI document.
 */
export function createTrackingFastPath(
  hits: TrackingHits,
  options: {
    /** TRUST_PROXY: the client is the first X-Forwarded-For address (Fastify's trustProxy: true). */
    trustProxy: boolean;
    isClosing: () => boolean;
    onError: (error: unknown) => void;
  },
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const clientAddress = (request: IncomingMessage): string => {
    const socketAddress = request.socket.remoteAddress ?? '';
    if (!options.trustProxy) return socketAddress;
    const forwarded = request.headers['x-forwarded-for'];
    if (typeof forwarded !== 'string') return socketAddress;
    const first = forwarded.split(',')[0]?.trim();
    return first === undefined || first === '' ? socketAddress : first;
  };
  const send = (response: ServerResponse, answer: TrackingAnswer) => {
    // A hit answered after close() began: its connection closes with it (node:http keeps it open
    // otherwise, idle, and server.close() waits for it until the keep-alive timeout).
    if (options.isClosing()) response.shouldKeepAlive = false;
    response.writeHead(answer.status, answer.raw as string[]);
    response.end(answer.body);
  };
  return (request, response) => {
    const url = request.url;
    if (request.method !== 'GET' || url === undefined || !url.startsWith('/t/') || options.isClosing()) {
      return false;
    }
    let answer: Promise<TrackingAnswer>;
    const open = OPEN_PIXEL.exec(url);
    if (open) {
      answer = hits.open(open[1]!, clientAddress(request));
    } else {
      const click = CLICK.exec(url);
      if (!click) return false;
      answer = hits.click(click[1]!, click[2]!, clientAddress(request));
    }
    answer.then(
      (result) => send(response, result),
      (error: unknown) => {
        options.onError(error);
        send(response, UNEXPECTED);
      },
    );
    return true;
  };
}

/** A tracking answer through Fastify (the routes; app.inject). */
export function sendTrackingAnswer(reply: FastifyReply, answer: TrackingAnswer): FastifyReply {
  return reply.status(answer.status).headers(answer.headers).send(answer.body);
}
