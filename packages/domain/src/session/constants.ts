/** Business constants of spec 000 §9 (and the timings of §4 and §7). */

/** §4 steps 3–4: both session timers fire 2 s before the token expires. */
export const SESSION_TIMER_LEAD_MS = 2000;
/** §4 step 4 / §9: the activity-based expiry is 15 minutes after the stored activity time. */
export const ACTIVITY_EXPIRY_MS = 15 * 60 * 1000;

const DAY_SECONDS = 24 * 60 * 60;

/** §9: the session cookie lasts 36 days on the parent domain. */
export const SESSION_COOKIE_DAYS = 36;
/** §9: "another cookie option lasts 730 days" (used for long-lived, non-session preferences). */
export const PERSISTENT_COOKIE_DAYS = 730;
/** §9: the auth flag cookie lasts 36 — the unit is not shown; we read it as days like the session cookie. */
export const AUTH_FLAG_COOKIE_DAYS = 36;
/** §4 delegated-login check / §9: handoff cookies last 1 day. */
export const HANDOFF_COOKIE_DAYS = 1;

/** Cookie Max-Age (seconds) for a lifetime in days. */
export const daysToSeconds = (days: number): number => days * DAY_SECONDS;

/** §7: sent with every log event as webapp_version. */
export const APP_VERSION = '2.10.30';

/** §7 caching. */
export const ME_STALE_TIME_MS = 60_000;
/** §4 "The me request": retried once after 500 ms. */
export const ME_RETRY_COUNT = 1;
export const ME_RETRY_DELAY_MS = 500;
/** §9 stale times. */
export const MEMBERS_STALE_TIME_MS = 1000;
export const PROMOTION_STALE_TIME_MS = 1000;

/** §9: member list limit for the upgrade modal (ACTIVE members with role ADMIN or OWNER). */
export const UPGRADE_MODAL_MEMBER_LIMIT = 100;

/** §2 / §9 layout. */
export const SIDEBAR_WIDTH = 256;
export const ACCOUNT_MENU_WIDTH = 334;
export const BREAKPOINTS = { xs: 375, sm: 480, md: 990, lg: 1024, xl: 1440 } as const;

/** §4 step 3: ms until the background refresh, 2 s before expiry (0 when that moment has passed). */
export const refreshDelayMs = (expiresAtMs: number, now: number): number =>
  Math.max(0, expiresAtMs - SESSION_TIMER_LEAD_MS - now);

/**
 * §4 step 4: ms until the automatic logout. The logout comes 2 s before the token expires, or 15
 * minutes after the stored activity time when one exists. Our reading: both limits apply and the
 * earlier one wins — an idle user is logged out after 15 minutes, and nobody keeps a session past
 * the token's expiry. 0 when the moment has passed.
 */
export const logoutDelayMs = (expiresAtMs: number, lastActivityMs: number | null, now: number): number => {
  const expiryDelay = expiresAtMs - SESSION_TIMER_LEAD_MS - now;
  const delay =
    lastActivityMs == null ? expiryDelay : Math.min(expiryDelay, lastActivityMs + ACTIVITY_EXPIRY_MS - now);
  return Math.max(0, delay);
};

/** The Gmail permission a draft needs; sign-in asks for it with scope=compose (api/auth). */
export const GMAIL_COMPOSE_SCOPE = 'https://www.googleapis.com/auth/gmail.compose';
