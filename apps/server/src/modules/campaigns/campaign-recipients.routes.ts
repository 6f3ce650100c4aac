import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { membershipOf } from '../../lib/access';
import { sendCsv } from '../../lib/csv-export';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import {
  exportCampaignRecipients,
  getCampaignLinkStats,
  getCampaignRecipients,
} from './campaign-recipients.service';
import { sentCampaignAccess } from './campaigns.routes';

const tags = ['campaigns'];

/** The recipients of a sent mail merge and its link clicks, under /api/v1 (issue 9; not in the spec). */
export const campaignRecipientsRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  const space = sentCampaignAccess(db);

  route(
    app,
    'campaigns.recipients',
    {
      config: { access: 'user', space },
      schema: {
        tags,
        summary:
          'Recipients of a sent mail merge with their status: filterBy status (all, sent, opened, clicked, replied, responded, unsubscribed, bounced) and search (part of the address); sortBy email/firstOpenedTimestamp/firstClickedTimestamp; limit at most 100',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getCampaignRecipients(db, membershipOf(request), request.params.id, request.query),
  );

  route(
    app,
    'campaigns.recipientsExport',
    {
      config: { access: 'user', space },
      schema: {
        tags,
        summary:
          'The recipients of a sent mail merge as CSV (streamed; the filters of the list, address order; numbers plain, dates ISO 8601 UTC)',
        produces: ['text/csv'],
        response: {
          200: z.unknown().meta({ description: 'text/csv; charset=utf-8, streamed' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const lines = await exportCampaignRecipients(
        db,
        membershipOf(request),
        request.params.id,
        request.query,
      );
      return sendCsv(reply, 'RECIPIENTS', lines);
    },
  );

  route(
    app,
    'campaigns.links',
    {
      config: { access: 'user', space },
      schema: {
        tags,
        summary:
          'Clicks per link of a sent mail merge: every click and the recipients who clicked, most clicked first',
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => getCampaignLinkStats(db, membershipOf(request), request.params.id),
  );

  done();
};
