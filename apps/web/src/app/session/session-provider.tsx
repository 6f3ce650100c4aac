import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiErrorStatus, setAccessTokenProvider } from '../../lib/api-client';
import {
  SessionContext,
  setSessionRefreshHandler,
  type SessionContextValue,
} from '../../lib/session-context';
import type { SessionController } from './session-types';
import { queryKeys } from '../../lib/query-keys';
import { rememberGrantReturn } from '../../lib/compose-grant';

export type { SessionContextValue } from '../../lib/session-context';

/** Activity (pointer, keyboard) is written to local storage at most this often. */
const ACTIVITY_THROTTLE_MS = 10_000;

type SessionProviderProps = {
  controller: SessionController;
  /** Skip restoring the session from the refresh cookie (the /auth/callback page signs in itself). */
  skipRefresh?: boolean;
  /** Records pointer/keyboard activity for the 15-minute idle logout. */
  recordActivity?: (at: number) => void;
  children: ReactNode;
};

/**
 * Hands the API client the session's access token and refresh, and restores the session from the
 * refresh cookie (once: `start` is idempotent). main.tsx calls it before React's first render, so
 * the refresh request leaves while the first render runs instead of after it (issue 11); the
 * provider calls it again when it mounts (tests, a provider without main.tsx).
 */
export function connectSession(
  controller: SessionController,
  options: { skipRefresh: boolean },
): Promise<void> {
  setAccessTokenProvider(() => controller.getState().accessToken);
  setSessionRefreshHandler(() => controller.refresh());
  return controller.start(options);
}

/** Provides `useSession()`: the in-memory session of spec 000 §4 driven by `controller`. */
export function SessionProvider({
  controller,
  skipRefresh = false,
  recordActivity,
  children,
}: SessionProviderProps) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const queryClient = useQueryClient();

  useEffect(() => {
    void connectSession(controller, { skipRefresh });
    return () => {
      setSessionRefreshHandler(null);
    };
  }, [controller, skipRefresh]);

  // Spec 000 §4 "The me request": a later me request that fails for good is handed to the
  // session (404 → 'no-user', a transient failure → reconnecting, else the session ends). Any
  // other call answered 401 refreshes the session: a refused refresh sends this tab to /login
  // (the session ended elsewhere) instead of leaving it showing errors (issue 6).
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const error: unknown = event.action.error;
        const queryKey = event.query.queryKey as readonly unknown[];
        if (queryKey[0] === queryKeys.currentUser()[0]) {
          void controller.handleCurrentUserError(error);
          return;
        }
        if (!isApiErrorStatus(error, 401) || controller.getState().status !== 'signedIn') return;
        void controller.refresh().then((refreshed) => {
          if (refreshed) void queryClient.invalidateQueries({ queryKey, exact: true });
        });
      }),
    [queryClient, controller],
  );

  // Spec 000 §4 step 4: the activity time behind the 15-minute idle logout.
  useEffect(() => {
    if (state.status !== 'signedIn' || !recordActivity) return;
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      recordActivity(now);
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      for (const name of events) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [state.status, recordActivity]);

  const value = useMemo<SessionContextValue>(
    () => ({
      status: state.status,
      connection: state.connection,
      accessToken: state.accessToken,
      sessionId: state.sessionId,
      profile: state.profile,
      scopes: state.scopes,
      error: state.error,
      signIn: controller.signIn,
      logout: controller.logout,
      switchAccount: controller.switchAccount,
      requestComposePermission: (continuePath) => {
        // A cancelled permission round trip comes back without the server: remember the page.
        rememberGrantReturn(continuePath ?? `${window.location.pathname}${window.location.search}`);
        controller.requestComposePermission(continuePath);
      },
      clearError: controller.clearError,
      completeSignIn: controller.completeSignIn,
      completeComposeGrant: controller.completeComposeGrant,
    }),
    [state, controller],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
