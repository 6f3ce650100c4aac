import { escapeHtml, renderSubject, renderTemplate } from '@mergedesk/domain/sending/markers';

/**
 * The footer the engine adds to every message (apps/server/src/modules/sending/merge-message.ts),
 * same text and style, with a link that goes nowhere in the preview.
 * TODO(composer-server): use the domain's footer once that branch moves it into packages/domain.
 */
const unsubscribeFooter = (url: string) =>
  `<p style="margin-top:24px;font-size:12px;color:#888888">Don't want these emails? <a href="${escapeHtml(url)}">Unsubscribe</a>.</p>`;

/** Where the preview's unsubscribe link points: nowhere (the real one is per recipient). */
const PREVIEW_UNSUBSCRIBE_URL = '#unsubscribe';

/** One recipient's message as the engine renders it: subject as text, body with values HTML-escaped, the footer. */
export function previewMessage(input: {
  subject: string;
  htmlBody: string;
  fields: Readonly<Record<string, string>>;
  unsubscribeLink: boolean;
}): { subject: string; html: string } {
  const body = renderTemplate(input.htmlBody, input.fields, 'html');
  return {
    subject: renderSubject(input.subject, input.fields),
    html: input.unsubscribeLink ? `${body}${unsubscribeFooter(PREVIEW_UNSUBSCRIBE_URL)}` : body,
  };
}
