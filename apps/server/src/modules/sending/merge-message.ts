import { escapeHtml, renderSubject, renderTemplate } from '@mergedesk/domain/sending/markers';
import { unsubscribeFooterHtml } from '@mergedesk/domain/sending/unsubscribe-footer';
import { checkTrackedLink } from '@mergedesk/domain/tracking/links';
import { parse } from 'node-html-parser';
import type { StoredMergeOptions } from '../../db/schema';
import type { MailMessage } from '../../mail/mime';
import type { TrackingUrls } from '../tracking/tracking-token';
import { htmlToText } from '../../mail/html-text';

/**
 * One recipient's message of a merge (issue 24 "Per recipient"): markers rendered (values
 * HTML-escaped in the body), links rewritten to their click URLs and the open pixel added when
 * tracking is on, an unsubscribe link in the footer (packages/domain sending/unsubscribe-footer,
 * unless the merge's option `unsubscribeLink` is off), and the List-Unsubscribe headers of RFC 2369
 * and RFC 8058 (one click). The text part is the HTML's text (html-to-text).
 */

/** The links of a body that can be tracked: http(s) hrefs with no marker, normalised, distinct, in order. */
export function trackableLinksOf(htmlBody: string): string[] {
  const links: string[] = [];
  for (const anchor of parse(htmlBody).querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href')?.trim() ?? '';
    // A link with a marker differs per recipient: it is sent as written, untracked
    // (docs/decisions/395-sending-merge-campaign.md).
    if (href.includes('{{')) continue;
    const checked = checkTrackedLink(href);
    if (checked.ok && !links.includes(checked.url)) links.push(checked.url);
  }
  return links;
}

export type MergeMessageInput = {
  subject: string;
  htmlBody: string;
  options: StoredMergeOptions;
  recipient: { id: string; email: string; fields: Record<string, string> };
  from: { name: string; address: string };
  /** The recipient's tracking URLs (the campaign recipient's token). */
  urls: TrackingUrls;
  /** The campaign's tracked links: normalised URL → link index. */
  linkIndexes: ReadonlyMap<string, number>;
  /** The host of the Message-ID's right part (PUBLIC_URL's). */
  messageIdHost: string;
};

/** The Message-ID of a recipient's message: the same on every try, so a lost send can be looked up. */
export const messageIdOf = (recipientId: string, host: string): string => `${recipientId}@${host}`;

export function buildMergeMessage(input: MergeMessageInput): MailMessage {
  const { options, recipient, urls } = input;
  const rendered = renderTemplate(input.htmlBody, recipient.fields, 'html');
  const root = parse(rendered, { comment: true });
  if (options.trackClicks && input.linkIndexes.size > 0) {
    for (const anchor of root.querySelectorAll('a[href]')) {
      const checked = checkTrackedLink(anchor.getAttribute('href')?.trim() ?? '');
      const linkIndex = checked.ok ? input.linkIndexes.get(checked.url) : undefined;
      if (linkIndex !== undefined) anchor.setAttribute('href', urls.clickUrl(linkIndex));
    }
  }
  const body = root.querySelector('body') ?? root;
  // The footer's link is the sender's choice (issue 25); the List-Unsubscribe headers below are
  // sent either way (mailbox providers expect them of bulk mail).
  if (options.unsubscribeLink)
    body.insertAdjacentHTML('beforeend', unsubscribeFooterHtml(urls.unsubscribeUrl));
  if (options.trackOpens) {
    body.insertAdjacentHTML(
      'beforeend',
      `<img src="${escapeHtml(urls.openPixelUrl)}" width="1" height="1" alt="" style="display:none">`,
    );
  }
  const html = root.toString();
  const text = htmlToText(html);
  const addressesOf = (column: string | undefined) =>
    column === undefined
      ? []
      : (recipient.fields[column] ?? '')
          .split(/[,;]/)
          .map((address) => address.trim())
          .filter((address) => address !== '');
  return {
    from: input.from,
    to: recipient.email,
    cc: addressesOf(options.ccColumn),
    bcc: addressesOf(options.bccColumn),
    subject: renderSubject(input.subject, recipient.fields),
    html,
    text,
    messageId: messageIdOf(recipient.id, input.messageIdHost),
    headers: {
      'List-Unsubscribe': `<${urls.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
