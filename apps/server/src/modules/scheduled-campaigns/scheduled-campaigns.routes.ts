import { CAMPAIGN_WORKSPACE_REQUIRED_MESSAGE } from '@mergedesk/domain/api/campaigns';
import { SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE } from '@mergedesk/domain/api/scheduled-campaigns';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import {
  cancelScheduledCampaign,
  getScheduledCampaign,
  getScheduledCampaigns,
} from './scheduled-campaigns.service';
import { findOwnScheduledCampaign } from './scheduled-campaigns.repo';

const tags = ['scheduled campaigns'];

/** Forecasts by scheduled merge id; ids without a forecast are left out. */
export type SendingForecasts = (ids: readonly string[]) => Promise<Map<string, string | null>>;

/** Scheduled mail merges, under /api/v1 (spec 002 §2.2, §4.1, §7 "Campaigns"). */
export const scheduledCampaignsRoutes: FastifyPluginCallbackZod<{
  db: Database;
  /**
   * The sending forecasts of the merges the sending engine sends, by scheduled merge id (issue 24;
   * given by the composition root, so this module does not call the engine's).
   */
  sendingForecasts?: SendingForecasts;
}> = (app, { db, sendingForecasts }, done) => {
  const withForecasts = async <T extends { id: string }>(items: T[]): Promise<T[]> => {
    if (!sendingForecasts || items.length === 0) return items;
    const forecasts = await sendingForecasts(items.map((item) => item.id));
    return items.map((item) =>
      forecasts.has(item.id) ? { ...item, sendingForecast: forecasts.get(item.id) ?? null } : item,
    );
  };
  // A scheduled merge is its sender's (their draft, their quota); one who has left the space no longer sees it.
  const ownMergeAccess = (resourceParam: string): SpaceAccess => ({
    from: {
      resourceParam,
      spaceOf: async (id, caller) => (await findOwnScheduledCampaign(db, id, caller.id))?.workspaceId,
      notFoundMessage: SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE,
    },
    role: 'MEMBER',
  });

  route(
    app,
    'scheduledCampaigns.list',
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
          "The caller's scheduled mail merges in a space: filterBy workspaceId (required); sortBy nextScheduledRunTimestamp/createTimestamp/mergeSourceSheetName",
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => {
      const list = await getScheduledCampaigns(db, userOf(request), membershipOf(request), request.query);
      return { ...list, items: await withForecasts(list.items) };
    },
  );

  route(
    app,
    'scheduledCampaigns.get',
    {
      config: { access: 'user', space: ownMergeAccess('id') },
      schema: {
        tags,
        summary: "One of the caller's scheduled mail merges",
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => {
      const item = await getScheduledCampaign(db, userOf(request), membershipOf(request), request.params.id);
      const [withForecast] = await withForecasts([item]);
      return withForecast ?? item;
    },
  );

  // The spec's path is camelCase here (scheduledCampaigns), unlike the list's (spec 002 §7).
  route(
    app,
    'scheduledCampaigns.cancel',
    {
      config: { access: 'user', space: ownMergeAccess('scheduledMergeId') },
      schema: {
        tags,
        summary: "Cancels (deletes) one of the caller's scheduled mail merges",
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => {
      await cancelScheduledCampaign(
        db,
        userOf(request),
        membershipOf(request),
        request.params.scheduledMergeId,
      );
      return {};
    },
  );

  done();
};
