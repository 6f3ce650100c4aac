import type { AuthSession, GrantResponse, TokenResponse } from '@mergedesk/domain/api/auth';
import type { CurrentUser } from '@mergedesk/domain/api/users';
import type { TrackedEvent } from '../../lib/analytics';
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
