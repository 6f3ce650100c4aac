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
  const origin = baseUrl.replace(/\/+$/, '');
  const url = (name: EndpointName, params: Record<string, string>) =>
    `${origin}${endpointPath(ENDPOINTS[name].path, params)}`;
  return {
    openPixelUrl: url('tracking.open', { token }),
    unsubscribeUrl: url('tracking.unsubscribePage', { token }),
    responseUrl: url('tracking.formResponse', { token }),
    clickUrl: (linkIndex) => url('tracking.click', { token, linkIndex: String(linkIndex) }),
  };
}
