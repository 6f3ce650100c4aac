import { unsubscriptionListSchema } from '@mergedesk/domain/api/unsubscriptions';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { membershipOf, userOf } from '../../lib/access';
import { fastSerialized } from '../../lib/fast-serializer';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import {
  UNSUBSCRIPTION_LIST,
  addUnsubscriptions,
  deleteUnsubscription,
  getUnsubscriptions,
} from './unsubscriptions.service';
import { registerSuppressionExport } from '../suppression-lists/suppression-list.routes';

const tags = ['unsubscriptions'];

/** The list page, written by fast-json-stringify (issue 11). */
fastSerialized(unsubscriptionListSchema);

/** The unsubscription list of a space, under /api/v1 (spec 002 §7 "Unsubscriptions"). */
export const unsubscriptionsRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  route(
    app,
    'unsubscriptions.list',
    {
      config: { access: 'user', space: { from: { param: 'id' }, role: 'MEMBER' } },
      schema: {
        tags,
        summary:
          'Unsubscriptions of a space: filterBy search/type, sortBy emailAddress/createTimestamp/lastUpdateTimestamp, paging',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getUnsubscriptions(db, userOf(request), membershipOf(request), request.query),
  );

  registerSuppressionExport(app, db, UNSUBSCRIPTION_LIST, {
    endpoint: 'unsubscriptions.export',
    spaceParam: 'id',
    tags,
  });

  route(
    app,
    'unsubscriptions.add',
    {
      config: { access: 'user', space: { from: { body: 'workspaceId' }, role: 'MEMBER' } },
      schema: {
        tags,
        summary: 'Adds e-mail addresses to a space’s unsubscription list; answers the number of new entries',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => addUnsubscriptions(db, userOf(request), membershipOf(request), request.body),
  );

  route(
    app,
    'unsubscriptions.delete',
    {
      config: { access: 'user', space: { from: { param: 'workspaceId' }, role: 'MEMBER' } },
      schema: {
        tags,
        summary: 'Removes an e-mail address from a space’s unsubscription list',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => {
      await deleteUnsubscription(db, userOf(request), membershipOf(request), request.params.emailAddress);
      return {};
    },
  );

  done();
};
