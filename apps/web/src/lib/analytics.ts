import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { UsageEvent, UsageEventType } from '@mergedesk/domain/api/events';
import { CONSENT_COOKIE, parseAnalyticsConsent } from '@mergedesk/domain/privacy/analytics-consent';
import { APP_VERSION } from '@mergedesk/domain/session/constants';
import { callEndpoint, getAccessToken } from './api-client';
import { readCookie } from './cookies';

/**
 * Cookie-consent cookie (spec 000 §7: "analytics runs only when the cookie-consent cookie grants
 * analytics"): read with the domain's rule (packages/domain/src/privacy/analytics-consent.ts); the
 * app's own prompt (components/consent-prompt.tsx) or the marketing site's banner writes it.
 * Anything but a grant — missing cookie, unparsable value, `analytics=denied` — means no analytics.
 */
export { CONSENT_COOKIE };

export function hasAnalyticsConsent(raw: string | null = readCookie(CONSENT_COOKIE)): boolean {
  return parseAnalyticsConsent(raw) === 'granted';
}

export type TrackedEvent = Omit<UsageEvent, 'event_type' | 'webapp_version'> & { event_type: UsageEventType };

/**
 * Sends a usage event (spec 000 §7 "cloud logging function") — only when signed in and when the
 * consent cookie grants analytics. Fire and forget: it never throws and never blocks rendering.
 */
export function trackEvent(event: TrackedEvent): void {
  if (!getAccessToken() || !hasAnalyticsConsent()) return;
  const body: UsageEvent = { ...event, webapp_version: APP_VERSION };
  callEndpoint('events.track', { body }).catch(() => {
    // analytics must never disturb the person
  });
}

/** Query parameters of the OpenID sign-in callback: one-time secrets, never recorded. */
const SIGN_IN_CALLBACK_PARAMS = ['code', 'state'];
const SIGN_IN_CALLBACK_PATH = '/auth/callback';

/**
 * A sign-in callback address — the callback page, or any URL carrying the provider's `code` or
 * `state` — is never recorded: no page view, and it is not the initial URL.
 */
export function isSignInCallbackUrl(location: { pathname: string; search: string }): boolean {
  if (location.pathname === SIGN_IN_CALLBACK_PATH) return true;
  const params = new URLSearchParams(location.search);
  return SIGN_IN_CALLBACK_PARAMS.some((name) => params.has(name));
}

/** The first real page of this page load (not a sign-in callback), once one has been shown. */
let initialUrl: string | null = null;

function noteInitialUrl(location: { pathname: string; search: string; hash: string }): void {
  if (initialUrl !== null || isSignInCallbackUrl(location)) return;
  initialUrl = `${window.location.origin}${location.pathname}${location.search}${location.hash}`;
}

/** Tests start each page load afresh. */
export function resetInitialUrlForTests(): void {
  initialUrl = null;
}

export type PageViewSpace = { workspaceId: string; isPerSeat: boolean };

export type PageViewContext = {
  isSignedIn: boolean;
  /** The signed-in user's spaces, to find the current one from the URL. */
  spaces: readonly PageViewSpace[] | undefined;
};

/** The space a path belongs to: its first segment is the workspace id (spec 000 §2 "Route prefix"). */
function spaceOfPath(pathname: string, spaces: readonly PageViewSpace[] | undefined): PageViewSpace | null {
  const first = pathname.split('/')[1] ?? '';
  return spaces?.find((space) => space.workspaceId === first) ?? null;
}

export function pageViewEvent(
  location: { pathname: string; search: string },
  spaces: readonly PageViewSpace[] | undefined,
  firstPageUrl: string,
): TrackedEvent {
  const space = spaceOfPath(location.pathname, spaces);
  return {
    event_type: 'page_view',
    message: `Page view ${location.pathname}`,
    ui_type: space?.isPerSeat ? 'seats_in_spaces' : 'spaces',
    page_path: location.pathname,
    space_id: space?.workspaceId ?? null,
    search: location.search,
    initial_url: firstPageUrl,
    // The checkout cart is not built yet (spec 001); null until it is.
    checkout_cart_paid_users_quantity: null,
    checkout_cart_free_users_quantity: null,
  };
}

/**
 * Spec 000 §7: a page view on each navigation while signed in — except sign-in callback addresses,
 * which carry one-time secrets. Mounted once, in the root layout.
 */
export function usePageViews({ isSignedIn, spaces }: PageViewContext): void {
  const location = useLocation();
  const spacesRef = useRef(spaces);
  useEffect(() => {
    spacesRef.current = spaces;
  });
  useEffect(() => {
    const current = { pathname: location.pathname, search: location.search, hash: location.hash };
    noteInitialUrl(current);
    if (!isSignedIn || isSignInCallbackUrl(current) || initialUrl === null) return;
    trackEvent(pageViewEvent(current, spacesRef.current, initialUrl));
  }, [isSignedIn, location.pathname, location.search, location.hash]);
}

/** Where an error reported as `webapp_error` was caught. */
export type ErrorSource = 'uncaught' | 'unhandledrejection' | 'error_boundary';

/** The event's message is capped well below the server's 2,000 characters. */
const MAX_ERROR_MESSAGE = 500;
/** At most this many error events per page load, and each message once: an error loop sends a few. */
export const MAX_ERROR_EVENTS = 10;

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** The `webapp_error` message: where it was caught, the error's name and message (no stack), capped. */
export function errorMessage(error: unknown, source: ErrorSource): string {
  return `${source}: ${describeError(error)}`.slice(0, MAX_ERROR_MESSAGE);
}

const reportedErrors = new Set<string>();

/**
 * Spec 000 §7 `webapp_error` with the page it happened on (its path only), within the per-page-load
 * budget and each message once.
 */
export function reportError(error: unknown, source: ErrorSource): void {
  const message = errorMessage(error, source);
  if (reportedErrors.size >= MAX_ERROR_EVENTS || reportedErrors.has(message)) return;
  reportedErrors.add(message);
  trackEvent({ event_type: 'webapp_error', message, page_path: window.location.pathname });
}

/** Tests start each page load afresh. */
export function resetReportedErrorsForTests(): void {
  reportedErrors.clear();
}

/** Uncaught errors and unhandled promise rejections of the page become `webapp_error` events. */
export function installErrorReporting(target: EventTarget = window): () => void {
  const onError = (event: Event) => {
    const { error, message } = event as { error?: unknown; message?: string };
    reportError(error ?? message, 'uncaught');
  };
  const onRejection = (event: Event) =>
    reportError((event as Partial<PromiseRejectionEvent>).reason, 'unhandledrejection');
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/**
 * Spec 000 §7 `webapp_display_modal`: sent each time the named modal opens (the spec 000 modals:
 * new space, upgrade info), with the page it opened on.
 */
export function useModalDisplayEvent(modal: string, opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    trackEvent({ event_type: 'webapp_display_modal', message: modal, page_path: window.location.pathname });
  }, [modal, opened]);
}
