import { isBlockedLinkHost, linkHostOf } from '@mergedesk/domain/tracking/link-hosts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { route } from '../../lib/endpoint-route';
import { createTokenBuckets } from '../../lib/rate-limiter';
import { createEventWriter, type BatchWriterStats } from './event-writer';
import { createTrackingService } from './tracking.service';
import {
  disabledLinkPage,
  INVALID_LINK_TEXT,
  linkWarningPage,
  TRANSPARENT_GIF,
  TRACKING_PAGE_HEADERS,
  trackingErrorPage,
  UNSUBSCRIBE_CONFIRM_FIELD,
  unsubscribeConfirmationPage,
} from './tracking-pages';
import {
  createTrackingFastPath,
  sendTrackingAnswer,
  trackingAnswer,
  type TrackingHits,
} from './tracking-fast-path';
import { createTrackingTokens } from './tracking-token';

const tags = ['tracking'];

/** The node:http listener of the open pixel and the click redirect (tracking-fast-path.ts). */
export type TrackingFastPath = ReturnType<typeof createTrackingFastPath>;

const NO_STORE = { 'cache-control': 'no-store' } as const;
const PAGE = { ...TRACKING_PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8', ...NO_STORE } as const;
// Mail clients load the image from other origins (helmet's default is same-origin).
const PIXEL_HEADERS = {
  'content-type': 'image/gif',
  'cross-origin-resource-policy': 'cross-origin',
  ...NO_STORE,
} as const;
const PIXEL = trackingAnswer(200, PIXEL_HEADERS, TRANSPARENT_GIF);
// An open that could not be stored is not acknowledged (503 while the database is away, else 500),
// but still carries the image: browsers and mail clients draw an image whatever its status, so the
// recipient never sees a broken one
// (docs/decisions/325-an-open-that-cannot-be-stored-is-not-acknowledged.md).
const PIXEL_UNAVAILABLE = trackingAnswer(503, { ...PIXEL_HEADERS, 'retry-after': '5' }, TRANSPARENT_GIF);
const PIXEL_FAILED = trackingAnswer(500, PIXEL_HEADERS, TRANSPARENT_GIF);
const TOO_MANY = trackingAnswer(
  429,
  { 'retry-after': '1', 'content-type': 'text/plain; charset=utf-8', ...NO_STORE },
  'Too many requests.',
);
const INVALID_LINK = trackingAnswer(400, PAGE, trackingErrorPage(INVALID_LINK_TEXT));
const DISABLED_LINK = trackingAnswer(410, PAGE, disabledLinkPage());
const SERVER_ERROR_PAGE = trackingAnswer(500, PAGE, trackingErrorPage(INVALID_LINK_TEXT));
const UNAVAILABLE_PAGE = trackingAnswer(503, PAGE, trackingErrorPage(INVALID_LINK_TEXT));

/** Hits this process answered without storing: `lost` (the write failed), `limited` (rate limits). */
export type TrackingStats = { lost: number; limited: number };

export function createTrackingStats(): TrackingStats {
  return { lost: 0, limited: 0 };
}

/** The longest form answer stored; longer ones are cut. */
const MAX_RESPONSE_LENGTH = 1000;

const htmlPage = z.string().describe('A small HTML page (text/html)');
const redirect = z.null().describe('Redirect; see the Location header');
const tooMany = z.string().describe('text/plain: too many requests from this address (Retry-After)');

// Link scanners and prefetchers send HEAD: it must not record clicks or unsubscribe anybody.
const noHead = { exposeHeadRoute: false } as const;
/** The hot routes' options: no helmet (see hotRoutes). */
const lean = { helmet: false } as const;

/**
 * Tracking, as the recipients of a merge meet it (ARCHITECTURE.md "API surface"), under /t. Each
 * URL carries a signed token (modules/tracking/tracking-token.ts); a tampered or foreign token
 * records nothing. Responses are never cached.
 */
export const trackingRoutes: FastifyPluginCallbackZod<{
  config: Config;
  db: Database;
  stats: TrackingStats;
  /** The event writer counts here (what the benchmark reads). */
  writerStats?: BatchWriterStats;
  /** Takes the node:http listener of the open pixel and the click (app.ts puts it before Fastify). */
  onFastPath?: (handler: TrackingFastPath) => void;
}> = (app, { config, db, stats, writerStats, onFastPath }, done) => {
  const writer = createEventWriter(db.$client, {
    ...(writerStats ? { stats: writerStats } : {}),
    maxInFlight: config.TRACKING_BATCHES_IN_FLIGHT,
    onRetry: (error, attempt) => app.log.warn({ err: error, attempt }, 'tracking batch retried'),
  });
  const tracking = createTrackingService({
    db,
    tokens: createTrackingTokens(config.SESSION_SECRET),
    writer,
    onLost: (event, error) => {
      stats.lost += 1;
      app.log.error(
        { err: error, type: event.type, recipientId: event.recipientId, lostTotal: stats.lost },
        'tracking event lost',
      );
    },
  });
  // Rate limits, in memory (lib/rate-limiter.ts): per client address, a request over it is
  // answered 429; per recipient (token), a hit over it is answered as usual but not recorded — the
  // first hits have already counted, and counters count recipients once.
  const addressBuckets = createTokenBuckets({
    capacity: config.TRACKING_ADDRESS_RATE_PER_SECOND * 2,
    refillPerSecond: config.TRACKING_ADDRESS_RATE_PER_SECOND,
  });
  const tokenBuckets = createTokenBuckets({
    capacity: config.TRACKING_TOKEN_RATE_PER_MINUTE,
    refillPerSecond: config.TRACKING_TOKEN_RATE_PER_MINUTE / 60,
  });
  const tooManyAnswer = () => {
    stats.limited += 1;
    return TOO_MANY;
  };
  const addressLimited = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (addressBuckets.take(request.ip)) return false;
    void sendTrackingAnswer(reply, tooManyAnswer());
    return true;
  };
  /** Whether this recipient's hit may be recorded; counts the ones that may not. */
  const mayRecord = (token: string): boolean => {
    if (tokenBuckets.take(token)) return true;
    stats.limited += 1;
    return false;
  };

  // Graceful shutdown: no more waiting out a database outage (in-flight hits would hold the server
  // open for seconds), then the pending hits are written before the pool closes.
  let closing = false;
  app.addHook('preClose', (hookDone) => {
    closing = true;
    writer.stopRetrying();
    hookDone();
  });
  app.addHook('onClose', () => writer.close());
  app.addHook('onSend', (_request, reply, payload, next) => {
    void reply.header('cache-control', 'no-store');
    next(null, payload);
  });

  const pageUrl = (path: string, success: boolean) => {
    const url = new URL(path, config.PUBLIC_URL);
    if (!success) url.searchParams.set('success', '0');
    return url.toString();
  };
  const htmlAnswer = (reply: FastifyReply, status: 200 | 400 | 410 | 500 | 503, page: string) =>
    reply.status(status).headers(TRACKING_PAGE_HEADERS).type('text/html; charset=utf-8').send(page);

  // The open pixel and the click redirect: every sent mail hits them, often several times. Their
  // answers are built once (tracking-fast-path.ts) and answered by node:http in front of Fastify
  // (onFastPath; app.ts); the Fastify routes below answer the same for app.inject and document
  // them. No helmet headers (an image and a redirect need no CSP; HSTS is not helmet's here), no
  // request log line per hit and no per-request child logger (one shared logger at 'warn': what
  // goes wrong is still logged).
  const blocklist = config.LINK_HOST_BLOCKLIST;
  const chatty = ['trace', 'debug', 'info'].includes(app.log.level);
  const quiet = app.log.child({ route: 'tracking' }, { level: chatty ? 'warn' : app.log.level });
  const hits: TrackingHits = {
    open: async (token, clientAddress) => {
      if (!addressBuckets.take(clientAddress)) return tooManyAnswer();
      try {
        if (mayRecord(token)) await tracking.recordOpen(token);
      } catch (error) {
        quiet.error({ err: error }, 'open not recorded');
        return isDatabaseUnavailable(error) ? PIXEL_UNAVAILABLE : PIXEL_FAILED;
      }
      return PIXEL;
    },
    click: async (token, linkIndex, clientAddress) => {
      if (!addressBuckets.take(clientAddress)) return tooManyAnswer();
      if (!/^\d{1,6}$/.test(linkIndex)) return INVALID_LINK;
      try {
        const target = await tracking.recordClick(token, Number(linkIndex), { record: mayRecord(token) });
        if (target.kind === 'invalid') return INVALID_LINK;
        if (target.kind === 'disabled') return DISABLED_LINK;
        // A host on the operator's blocklist: a warning page with the destination, no redirect.
        if (blocklist.length > 0) {
          const host = linkHostOf(target.url);
          if (isBlockedLinkHost(host, blocklist)) {
            return trackingAnswer(200, PAGE, linkWarningPage(target.url, host));
          }
        }
        return trackingAnswer(302, { location: target.url, 'cache-control': 'no-store' }, '');
      } catch (error) {
        quiet.error({ err: error }, 'click not recorded');
        // Not acknowledged: the recipient may click again once the database is back.
        return isDatabaseUnavailable(error) ? UNAVAILABLE_PAGE : SERVER_ERROR_PAGE;
      }
    },
  };
  onFastPath?.(
    createTrackingFastPath(hits, {
      trustProxy: config.TRUST_PROXY,
      isClosing: () => closing,
      onError: (error) => quiet.error({ err: error }, 'tracking hit failed'),
    }),
  );

  const hotRoutes: FastifyPluginCallbackZod = (hot, _options, registered) => {
    hot.setChildLoggerFactory(() => quiet);
    route(
      hot,
      'tracking.open',
      {
        ...noHead,
        ...lean,
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Open pixel: records an open and answers a 1×1 transparent GIF (always, even for a bad token; with 503 or 500 when the open could not be stored)',
          response: {
            200: z.any().describe('image/gif, 1×1 transparent'),
            429: tooMany,
            500: z.any().describe('image/gif: the open could not be stored'),
            503: z.any().describe('image/gif: the database is away, the open was not stored (Retry-After)'),
          },
        },
      },
      async (request, reply) => sendTrackingAnswer(reply, await hits.open(request.params.token, request.ip)),
    );

    route(
      hot,
      'tracking.click',
      {
        ...noHead,
        ...lean,
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Click: records the click and redirects to the link that was sent (never to another URL)',
          response: {
            429: tooMany,
            302: redirect,
            200: htmlPage.describe(
              'A warning page with the destination and a continue link (host on LINK_HOST_BLOCKLIST)',
            ),
            400: htmlPage,
            410: htmlPage.describe('The link was disabled'),
            500: htmlPage,
            503: htmlPage,
          },
        },
      },
      async (request, reply) =>
        sendTrackingAnswer(
          reply,
          await hits.click(request.params.token, request.params.linkIndex, request.ip),
        ),
    );
    registered();
  };
  void app.register(hotRoutes);

  route(
    app,
    'tracking.unsubscribePage',
    {
      ...noHead,
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Unsubscribe link: a confirmation page whose button POSTs to the same URL (a GET never unsubscribes: scanners and prefetchers follow links)',
        response: { 200: htmlPage, 429: tooMany },
      },
    },
    async (request, reply) =>
      addressLimited(request, reply) ? reply : htmlAnswer(reply, 200, unsubscribeConfirmationPage()),
  );

  // POST on the unsubscribe URL: RFC 8058 one-click (the mail provider POSTs
  // `List-Unsubscribe=One-Click`, as application/x-www-form-urlencoded or multipart/form-data;
  // answered in text), or the confirmation page's button (`confirm=1`; lands on /unsubscribed).
  const oneClickRoutes: FastifyPluginCallbackZod = (oneClick, _options, registered) => {
    oneClick.removeAllContentTypeParsers();
    oneClick.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, parsed) =>
      parsed(null, body),
    );
    route(
      oneClick,
      'tracking.unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Unsubscribe: RFC 8058 one-click (body List-Unsubscribe=One-Click, answered in text) or the confirmation page’s button (confirm=1, then /unsubscribed, success=0 on failure)',
          response: {
            429: tooMany,
            200: z.string().describe('text/plain'),
            303: redirect,
            400: z.string(),
            500: z.string(),
          },
        },
      },
      async (request, reply) => {
        if (addressLimited(request, reply)) return reply;
        const text = (status: 200 | 400 | 500, message: string) =>
          reply.status(status).type('text/plain; charset=utf-8').send(message);
        if (isConfirmationBody(request.body)) {
          let success = false;
          try {
            success = await tracking.unsubscribe(request.params.token);
          } catch (error) {
            request.log.error({ err: error }, 'unsubscription not recorded');
          }
          return reply.redirect(pageUrl('/unsubscribed', success), 303);
        }
        if (!isOneClickBody(request.body)) return text(400, 'Expected List-Unsubscribe=One-Click.');
        try {
          const success = await tracking.unsubscribe(request.params.token);
          return await (success ? text(200, 'Unsubscribed.') : text(400, 'This link is not valid.'));
        } catch (error) {
          request.log.error({ err: error }, 'one-click unsubscription not recorded');
          return text(500, 'Please try again later.');
        }
      },
    );
    registered();
  };
  void app.register(oneClickRoutes);

  route(
    app,
    'tracking.formResponse',
    {
      ...noHead,
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Form or poll response: records the answer, then /formresponse (success=0 on failure)',
        response: { 303: redirect, 429: tooMany },
      },
    },
    async (request, reply) => {
      if (addressLimited(request, reply)) return reply;
      const raw = request.query.value;
      const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, MAX_RESPONSE_LENGTH) ?? '';
      let success = false;
      try {
        success =
          value !== '' &&
          mayRecord(request.params.token) &&
          (await tracking.recordFormResponse(request.params.token, value));
      } catch (error) {
        request.log.error({ err: error }, 'form response not recorded');
      }
      return reply.redirect(pageUrl('/formresponse', success), 303);
    },
  );

  done();
};

/** The confirmation page's form (tracking-pages.ts): `confirm=1`, form-urlencoded. */
function isConfirmationBody(body: unknown): boolean {
  return typeof body === 'string' && new URLSearchParams(body).get(UNSUBSCRIBE_CONFIRM_FIELD) === '1';
}

/** RFC 8058 §3.1: the body carries the key/value pair "List-Unsubscribe=One-Click". */
function isOneClickBody(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  if (new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click') return true;
  // multipart/form-data: a part named List-Unsubscribe whose value is One-Click.
  return /name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\n\s*One-Click\s*(?:\r?\n|$)/i.test(body);
}
