/**
 * The benchmark's baseline (issue 11): a raw `node:http` server answering what the tracking
 * endpoints answer — the same 1×1 GIF on /t/o/…, a 302 to the link on /t/c/… — with no framework,
 * no database and nothing else. Started by bench/tracking.ts in a process of its own on PORT.
 * With DATABASE_URL set it is the common peer pattern instead: one INSERT per open, answered once
 * it is committed (no token check, no batching). With RAW_ANSWER_AFTER_MS set it does no work at
 * all but holds its answers that long, released together by one timer as a group commit releases
 * its batch: what the wait alone for a commit costs in throughput at the same concurrency.
 */
import http from 'node:http';
import pg from 'pg';
import { TRANSPARENT_GIF } from '../apps/server/src/modules/tracking/tracking-pages';

const LINK = process.env.RAW_LINK ?? 'https://example.com/offer';

const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  : undefined;

const answerGif = (response: http.ServerResponse) => {
  response.writeHead(200, {
    'content-type': 'image/gif',
    'content-length': TRANSPARENT_GIF.length,
    'cache-control': 'no-store',
  });
  response.end(TRANSPARENT_GIF);
};

const answerAfterMs = process.env.RAW_ANSWER_AFTER_MS ? Number(process.env.RAW_ANSWER_AFTER_MS) : undefined;
let held: (() => void)[] = [];
/** Holds an answer until the timer started by the first one held fires, then sends them all. */
const hold = (send: () => void) => {
  held.push(send);
  if (held.length > 1) return;
  setTimeout(() => {
    const released = held;
    held = [];
    for (const release of released) release();
  }, answerAfterMs);
};

const server = http.createServer((request, response) => {
  const url = request.url ?? '';
  if (answerAfterMs === undefined || url === '/readyz') route(url, response);
  else hold(() => route(url, response));
});

function route(url: string, response: http.ServerResponse) {
  if (url.startsWith('/t/o/') && pool) {
    const recipientId = url.slice('/t/o/'.length).split('.')[0];
    pool
      .query(
        `insert into campaign_events (campaign_id, recipient_id, type, occurred_at)
         select campaign_id, id, 'opened', now() from campaign_recipients where id = $1`,
        [recipientId],
      )
      .then(
        () => answerGif(response),
        () => {
          response.writeHead(500, { 'content-length': 0 });
          response.end();
        },
      );
  } else if (url.startsWith('/t/o/')) {
    answerGif(response);
  } else if (url.startsWith('/t/c/')) {
    response.writeHead(302, { location: LINK, 'content-length': 0, 'cache-control': 'no-store' });
    response.end();
  } else {
    response.writeHead(url === '/readyz' ? 200 : 404, { 'content-length': 0 });
    response.end();
  }
}
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
