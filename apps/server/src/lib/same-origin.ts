import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site and was refused.';

/**
 * Whether a browser sent this request from a page of another origin: its Origin header is not one
 * of ours (an opaque origin, `null`, is foreign too), or, without Origin, Sec-Fetch-Site says
 * cross-site. Callers that are not browsers send neither and pass. The refresh cookie is
 * SameSite=Strict, but "same site" admits every subdomain of the site; Origin names the page.
 */
function isForeignOrigin(request: FastifyRequest, ownOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return !ownOrigins.has(origin);
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** An onRequest hook: state-changing (non-GET/HEAD) requests from another origin get 403. */
export function sameOriginOnly(publicUrl: string) {
  const ownOrigins = new Set([new URL(publicUrl).origin]);
  return (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void => {
    const safe = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
    done(
      !safe && isForeignOrigin(request, ownOrigins)
        ? new AppError('FORBIDDEN', FOREIGN_ORIGIN_MESSAGE)
        : undefined,
    );
  };
}
