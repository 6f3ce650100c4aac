import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { membershipIfAny, userOf } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { recordEvent } from './events.service';

/** Per signed-in user; the web app sends one page view per navigation plus a few UI events. */
export const EVENTS_RATE_LIMIT_PER_MINUTE = 120;

/** POST /api/v1/events: usage events and page views of the web app (spec 000 §7). */
export const eventsRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  route(
    app,
    'events.track',
    {
      config: {
        access: 'user',
        // A page view names its space only when the caller belongs to it (nobody can attribute
        // traffic to another space); a stranger's page view is stored without one.
        space: { from: { body: 'space_id' }, role: 'MEMBER', optional: true },
        rateLimit: {
          max: EVENTS_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          // Runs after the access check, so the session is known.
          keyGenerator: (request) => `events:${request.session?.email ?? request.ip}`,
        },
      },
      // Events are small; the loose schema must not become a way to store megabytes.
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['events'],
        summary: 'Record a usage event or a page view',
        response: errorResponses(400, 401, 404, 429),
      },
    },
    async (request, reply) => {
      await recordEvent(db, userOf(request), membershipIfAny(request), request.body);
      return reply.status(202).send({});
    },
  );

  done();
};
