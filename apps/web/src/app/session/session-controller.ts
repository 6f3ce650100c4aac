import type { AuthSession, GrantResponse, TokenResponse } from '@mergedesk/domain/api/auth';
import { WRONG_ACCOUNT_REASON } from '@mergedesk/domain/session/compose-grant';
import type { CurrentUser } from '@mergedesk/domain/api/users';
import {
  ACTIVITY_EXPIRY_MS,
  logoutDelayMs,
  refreshDelayMs,
  SESSION_TIMER_LEAD_MS,
} from '@mergedesk/domain/session/constants';
import { isTransientFailure, reconnectDelayMs } from '@mergedesk/domain/session/reconnect';
import { ApiError, isApiErrorStatus } from '../../lib/api-client';
import type { TrackedEvent } from '../../lib/analytics';
import { safeContinuePath, signInDestination } from '@mergedesk/domain/session/continue-path';
import type {
  ComposeGrantResult,
  SessionConnection,
  SessionError,
  SessionProfile,
  SessionStatus,
  SignInCallbackParams,
  SignInCallbackResult,
  SignInOptions,
} from '../../lib/session-context';

/**
 * The session of spec 000 §4 ("Session", "Sign-in", "The me request") as a plain object with
 * timers, independent of React so it can be tested with fake timers.
 *
 * Credentials: the access token, session id, expiry, profile and scopes live only in this
 * object's memory — never in storage a page script could read later. The refresh credential is
 * the server's httpOnly cookie. Local storage holds only the login time and the last activity
 * time (docs/decisions/004-where-credentials-live.md).
 */
export type SessionState = {
  status: SessionStatus;
  accessToken: string | null;
  sessionId: string | null;
  /** Expiry of the access token in milliseconds since the epoch (the API answers seconds). */
  expiresAt: number | null;
  profile: SessionProfile | null;
  scopes: string[];
  error: SessionError | null;
  /** 'reconnecting' while refresh or profile calls fail for reasons that are no sign-out. */
  connection: SessionConnection;
};

/**
 * What the tabs of one browser tell each other (issue 6): a sign-out (logout, switch account,
 * expiry) and a sign-in. They share the refresh cookie, so one tab's change is every tab's.
 */
export type SessionSyncMessage =
  { type: 'signed-out'; reason: 'logout' | 'expired' } | { type: 'signed-in'; sessionId: string };

export type SessionSync = {
  publish: (message: SessionSyncMessage) => void;
  /** Messages of the other tabs (never this tab's own). Returns the unsubscribe function. */
  subscribe: (listener: (message: SessionSyncMessage) => void) => () => void;
};

/** Everything the controller needs from the outside world; the provider wires the real ones. */
export type SessionDependencies = {
  exchangeCode(input: { code: string; state: string; iss?: string }): Promise<TokenResponse>;
  /** POST /api/v1/auth/grant: adds a permission round trip's scope to the signed-in session. */
  grantPermission(input: { code: string; state: string; iss?: string }): Promise<GrantResponse>;
  refreshToken(sessionId: string | null): Promise<AuthSession>;
  revoke(input: { sessionId: string; accessToken: string }): Promise<void>;
  /** Creates the account; resolves when it exists (an existing account is fine). */
  ensureUser(email: string): Promise<void>;
  /** The me request with its retry rules (features/users getCurrentUserQueryOptions). */
  fetchCurrentUser(): Promise<CurrentUser>;
  /** Empties the query cache and the in-memory stores. */
  clearCaches(): void;
  /** Loads again what failed while the connection was lost. */
  retryFailedQueries(): void;
  /** Client-side navigation; resolves when the new page is shown. */
  navigate(to: string): void | Promise<void>;
  /** Full-page navigation (sign-in goes to the API, then to the provider). */
  assignLocation(url: string): void;
  signInUrl(options: SignInOptions): string;
  /** Current path + query, for continue parameters. */
  currentPath(): string;
  track(event: TrackedEvent): void;
  now(): number;
  activity: ActivityStore;
  authFlag: AuthFlag;
  sync: SessionSync;
};

/** Local-storage marks of spec 000 §9: the login timestamp and the last activity time. */
export type ActivityStore = {
  isAvailable: () => boolean;
  getLastActivity: () => number | null;
  recordActivity: (at: number) => void;
  recordLogin: (at: number) => void;
  clear: () => void;
};

