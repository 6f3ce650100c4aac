import { listQuerySchema } from '@mergedesk/domain/api/list-query';
import {
  addUnsubscriptionsBodySchema,
  addUnsubscriptionsResponseSchema,
  deleteUnsubscriptionParamsSchema,
  unsubscriptionListSchema,
} from '@mergedesk/domain/api/unsubscriptions';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { membershipOf, userOf } from '../../lib/access';
import { fastSerialized } from '../../lib/fast-serializer';
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
const unsubscriptionListResponse = fastSerialized(unsubscriptionListSchema);

/** The unsubscription list of a space, under /api/v1 (spec 002 §7 "Unsubscriptions"). */
export const unsubscriptionsRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get(
    '/users/me/workspaces/:id/unsubscriptions',
    {
      config: { access: 'user', space: { from: { param: 'id' }, role: 'MEMBER' } },
      schema: {
        tags,
        summary:
          'Unsubscriptions of a space: filterBy search/type, sortBy emailAddress/createTimestamp/lastUpdateTimestamp, paging',
        params: z.object({ id: z.string() }),
        querystring: listQuerySchema,
        response: { 200: unsubscriptionListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getUnsubscriptions(db, userOf(request), membershipOf(request), request.query),
  );

  registerSuppressionExport(app, db, UNSUBSCRIPTION_LIST, {
    path: '/users/me/workspaces/:id/unsubscriptions',
    spaceParam: 'id',
    tags,
  });

  app.post(
    '/users/workspace-activation-add-unsubscriptions/me',
    {
      config: { access: 'user', space: { from: { body: 'workspaceId' }, role: 'MEMBER' } },
      schema: {
        tags,
        summary: 'Adds e-mail addresses to a space’s unsubscription list; answers the number of new entries',
        body: addUnsubscriptionsBodySchema,
        response: { 200: addUnsubscriptionsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => addUnsubscriptions(db, userOf(request), membershipOf(request), request.body),
  );

  app.delete(
    '/users/workspace-activation-delete-unsubscriptions/me/:workspaceId/:emailAddress',
    {
      config: { access: 'user', space: { from: { param: 'workspaceId' }, role: 'MEMBER' } },
      schema: {
        tags,
        summary: 'Removes an e-mail address from a space’s unsubscription list',
        params: deleteUnsubscriptionParamsSchema,
        response: { 200: z.object({}), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteUnsubscription(db, userOf(request), membershipOf(request), request.params.emailAddress);
      return {};
    },
  );

  done();
};
