import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { userOf } from '../../lib/access';
import { errorResponses } from '../../lib/openapi';
import { listUserDrafts, type MailboxDraft } from './drafts.repo';

const MAILBOX_LIMIT = 200;

/**
 * GET /dev/mailbox: the local mailbox of development (MAIL_ADAPTER=local), registered only outside
 * production. Drafts are private, so the page needs the same bearer token as the API and shows only
 * the caller's drafts (open it with the token, e.g. from the API docs or curl).
 */
export const devMailboxRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get(
    '/dev/mailbox',
    {
      config: { access: 'user' },
      schema: {
        tags: ['development'],
        summary: "Development only: the caller's drafts in the local mailbox, as an HTML page",
        response: { 200: z.string(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const drafts = await listUserDrafts(db, user.id, MAILBOX_LIMIT);
      return reply.type('text/html; charset=utf-8').send(renderMailbox(user.email, drafts));
    },
  );
  done();
};

function renderMailbox(email: string, drafts: readonly MailboxDraft[]): string {
  const rows = drafts
    .map(
      (draft) =>
        `<tr><td>${escapeHtml(draft.subject ?? '(deleted template)')}</td><td>${draft.createdAt.toISOString()}</td>` +
        `<td>${escapeHtml(previewText(draft.preview ?? ''))}</td><td><code>${escapeHtml(draft.messageId)}</code></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox — ${escapeHtml(email)}</title>
<style>body{font-family:sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}</style>
</head><body><h1>Local mailbox of ${escapeHtml(email)}</h1>
<p>${drafts.length === 0 ? 'No drafts yet.' : `${drafts.length} draft(s), newest first.`}</p>
<table><thead><tr><th>Subject</th><th>Created</th><th>Preview</th><th>Message id</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>`;
}

/** The body as plain text (the HTML is never rendered here), shortened. */
function previewText(html: string): string {
  const text = html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
