import {
  escapeHtml,
  markerText,
  type MergeMarker,
  renderParts,
  subjectLine,
  templateParts,
  type TemplatePart,
} from '@mergedesk/domain/sending/markers';
import { unsubscribeFooterHtml } from '@mergedesk/domain/sending/unsubscribe-footer';
import { checkTrackedLink } from '@mergedesk/domain/tracking/links';
import { randomBytes } from 'node:crypto';
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
 * and RFC 8058 (one click). The text part is the HTML's text (html-to-text, lines not wrapped),
 * converted once per merge where that gives the same text (compileTextPart).
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

/** One recipient's message of a merge (compileMergeMessage for one recipient). */
export const buildMergeMessage = (input: MergeMessageInput): MailMessage =>
  compileMergeMessage(input)(input.recipient, input.urls);

/** A merge's message, compiled: one recipient's message from their fields and tracking URLs. */
export type CompiledMergeMessage = (
  recipient: MergeMessageInput['recipient'],
  urls: TrackingUrls,
) => MailMessage;

/** Where a recipient's tracking URL goes in the compiled body. */
type UrlSlot = { url: 'click'; linkIndex: number } | { url: 'open' } | { url: 'unsubscribe' };
type BodyPart = TemplatePart | UrlSlot;

/**
 * Compiles a merge's message once for all its recipients (docs/decisions/414-sending-compiled-merge-message.md):
 * the body is parsed once, its tracked links rewritten and the footer and pixel added with a
 * stand-in for each tracking URL, then cut into text, markers and URL slots; a recipient's body
 * is those parts joined with their values (HTML-escaped) and URLs. A value is text in the HTML
 * (escaped), so it can never change what the parse found: the result is the body rendered first
 * and parsed after, without a parse per recipient.
 */
