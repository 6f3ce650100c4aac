import {
  CAMPAIGN_NOT_FOUND_MESSAGE,
  CAMPAIGN_WORKSPACE_REQUIRED_MESSAGE,
  sentCampaignListSchema,
} from '@mergedesk/domain/api/campaigns';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { fastSerialized } from '../../lib/fast-serializer';
import { route } from '../../lib/endpoint-route';
import { errorResponses, isTrue } from '../../lib/openapi';
import {
  getCampaign,
  getCampaignCount,
  getCampaigns,
  getPollResponses,
  getPollResults,
} from './campaigns.service';
import { findCampaignWorkspace } from './campaigns.repo';

const tags = ['campaigns'];

/** The sent-merges page, written by fast-json-stringify (issue 11). */
fastSerialized(sentCampaignListSchema);

/**
 * Spec 002 §7 sends an X-ID-Token header (a bearer id token) with the campaign calls. The bearer
 * access token already identifies the caller, so the header is accepted, documented and ignored.
 */
const idTokenHeaders = z.looseObject({ 'x-id-token': z.string().optional() });

/**
 * Who may open a sent mail merge named by the `id` path parameter: the team shares its space, so
 * any member sees its merges, whoever sent them (and their recipients, issue 9).
 */
export function sentCampaignAccess(db: Database): SpaceAccess {
  return {
    from: {
      resourceParam: 'id',
      spaceOf: (id) => findCampaignWorkspace(db, id),
      notFoundMessage: CAMPAIGN_NOT_FOUND_MESSAGE,
    },
    role: 'MEMBER',
  };
}

/** Sent mail merges, under /api/v1 (spec 002 §2.2, §4.2, §7 "Campaigns"). */
export const campaignsRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  const campaignAccess = sentCampaignAccess(db);

  route(
    app,
    'campaigns.list',
    {
      config: {
        access: 'user',
        space: {
          from: { filter: 'workspaceId', missingMessage: CAMPAIGN_WORKSPACE_REQUIRED_MESSAGE },
          role: 'MEMBER',
        },
      },
      schema: {
        tags,
        summary:
          'Sent mail merges of a space: filterBy workspaceId (required), search, from, to (epoch ms, last update; leave both out for all time); sortBy lastUpdateTimestamp/createTimestamp/sheetName',
        headers: idTokenHeaders,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getCampaigns(db, membershipOf(request), request.query),
  );

  route(
    app,
    'campaigns.get',
    {
      config: { access: 'user', space: campaignAccess },
      schema: {
        tags,
        summary: 'One sent mail merge of a space the caller belongs to',
        headers: idTokenHeaders,
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => getCampaign(db, membershipOf(request), request.params.id),
  );

  route(
    app,
    'campaigns.pollResults',
    {
      config: { access: 'user', space: campaignAccess },
      schema: {
        tags,
        summary: 'Poll results of a sent mail merge: answers with their counts, most frequent first',
        headers: idTokenHeaders,
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => getPollResults(db, membershipOf(request), request.params.id),
  );

  route(
    app,
    'campaigns.pollResponses',
    {
      config: { access: 'user', space: campaignAccess },
      schema: {
        tags,
        summary: 'Poll responses of a sent mail merge, newest first (at most 1000)',
        headers: idTokenHeaders,
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => getPollResponses(db, membershipOf(request), request.params.id),
  );

  route(
    app,
    'campaigns.count',
    {
      config: { access: 'user', space: { from: { param: 'id' }, role: 'MEMBER' } },
      schema: {
        tags,
        summary:
          "Number of sent mail merges of a space, or with isScheduled=true the caller's scheduled ones",
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) =>
      getCampaignCount(db, userOf(request), membershipOf(request), isTrue(request.query.isScheduled)),
  );

  done();
};