/** The plain auth flag cookie (spec 000 §4 step 2, §9): "a session probably exists". */
export type AuthFlag = {
  isSet: () => boolean;
  /** false when the browser refused the cookie */
  set: () => boolean;
  remove: () => void;
};

export type SessionController = {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** On load: restores the session from the refresh cookie when there is one. Idempotent. */
  start: (options?: { skipRefresh?: boolean }) => Promise<void>;
  completeSignIn: (params: SignInCallbackParams) => Promise<SignInCallbackResult>;
  /**
   * Refreshes the access token; true when a new one is in place. Concurrent calls share one
   * request. A refusal (401) ends the session; a transient failure starts reconnecting.
   */
  refresh: () => Promise<boolean>;
  /**
   * A final failure of a later me request (spec 000 §4): 404 → 'no-user'; a transient failure
   * (network, 429, 5xx) reconnects; anything else ends the session.
   */
  handleCurrentUserError: (error: unknown) => Promise<void>;
  signIn: (options?: SignInOptions) => void;
  logout: () => Promise<void>;
  /** Ends this session, then signs in again (with another account); options as for signIn. */
  switchAccount: (options?: SignInOptions) => Promise<void>;
  requestComposePermission: (continuePath?: string) => void;
  /** /auth/callback of a permission round trip (issue 9): adds the scope, never signs in. */
  completeComposeGrant: (params: SignInCallbackParams) => Promise<ComposeGrantResult>;
  clearError: () => void;
  /** Stops the timers (tests, hot reload). */
  dispose: () => void;
};

const SIGNED_OUT: Omit<SessionState, 'status' | 'error' | 'connection'> = {
  accessToken: null,
  sessionId: null,
  expiresAt: null,
  profile: null,
  scopes: [],
};

type RefreshOutcome = 'refreshed' | 'refused' | 'unavailable' | 'stale';

/** A failure that says nothing about the session: no answer, 408, 429 or 5xx (issue 6). */
const isTransient = (error: unknown): boolean =>
  !(error instanceof ApiError) || isTransientFailure(error.status);

