import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { UsageEvent, UsageEventType } from '@mergedesk/domain/api/events';
import { APP_VERSION } from '@mergedesk/domain/session/constants';
import { api, getAccessToken } from './api-client';
import { readCookie } from './cookies';

/**
 * Cookie-consent cookie (spec 000 §7: "analytics runs only when the cookie-consent cookie grants
 * analytics"). The consent banner of the marketing site (or the app, later) writes it on the
 * parent domain:
 *   name  `md_consent`
 *   value either a query-string-like list, e.g. `analytics=granted&ads=denied`,
 *         or JSON, e.g. `{"analytics":"granted"}` / `{"analytics":true}` (URI-encoded or not).
 * Anything else — missing cookie, unparsable value, `analytics=denied` — means no analytics.
 */
export const CONSENT_COOKIE = 'md_consent';

export function hasAnalyticsConsent(raw: string | null = readCookie(CONSENT_COOKIE)): boolean {
  if (!raw) return false;
  const value = raw.trim();
  if (value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as Record<string, unknown>;
      return parsed.analytics === true || parsed.analytics === 'granted';
    } catch {
      return false;
    }
  }
  return new URLSearchParams(value.replace(/[,;]/g, '&')).get('analytics') === 'granted';
}

export type TrackedEvent = Omit<UsageEvent, 'event_type' | 'webapp_version'> & { event_type: UsageEventType };

/**
 * Sends a usage event (spec 000 §7 "cloud logging function") — only when signed in and when the
 * consent cookie grants analytics. Fire and forget: it never throws and never blocks rendering.
 */
export function trackEvent(event: TrackedEvent): void {
  if (!getAccessToken() || !hasAnalyticsConsent()) return;
  const body: UsageEvent = { ...event, webapp_version: APP_VERSION };
  api.post('/v1/events', { body }).catch(() => {
    // analytics must never disturb the person
  });
}

/** The address the app was opened with, without sign-in secrets (code, state). */
const INITIAL_URL = ((): string => {
  try {
    const url = new URL(window.location.href);
    for (const secret of ['code', 'state', 'iss']) url.searchParams.delete(secret);
    return url.toString();
  } catch {
    return '';
  }
})();

export type PageViewSpace = { workspaceId: string; isPerSeat: boolean };

export type PageViewContext = {
  isSignedIn: boolean;
  /** The signed-in user's spaces, to find the current one from the URL. */
  spaces: readonly PageViewSpace[] | undefined;
};

/** The space a path belongs to: its first segment is the workspace id (spec 000 §2 "Route prefix"). */
export function spaceOfPath(
  pathname: string,
  spaces: readonly PageViewSpace[] | undefined,
): PageViewSpace | null {
  const first = pathname.split('/')[1] ?? '';
  return spaces?.find((space) => space.workspaceId === first) ?? null;
}

export function pageViewEvent(
  location: { pathname: string; search: string },
  spaces: readonly PageViewSpace[] | undefined,
): TrackedEvent {
  const space = spaceOfPath(location.pathname, spaces);
  return {
    event_type: 'page_view',
    message: `Page view ${location.pathname}`,
    ui_type: space?.isPerSeat ? 'seats_in_spaces' : 'spaces',
    page_path: location.pathname,
    space_id: space?.workspaceId ?? null,
    search: location.search,
    initial_url: INITIAL_URL,
    // The checkout cart is not built yet (spec 001); null until it is.
    checkout_cart_paid_users_quantity: null,
    checkout_cart_free_users_quantity: null,
  };
}

/** Spec 000 §7: a page view on each navigation while signed in. Mounted once, in the root layout. */
export function usePageViews({ isSignedIn, spaces }: PageViewContext): void {
  const location = useLocation();
  const spacesRef = useRef(spaces);
  useEffect(() => {
    spacesRef.current = spaces;
  });
  useEffect(() => {
    if (!isSignedIn) return;
    trackEvent(pageViewEvent({ pathname: location.pathname, search: location.search }, spacesRef.current));
  }, [isSignedIn, location.pathname, location.search]);
}
