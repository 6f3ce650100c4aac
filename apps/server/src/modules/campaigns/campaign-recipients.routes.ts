import {
  campaignLinkStatsSchema,
  campaignRecipientListSchema,
} from '@mergedesk/domain/api/campaign-recipients';
import { campaignParamsSchema } from '@mergedesk/domain/api/campaigns';
import { listQuerySchema } from '@mergedesk/domain/api/list-query';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { membershipOf } from '../../lib/access';
import { sendCsv } from '../../lib/csv-export';
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

  app.get(
    '/users/me/campaigns/:id/recipients',
    {
      config: { access: 'user', space },
      schema: {
        tags,
        summary:
          'Recipients of a sent mail merge with their status: filterBy status (all, sent, opened, clicked, replied, responded, unsubscribed, bounced) and search (part of the address); sortBy email/firstOpenedTimestamp/firstClickedTimestamp; limit at most 100',
        params: campaignParamsSchema,
        querystring: listQuerySchema,
        response: { 200: campaignRecipientListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCampaignRecipients(db, membershipOf(request), request.params.id, request.query),
  );

  app.get(
    '/users/me/campaigns/:id/recipients/export',
    {
      config: { access: 'user', space },
      schema: {
        tags,
        summary:
          'The recipients of a sent mail merge as CSV (streamed; the filters of the list, address order; numbers plain, dates ISO 8601 UTC)',
        params: campaignParamsSchema,
        querystring: listQuerySchema.pick({ filterBy: true }),
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

  app.get(
    '/users/me/campaigns/:id/links',
    {
      config: { access: 'user', space },
      schema: {
        tags,
        summary:
          'Clicks per link of a sent mail merge: every click and the recipients who clicked, most clicked first',
        params: campaignParamsSchema,
        response: { 200: campaignLinkStatsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getCampaignLinkStats(db, membershipOf(request), request.params.id),
  );

  done();
};
