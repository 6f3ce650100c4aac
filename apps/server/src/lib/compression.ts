import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves little and costs CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call instead of through a zlib stream
 * (@fastify/compress's `syncThreshold`; its default on a 2-core machine is 8 KiB, which sends the
 * 11–15 KiB pages of the sent merges through the stream: a thread-pool round trip and several
 * turns of the event loop). Brotli 4 of 32 KiB of JSON takes about 0.2 ms on this machine;
 * larger answers (exports, long lists) still stream
 * (docs/decisions/323-answers-up-to-32-kib-are-compressed-in-one.md).
 */
export const COMPRESS_SYNC_THRESHOLD_BYTES = 32 * 1024;

/** The tracking endpoints (pixel, click redirect, ...): tiny answers that must stay lean (issue 11). */
const isTrackingRoute = (url: string) => url === '/t' || url.startsWith('/t/');

/**
 * Compresses API answers (JSON, CSV, ...) of at least COMPRESS_THRESHOLD_BYTES by the request's
 * Accept-Encoding (brotli, then gzip), with `Vary: Accept-Encoding`. The built web app is
 * precompressed at build and served as is (lib/web-app.ts); an answer that already has a
 * Content-Encoding is left alone. Tracking routes get no compression hook at all. Call before
 * registering any route: the plugin decides per route as each is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (isTrackingRoute(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: COMPRESS_SYNC_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
