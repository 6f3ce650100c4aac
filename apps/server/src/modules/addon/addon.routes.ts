import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
  type SentCampaignBody,
} from '@mergedesk/domain/api/addon';
import type { FastifyReply } from 'fastify';
import { canScheduleMerges, SCHEDULING_NEEDS_PRO_MESSAGE } from '@mergedesk/domain/plans/plan-features';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import type { IdempotentAnswer } from '../../lib/idempotency';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { createTrackingTokens } from '../tracking/tracking-token';
import { findOwnScheduledCampaignWorkspace } from '../scheduled-campaigns/scheduled-campaigns.service';
import { findOwnCampaign } from '../campaigns/sent-campaigns.service';
import {
  CAMPAIGN_NOT_FOUND_MESSAGE,
  SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE,
  createScheduledCampaign,
  registerSentCampaign,
  reportBounces,
  reportReplies,
  updateScheduledCampaign,
  type AddonDeps,
} from './addon.service';

const tags = ['addon'];

/** 5,000 recipients with their links: more than Fastify's 1 MiB default. */
const SENT_CAMPAIGN_BODY_LIMIT = 10 * 1024 * 1024;

/** The add-on's ingest API under /api/addon (packages/domain/src/api/addon.ts). */
export const addonRoutes: FastifyPluginCallbackZod<{ config: Config; db: Database }> = (
  app,
  { config, db },
  done,
) => {
  const deps: AddonDeps = {
    db,
    tokens: createTrackingTokens(config.SESSION_SECRET),
    trackingBaseUrl: config.TRACKING_URL ?? config.PUBLIC_URL,
  };
  const bodySpace: SpaceAccess = { from: { body: 'workspaceId' }, role: 'MEMBER' };
  // A merge is reported on by its sender only, while a member of its space; 404 for anything else.
  const ownCampaign: SpaceAccess = {
    from: {
      resourceParam: 'id',
      spaceOf: async (id, caller) => (await findOwnCampaign(db, id, caller.id))?.workspaceId,
      notFoundMessage: CAMPAIGN_NOT_FOUND_MESSAGE,
    },
    role: 'MEMBER',
  };
  const ownScheduledCampaign: SpaceAccess = {
    from: {
      resourceParam: 'id',
      spaceOf: (id, caller) => findOwnScheduledCampaignWorkspace(db, id, caller.id),
      notFoundMessage: SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE,
    },
    role: 'MEMBER',
  };

  route(
    app,
    'addon.createCampaign',
    {
      config: { access: 'user', space: bodySpace },
      bodyLimit: SENT_CAMPAIGN_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Register a sent mail merge; answers each recipient’s tracking URLs (a Free space: links to at most 20 distinct hosts in 24 hours, else 403 LINK_HOSTS_PER_DAY)',
        headers: idempotencyHeadersSchema,
        response: errorResponses(400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const answer = await registerSentCampaign(
        deps,
        userOf(request),
        membershipOf(request),
        request.body,
        key,
      );
      if (!answer.replayed) {
        // Who registered which links: an abusive link is traced to its owner and disabled
        // (docs/operations.md "Abusive links").
        request.log.info(
          {
            campaignId: answer.body.campaignId,
            workspaceId: request.body.workspaceId,
            links: linkCount(request.body),
          },
          'merge registered',
        );
      }
      return sendAnswer(reply, answer);
    },
  );

  route(
    app,
    'addon.createScheduledCampaign',
    {
      config: {
        access: 'user',
        // Spec 002 §9: scheduled send is a Pro feature (a paid user plan in a space not on Free).
        space: {
          ...bodySpace,
          capability: { rule: canScheduleMerges, message: SCHEDULING_NEEDS_PRO_MESSAGE },
        },
      },
      schema: {
        tags,
        summary: 'Register a scheduled mail merge',
        headers: idempotencyHeadersSchema,
        response: errorResponses(400, 401, 403, 404, 422),
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await createScheduledCampaign(
          db,
          userOf(request),
          membershipOf(request),
          request.body,
          request.headers[IDEMPOTENCY_KEY_HEADER],
        ),
      ),
  );

  route(
    app,
    'addon.updateScheduledCampaign',
    {
      config: { access: 'user', space: ownScheduledCampaign },
      schema: {
        tags,
        summary:
          'Update a scheduled mail merge: progress, next run, error status and retries (spec 002 §4.1)',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => updateScheduledCampaign(db, userOf(request), request.params.id, request.body),
  );

  route(
    app,
    'addon.reportBounces',
    {
      config: { access: 'user', space: ownCampaign },
      schema: {
        tags,
        summary: 'Report bounced addresses of a sent mail merge (events and the space’s bounce list)',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) =>
      reportBounces(db, userOf(request), membershipOf(request), request.params.id, request.body.emails),
  );

  route(
    app,
    'addon.reportReplies',
    {
      config: { access: 'user', space: ownCampaign },
      schema: {
        tags,
        summary: 'Report addresses that replied to a sent mail merge',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => reportReplies(db, request.params.id, request.body.emails),
  );

  done();
};

/** The answer of an idempotent POST, marked when it is a replay of the first one. */
function sendAnswer<T>(reply: FastifyReply, answer: IdempotentAnswer<T>) {
  if (answer.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply.status(answer.status).send(answer.body);
}

function linkCount(body: SentCampaignBody): number {
  return new Set(body.recipients.flatMap((recipient) => recipient.links ?? [])).size;
}
