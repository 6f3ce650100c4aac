import { escapeHtml } from './markers';

/**
 * The footer a merge's message ends with while its unsubscribe link is on (issue 24 "Per
 * recipient"; issue 25 option `unsubscribeLink`): the engine appends it to each recipient's body
 * (apps/server modules/sending/merge-message.ts) and the composer's preview shows the same HTML,
 * so what the sender previews is what is sent. `url` is the recipient's unsubscribe URL (escaped
 * here); the preview passes a stand-in.
 */
export const unsubscribeFooterHtml = (url: string): string =>
  `<p style="margin-top:24px;font-size:12px;color:#888888">Don't want these emails? <a href="${escapeHtml(url)}">Unsubscribe</a>.</p>`;
