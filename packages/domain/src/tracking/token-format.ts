/**
 * The tracking token of a recipient: `{recipientId}.{signature}`, where the signature is the
 * base64url HMAC-SHA256 of the recipient id (computed by the server; this file only knows the
 * shape). It travels in the open pixel, click, unsubscribe and form-response URLs.
 */
const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export type TrackingTokenParts = { recipientId: string; signature: string };

/** The parts of a well-formed token, or null for anything else (no partial matches). */
export const parseTrackingToken = (token: string): TrackingTokenParts | null => {
  const match = TOKEN_PATTERN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  return { recipientId: match[1], signature: match[2] };
};

export const formatTrackingToken = (parts: TrackingTokenParts): string =>
  `${parts.recipientId}.${parts.signature}`;
