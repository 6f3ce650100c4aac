import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Paths never answered with index.html: the server's own (ARCHITECTURE.md "API surface") and the
 * built assets (a missing chunk must be a 404, not HTML that the browser tries to run as a script).
 */
const NO_FALLBACK_PREFIXES = ['/api', '/billing', '/t', '/healthz', '/readyz', '/assets'] as const;

/** The URL of the catch-all route that @fastify/static registers for the built files. */
export const WEB_APP_ROUTE_URL = '/*';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The absolute directory of the built web app, or null when there is none (API-only server). */
export function resolveWebDistDir(webDistDir: string): string | null {
  if (webDistDir.trim() === '') return null;
  const root = path.resolve(webDistDir);
  return existsSync(path.join(root, 'index.html')) ? root : null;
}

/**
 * Serves the built SPA. Vite's hashed files under /assets never change, so they are cached for a
 * year; everything else (index.html above all) is revalidated on each load so a deploy shows at once.
 * The build writes `.br` and `.gz` beside each text file (apps/web/build/precompress.ts): they are
 * sent by the request's Accept-Encoding with Content-Encoding and `Vary: Accept-Encoding`.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const isHashedAsset = path.relative(root, filePath).split(path.sep)[0] === 'assets';
      void reply.header(
        'cache-control',
        isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
      );
    },
  });
}

/**
 * Client-side routes (/login, /auth/callback, /{id}/{slug}/mail-merges/sent…) have no file: a GET
 * for one is answered with index.html so that reloading such a page works.
 */
export function isWebAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  return !NO_FALLBACK_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
