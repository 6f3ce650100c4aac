import type { AuthSession } from '@mergedesk/domain/api/auth';
import { SESSION_TIMER_LEAD_MS } from '@mergedesk/domain/session/constants';
import { isTransientFailure } from '@mergedesk/domain/session/reconnect';
import { ApiError } from '../../lib/api-client';
import type { SignInCallbackResult } from '../../lib/session-context';
import type { SessionDependencies, SessionState } from './session-types';

export type RefreshOutcome = 'refreshed' | 'refused' | 'unavailable' | 'stale';

/**
 * The session controller's mutable insides, shared by its pieces: the lifecycle
 * (session-lifecycle.ts), the end of a session (session-end.ts) and the sign-in callbacks
 * (session-sign-in.ts). Only those pieces and session-controller.ts touch it.
 */
export type SessionCore = {
  readonly deps: SessionDependencies;
  state: SessionState;
  readonly listeners: Set<() => void>;
  refreshTimer: ReturnType<typeof setTimeout> | null;
  logoutTimer: ReturnType<typeof setTimeout> | null;
  refreshInFlight: Promise<RefreshOutcome> | null;
  reconnecting: Promise<void> | null;
  started: Promise<void> | null;
  callback: { code: string; result: Promise<SignInCallbackResult> } | null;
  /** Bumped whenever the session is replaced or cleared: late answers of an older one are ignored. */
  generation: number;
};

export const SIGNED_OUT: Omit<SessionState, 'status' | 'error' | 'connection'> = {
  accessToken: null,
  sessionId: null,
  expiresAt: null,
  profile: null,
  scopes: [],
};

export function createSessionCore(deps: SessionDependencies): SessionCore {
  return {
    deps,
    state: { status: 'loading', ...SIGNED_OUT, error: null, connection: 'online' },
    listeners: new Set(),
    refreshTimer: null,
    logoutTimer: null,
    refreshInFlight: null,
    reconnecting: null,
    started: null,
    callback: null,
    generation: 0,
  };
}

export function setState(core: SessionCore, patch: Partial<SessionState>): void {
  core.state = { ...core.state, ...patch };
  for (const listener of core.listeners) listener();
}

export function clearTimers(core: SessionCore): void {
  if (core.refreshTimer) clearTimeout(core.refreshTimer);
  if (core.logoutTimer) clearTimeout(core.logoutTimer);
  core.refreshTimer = null;
  core.logoutTimer = null;
}

export function applySession(core: SessionCore, session: AuthSession): void {
  setState(core, {
    accessToken: session.accessToken,
    sessionId: session.sessionId,
    expiresAt: session.expiresAt * 1000,
    profile: session.profile,
    scopes: session.scopes,
  });
}

export function tokenUsable(core: SessionCore): boolean {
  const { accessToken, expiresAt } = core.state;
  return accessToken != null && expiresAt != null && expiresAt - SESSION_TIMER_LEAD_MS > core.deps.now();
}

/** A failure that says nothing about the session: no answer, 408, 429 or 5xx (issue 6). */
export const isTransient = (error: unknown): boolean =>
  !(error instanceof ApiError) || isTransientFailure(error.status);