export function compileMergeMessage(
  input: Omit<MergeMessageInput, 'recipient' | 'urls'>,
): CompiledMergeMessage {
  const { options } = input;
  // A stand-in no template holds (a random nonce): a URL slot in the serialized body.
  const nonce = randomBytes(8).toString('hex');
  const slots: UrlSlot[] = [];
  const slot = (urlSlot: UrlSlot) => `mergedesk-url-${nonce}-${slots.push(urlSlot) - 1}`;

  const root = parse(input.htmlBody, { comment: true });
  if (options.trackClicks && input.linkIndexes.size > 0) {
    for (const anchor of root.querySelectorAll('a[href]')) {
      const href = anchor.getAttribute('href') ?? '';
      // A link with a marker differs per recipient: it is sent as rendered, untracked
      // (docs/decisions/395-sending-merge-campaign.md).
      if (href.includes('{{')) continue;
      const checked = checkTrackedLink(href.trim());
      const linkIndex = checked.ok ? input.linkIndexes.get(checked.url) : undefined;
      if (linkIndex !== undefined) anchor.setAttribute('href', slot({ url: 'click', linkIndex }));
    }
  }
  const body = root.querySelector('body') ?? root;
  // The footer's link is the sender's choice (issue 25); the List-Unsubscribe headers below are
  // sent either way (mailbox providers expect them of bulk mail).
  if (options.unsubscribeLink)
    body.insertAdjacentHTML('beforeend', unsubscribeFooterHtml(slot({ url: 'unsubscribe' })));
  if (options.trackOpens) {
    body.insertAdjacentHTML(
      'beforeend',
      `<img src="${slot({ url: 'open' })}" width="1" height="1" alt="" style="display:none">`,
    );
  }
  const slotPattern = new RegExp(`mergedesk-url-${nonce}-(\\d+)`, 'g');
  const parts = templateParts(root.toString()).flatMap((part): BodyPart[] => {
    if (typeof part !== 'string') return [part];
    return part.split(slotPattern).map((piece, i) => (i % 2 === 0 ? piece : slots[Number(piece)]!));
  });
  const subject = templateParts(input.subject);
  const html = (fields: Readonly<Record<string, string>>, urls: TrackingUrls) => {
    let rendered = '';
    for (const part of parts) {
      if (typeof part === 'string') rendered += part;
      else if ('url' in part) rendered += escapeHtml(urlOf(part, urls));
      else rendered += markerText(part, fields, 'html');
    }
    return rendered;
  };
  const text = compileTextPart(parts, html, nonce);

  return (recipient, urls) => {
    const body = html(recipient.fields, urls);
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
      subject: subjectLine(renderParts(subject, recipient.fields, 'text')),
      html: body,
      text: text(recipient.fields, urls) ?? htmlToText(body),
      messageId: messageIdOf(recipient.id, input.messageIdHost),
      headers: {
        'List-Unsubscribe': `<${urls.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  };
}

/**
 * A value html-to-text may write otherwise than as it is: empty (an element may then hold no
 * text), with whitespace it collapses (leading, trailing, doubled, or other than a space), or
 * starting like an href it rewrites ('mailto:' dropped, '#…' hidden).
 */
const CONVERTED_OTHERWISE = /^$|^ | $| {2}|[\t\n\f\r\u200b]|^mailto:|^#/;

/** Stands in for every value in the probe: text, each character HTML escapes, one inner space. */
const PROBE_VALUE = `a&<>"' b`;

/**
 * The text part of a compiled body (docs/decisions/417-sending-text-part-compiled-once.md): the
 * body, with a stand-in word for each marker and URL, goes through html-to-text once; a
 * recipient's text is that text with each stand-in replaced by its value, uppercased where the
 * stand-in came out uppercased (headings). undefined when one of the recipient's values would be
 * converted otherwise than as it is (CONVERTED_OTHERWISE), and for every recipient when a probe
 * with values that HTML escapes does not give html-to-text's own text (raw text elements such as
 * <textarea> keep entities): the caller converts that recipient's HTML itself.
 */
function compileTextPart(
  parts: readonly BodyPart[],
  html: (fields: Readonly<Record<string, string>>, urls: TrackingUrls) => string,
  nonce: string,
): (fields: Readonly<Record<string, string>>, urls: TrackingUrls) => string | undefined {
  const standIn = (index: number) => `mdk${nonce}v${index}v`;
  const converted = htmlToText(
    parts.map((part, index) => (typeof part === 'string' ? part : standIn(index))).join(''),
  );
  type Slot = { part: UrlSlot | MergeMarker; upper: boolean };
  const textParts: Array<string | Slot> = [];
  let end = 0;
  for (const match of converted.matchAll(new RegExp(`mdk${nonce}v(\\d+)v`, 'gi'))) {
    textParts.push(converted.slice(end, match.index));
    const part = parts[Number(match[1])];
    if (part === undefined || typeof part === 'string') return () => undefined;
    textParts.push({ part, upper: match[0] !== match[0].toLowerCase() });
    end = match.index + match[0].length;
  }
  textParts.push(converted.slice(end));

  const text = (fields: Readonly<Record<string, string>>, urls: TrackingUrls) => {
    let rendered = '';
    for (const textPart of textParts) {
      if (typeof textPart === 'string') {
        rendered += textPart;
        continue;
      }
      const { part, upper } = textPart;
      const value = 'url' in part ? urlOf(part, urls) : markerText(part, fields, 'text');
      if (CONVERTED_OTHERWISE.test(value)) return undefined;
      rendered += upper ? value.toUpperCase() : value;
    }
    return rendered;
  };

  const probeFields: Record<string, string> = {};
  for (const part of parts)
    if (typeof part !== 'string' && !('url' in part)) probeFields[part.name] = PROBE_VALUE;
  const probeUrl = `https://probe.invalid/${encodeURIComponent(PROBE_VALUE)}`;
  const probeUrls: TrackingUrls = {
    openPixelUrl: probeUrl,
    unsubscribeUrl: probeUrl,
    responseUrl: probeUrl,
    clickUrl: () => probeUrl,
  };
  return text(probeFields, probeUrls) === htmlToText(html(probeFields, probeUrls)) ? text : () => undefined;
}

const urlOf = (slot: UrlSlot, urls: TrackingUrls): string =>
  slot.url === 'click'
    ? urls.clickUrl(slot.linkIndex)
    : slot.url === 'open'
      ? urls.openPixelUrl
      : urls.unsubscribeUrl;
