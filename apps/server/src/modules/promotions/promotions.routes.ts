import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { getPromotions } from './promotions.service';

/** Sidebar promotions, GET /api/cannon (spec 000 §7). */
export const promotionsRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  route(
    app,
    'promotions.list',
    {
      // Promotions are marketing content, the same for everybody.
      config: { access: 'public' },
      schema: {
        tags: ['promotions'],
        summary: 'Promotions for a project and placement',
        response: errorResponses(400),
      },
    },
    async (request) => ({ items: await getPromotions(db, request.query) }),
  );

  done();
};
