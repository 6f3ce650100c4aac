import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { sessionOf, userOf } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import type { MailAdapter } from '../../mail/mail-adapter';
import { createDraftFromTemplate, getTemplates } from './templates.service';

const tags = ['templates'];

/** Template gallery and template import, under /api/v1 (spec 002 §2.6, §4.5, §7 "Templates"). */
export const templatesRoutes: FastifyPluginCallbackZod<{ db: Database; mail: MailAdapter }> = (
  app,
  { db, mail },
  done,
) => {
  route(
    app,
    'templates.list',
    {
      // The same gallery for every signed-in user (spec 002 §2.6 is a page of the signed-in app).
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The template gallery, sorted by order',
        response: errorResponses(401, 404),
      },
    },
    async () => getTemplates(db),
  );

  route(
    app,
    'templates.createDraft',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Creates a Gmail draft from a gallery template in the caller's mailbox (needs the gmail.compose scope: 403 reason missing_authorization)",
        response: errorResponses(400, 401, 403, 404, 503),
      },
    },
    async (request) =>
      createDraftFromTemplate(
        db,
        mail,
        userOf(request),
        sessionOf(request),
        request.params.userId,
        request.body,
      ),
  );

  done();
};
