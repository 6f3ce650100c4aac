import { clearTimers, createSessionCore, setState } from './session-core';
import { endSession } from './session-end';
import { adoptSignIn, handleCurrentUserError, refresh, start } from './session-lifecycle';
import { completeComposeGrant, runSignInCallback } from './session-sign-in';
import type { SessionController, SessionDependencies } from './session-types';
import type { SignInOptions } from '../../lib/session-context';

/**
 * The session of spec 000 §4 as a plain object with timers (session-types.ts). Its pieces share
 * one SessionCore: the lifecycle (timers, refresh, reconnecting: session-lifecycle.ts), the end
 * of a session (session-end.ts) and the sign-in callbacks (session-sign-in.ts).
 */
export function createSessionController(deps: SessionDependencies): SessionController {
  const core = createSessionCore(deps);

  const unsubscribeSync = deps.sync.subscribe((message) => {
    if (message.type === 'signed-in') {
      void adoptSignIn(core, message.sessionId);
      return;
    }
    if (core.state.status === 'signedOut') return;
    // Another tab signed out or expired: follow it to /login, keeping this tab's page.
    void endSession(core, {
      error: message.reason === 'expired' ? { kind: 'session-expired' } : null,
      navigateTo: 'login-with-continue',
    });
  });

  const signIn = (options: SignInOptions = {}) => {
    deps.assignLocation(deps.signInUrl(options));
  };

  return {
    getState: () => core.state,
    subscribe(listener) {
      core.listeners.add(listener);
      return () => core.listeners.delete(listener);
    },
    start: (options) => start(core, options),
    completeSignIn(params) {
      // The code is single-use: a second call for the same code (React StrictMode) shares the first.
      if (params.code && core.callback?.code === params.code) return core.callback.result;
      const result = runSignInCallback(core, params);
      if (params.code) core.callback = { code: params.code, result };
      return result;
    },
    refresh: () => refresh(core),
    handleCurrentUserError: (error) => handleCurrentUserError(core, error),
    signIn,
    logout: () => endSession(core, { revoke: true, navigateTo: '/login', notify: 'logout' }),
    async switchAccount(options) {
      // Spec 000 §4: switching account first clears the session and both timers.
      await endSession(core, { revoke: true, notify: 'logout' });
      signIn(options);
    },
    requestComposePermission(continuePath) {
      // Its own round trip (issue 9): the provider's answer is added to this session or refused;
      // it never signs in, so cancelling or picking another account cannot end or switch it.
      signIn({
        grant: 'compose',
        continue: continuePath ?? deps.currentPath(),
        loginHint: core.state.profile?.email,
      });
    },
    completeComposeGrant: (params) => completeComposeGrant(core, params),
    clearError: () => setState(core, { error: null }),
    dispose() {
      core.generation += 1;
      clearTimers(core);
      unsubscribeSync();
    },
  };
}
