import { TEST_SEND_RATE_LIMIT_PER_MINUTE } from '@mergedesk/domain/api/composer';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { membershipOf, sessionOf, userOf } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { getSendingForecast, type SendingDeps } from '../sending/merges.service';
import {
  checkRecipients,
  getGmailDraft,
  listGmailDrafts,
  listSendAs,
  sendTestMessage,
  type ComposerDeps,
} from './composer.service';

/** 5,000 addresses of up to 320 characters: more than Fastify's 1 MiB default. */
const RECIPIENT_CHECK_BODY_LIMIT = 2 * 1024 * 1024;
/** A body of up to 2,000,000 characters (testSendBodySchema) plus the recipient's columns. */
const TEST_SEND_BODY_LIMIT = 8 * 1024 * 1024;

/** The dashboard's composer (issue 25; packages/domain/src/api/composer.ts). */
export const composerRoutes: FastifyPluginCallbackZod<{ deps: ComposerDeps; sending: SendingDeps }> = (
  app,
  { deps, sending },
  done,
) => {
  const tags = ['composer'];

  route(
    app,
    'composer.drafts',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The caller's newest Gmail drafts, newest first (needs the sign-in's gmail.compose scope: 403 reason missing_authorization)",
        response: errorResponses(401, 403, 503),
      },
    },
    async (request) => listGmailDrafts(deps, userOf(request), sessionOf(request)),
  );

  route(
    app,
    'composer.draft',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "One of the caller's Gmail drafts: subject and HTML body (a text-only draft's text, escaped, with <br>)",
        response: errorResponses(400, 401, 403, 404, 503),
      },
    },
    async (request) => getGmailDraft(deps, userOf(request), sessionOf(request), request.params.id),
  );

  route(
    app,
    'composer.sendAs',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's Gmail aliases (sendAs) through their Gmail grant; none when not connected",
        response: errorResponses(401, 503),
      },
    },
    async (request) => listSendAs(deps, userOf(request)),
  );

  route(
    app,
    'composer.recipientCheck',
    {
      config: { access: 'user', space: { from: { param: 'id' }, role: 'MEMBER' } },
      bodyLimit: RECIPIENT_CHECK_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Which of up to 5,000 addresses the space’s unsubscription list holds and which bounced, as a merge of the caller would skip them',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => checkRecipients(deps.db, userOf(request), membershipOf(request), request.body.emails),
  );

  route(
    app,
    'composer.testSend',
    {
      config: {
        access: 'user',
        space: { from: { param: 'id' }, role: 'MEMBER' },
        rateLimit: {
          max: TEST_SEND_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          // Runs after the access check (onRequest), so the session is known: per person.
          keyGenerator: (request) => `test-send:${request.session?.email ?? request.ip}`,
        },
      },
      bodyLimit: TEST_SEND_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Send one recipient’s rendering of a merge to the caller’s own Gmail address, subject prefixed “[Test] ” (nothing is stored)',
        response: errorResponses(400, 401, 403, 404, 409, 429, 503),
      },
    },
    async (request, reply) => {
      const answer = await sendTestMessage(deps, userOf(request), request.body);
      return reply.status(202).send(answer);
    },
  );

  route(
    app,
    'composer.forecast',
    {
      config: { access: 'user', space: { from: { param: 'id' }, role: 'MEMBER' } },
      schema: {
        tags,
        summary:
          'Of `count` recipients starting now or at `scheduledAt`, how many the caller’s rolling 24-hour quota sends at once and when the rest can go',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getSendingForecast(sending, userOf(request), membershipOf(request), request.query),
  );

  done();
};
