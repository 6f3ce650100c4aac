import {
  campaignCountParamsSchema,
  campaignCountQuerySchema,
  campaignCountSchema,
  campaignParamsSchema,
  pollResponsesSchema,
  pollResultsSchema,
  sentCampaignListSchema,
  sentCampaignSchema,
} from '@mergedesk/domain/api/campaigns';
import { listQuerySchema } from '@mergedesk/domain/api/list-query';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { userOf } from '../../lib/access';
import { errorResponses, isTrue } from '../../lib/openapi';
import {
  getCampaign,
  getCampaignCount,
  getCampaigns,
  getPollResponses,
  getPollResults,
} from './campaigns.service';

const tags = ['campaigns'];

/**
 * Spec 002 §7 sends an X-ID-Token header (a bearer id token) with the campaign calls. The bearer
 * access token already identifies the caller, so the header is accepted, documented and ignored.
 */
const idTokenHeaders = z.looseObject({ 'x-id-token': z.string().optional() });

/** Sent mail merges, under /api/v1 (spec 002 §2.2, §4.2, §7 "Campaigns"). */
export const campaignsRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get(
    '/users/me/campaigns',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Sent mail merges of a space: filterBy workspaceId (required), search, from, to (epoch ms, last update); sortBy lastUpdateTimestamp/createTimestamp/sheetName',
        headers: idTokenHeaders,
        querystring: listQuerySchema,
        response: { 200: sentCampaignListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCampaigns(db, userOf(request), request.query),
  );

  app.get(
    '/users/me/campaigns/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One sent mail merge of a space the caller belongs to',
        headers: idTokenHeaders,
        params: campaignParamsSchema,
        response: { 200: sentCampaignSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getCampaign(db, userOf(request), request.params.id),
  );

  app.get(
    '/users/me/campaigns/:id/pollResults',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Poll results of a sent mail merge: answers with their counts, most frequent first',
        headers: idTokenHeaders,
        params: campaignParamsSchema,
        response: { 200: pollResultsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getPollResults(db, userOf(request), request.params.id),
  );

  app.get(
    '/users/me/campaigns/:id/pollResponses',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Poll responses of a sent mail merge, newest first (at most 1000)',
        headers: idTokenHeaders,
        params: campaignParamsSchema,
        response: { 200: pollResponsesSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getPollResponses(db, userOf(request), request.params.id),
  );

  app.get(
    '/users/me/workspaces/:id/campaigns/count',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Number of sent mail merges of a space, or with isScheduled=true the caller's scheduled ones",
        params: campaignCountParamsSchema,
        querystring: campaignCountQuerySchema,
        response: { 200: campaignCountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getCampaignCount(db, userOf(request), request.params.id, isTrue(request.query.isScheduled)),
  );

  done();
};
