import { renderSubject, renderTemplate } from '@mergedesk/domain/sending/markers';
import { unsubscribeFooterHtml } from '@mergedesk/domain/sending/unsubscribe-footer';

/** Where the preview's unsubscribe link points: nowhere (the real one is per recipient). */
const PREVIEW_UNSUBSCRIBE_URL = '#unsubscribe';

/**
 * One recipient's message as the engine renders it (apps/server modules/sending/merge-message.ts):
 * subject as text, body with values HTML-escaped, the domain's unsubscribe footer when it is on.
 */
export function previewMessage(input: {
  subject: string;
  htmlBody: string;
  fields: Readonly<Record<string, string>>;
  unsubscribeLink: boolean;
}): { subject: string; html: string } {
  const body = renderTemplate(input.htmlBody, input.fields, 'html');
  return {
    subject: renderSubject(input.subject, input.fields),
    html: input.unsubscribeLink ? `${body}${unsubscribeFooterHtml(PREVIEW_UNSUBSCRIBE_URL)}` : body,
  };
}
