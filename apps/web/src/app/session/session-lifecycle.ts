import { ACTIVITY_EXPIRY_MS, logoutDelayMs, refreshDelayMs } from '@mergedesk/domain/session/constants';
import { reconnectDelayMs } from '@mergedesk/domain/session/reconnect';
import { isApiErrorStatus } from '../../lib/api-client';
import {
  applySession,
  clearTimers,
  isTransient,
  setState,
  SIGNED_OUT,
  tokenUsable,
  type RefreshOutcome,
  type SessionCore,
} from './session-core';
import { endSession, expire } from './session-end';

/**
 * A session's life once it exists: the refresh and expiry timers (spec 000 §4 steps 3–4), the
 * refresh request, connecting (refresh + me request) and reconnecting while the server cannot be
 * reached (issue 6).
 */

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spec 000 §4 steps 3–4: the background refresh and the expiry timer. */
function armTimers(core: SessionCore): void {
  clearTimers(core);
  const { expiresAt } = core.state;
  if (expiresAt == null) return;
  core.refreshTimer = setTimeout(
    () => {
      core.refreshTimer = null;
      void refresh(core);
    },
    refreshDelayMs(expiresAt, core.deps.now()),
  );
  armLogoutTimer(core);
}

function armLogoutTimer(core: SessionCore): void {
  if (core.logoutTimer) clearTimeout(core.logoutTimer);
  const { expiresAt } = core.state;
  if (expiresAt == null) return;
  core.logoutTimer = setTimeout(
    () => {
      core.logoutTimer = null;
      void onLogoutTimer(core);
    },
    logoutDelayMs(expiresAt, core.deps.activity.getLastActivity(), core.deps.now()),
  );
}

async function onLogoutTimer(core: SessionCore): Promise<void> {
  const { expiresAt } = core.state;
  if (core.state.status !== 'signedIn' || expiresAt == null) return;
  const now = core.deps.now();
  const lastActivity = core.deps.activity.getLastActivity();
  // The person may have been active (in this or another tab) since the timer was armed.
  if (logoutDelayMs(expiresAt, lastActivity, now) > 0) {
    armLogoutTimer(core);
    return;
  }
  const idle = lastActivity != null && now >= lastActivity + ACTIVITY_EXPIRY_MS;
  // Not idle: the token itself is about to expire. The background refresh (due at the same
  // moment) keeps a working person signed in; only a refused refresh ends the session, and
  // one that cannot reach the server keeps it while reconnecting (issue 6).
  if (!idle) {
    // Already reconnecting (the background refresh failed a moment ago): that loop goes on.
    if (!core.reconnecting) await refresh(core);
    return;
  }
  await expire(core);
}

/** One refresh request, shared by concurrent callers; classifies its failure. */
function requestRefresh(core: SessionCore): Promise<RefreshOutcome> {
  if (core.refreshInFlight) return core.refreshInFlight;
  const startedAt = core.generation;
  core.refreshInFlight = core.deps
    .refreshToken(core.state.sessionId)
    .then(
      (session): RefreshOutcome => {
        if (startedAt !== core.generation) return 'stale';
        applySession(core, session);
        // A refresh re-arms both timers, so a person who keeps working stays signed in.
        if (core.state.status === 'signedIn') armTimers(core);
        return 'refreshed';
      },
      (error: unknown): RefreshOutcome => {
        if (startedAt !== core.generation) return 'stale';
        return isTransient(error) ? 'unavailable' : 'refused';
      },
    )
    .finally(() => {
      core.refreshInFlight = null;
    });
  return core.refreshInFlight;
}

/** See SessionController.refresh. */
export async function refresh(core: SessionCore): Promise<boolean> {
  const outcome = await requestRefresh(core);
  if (outcome === 'refreshed') return true;
  if (core.state.status === 'signedIn') {
    if (outcome === 'refused') await expire(core);
    if (outcome === 'unavailable') reconnect(core, { refreshFirst: true });
  }
  return false;
}

/** The person is signed in: the auth flag cookie, the timers (spec 000 §4 step 2). */
async function finishSignIn(core: SessionCore): Promise<boolean> {
  if (!core.deps.authFlag.set()) {
    await endSession(core, { error: { kind: 'cookie-error' }, revoke: true, notify: 'logout' });
    return false;
  }
  setState(core, { status: 'signedIn' });
  armTimers(core);
  return true;
}

/**
 * Gets (or keeps) a working session: refresh when asked or when the token is no longer usable,
 * then the profile (me) call. Transient failures are retried with growing pauses while the
 * session stays as it is ('reconnecting', issue 6); only a refusal or a missing account ends
 * it. Resolves true when the person is signed in, false when the session ended or was replaced.
 */
