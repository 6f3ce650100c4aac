import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { membershipOf, userOf } from '../../lib/access';
import { sendCsv } from '../../lib/csv-export';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { exportSuppressionEntries, type SuppressionListConfig } from './suppression-list.service';

type App = Parameters<FastifyPluginCallbackZod>[0];

/**
 * GET …/export of a suppression list (issue 11; the spec's export fetched the list with limit
 * 30000): the CSV written by the server, streamed in keyset batches. Same access as the list.
 */
export function registerSuppressionExport(
  app: App,
  db: Database,
  list: SuppressionListConfig,
  options: { endpoint: 'bounces.export' | 'unsubscriptions.export'; spaceParam: string; tags: string[] },
): void {
  route(
    app,
    options.endpoint,
    {
      config: { access: 'user', space: { from: { param: options.spaceParam }, role: 'MEMBER' } },
      schema: {
        tags: options.tags,
        summary: `The ${list.list} of a space as CSV (streamed; filterBy search/type, sortBy one key; at most 30000 rows; dates ISO 8601 UTC)`,
        produces: ['text/csv'],
        response: {
          200: z.unknown().meta({ description: 'text/csv; charset=utf-8, streamed' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        list.exportKind,
        exportSuppressionEntries(db, list, userOf(request), membershipOf(request), request.query),
      ),
  );
}
