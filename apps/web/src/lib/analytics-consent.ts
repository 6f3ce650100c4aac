import { useSyncExternalStore } from 'react';
import {
  analyticsConsentValue,
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  parseAnalyticsConsent,
  type AnalyticsConsent,
} from '@mergedesk/domain/privacy/analytics-consent';
import { readCookie, writeCookie } from './cookies';

/**
 * The analytics choice as React reads it (issue 21): the consent cookie, remembered for 730 days,
 * and — for the prompt only — a "not now" for this browser session (the prompt's close button:
 * no analytics, asked again next time).
 */
const DISMISSED_KEY = 'md_consent_prompt_dismissed';
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const readAnalyticsConsent = (): AnalyticsConsent | null => parseAnalyticsConsent(readCookie(CONSENT_COOKIE));

export function saveAnalyticsConsent(consent: AnalyticsConsent): void {
  writeCookie(CONSENT_COOKIE, analyticsConsentValue(consent), {
    maxAgeSeconds: CONSENT_COOKIE_MAX_AGE_SECONDS,
  });
  notify();
}

const readDismissed = (): boolean => {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

export function dismissConsentPrompt(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // storage blocked: the prompt simply closes for this page load
  }
  dismissedInMemory = true;
  notify();
}

let dismissedInMemory = false;

/** Tests start afresh. */
export function resetConsentPromptForTests(): void {
  dismissedInMemory = false;
  try {
    sessionStorage.removeItem(DISMISSED_KEY);
  } catch {
    // nothing to reset
  }
  notify();
}

const snapshot = () =>
  `${readAnalyticsConsent() ?? 'none'}|${dismissedInMemory || readDismissed() ? 'dismissed' : 'open'}`;

/** The current choice and whether the prompt is to be shown. */
export function useAnalyticsConsent(): { consent: AnalyticsConsent | null; promptOpen: boolean } {
  const value = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [consent, prompt] = value.split('|');
  return {
    consent: consent === 'none' ? null : (consent as AnalyticsConsent),
    promptOpen: consent === 'none' && prompt === 'open',
  };
}
