import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
} from '@mergedesk/domain/api/addon';
import { GMAIL_METER_OWNERS_ONLY_MESSAGE, MERGE_NOT_FOUND_MESSAGE } from '@mergedesk/domain/api/sending';
import { canSeeGmailMeter } from '@mergedesk/domain/roles/permissions';
import { canStartMerges } from '@mergedesk/domain/sending/merge-permissions';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DISABLED_MEMBER_MESSAGE, membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import {
  cancelCampaignSending,
  getCampaignSending,
  getGmailMeter,
  getMerge,
  getSenderQuota,
  mergeWorkspaceByCampaign,
  ownMergeWorkspace,
  resendFailedRecipients,
  startMerge,
  type SendingDeps,
} from './merges.service';

/** 5,000 recipients with their columns: more than Fastify's 1 MiB default. */
const MERGE_BODY_LIMIT = 20 * 1024 * 1024;

/** The sending engine's API (packages/domain/src/api/sending.ts; issue 24). */
export const mergesRoutes: FastifyPluginCallbackZod<{ deps: SendingDeps }> = (app, { deps }, done) => {
  const { db } = deps;
  const tags = ['sending'];
  // The add-on's calls about a merge: its sender only, while a member of its space; 404 otherwise.
  const ownMerge: SpaceAccess = {
    from: {
      resourceParam: 'id',
      spaceOf: (id, caller) => ownMergeWorkspace(db, id, caller),
      notFoundMessage: MERGE_NOT_FOUND_MESSAGE,
    },
    role: 'MEMBER',
  };
  // The dashboard's merge dialog: any member of the merge's space sees it (as the sent merges);
  // cancel and resend check the sender or an admin in the service.
  const campaignMerge: SpaceAccess = {
    from: {
      resourceParam: 'id',
      spaceOf: (id) => mergeWorkspaceByCampaign(db, id),
      notFoundMessage: MERGE_NOT_FOUND_MESSAGE,
    },
    role: 'MEMBER',
  };

  route(
    app,
    'merges.start',
    {
      config: {
        access: 'user',
        // The domain's rule (sending/merge-permissions canStartMerges), which the dashboard's
        // 'New mail merge' button follows; the access layer has refused DISABLED members already.
        space: {
          from: { body: 'workspaceId' },
          role: 'MEMBER',
          capability: { rule: canStartMerges, message: DISABLED_MEMBER_MESSAGE },
        },
      },
      bodyLimit: MERGE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Start a mail merge sent by MergeDesk through the sender’s Gmail, now (202 campaignId) or at scheduledAt (202 scheduledCampaignId; Pro)',
        headers: idempotencyHeadersSchema,
        response: errorResponses(400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const answer = await startMerge(
        deps,
        userOf(request),
        membershipOf(request),
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      if (answer.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      // 202 on the first answer and on a replay of it (runIdempotent stores the status).
      return reply.status(202).send(answer.body);
    },
  );

  route(
    app,
    'merges.get',
    {
      config: { access: 'user', space: ownMerge },
      schema: {
        tags,
        summary: 'A merge’s status, counts and recipients after a cursor (keyset on the row index)',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getMerge(db, userOf(request), request.params.id, request.query),
  );

  route(
    app,
    'merges.quota',
    {
      config: { access: 'user', space: { from: { query: 'workspaceId' }, role: 'MEMBER' } },
      schema: {
        tags,
        summary: 'The caller’s rolling 24-hour sending quota in the space',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getSenderQuota(deps, userOf(request), membershipOf(request)),
  );

  route(
    app,
    'merges.campaignSending',
    {
      config: { access: 'user', space: campaignMerge },
      schema: {
        tags,
        summary: 'The sending state of a merge MergeDesk sends',
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => getCampaignSending(deps, userOf(request), membershipOf(request), request.params.id),
  );

  route(
    app,
    'merges.cancel',
    {
      config: { access: 'user', space: campaignMerge },
      schema: {
        tags,
        summary:
          'Stop a merge being sent: no message leaves after the answer (the sender, owners and admins)',
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => cancelCampaignSending(deps, userOf(request), membershipOf(request), request.params.id),
  );

  route(
    app,
    'merges.resendFailed',
    {
      config: { access: 'user', space: campaignMerge },
      schema: {
        tags,
        summary: 'Queue the failed recipients of a merge again (the sender, owners and admins)',
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) =>
      resendFailedRecipients(deps, userOf(request), membershipOf(request), request.params.id),
  );

  route(
    app,
    'merges.gmailMeter',
    {
      config: {
        access: 'user',
        // The domain's rule (roles/permissions canSeeGmailMeter): the space's owner.
        space: {
          from: { param: 'id' },
          role: 'MEMBER',
          capability: { rule: canSeeGmailMeter, message: GMAIL_METER_OWNERS_ONLY_MESSAGE },
        },
      },
      schema: {
        tags,
        summary:
          'The space’s messages to Gmail addresses in 24 hours against Google’s bulk-sender threshold (owners)',
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => getGmailMeter(deps, membershipOf(request)),
  );

  done();
};
