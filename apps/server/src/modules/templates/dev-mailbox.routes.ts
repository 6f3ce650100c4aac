import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { listOutboxMessages, type OutboxMessage } from '../../mail/outbox';
import { listMailboxDrafts, type MailboxDraft } from './drafts.repo';
import { route } from '../../lib/endpoint-route';

const MAILBOX_LIMIT = 200;

/**
 * GET /dev/mailbox: the local mailbox of development, a mail catcher that a developer opens in the
 * browser to see the drafts that template imports created (every user's, with the owner's e-mail).
 * It is registered only outside production and only with MAIL_ADAPTER=local (app.ts), where the
 * drafts are demo data, never a real person's mail.
 */
export const devMailboxRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  route(
    app,
    'development.mailbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Development only: the drafts in the local mailbox, as an HTML page',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const [drafts, sent] = await Promise.all([
        listMailboxDrafts(db, MAILBOX_LIMIT),
        listOutboxMessages(db, MAILBOX_LIMIT),
      ]);
      return reply.type('text/html; charset=utf-8').send(renderMailbox(drafts, sent));
    },
  );
  done();
};

function renderMailbox(drafts: readonly MailboxDraft[], sent: readonly OutboxMessage[]): string {
  const rows = drafts
    .map(
      (draft) =>
        `<tr><td>${escapeHtml(draft.owner)}</td><td>${escapeHtml(draft.subject ?? '(deleted template)')}</td><td>${draft.createdAt.toISOString()}</td>` +
        `<td>${escapeHtml(previewText(draft.preview ?? ''))}</td><td><code>${escapeHtml(draft.messageId)}</code></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<style>body{font-family:sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}</style>
</head><body><h1>Local mailbox</h1>
<p>${drafts.length === 0 ? 'No drafts yet.' : `${drafts.length} draft(s), newest first.`}</p>
<table><thead><tr><th>Mailbox</th><th>Subject</th><th>Created</th><th>Preview</th><th>Message id</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${renderSent(sent)}
</body></html>`;
}

/** Sent mails (invitations): their text with the links clickable, so a developer can follow them. */
function renderSent(sent: readonly OutboxMessage[]): string {
  const items = sent
    .map(
      (mail) =>
        `<article><h3>${escapeHtml(mail.subject)}</h3><p>From ${escapeHtml(mail.fromEmail)} to ${escapeHtml(mail.toEmail)}, ${mail.createdAt.toISOString()}</p>` +
        `<pre>${linkify(mail.text)}</pre></article>`,
    )
    .join('\n');
  return `<h2>Sent mail</h2>\n<p>${sent.length === 0 ? 'No mail sent yet.' : `${sent.length} message(s), newest first.`}</p>\n${items}`;
}

/** Escapes the text, then turns each http(s) URL into a link. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
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
