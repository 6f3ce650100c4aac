import { bounceListSchema } from '@mergedesk/domain/api/bounces';
import { BOUNCE_LIST_NEEDS_PRO_MESSAGE, canManageBounceList } from '@mergedesk/domain/plans/plan-features';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { fastSerialized } from '../../lib/fast-serializer';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { BOUNCE_LIST, addBounces, deleteBounce, getBounces } from './bounces.service';
import { registerSuppressionExport } from '../suppression-lists/suppression-list.routes';

const tags = ['bounces'];

/** The list page, written by fast-json-stringify (issue 11). */
fastSerialized(bounceListSchema);

/** Spec 002 §9: bounce list management (adding, removing) is a Pro feature; reading it is not. */
const manageBounces = (from: SpaceAccess['from']): SpaceAccess => ({
  from,
  role: 'MEMBER',
  capability: { rule: canManageBounceList, message: BOUNCE_LIST_NEEDS_PRO_MESSAGE },
});

/** The bounce list of a space, under /api/v1 (spec 002 §7 "Bounces"). */
export const bouncesRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  route(
    app,
    'bounces.list',
    {
      config: { access: 'user', space: { from: { param: 'workspaceId' }, role: 'MEMBER' } },
      schema: {
        tags,
        summary:
          'Bounces of a space: filterBy search/type, sortBy emailAddress/createTimestamp/lastUpdateTimestamp, paging',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getBounces(db, userOf(request), membershipOf(request), request.query),
  );

  registerSuppressionExport(app, db, BOUNCE_LIST, {
    endpoint: 'bounces.export',
    spaceParam: 'workspaceId',
    tags,
  });

  route(
    app,
    'bounces.add',
    {
      config: { access: 'user', space: manageBounces({ body: 'workspaceId' }) },
      schema: {
        tags,
        summary: 'Adds e-mail addresses to a space’s bounce list; answers the number of new entries',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => addBounces(db, userOf(request), membershipOf(request), request.body),
  );

  route(
    app,
    'bounces.delete',
    {
      config: { access: 'user', space: manageBounces({ param: 'workspaceId' }) },
      schema: {
        tags,
        summary: 'Removes an e-mail address from a space’s bounce list',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => {
      await deleteBounce(db, userOf(request), membershipOf(request), request.params.emailAddress);
      return {};
    },
  );

  done();
};
