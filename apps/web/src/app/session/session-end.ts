import { safeContinuePath } from '@mergedesk/domain/session/continue-path';
import type { SessionError } from '../../lib/session-context';
import { clearTimers, setState, SIGNED_OUT, type SessionCore } from './session-core';

type EndSessionOptions = {
  error?: SessionError | null;
  revoke?: boolean;
  navigateTo?: '/login' | 'login-with-continue';
  /** Tell the other tabs (not when this tab only follows another one). */
  notify?: 'logout' | 'expired';
};

/** Logging out (spec 000 §4 step 5): timers, revoke, stores, auth cookie, then /login. */
export async function endSession(
  core: SessionCore,
  { error = null, revoke = false, navigateTo, notify }: EndSessionOptions,
): Promise<void> {
  const { deps } = core;
  const { accessToken, sessionId } = core.state;
  const returnTo = navigateTo === 'login-with-continue' ? safeContinuePath(deps.currentPath()) : null;
  core.generation += 1;
  clearTimers(core);
  core.callback = null;
  deps.authFlag.remove();
  deps.activity.clear();
  if (notify) deps.sync.publish({ type: 'signed-out', reason: notify });
  if (navigateTo) {
    // 'loading' while going to /login: the auth guard of the page being left would otherwise
    // redirect to /login?continue=<that page> first, racing this navigation.
    setState(core, { status: 'loading', connection: 'online' });
    await deps.navigate(
      returnTo && returnTo !== '/' ? `/login?continue=${encodeURIComponent(returnTo)}` : '/login',
    );
  }
  setState(core, { status: 'signedOut', ...SIGNED_OUT, error, connection: 'online' });
  deps.clearCaches();
  if (revoke && accessToken && sessionId) {
    await deps.revoke({ sessionId, accessToken }).catch(() => {
      // The server session ends on its own; nothing more to do for the person.
    });
  }
}

/** Spec 000 §4 step 4: the session expired (idle, or the server refused the refresh). */
export const expire = (core: SessionCore): Promise<void> =>
  endSession(core, {
    error: { kind: 'session-expired' },
    revoke: true,
    navigateTo: 'login-with-continue',
    notify: 'expired',
  });