export async function connect(
  core: SessionCore,
  startedAt: number,
  options: { refreshFirst: boolean },
): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    if (attempt > 0) {
      if (core.state.connection !== 'reconnecting') setState(core, { connection: 'reconnecting' });
      await sleep(reconnectDelayMs(attempt - 1));
      if (startedAt !== core.generation) return false;
    }
    const wasSignedIn = core.state.status === 'signedIn';
    if (attempt === 0 ? options.refreshFirst : !tokenUsable(core)) {
      const outcome = await requestRefresh(core);
      if (outcome === 'stale' || startedAt !== core.generation) return false;
      if (outcome === 'unavailable') continue;
      if (outcome === 'refused') {
        // On load a refused refresh only means the auth flag outlived the session.
        if (wasSignedIn) await expire(core);
        else await endSession(core, {});
        return false;
      }
      if (!wasSignedIn && (!core.state.accessToken || !core.state.profile?.email)) {
        await endSession(core, { error: { kind: 'google' }, revoke: true });
        return false;
      }
    }
    const email = core.state.profile?.email ?? '';
    try {
      await core.deps.fetchCurrentUser();
    } catch (error) {
      if (startedAt !== core.generation) return false;
      if (isTransient(error)) continue;
      if (isApiErrorStatus(error, 404)) {
        await endSession(core, {
          error: { kind: 'no-user', email },
          revoke: true,
          navigateTo: wasSignedIn ? '/login' : undefined,
          notify: 'logout',
        });
      } else if (wasSignedIn) {
        await expire(core);
      } else {
        await endSession(core, { error: { kind: 'google' }, revoke: true });
      }
      return false;
    }
    if (startedAt !== core.generation) return false;
    if (!wasSignedIn && !(await finishSignIn(core))) return false;
    if (core.state.connection !== 'online') {
      setState(core, { connection: 'online' });
      core.deps.retryFailedQueries();
    }
    return true;
  }
}

/** Reconnects a signed-in session in the background (one loop at a time). */
function reconnect(core: SessionCore, options: { refreshFirst: boolean }): void {
  if (core.reconnecting || core.state.status !== 'signedIn') return;
  setState(core, { connection: 'reconnecting' });
  const startedAt = core.generation;
  core.reconnecting = (async () => {
    await sleep(reconnectDelayMs(0));
    if (startedAt === core.generation) await connect(core, startedAt, options);
  })().finally(() => {
    core.reconnecting = null;
  });
}

/** See SessionController.start. */
export function start(core: SessionCore, options: { skipRefresh?: boolean } = {}): Promise<void> {
  const { deps } = core;
  core.started ??= (async () => {
    if (!deps.activity.isAvailable()) setState(core, { error: { kind: 'incognito-mode' } });
    // Without the auth flag there is no session to restore: skip the refresh request (it would
    // only answer 401), e.g. for recipients opening /unsubscribed.
    if (options.skipRefresh || !deps.authFlag.isSet()) {
      if (core.state.status === 'loading' && !core.callback) setState(core, { status: 'signedOut' });
      return;
    }
    // Opening the dashboard counts as activity: the 15-minute idle logout is for an open, idle page.
    deps.activity.recordActivity(deps.now());
    await connect(core, core.generation, { refreshFirst: true });
  })();
  return core.started;
}

/** See SessionController.handleCurrentUserError. */
export async function handleCurrentUserError(core: SessionCore, error: unknown): Promise<void> {
  if (core.state.status !== 'signedIn') return;
  if (isTransient(error)) {
    reconnect(core, { refreshFirst: !tokenUsable(core) });
    return;
  }
  if (isApiErrorStatus(error, 404)) {
    await endSession(core, {
      error: { kind: 'no-user', email: core.state.profile?.email ?? '' },
      revoke: true,
      navigateTo: '/login',
      notify: 'logout',
    });
    return;
  }
  await expire(core);
}

/**
 * Another tab signed in (issue 6): this tab takes the session of the shared refresh cookie.
 * A tab that showed another person's data starts again from the default page.
 */
export async function adoptSignIn(core: SessionCore, sessionId: string): Promise<void> {
  if (core.state.sessionId === sessionId) return;
  const previousEmail = core.state.status === 'signedIn' ? (core.state.profile?.email ?? null) : null;
  core.generation += 1;
  const startedAt = core.generation;
  clearTimers(core);
  core.callback = null;
  setState(core, { status: 'loading', ...SIGNED_OUT, error: null, connection: 'online' });
  core.deps.clearCaches();
  if (!(await connect(core, startedAt, { refreshFirst: true }))) return;
  if (previousEmail !== null && previousEmail !== core.state.profile?.email) await core.deps.navigate('/');
}
