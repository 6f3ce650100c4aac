import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../lib/endpoint-route';

/**
 * GET /dev/mailbox: the way to the local mailbox of development. Drafts, invitations and merges go
 * through the Gmail API to the Gmail stand-in (dev-services/gmail-emulator, GMAIL_API_URL), whose
 * page at its root shows every message per mailbox; this redirects there. Registered only on a
 * local set-up whose GMAIL_API_URL is on this machine (app.ts).
 */
export const devMailboxRoutes: FastifyPluginCallbackZod<{ mailboxUrl: string }> = (
  app,
  { mailboxUrl },
  done,
) => {
  route(
    app,
    'development.mailbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: "Development only: redirects to the Gmail stand-in's mailbox page",
        response: { 302: z.null() },
      },
    },
    (_request, reply) => reply.redirect(mailboxUrl, 302),
  );
  done();
};
