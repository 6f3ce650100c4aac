import { ENDPOINTS, endpointPath, type EndpointName } from '@mergedesk/domain/api/endpoints';
import { formatTrackingToken, parseTrackingToken } from '@mergedesk/domain/tracking/token-format';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type TrackingTokens = {
  /** The token of a recipient: `{recipientId}.{base64url HMAC-SHA256}`. */
  sign: (recipientId: string) => string;
  /** The recipient id of a genuine token; null for a malformed, tampered or foreign one. */
  verify: (token: string) => string | null;
};

/**
 * Tracking tokens, signed with a key derived from SESSION_SECRET (HKDF with its own label, so the
 * key differs from the access-token key). A token cannot be forged or pointed at another recipient
 * without the secret; a token from another installation (another secret) is rejected.
 */
export function createTrackingTokens(secret: string): TrackingTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'mergedesk tracking token v1', 32));
  const signatureOf = (recipientId: string) =>
    createHmac('sha256', key).update(recipientId).digest('base64url');
  return {
    sign: (recipientId) => formatTrackingToken({ recipientId, signature: signatureOf(recipientId) }),
    verify: (token) => {
      const parts = parseTrackingToken(token);
      if (!parts) return null;
      const expected = Buffer.from(signatureOf(parts.recipientId));
      const given = Buffer.from(parts.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return parts.recipientId;
    },
  };
}

/** The public URLs of the tracking endpoints of one recipient. */
export type TrackingUrls = {
  openPixelUrl: string;
  unsubscribeUrl: string;
  responseUrl: string;
  clickUrl: (linkIndex: number) => string;
};

export function trackingUrlsFor(baseUrl: string, token: string): TrackingUrls {
  return trackingUrlBuilder(baseUrl)(token);
}

/**
 * The tracking URLs of any recipient under `baseUrl`, their paths laid out once: a merge builds
 * four URLs and one per link for each recipient, each of which would otherwise parse its
 * endpoint's path again (docs/decisions/419-sending-tracking-urls-laid-out-once.md). The URLs are
 * those of endpointPath, with the token (and link index) percent-encoded by it.
 */
export function trackingUrlBuilder(baseUrl: string): (token: string) => TrackingUrls {
  const origin = baseUrl.replace(/\/+$/, '');
  const layout = (name: EndpointName) =>
    `${origin}${endpointPath(ENDPOINTS[name].path, { token: TOKEN_SLOT, linkIndex: INDEX_SLOT })}`;
  const [openBefore, openAfter] = around(layout('tracking.open'), TOKEN_SLOT);
  const [unsubscribeBefore, unsubscribeAfter] = around(layout('tracking.unsubscribePage'), TOKEN_SLOT);
  const [responseBefore, responseAfter] = around(layout('tracking.formResponse'), TOKEN_SLOT);
  const [clickBefore, clickRest] = around(layout('tracking.click'), TOKEN_SLOT);
  const [clickBetween, clickAfter] = around(clickRest, INDEX_SLOT);
  return (token) => {
    const encoded = encodeURIComponent(token);
    return {
      openPixelUrl: `${openBefore}${encoded}${openAfter}`,
      unsubscribeUrl: `${unsubscribeBefore}${encoded}${unsubscribeAfter}`,
      responseUrl: `${responseBefore}${encoded}${responseAfter}`,
      clickUrl: (linkIndex) =>
        `${clickBefore}${encoded}${clickBetween}${encodeURIComponent(String(linkIndex))}${clickAfter}`,
    };
  };
}

/** Stand-ins for the path parameters while the paths are laid out (letters only: never encoded). */
const TOKEN_SLOT = 'mdkTokenSlot';
const INDEX_SLOT = 'mdkLinkIndexSlot';

/** `text` split around its one `slot`. */
function around(text: string, slot: string): [string, string] {
  const at = text.indexOf(slot);
  if (at < 0 || text.indexOf(slot, at + 1) >= 0)
    throw new Error(`a tracking path holds '${slot}' once: ${text}`);
  return [text.slice(0, at), text.slice(at + slot.length)];
}
