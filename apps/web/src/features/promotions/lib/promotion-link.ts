import { readStorage, writeStorage } from '../../../lib/storage';

/** Campaign source of every promotion link (the project name the promotions are served for). */
const PROMOTION_UTM_SOURCE = 'mergedesk';

export const PROMOTION_TRACKING_SESSION_KEY = 'mergedesk.promotion-tracking-session-id';

/**
 * The tracking session id of the sidebar promotions (spec 000 §2): one per browser tab, kept in
 * sessionStorage; a fresh id when storage is unavailable.
 */
export function getPromotionTrackingSessionId(): string {
  const existing = readStorage(PROMOTION_TRACKING_SESSION_KEY, 'session');
  if (existing) return existing;
  const created = crypto.randomUUID();
  writeStorage(PROMOTION_TRACKING_SESSION_KEY, created, 'session');
  return created;
}

/**
 * A promotion's link with its campaign parameters (spec 000 §2 "Links carry campaign tracking query
 * parameters"): utm_source = mergedesk, utm_medium = sidebar, utm_campaign = the promoted
 * product id, and the tracking session id. Existing query parameters are kept; null when the url is
 * not an absolute http(s) address.
 */
export function promotionHref(url: string, productId: string, trackingSessionId: string): string | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  target.searchParams.set('utm_source', PROMOTION_UTM_SOURCE);
  target.searchParams.set('utm_medium', 'sidebar');
  target.searchParams.set('utm_campaign', productId);
  target.searchParams.set('tracking_session_id', trackingSessionId);
  return target.toString();
}
