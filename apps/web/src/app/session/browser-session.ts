import type { QueryClient } from '@tanstack/react-query';
import { AUTH_FLAG_COOKIE_DAYS, daysToSeconds } from '@mergedesk/domain/session/constants';
import { trackEvent } from '../../lib/analytics';
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies';
import { isLocalStorageAvailable, readNumber, removeStorage, writeStorage } from '../../lib/storage';
import { exchangeCode } from '../../features/auth/api/exchange-code';
import { grantPermission } from '../../features/auth/api/grant-permission';
import { refreshAuthSession } from '../../features/auth/api/refresh-session';
import { revokeSession } from '../../features/auth/api/revoke-session';
import { signInUrl } from '../../features/auth/api/sign-in-url';
import { ensureUserExists } from '../../features/users/api/create-user';
import { getCurrentUserQueryOptions } from '../../features/users/api/get-current-user';
import type { ActivityStore, AuthFlag, SessionDependencies, SessionSync } from './session-types';
import { createTabSync } from './tab-sync';

/**
 * The auth flag cookie of spec 000 §4 step 2: a plain, non-httpOnly marker meaning "this browser
 * probably has a session" (the credential itself is the server's httpOnly cookie). It carries no
 * secret; it lets the app skip the refresh request for visitors who never signed in.
 */
export const AUTH_FLAG_COOKIE = 'md_auth';

/** Spec 000 §9: "the login timestamp and tokens are kept in local storage" — we keep only the times. */
const LOGIN_AT_STORAGE_KEY = 'mergedesk.login-at';
const LAST_ACTIVITY_STORAGE_KEY = 'mergedesk.last-activity';

export const browserAuthFlag: AuthFlag = {
  isSet: () => readCookie(AUTH_FLAG_COOKIE) === '1',
  set: () =>
    writeCookie(AUTH_FLAG_COOKIE, '1', {
      maxAgeSeconds: daysToSeconds(AUTH_FLAG_COOKIE_DAYS),
      sameSite: 'Lax',
    }),
  remove: () => deleteCookie(AUTH_FLAG_COOKIE),
};

export const browserActivityStore: ActivityStore = {
  isAvailable: isLocalStorageAvailable,
  getLastActivity: () => readNumber(LAST_ACTIVITY_STORAGE_KEY),
  recordActivity: (at) => {
    writeStorage(LAST_ACTIVITY_STORAGE_KEY, String(at));
  },
  recordLogin: (at) => {
    writeStorage(LOGIN_AT_STORAGE_KEY, String(at));
  },
  clear: () => {
    removeStorage(LAST_ACTIVITY_STORAGE_KEY);
    removeStorage(LOGIN_AT_STORAGE_KEY);
  },
};

/** The real dependencies of the session controller in the browser. */
export function browserSessionDependencies(input: {
  queryClient: QueryClient;
  navigate: (to: string) => void | Promise<void>;
  /** How the tabs talk to each other; a BroadcastChannel (or storage events) by default. */
  sync?: SessionSync;
}): SessionDependencies {
  return {
    exchangeCode,
    grantPermission,
    refreshToken: refreshAuthSession,
    revoke: revokeSession,
    ensureUser: ensureUserExists,
    fetchCurrentUser: () => input.queryClient.fetchQuery(getCurrentUserQueryOptions()),
    clearCaches: () => input.queryClient.clear(),
    retryFailedQueries: () =>
      void input.queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' }),
    navigate: input.navigate,
    assignLocation: (url) => window.location.assign(url),
    signInUrl,
    currentPath: () => `${window.location.pathname}${window.location.search}`,
    track: trackEvent,
    now: () => Date.now(),
    activity: browserActivityStore,
    authFlag: browserAuthFlag,
    sync: input.sync ?? createTabSync(),
  };
}
