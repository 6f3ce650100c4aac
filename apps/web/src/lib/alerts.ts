import { useSyncExternalStore } from 'react';
import type { AlertKind } from '@mergedesk/domain/alerts/alerts';
import {
  GENERIC_ERROR_ALERT,
  INVITATION_ERROR_TITLE,
  invitationErrorMessage,
  isClearedOnNavigation,
  joinedSpaceDescription,
  joinedWelcomeTitle,
  ownershipTransferredAlert,
  SPACE_CREATED_ALERT,
  SPACE_DELETED_ALERT,
} from '@mergedesk/domain/alerts/alerts';
import { PRODUCT_NAME } from './product';
import { readStorage, writeStorage } from './storage';

/**
 * The alert store behind the banner area at the top of space pages (spec 000 §2 "Alert banner
 * area", §4 "Alerts"). Actions (space created, deleted, ownership transferred, invitation joined,
 * errors) set a one-shot alert here; the area shows it on the next page. Kinds remove, create,
 * transfer, join and error are cleared on the first navigation after they have been seen.
 * Dismissal is remembered per alert key in localStorage and persists across visits.
 */

export type AlertTone = 'success' | 'info' | 'warning' | 'error';

export type AppAlert = {
  /** Dismissal is remembered per key. One-shot alerts get a unique key unless one is given. */
  key: string;
  kind: AlertKind;
  tone: AlertTone;
  title: string;
  description?: string;
  /**
   * The path the alert is raised for, when it is raised just before navigating there: it is not
   * displayed (nor counted as seen) on the page being left.
   */
  showOn?: string;
};

type StoredAlert = AppAlert & {
  /** Path on which the alert was first displayed; null until it has been seen. */
  seenAt: string | null;
};

type AlertState = { alerts: readonly StoredAlert[]; dismissed: ReadonlySet<string> };

export const DISMISSED_ALERTS_STORAGE_KEY = 'mergedesk.dismissed-alerts';
/** Keep the remembered dismissals bounded: one-shot alerts have unique keys. */
const MAX_REMEMBERED_DISMISSALS = 200;

let state: AlertState = { alerts: [], dismissed: readDismissed() };
const listeners = new Set<() => void>();
let sequence = 0;

function readDismissed(): ReadonlySet<string> {
  try {
    const raw = readStorage(DISMISSED_ALERTS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return new Set(
      Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [],
    );
  } catch {
    return new Set();
  }
}

/** When storage is blocked (private mode) the dismissal lasts for this visit only. */
function writeDismissed(dismissed: ReadonlySet<string>): void {
  const keys = [...dismissed].slice(-MAX_REMEMBERED_DISMISSALS);
  writeStorage(DISMISSED_ALERTS_STORAGE_KEY, JSON.stringify(keys));
}

function setState(next: AlertState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets a one-shot alert; an alert with the same key replaces the previous one. Returns its key. */
export function showAlert(alert: Omit<AppAlert, 'key'> & { key?: string }): string {
  sequence += 1;
  const key = alert.key ?? `${alert.kind}-${Date.now()}-${sequence}`;
  const others = state.alerts.filter((existing) => existing.key !== key);
  setState({ ...state, alerts: [...others, { ...alert, key, seenAt: null }] });
  return key;
}

/** Hides an alert and remembers the dismissal of its key in localStorage. */
export function dismissAlert(key: string): void {
  const dismissed = new Set(state.dismissed);
  dismissed.delete(key); // re-insert so the newest dismissals survive the bound
  dismissed.add(key);
  writeDismissed(dismissed);
  setState({ alerts: state.alerts.filter((alert) => alert.key !== key), dismissed });
}

export function isAlertDismissed(key: string): boolean {
  return state.dismissed.has(key);
}

/** Records that the listed alerts were displayed on `path` (called by the alert area). */
export function markAlertsSeen(keys: readonly string[], path: string): void {
  if (!state.alerts.some((alert) => keys.includes(alert.key) && alert.seenAt === null)) return;
  setState({
    ...state,
    alerts: state.alerts.map((alert) =>
      keys.includes(alert.key) && alert.seenAt === null ? { ...alert, seenAt: path } : alert,
    ),
  });
}

/**
 * Spec 000 §4: kinds remove, create, transfer, join and error are cleared on navigation once seen.
 * Called with the new path after every navigation; an alert seen on that very path stays (it was
 * set just before navigating there).
 */
export function clearAlertsOnNavigation(path: string): void {
  const kept = state.alerts.filter(
    (alert) => !isClearedOnNavigation(alert.kind) || alert.seenAt === null || alert.seenAt === path,
  );
  if (kept.length !== state.alerts.length) setState({ ...state, alerts: kept });
}

/** The one-shot alerts to display (never a dismissed key). */
export function getVisibleAlerts(): AppAlert[] {
  return state.alerts
    .filter((alert) => !state.dismissed.has(alert.key))
    .map(({ seenAt: _seenAt, ...alert }) => alert);
}

const getState = () => state;

/** The alert state for React; re-renders on every change. */
export function useAlertState(): { alerts: readonly AppAlert[]; isDismissed: (key: string) => boolean } {
  const current = useSyncExternalStore(subscribe, getState, getState);
  return {
    alerts: current.alerts.filter((alert) => !current.dismissed.has(alert.key)),
    isDismissed: (key) => current.dismissed.has(key),
  };
}

// --- the one-shot banners of spec 000 §8, with the domain's texts ----------------------------------

/** 'created': a new space exists (spec 000 §4 "New space creation"). */
export const showSpaceCreatedAlert = (showOn?: string): string =>
  showAlert({ kind: 'create', tone: 'success', ...SPACE_CREATED_ALERT, showOn });

/** 'deleted': the space was deleted and the user switched to another one. */
export const showSpaceDeletedAlert = (): string =>
  showAlert({ kind: 'remove', tone: 'success', ...SPACE_DELETED_ALERT });

/** 'ownership transferred to {email}' (the former owner stays as a regular user). */
export const showOwnershipTransferredAlert = (email: string, showOn?: string): string =>
  showAlert({ kind: 'transfer', tone: 'success', ...ownershipTransferredAlert(email), showOn });

/** 'joined': new users see 'Welcome to {product}!'; with the space's name, a line names it. */
export const showJoinedAlert = (workspaceName?: string, showOn?: string): string =>
  showAlert({
    kind: 'join',
    tone: 'success',
    title: joinedWelcomeTitle(PRODUCT_NAME),
    description: workspaceName ? joinedSpaceDescription(workspaceName) : undefined,
    showOn,
  });

/** The invitation error: the finalisation message for the status and reason, else the generic text. */
export const showInvitationErrorAlert = (status: number, reason?: string | null): string =>
  showAlert({
    kind: 'join',
    tone: 'error',
    title: INVITATION_ERROR_TITLE,
    description: invitationErrorMessage(status, reason) ?? GENERIC_ERROR_ALERT.description,
  });

/** The generic banner 'Something went wrong.' / 'Please try again later.' of the given kind. */
export const showErrorAlert = (kind: AlertKind = 'error', description?: string): string =>
  showAlert({
    kind,
    tone: 'error',
    title: GENERIC_ERROR_ALERT.title,
    description: description ?? GENERIC_ERROR_ALERT.description,
  });

/** Test helper: forget the one-shot alerts and reload dismissals from localStorage. */
export function resetAlertStore(): void {
  setState({ alerts: [], dismissed: readDismissed() });
}
