import { createContext, useContext } from 'react';
import type { SessionErrorKind } from '@mergedesk/domain/session/errors';
import type { GrantOutcome } from '@mergedesk/domain/session/compose-grant';

/**
 * The session as the rest of the web app sees it. The provider and its controller live in
 * app/session (they compose the auth and users features); the context and its types live here
 * so that features — which may import only lib/ and components/ — can read the session too.
 */
export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

/**
 * 'reconnecting' while the session cannot reach the server (network, 429, 5xx): the person stays
 * signed in and the app retries with growing pauses (issue 6).
 */
export type SessionConnection = 'online' | 'reconnecting';

export type SessionProfile = { name: string; email: string; picture: string | null };

/** Spec 000 §8 session errors; 'no-user' carries the e-mail of the Google identity. */
export type SessionError =
  { kind: Exclude<SessionErrorKind, 'no-user'> } | { kind: 'no-user'; email: string };

export type SignInOptions = {
  /** Path (and query) to land on after signing in. */
  continue?: string;
  createAccount?: boolean;
  redirectToBilling?: boolean;
  /** 'compose' adds the Gmail compose permission (spec 000 §4 "Sign-in"). */
  scope?: 'compose';
  /** Not a sign-in: adds the permission to the signed-in session (issue 9, session/compose-grant). */
  grant?: 'compose';
  /** E-mail to preselect in the provider's account chooser. */
  loginHint?: string;
};

/** The query of /auth/callback. */
export type SignInCallbackParams = {
  code: string | null;
  state: string | null;
  iss?: string | null;
  error: string | null;
};

/** How a permission round trip ended: granted (and where to go on), or why not. */
export type ComposeGrantResult = { outcome: 'granted'; continue: string | null } | { outcome: GrantOutcome };

export type SignInCallbackResult =
  { ok: true; destination: string } | { ok: false; notice: 'access-denied' | null; continue?: string };

export type SessionContextValue = {
  status: SessionStatus;
  connection: SessionConnection;
  accessToken: string | null;
  sessionId: string | null;
  profile: SessionProfile | null;
  scopes: string[];
  error: SessionError | null;
  signIn: (options?: SignInOptions) => void;
  logout: () => Promise<void>;
  /** Ends this session, then signs in again (e.g. `continue` back to an invitation). */
  switchAccount: (options?: SignInOptions) => Promise<void>;
  requestComposePermission: (continuePath?: string) => void;
  clearError: () => void;
  /** Used by /auth/callback: exchanges the code, creates the account if asked, loads the user. */
  completeSignIn: (params: SignInCallbackParams) => Promise<SignInCallbackResult>;
  /** Used by /auth/callback for a permission round trip: adds the permission, never signs in. */
  completeComposeGrant: (params: SignInCallbackParams) => Promise<ComposeGrantResult>;
};

/** Exported so tests can provide a hand-made session: `<SessionContext value={...}>`. */
export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

// ---------------------------------------------------------------------------------------------
// The refresh bridge: the me request (features/users) refreshes the session on a 401 (spec 000
// §4 "The me request") without importing app/. The session controller registers the handler.
// ---------------------------------------------------------------------------------------------

let refreshHandler: (() => Promise<boolean>) | null = null;

export function setSessionRefreshHandler(handler: (() => Promise<boolean>) | null): void {
  refreshHandler = handler;
}

/** Refreshes the access token; true when a new one is in place. */
export function refreshSession(): Promise<boolean> {
  return refreshHandler ? refreshHandler() : Promise.resolve(false);
}