export function createSessionController(deps: SessionDependencies): SessionController {
  let state: SessionState = { status: 'loading', ...SIGNED_OUT, error: null, connection: 'online' };
  const listeners = new Set<() => void>();
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let logoutTimer: ReturnType<typeof setTimeout> | null = null;
  let refreshInFlight: Promise<RefreshOutcome> | null = null;
  let reconnecting: Promise<void> | null = null;
  let started: Promise<void> | null = null;
  let callback: { code: string; result: Promise<SignInCallbackResult> } | null = null;
  // Bumped whenever the session is replaced or cleared: late answers of an older one are ignored.
  let generation = 0;

  const setState = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const clearTimers = () => {
    if (refreshTimer) clearTimeout(refreshTimer);
    if (logoutTimer) clearTimeout(logoutTimer);
    refreshTimer = null;
    logoutTimer = null;
  };

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  const applySession = (session: AuthSession) => {
    setState({
      accessToken: session.accessToken,
      sessionId: session.sessionId,
      expiresAt: session.expiresAt * 1000,
      profile: session.profile,
      scopes: session.scopes,
    });
  };

  /** Spec 000 §4 steps 3–4: the background refresh and the expiry timer. */
  const armTimers = () => {
    clearTimers();
    const { expiresAt } = state;
    if (expiresAt == null) return;
    refreshTimer = setTimeout(
      () => {
        refreshTimer = null;
        void refresh();
      },
      refreshDelayMs(expiresAt, deps.now()),
    );
    armLogoutTimer();
  };

  const armLogoutTimer = () => {
    if (logoutTimer) clearTimeout(logoutTimer);
    const { expiresAt } = state;
    if (expiresAt == null) return;
    logoutTimer = setTimeout(
      () => {
        logoutTimer = null;
        void onLogoutTimer();
      },
      logoutDelayMs(expiresAt, deps.activity.getLastActivity(), deps.now()),
    );
  };

  const onLogoutTimer = async () => {
    const { expiresAt } = state;
    if (state.status !== 'signedIn' || expiresAt == null) return;
    const now = deps.now();
    const lastActivity = deps.activity.getLastActivity();
    // The person may have been active (in this or another tab) since the timer was armed.
    if (logoutDelayMs(expiresAt, lastActivity, now) > 0) {
      armLogoutTimer();
      return;
    }
    const idle = lastActivity != null && now >= lastActivity + ACTIVITY_EXPIRY_MS;
    // Not idle: the token itself is about to expire. The background refresh (due at the same
    // moment) keeps a working person signed in; only a refused refresh ends the session, and
    // one that cannot reach the server keeps it while reconnecting (issue 6).
    if (!idle) {
      // Already reconnecting (the background refresh failed a moment ago): that loop goes on.
      if (!reconnecting) await refresh();
      return;
    }
    await expire();
  };

  /** One refresh request, shared by concurrent callers; classifies its failure. */
  const requestRefresh = (): Promise<RefreshOutcome> => {
    if (refreshInFlight) return refreshInFlight;
    const startedAt = generation;
    refreshInFlight = deps
      .refreshToken(state.sessionId)
      .then(
        (session): RefreshOutcome => {
          if (startedAt !== generation) return 'stale';
          applySession(session);
          // A refresh re-arms both timers, so a person who keeps working stays signed in.
          if (state.status === 'signedIn') armTimers();
          return 'refreshed';
        },
        (error: unknown): RefreshOutcome => {
          if (startedAt !== generation) return 'stale';
          return isTransient(error) ? 'unavailable' : 'refused';
        },
      )
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  };

  const refresh = async (): Promise<boolean> => {
    const outcome = await requestRefresh();
    if (outcome === 'refreshed') return true;
    if (state.status === 'signedIn') {
      if (outcome === 'refused') await expire();
      if (outcome === 'unavailable') reconnect({ refreshFirst: true });
    }
    return false;
  };

  type EndSessionOptions = {
    error?: SessionError | null;
    revoke?: boolean;
    navigateTo?: '/login' | 'login-with-continue';
    /** Tell the other tabs (not when this tab only follows another one). */
    notify?: 'logout' | 'expired';
  };

  /** Logging out (spec 000 §4 step 5): timers, revoke, stores, auth cookie, then /login. */
  const endSession = async ({ error = null, revoke = false, navigateTo, notify }: EndSessionOptions) => {
    const { accessToken, sessionId } = state;
    const returnTo = navigateTo === 'login-with-continue' ? safeContinuePath(deps.currentPath()) : null;
    generation += 1;
    clearTimers();
    callback = null;
    deps.authFlag.remove();
    deps.activity.clear();
    if (notify) deps.sync.publish({ type: 'signed-out', reason: notify });
    if (navigateTo) {
      // 'loading' while going to /login: the auth guard of the page being left would otherwise
      // redirect to /login?continue=<that page> first, racing this navigation.
      setState({ status: 'loading', connection: 'online' });
      await deps.navigate(
        returnTo && returnTo !== '/' ? `/login?continue=${encodeURIComponent(returnTo)}` : '/login',
      );
    }
    setState({ status: 'signedOut', ...SIGNED_OUT, error, connection: 'online' });
    deps.clearCaches();
    if (revoke && accessToken && sessionId) {
      await deps.revoke({ sessionId, accessToken }).catch(() => {
        // The server session ends on its own; nothing more to do for the person.
      });
    }
  };

  /** Spec 000 §4 step 4: the session expired (idle, or the server refused the refresh). */
  const expire = () =>
    endSession({
      error: { kind: 'session-expired' },
      revoke: true,
      navigateTo: 'login-with-continue',
      notify: 'expired',
    });

  /** The person is signed in: the auth flag cookie, the timers (spec 000 §4 step 2). */
  const finishSignIn = async (): Promise<boolean> => {
    if (!deps.authFlag.set()) {
      await endSession({ error: { kind: 'cookie-error' }, revoke: true, notify: 'logout' });
      return false;
    }
    setState({ status: 'signedIn' });
    armTimers();
    return true;
  };

  const tokenUsable = () =>
    state.accessToken != null &&
    state.expiresAt != null &&
    state.expiresAt - SESSION_TIMER_LEAD_MS > deps.now();

  /**
   * Gets (or keeps) a working session: refresh when asked or when the token is no longer usable,
   * then the profile (me) call. Transient failures are retried with growing pauses while the
   * session stays as it is ('reconnecting', issue 6); only a refusal or a missing account ends
   * it. Resolves true when the person is signed in, false when the session ended or was replaced.
   */
  const connect = async (startedAt: number, options: { refreshFirst: boolean }): Promise<boolean> => {
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 0) {
        if (state.connection !== 'reconnecting') setState({ connection: 'reconnecting' });
        await sleep(reconnectDelayMs(attempt - 1));
        if (startedAt !== generation) return false;
      }
      const wasSignedIn = state.status === 'signedIn';
      if (attempt === 0 ? options.refreshFirst : !tokenUsable()) {
        const outcome = await requestRefresh();
        if (outcome === 'stale' || startedAt !== generation) return false;
        if (outcome === 'unavailable') continue;
        if (outcome === 'refused') {
          // On load a refused refresh only means the auth flag outlived the session.
          if (wasSignedIn) await expire();
          else await endSession({});
          return false;
        }
        if (!wasSignedIn && (!state.accessToken || !state.profile?.email)) {
          await endSession({ error: { kind: 'google' }, revoke: true });
          return false;
        }
      }
      const email = state.profile?.email ?? '';
      try {
        await deps.fetchCurrentUser();
      } catch (error) {
        if (startedAt !== generation) return false;
        if (isTransient(error)) continue;
        if (isApiErrorStatus(error, 404)) {
          await endSession({
            error: { kind: 'no-user', email },
            revoke: true,
            navigateTo: wasSignedIn ? '/login' : undefined,
            notify: 'logout',
          });
        } else if (wasSignedIn) {
          await expire();
        } else {
          await endSession({ error: { kind: 'google' }, revoke: true });
        }
        return false;
      }
      if (startedAt !== generation) return false;
      if (!wasSignedIn && !(await finishSignIn())) return false;
      if (state.connection !== 'online') {
        setState({ connection: 'online' });
        deps.retryFailedQueries();
      }
      return true;
    }
  };

  /** Reconnects a signed-in session in the background (one loop at a time). */
  const reconnect = (options: { refreshFirst: boolean }) => {
    if (reconnecting || state.status !== 'signedIn') return;
    setState({ connection: 'reconnecting' });
    const startedAt = generation;
    reconnecting = (async () => {
      await sleep(reconnectDelayMs(0));
      if (startedAt === generation) await connect(startedAt, options);
    })().finally(() => {
      reconnecting = null;
    });
  };

  const start = (options: { skipRefresh?: boolean } = {}): Promise<void> => {
    started ??= (async () => {
      if (!deps.activity.isAvailable()) setState({ error: { kind: 'incognito-mode' } });
      // Without the auth flag there is no session to restore: skip the refresh request (it would
      // only answer 401), e.g. for recipients opening /unsubscribed.
      if (options.skipRefresh || !deps.authFlag.isSet()) {
        if (state.status === 'loading' && !callback) setState({ status: 'signedOut' });
        return;
      }
      // Opening the dashboard counts as activity: the 15-minute idle logout is for an open, idle page.
      deps.activity.recordActivity(deps.now());
      await connect(generation, { refreshFirst: true });
    })();
    return started;
  };

  /**
   * Another tab signed in (issue 6): this tab takes the session of the shared refresh cookie.
   * A tab that showed another person's data starts again from the default page.
   */
  const adoptSignIn = async (sessionId: string) => {
    if (state.sessionId === sessionId) return;
    const previousEmail = state.status === 'signedIn' ? (state.profile?.email ?? null) : null;
    generation += 1;
    const startedAt = generation;
    clearTimers();
    callback = null;
    setState({ status: 'loading', ...SIGNED_OUT, error: null, connection: 'online' });
    deps.clearCaches();
    if (!(await connect(startedAt, { refreshFirst: true }))) return;
    if (previousEmail !== null && previousEmail !== state.profile?.email) await deps.navigate('/');
  };

  const unsubscribeSync = deps.sync.subscribe((message) => {
    if (message.type === 'signed-in') {
      void adoptSignIn(message.sessionId);
      return;
    }
    if (state.status === 'signedOut') return;
    // Another tab signed out or expired: follow it to /login, keeping this tab's page.
    void endSession({
      error: message.reason === 'expired' ? { kind: 'session-expired' } : null,
      navigateTo: 'login-with-continue',
    });
  });

  const runCallback = async (params: SignInCallbackParams): Promise<SignInCallbackResult> => {
    if (params.error || !params.code || !params.state) {
      const cancelled = params.error === 'access_denied';
      if (state.status !== 'signedIn') {
        setState({ status: 'signedOut', error: cancelled ? null : { kind: 'google' } });
      }
      return { ok: false, notice: cancelled ? 'access-denied' : null };
    }
    generation += 1;
    const startedAt = generation;
    clearTimers();
    setState({ status: 'loading', ...SIGNED_OUT, error: null, connection: 'online' });
    let tokens: TokenResponse;
    try {
      tokens = await deps.exchangeCode({
        code: params.code,
        state: params.state,
        ...(params.iss ? { iss: params.iss } : {}),
      });
    } catch {
      if (startedAt === generation) setState({ status: 'signedOut', error: { kind: 'google' } });
      return { ok: false, notice: null };
    }
    if (startedAt !== generation) return { ok: false, notice: null };
    if (!tokens.accessToken || !tokens.sessionId || !tokens.profile?.email) {
      setState({ status: 'signedOut', error: { kind: 'google' } });
      return { ok: false, notice: null };
    }
    applySession(tokens);
    const now = deps.now();
    deps.activity.recordLogin(now);
    deps.activity.recordActivity(now);
    deps.track({ event_type: 'webapp_login_request', message: 'success' });

    if (tokens.intent.createAccount) {
      try {
        await deps.ensureUser(tokens.profile.email);
      } catch {
        if (startedAt === generation)
          await endSession({ error: { kind: 'can-not-create-user' }, revoke: true });
        return { ok: false, notice: null };
      }
      if (startedAt !== generation) return { ok: false, notice: null };
    }
    if (!(await connect(startedAt, { refreshFirst: false }))) {
      // The 'no-user' state keeps where the person was going (e.g. an invitation link).
      const continuePath = safeContinuePath(tokens.intent.continue);
      return { ok: false, notice: null, ...(continuePath ? { continue: continuePath } : {}) };
    }
    deps.sync.publish({ type: 'signed-in', sessionId: tokens.sessionId });
    deps.track({ event_type: 'webapp_login_request_successful', message: 'success' });

    return { ok: true, destination: signInDestination(tokens.intent) };
  };

  const signIn = (options: SignInOptions = {}) => {
    deps.assignLocation(deps.signInUrl(options));
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    completeSignIn(params) {
      // The code is single-use: a second call for the same code (React StrictMode) shares the first.
      if (params.code && callback?.code === params.code) return callback.result;
      const result = runCallback(params);
      if (params.code) callback = { code: params.code, result };
      return result;
    },
    refresh,
    async handleCurrentUserError(error) {
      if (state.status !== 'signedIn') return;
      if (isTransient(error)) {
        reconnect({ refreshFirst: !tokenUsable() });
        return;
      }
      if (isApiErrorStatus(error, 404)) {
        await endSession({
          error: { kind: 'no-user', email: state.profile?.email ?? '' },
          revoke: true,
          navigateTo: '/login',
          notify: 'logout',
        });
        return;
      }
      await expire();
    },
    signIn,
    logout: () => endSession({ revoke: true, navigateTo: '/login', notify: 'logout' }),
    async switchAccount(options) {
      // Spec 000 §4: switching account first clears the session and both timers.
      await endSession({ revoke: true, notify: 'logout' });
      signIn(options);
    },
    requestComposePermission(continuePath) {
      // Its own round trip (issue 9): the provider's answer is added to this session or refused;
      // it never signs in, so cancelling or picking another account cannot end or switch it.
      signIn({
        grant: 'compose',
        continue: continuePath ?? deps.currentPath(),
        loginHint: state.profile?.email,
      });
    },
    async completeComposeGrant(params) {
      if (params.error || !params.code || !params.state) {
        return { outcome: params.error === 'access_denied' ? 'cancelled' : 'failed' };
      }
      if (state.status !== 'signedIn') return { outcome: 'failed' };
      try {
        const result = await deps.grantPermission({
          code: params.code,
          state: params.state,
          ...(params.iss ? { iss: params.iss } : {}),
        });
        setState({ scopes: result.scopes });
        return { outcome: 'granted', continue: safeContinuePath(result.intent.continue) };
      } catch (error) {
        const wrongAccount = error instanceof ApiError && error.reason === WRONG_ACCOUNT_REASON;
        return { outcome: wrongAccount ? 'wrong-account' : 'failed' };
      }
    },
    clearError: () => setState({ error: null }),
    dispose() {
      generation += 1;
      clearTimers();
      unsubscribeSync();
    },
  };
}
