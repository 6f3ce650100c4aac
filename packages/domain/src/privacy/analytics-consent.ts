/**
 * The analytics consent (spec 000 §7: "analytics runs only when the cookie-consent cookie grants
 * analytics"; issue 21: the app asks for it). The cookie `md_consent` holds either a query-string
 * list (`analytics=granted&ads=denied`) or JSON (`{"analytics":"granted"}` / `{"analytics":true}`),
 * as the marketing site's banner may write it too. Our prompt writes `analytics=granted` or
 * `analytics=denied`.
 */
export const CONSENT_COOKIE = 'md_consent';

/** Spec 000 §9: "another cookie option lasts 730 days" — the consent is remembered that long. */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 730 * 86_400;

export type AnalyticsConsent = 'granted' | 'denied';

/** The analytics choice in a consent cookie value; null when none was made (or it is unreadable). */
export function parseAnalyticsConsent(raw: string | null | undefined): AnalyticsConsent | null {
  if (!raw) return null;
  const value = raw.trim();
  let analytics: unknown;
  if (value.startsWith('{')) {
    try {
      analytics = (JSON.parse(value) as Record<string, unknown>).analytics;
    } catch {
      return null;
    }
  } else {
    // A query-string list (`a=b&c=d`, also separated by ',' or ';'); no URL API in this package.
    const pair = value
      .split(/[&,;]/)
      .map((part) => part.trim().split('='))
      .find(([key]) => key === 'analytics');
    analytics = pair?.[1];
  }
  if (analytics === true || analytics === 'granted') return 'granted';
  if (analytics === false || analytics === 'denied') return 'denied';
  return null;
}

/** The cookie value our prompt writes. */
export const analyticsConsentValue = (consent: AnalyticsConsent): string => `analytics=${consent}`;

/** The prompt shows until a choice is made (either way). */
export const needsConsentPrompt = (raw: string | null | undefined): boolean =>
  parseAnalyticsConsent(raw) === null;

/** Texts of the prompt and of the account menu's setting (ours). */
export const CONSENT_TEXTS = {
  title: 'Analytics cookies',
  text: 'May we count which pages you open, to improve the dashboard? We never record what you send. You can change this at any time from the account menu.',
  allow: 'Allow analytics',
  deny: 'No, thanks',
  menuItem: 'Analytics cookies',
  settingLabel: 'Allow analytics cookies',
  settingDescription: 'Counts which pages you open, to improve the dashboard. Never what you send.',
} as const;
