import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession, TokenResponse } from '@mergedesk/domain/api/auth';
import { ApiError } from '../../lib/api-client';
import { currentUser } from '../../test/fixtures';
import { createSessionController } from './session-controller';
import type { SessionDependencies, SessionSync, SessionSyncMessage } from './session-types';

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
const SESSION_ID = '11111111-1111-4111-8111-111111111111';
const PROFILE = { name: 'Olivia Owens', email: 'olivia@acme.test', picture: null };

/** A session whose access token expires `ttlSeconds` after now. */
const authSession = (ttlSeconds: number, token = 'token-1'): AuthSession => ({
  accessToken: token,
  idToken: 'id-token',
  sessionId: SESSION_ID,
  expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds,
  profile: PROFILE,
  scopes: ['openid', 'email', 'profile'],
});

const tokenResponse = (intent: Partial<TokenResponse['intent']> = {}, ttlSeconds = 3600): TokenResponse => ({
  ...authSession(ttlSeconds),
  intent: { createAccount: false, redirectToBilling: false, ...intent },
});

const notFound = () => new ApiError(404, { code: 'USER_NOT_FOUND', message: 'User not found', errors: [] });
const apiError = (status: number) => new ApiError(status, { code: String(status), message: 'x', errors: [] });

/** The tabs of one browser: what one publishes reaches the others (never itself). */
function createBus() {
  const tabs = new Set<(message: SessionSyncMessage) => void>();
  return {
    tab(): SessionSync {
      let own: ((message: SessionSyncMessage) => void) | null = null;
      return {
        publish: (message) => {
          for (const listener of tabs) if (listener !== own) listener(message);
        },
        subscribe: (listener) => {
          own = listener;
          tabs.add(listener);
          return () => tabs.delete(listener);
        },
      };
    },
  };
}

function setup(overrides: Partial<SessionDependencies> = {}) {
  let lastActivity: number | null = null;
  let flag = true;
  const deps = {
    exchangeCode: vi.fn(() => Promise.resolve(tokenResponse())),
    grantPermission: vi.fn(() =>
      Promise.resolve({
        scopes: ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/gmail.compose'],
        intent: { continue: '/x/y/templates?import=t1', createAccount: false, redirectToBilling: false },
      }),
    ),
    refreshToken: vi.fn(() => Promise.resolve(authSession(3600))),
    revoke: vi.fn(() => Promise.resolve()),
    ensureUser: vi.fn(() => Promise.resolve()),
    fetchCurrentUser: vi.fn(() => Promise.resolve(currentUser())),
    clearCaches: vi.fn(),
    retryFailedQueries: vi.fn(),
    navigate: vi.fn(),
    assignLocation: vi.fn(),
    signInUrl: vi.fn(
      (options: object) => `/api/v1/auth/authorize?${new URLSearchParams(Object.entries(options))}`,
    ),
    currentPath: vi.fn(() => '/acme/sales/mail-merges/sent?tab=1'),
    track: vi.fn(),
    now: () => Date.now(),
    activity: {
      isAvailable: () => true,
      getLastActivity: () => lastActivity,
      recordActivity: vi.fn((at: number) => {
        lastActivity = at;
      }),
      recordLogin: vi.fn(),
      clear: vi.fn(() => {
        lastActivity = null;
      }),
    },
    authFlag: {
      isSet: () => flag,
      set: vi.fn(() => {
        flag = true;
        return true;
      }),
      remove: vi.fn(() => {
        flag = false;
      }),
    },
    sync: createBus().tab(),
    ...overrides,
  } satisfies SessionDependencies;
  const controller = createSessionController(deps);
  return { deps, controller, setActivity: (at: number) => (lastActivity = at) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('restoring the session on load', () => {
  it('refreshes, loads the user, sets the auth flag and is signed in, with the expiry kept in milliseconds', async () => {
    const { deps, controller } = setup();
    await controller.start();
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
    expect(deps.fetchCurrentUser).toHaveBeenCalledTimes(1);
    expect(deps.authFlag.set).toHaveBeenCalledTimes(1);
    expect(controller.getState()).toMatchObject({
      status: 'signedIn',
      accessToken: 'token-1',
      sessionId: SESSION_ID,
      expiresAt: T0 + 3600 * 1000,
      profile: PROFILE,
    });
  });

  it('is signed out without asking the server when there is no auth flag', async () => {
    const { deps, controller } = setup();
    deps.authFlag.remove();
    await controller.start();
    expect(deps.refreshToken).not.toHaveBeenCalled();
    expect(controller.getState().status).toBe('signedOut');
  });

  it('clears the session when the refresh fails', async () => {
    const { deps, controller } = setup({
      refreshToken: vi.fn(() =>
        Promise.reject(new ApiError(401, { code: 'UNAUTHENTICATED', message: 'x', errors: [] })),
      ),
    });
    await controller.start();
    expect(controller.getState()).toMatchObject({ status: 'signedOut', accessToken: null, error: null });
    expect(deps.authFlag.remove).toHaveBeenCalled();
  });

  it("raises 'no-user' with the e-mail and clears the session when the me request answers 404", async () => {
    const { deps, controller } = setup({ fetchCurrentUser: vi.fn(() => Promise.reject(notFound())) });
    await controller.start();
    expect(controller.getState()).toMatchObject({
      status: 'signedOut',
      accessToken: null,
      error: { kind: 'no-user', email: 'olivia@acme.test' },
    });
    expect(deps.revoke).toHaveBeenCalledWith({ sessionId: SESSION_ID, accessToken: 'token-1' });
  });

  it("raises 'incognito-mode' when local storage cannot be used", async () => {
    const { deps, controller } = setup();
    deps.activity.isAvailable = () => false;
    await controller.start();
    expect(controller.getState().error).toEqual({ kind: 'incognito-mode' });
  });
});

describe('session timers', () => {
  it('refreshes the token 2 s before it expires', async () => {
    const { deps, controller } = setup({ refreshToken: vi.fn(() => Promise.resolve(authSession(60))) });
    await controller.start();
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(58_000 - 1);
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.refreshToken).toHaveBeenCalledTimes(2);
  });

  it('keeps a working person signed in across refreshes: each refresh re-arms both timers', async () => {
    let n = 0;
    const { deps, controller, setActivity } = setup({
      refreshToken: vi.fn(() => Promise.resolve(authSession(60, `token-${++n}`))),
    });
    await controller.start();
    for (let minute = 1; minute <= 20; minute += 1) {
      await vi.advanceTimersByTimeAsync(60_000);
      setActivity(Date.now());
    }
    expect(controller.getState().status).toBe('signedIn');
    expect(vi.mocked(deps.refreshToken).mock.calls.length).toBeGreaterThan(20);
    expect(controller.getState().accessToken).toBe(`token-${n}`);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it("logs out after 15 minutes without activity, raises 'session-expired' and goes to /login with continue", async () => {
    const { deps, controller } = setup();
    await controller.start(); // page load counts as activity at T0

    await vi.advanceTimersByTimeAsync(15 * 60_000 - 1);
    expect(controller.getState().status).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(1);

    expect(controller.getState()).toMatchObject({ status: 'signedOut', error: { kind: 'session-expired' } });
    expect(deps.revoke).toHaveBeenCalledWith({ sessionId: SESSION_ID, accessToken: 'token-1' });
    expect(deps.clearCaches).toHaveBeenCalled();
    expect(deps.authFlag.remove).toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith(
      `/login?continue=${encodeURIComponent('/acme/sales/mail-merges/sent?tab=1')}`,
    );
  });

  it('moves the idle logout when the person was active after the timer was armed', async () => {
    const { controller, setActivity } = setup();
    await controller.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    setActivity(Date.now());

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(controller.getState().status).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(controller.getState()).toMatchObject({ status: 'signedOut', error: { kind: 'session-expired' } });
  });

  it('logs out 2 s before expiry when the refresh fails', async () => {
    const refreshToken = vi
      .fn<SessionDependencies['refreshToken']>()
      .mockResolvedValueOnce(authSession(60))
      .mockRejectedValue(new ApiError(401, { code: 'UNAUTHENTICATED', message: 'x', errors: [] }));
    const { controller } = setup({ refreshToken });
    await controller.start();
    await vi.advanceTimersByTimeAsync(58_000);
    expect(controller.getState()).toMatchObject({ status: 'signedOut', error: { kind: 'session-expired' } });
  });
});

describe('logout and switching account', () => {
  it('logout clears timers, revokes, clears caches and the auth flag, and goes to /login', async () => {
    const { deps, controller } = setup();
    await controller.start();
    await controller.logout();
    expect(controller.getState()).toMatchObject({ status: 'signedOut', accessToken: null, error: null });
    expect(deps.revoke).toHaveBeenCalledWith({ sessionId: SESSION_ID, accessToken: 'token-1' });
    expect(deps.clearCaches).toHaveBeenCalled();
    expect(deps.authFlag.remove).toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/login');

    await vi.advanceTimersByTimeAsync(2 * 3600 * 1000);
    expect(deps.refreshToken).toHaveBeenCalledTimes(1); // no timer left behind
  });

  it('is not yet signed out while it navigates to /login, so no auth guard redirects with continue first', async () => {
    const { deps, controller } = setup();
    await controller.start();
    const statusWhenNavigating: string[] = [];
    vi.mocked(deps.navigate).mockImplementation(() => {
      statusWhenNavigating.push(controller.getState().status);
    });
    await controller.logout();
    expect(statusWhenNavigating).toEqual(['loading']);
    expect(controller.getState().status).toBe('signedOut');
  });

  it('switching account clears the session and both timers, then signs in again', async () => {
    const { deps, controller } = setup();
    await controller.start();
    await controller.switchAccount();
    expect(controller.getState().accessToken).toBeNull();
    expect(deps.assignLocation).toHaveBeenCalledWith('/api/v1/auth/authorize?');
    await vi.advanceTimersByTimeAsync(2 * 3600 * 1000);
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
  });

  it('asking for the compose permission starts a grant round trip, not a sign-in (issue 9)', async () => {
    const { deps, controller } = setup();
    await controller.start();
    controller.requestComposePermission('/x/y/templates');
    expect(deps.signInUrl).toHaveBeenCalledWith({
      grant: 'compose',
      continue: '/x/y/templates',
      loginHint: 'olivia@acme.test',
    });
    // The session is untouched while the browser is away.
    expect(controller.getState()).toMatchObject({ status: 'signedIn', accessToken: expect.any(String) });
  });
});

describe('completing a compose grant on /auth/callback (issue 9)', () => {
  const params = { code: 'the-code', state: 'grant.the-state', error: null };

  it('adds the scopes to the session it keeps, and goes on to the continue path', async () => {
    const { deps, controller } = setup();
    await controller.start();
    const before = controller.getState();
    await expect(controller.completeComposeGrant(params)).resolves.toEqual({
      outcome: 'granted',
      continue: '/x/y/templates?import=t1',
    });
    expect(deps.grantPermission).toHaveBeenCalledWith({ code: 'the-code', state: 'grant.the-state' });
    expect(deps.exchangeCode).not.toHaveBeenCalled();
    expect(controller.getState()).toMatchObject({
      status: 'signedIn',
      sessionId: before.sessionId,
      accessToken: before.accessToken,
      scopes: expect.arrayContaining(['https://www.googleapis.com/auth/gmail.compose']),
    });
  });

  it('is cancelled when the person cancelled at the provider, and asks the server nothing', async () => {
    const { deps, controller } = setup();
    await controller.start();
    await expect(
      controller.completeComposeGrant({ code: null, state: 'grant.x', error: 'access_denied' }),
    ).resolves.toEqual({ outcome: 'cancelled' });
    expect(deps.grantPermission).not.toHaveBeenCalled();
    expect(controller.getState().status).toBe('signedIn');
  });

  it('reports another account as wrong-account and keeps the session as it was', async () => {
    const { deps, controller } = setup({
      grantPermission: vi.fn(() =>
        Promise.reject(
          new ApiError(403, { code: 'FORBIDDEN', message: 'x', errors: [], reason: 'wrong_account' }),
        ),
      ),
    });
    await controller.start();
    const before = controller.getState();
    await expect(controller.completeComposeGrant(params)).resolves.toEqual({ outcome: 'wrong-account' });
    expect(controller.getState()).toEqual(before);
    expect(deps.revoke).not.toHaveBeenCalled();
  });

  it('fails without signing out on any other error', async () => {
    const { controller } = setup({ grantPermission: vi.fn(() => Promise.reject(new Error('network'))) });
    await controller.start();
    await expect(controller.completeComposeGrant(params)).resolves.toEqual({ outcome: 'failed' });
    expect(controller.getState().status).toBe('signedIn');
  });
});

describe('completing the sign-in on /auth/callback', () => {
  const params = { code: 'the-code', state: 'the-state', error: null };

  it('goes to the continue path of the intent', async () => {
    const { deps, controller } = setup({
      exchangeCode: vi.fn(() => Promise.resolve(tokenResponse({ continue: '/a/b/templates?x=1' }))),
    });
    await controller.start({ skipRefresh: true });
    await expect(controller.completeSignIn(params)).resolves.toEqual({
      ok: true,
      destination: '/a/b/templates?x=1',
    });
    expect(deps.exchangeCode).toHaveBeenCalledWith({ code: 'the-code', state: 'the-state' });
    expect(deps.activity.recordLogin).toHaveBeenCalledWith(T0);
    expect(controller.getState().status).toBe('signedIn');
  });

  it('goes to /settings/billing when asked to, otherwise to /', async () => {
    const billing = setup({
      exchangeCode: vi.fn(() => Promise.resolve(tokenResponse({ redirectToBilling: true }))),
    });
    await expect(billing.controller.completeSignIn(params)).resolves.toEqual({
      ok: true,
      destination: '/settings/billing',
    });
    const plain = setup();
    await expect(plain.controller.completeSignIn(params)).resolves.toEqual({ ok: true, destination: '/' });
  });

  it('creates the account first when the intent asks for it', async () => {
    const { deps, controller } = setup({
      exchangeCode: vi.fn(() => Promise.resolve(tokenResponse({ createAccount: true }))),
    });
    await controller.completeSignIn(params);
    expect(deps.ensureUser).toHaveBeenCalledWith('olivia@acme.test');
    expect(vi.mocked(deps.ensureUser).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(deps.fetchCurrentUser).mock.invocationCallOrder[0] ?? 0,
    );
  });

  it("raises 'can-not-create-user' when creating the account fails", async () => {
    const { controller } = setup({
      exchangeCode: vi.fn(() => Promise.resolve(tokenResponse({ createAccount: true }))),
      ensureUser: vi.fn(() =>
        Promise.reject(new ApiError(500, { code: 'INTERNAL', message: 'x', errors: [] })),
      ),
    });
    await expect(controller.completeSignIn(params)).resolves.toEqual({ ok: false, notice: null });
    expect(controller.getState()).toMatchObject({
      status: 'signedOut',
      error: { kind: 'can-not-create-user' },
    });
  });

  it("shows the 'no-user' state when the account does not exist", async () => {
    const { controller } = setup({ fetchCurrentUser: vi.fn(() => Promise.reject(notFound())) });
    await expect(controller.completeSignIn(params)).resolves.toEqual({ ok: false, notice: null });
    expect(controller.getState()).toMatchObject({
      status: 'signedOut',
      accessToken: null,
      error: { kind: 'no-user', email: 'olivia@acme.test' },
    });
  });

  it("keeps the continue path through the 'no-user' state (an invitation link, then account creation)", async () => {
    const { controller } = setup({
      exchangeCode: vi.fn(() => Promise.resolve(tokenResponse({ continue: '/invitations/abc/accept' }))),
      fetchCurrentUser: vi.fn(() => Promise.reject(notFound())),
    });
    await expect(controller.completeSignIn(params)).resolves.toEqual({
      ok: false,
      notice: null,
      continue: '/invitations/abc/accept',
    });
    expect(controller.getState()).toMatchObject({ error: { kind: 'no-user' } });
  });

  it("raises 'google' when the code cannot be exchanged", async () => {
    const { controller } = setup({
      exchangeCode: vi.fn(() =>
        Promise.reject(new ApiError(400, { code: 'BAD_REQUEST', message: 'x', errors: [] })),
      ),
    });
    await expect(controller.completeSignIn(params)).resolves.toEqual({ ok: false, notice: null });
    expect(controller.getState()).toMatchObject({ status: 'signedOut', error: { kind: 'google' } });
  });

  it('treats access_denied as a neutral cancellation', async () => {
    const { deps, controller } = setup();
    await controller.start({ skipRefresh: true });
    await expect(
      controller.completeSignIn({ code: null, state: null, error: 'access_denied' }),
    ).resolves.toEqual({
      ok: false,
      notice: 'access-denied',
    });
    expect(controller.getState()).toMatchObject({ status: 'signedOut', error: null });
    expect(deps.exchangeCode).not.toHaveBeenCalled();
  });

  it('exchanges a code only once, however often it is asked', async () => {
    const { deps, controller } = setup();
    const first = controller.completeSignIn(params);
    const second = controller.completeSignIn(params);
    expect(await first).toEqual(await second);
    expect(deps.exchangeCode).toHaveBeenCalledTimes(1);
  });

  it('ignores a continue parameter that leaves the site', async () => {
    const { controller } = setup({
      exchangeCode: vi.fn(() => Promise.resolve(tokenResponse({ continue: '//evil.example/x' }))),
    });
    await expect(controller.completeSignIn(params)).resolves.toEqual({ ok: true, destination: '/' });
  });
});

describe('staying signed in through network trouble (issue 6)', () => {
  it.each([
    ['a network error', 0],
    ['too many requests', 429],
    ['a server fault', 503],
  ])(
    'keeps the session on %s at the background refresh, reconnects, then recovers',
    async (_name, status) => {
      const refreshToken = vi
        .fn<SessionDependencies['refreshToken']>()
        .mockResolvedValueOnce(authSession(60))
        .mockRejectedValueOnce(apiError(status))
        .mockRejectedValueOnce(apiError(status))
        .mockResolvedValue(authSession(3600, 'token-2'));
      const { deps, controller } = setup({ refreshToken });
      await controller.start();
      await vi.advanceTimersByTimeAsync(58_000);
      expect(controller.getState()).toMatchObject({ status: 'signedIn', connection: 'reconnecting' });
      expect(deps.authFlag.remove).not.toHaveBeenCalled();

      // Pauses of 1 s, then 2 s: the third refresh succeeds.
      await vi.advanceTimersByTimeAsync(1000);
      expect(refreshToken).toHaveBeenCalledTimes(3);
      expect(controller.getState().connection).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(2000);
      expect(refreshToken).toHaveBeenCalledTimes(4);
      expect(controller.getState()).toMatchObject({
        status: 'signedIn',
        connection: 'online',
        accessToken: 'token-2',
      });
      expect(deps.retryFailedQueries).toHaveBeenCalled();
      expect(deps.navigate).not.toHaveBeenCalled();
      expect(deps.revoke).not.toHaveBeenCalled();
    },
  );

  it('keeps trying past the token expiry while the server is away, and stays signed in', async () => {
    const refreshToken = vi
      .fn<SessionDependencies['refreshToken']>()
      .mockResolvedValueOnce(authSession(60))
      .mockRejectedValue(apiError(0));
    const { controller, setActivity } = setup({ refreshToken });
    await controller.start();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    setActivity(Date.now());
    expect(controller.getState()).toMatchObject({ status: 'signedIn', connection: 'reconnecting' });
    // At most one attempt every 30 s once the pauses have grown.
    const calls = refreshToken.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refreshToken.mock.calls.length - calls).toBeLessThanOrEqual(2);
  });

  it('ends the session only when the server refuses the refresh (401), with session-expired', async () => {
    const refreshToken = vi
      .fn<SessionDependencies['refreshToken']>()
      .mockResolvedValueOnce(authSession(60))
      .mockRejectedValueOnce(apiError(503))
      .mockRejectedValue(apiError(401));
    const { deps, controller } = setup({ refreshToken });
    await controller.start();
    await vi.advanceTimersByTimeAsync(58_000);
    expect(controller.getState().status).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.getState()).toMatchObject({ status: 'signedOut', error: { kind: 'session-expired' } });
    expect(deps.navigate).toHaveBeenCalledWith(
      `/login?continue=${encodeURIComponent('/acme/sales/mail-merges/sent?tab=1')}`,
    );
  });

  it('on load, keeps the auth flag and reconnects when the refresh answers 429, then signs in', async () => {
    const refreshToken = vi
      .fn<SessionDependencies['refreshToken']>()
      .mockRejectedValueOnce(apiError(429))
      .mockResolvedValue(authSession(3600));
    const { deps, controller } = setup({ refreshToken });
    const started = controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getState()).toMatchObject({ status: 'loading', connection: 'reconnecting' });
    await vi.advanceTimersByTimeAsync(1000);
    await started;
    expect(controller.getState()).toMatchObject({ status: 'signedIn', connection: 'online' });
    expect(deps.authFlag.remove).not.toHaveBeenCalled();
  });

  it('on load, retries the profile call after a network error instead of signing out', async () => {
    const fetchCurrentUser = vi
      .fn<SessionDependencies['fetchCurrentUser']>()
      .mockRejectedValueOnce(apiError(0))
      .mockResolvedValue(currentUser());
    const { controller } = setup({ fetchCurrentUser });
    const started = controller.start();
    await vi.advanceTimersByTimeAsync(1000);
    await started;
    expect(fetchCurrentUser).toHaveBeenCalledTimes(2);
    expect(controller.getState()).toMatchObject({ status: 'signedIn', connection: 'online', error: null });
  });

  it('reconnects when a later profile call fails with a server fault, and signs out on 401', async () => {
    const { deps, controller } = setup();
    await controller.start();
    await controller.handleCurrentUserError(apiError(502));
    expect(controller.getState()).toMatchObject({ status: 'signedIn', connection: 'reconnecting' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.getState().connection).toBe('online');
    expect(deps.fetchCurrentUser).toHaveBeenCalledTimes(2);

    await controller.handleCurrentUserError(apiError(401));
    expect(controller.getState()).toMatchObject({ status: 'signedOut', error: { kind: 'session-expired' } });
  });
});

describe('tabs of one browser agree (issue 6)', () => {
  async function twoTabs() {
    const bus = createBus();
    const a = setup({ sync: bus.tab() });
    const b = setup({ sync: bus.tab() });
    await a.controller.start();
    await b.controller.start();
    return { a, b };
  }

  it('a logout in one tab sends the other to /login with its continue path', async () => {
    const { a, b } = await twoTabs();
    await a.controller.logout();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.controller.getState()).toMatchObject({ status: 'signedOut', accessToken: null, error: null });
    expect(b.deps.navigate).toHaveBeenCalledWith(
      `/login?continue=${encodeURIComponent('/acme/sales/mail-merges/sent?tab=1')}`,
    );
    expect(b.deps.clearCaches).toHaveBeenCalled();
    // Only the tab that logged out revokes.
    expect(a.deps.revoke).toHaveBeenCalledTimes(1);
    expect(b.deps.revoke).not.toHaveBeenCalled();
  });

  it('an expiry in one tab shows session-expired in the other', async () => {
    const { a, b } = await twoTabs();
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(a.controller.getState().error).toEqual({ kind: 'session-expired' });
    expect(b.controller.getState()).toMatchObject({
      status: 'signedOut',
      error: { kind: 'session-expired' },
    });
  });

  it('a sign-in in one tab signs the other in; a switched account starts the other tab again at /', async () => {
    const bus = createBus();
    const a = setup({ sync: bus.tab() });
    const b = setup({ sync: bus.tab() });
    await b.controller.start();
    expect(b.controller.getState().profile?.email).toBe('olivia@acme.test');

    // Tab A switches to Adam's account: tab B follows the sign-out, then the sign-in.
    await a.controller.switchAccount();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.controller.getState().status).toBe('signedOut');
    const adam = { ...authSession(3600, 'adam-token'), sessionId: '22222222-2222-4222-8222-222222222222' };
    const adamProfile = { name: 'Adam Admin', email: 'adam@acme.test', picture: null };
    vi.mocked(a.deps.exchangeCode).mockResolvedValue({
      ...adam,
      profile: adamProfile,
      intent: { createAccount: false, redirectToBilling: false },
    });
    vi.mocked(b.deps.refreshToken).mockResolvedValue({ ...adam, profile: adamProfile });
    await a.controller.completeSignIn({ code: 'c', state: 's', error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.controller.getState()).toMatchObject({
      status: 'signedIn',
      accessToken: 'adam-token',
      profile: { email: 'adam@acme.test' },
    });
  });

  it('a tab showing another person sees the new sign-in and goes to the default page', async () => {
    const { a, b } = await twoTabs();
    const other = { ...authSession(3600, 'adam-token'), sessionId: '22222222-2222-4222-8222-222222222222' };
    const adamProfile = { name: 'Adam Admin', email: 'adam@acme.test', picture: null };
    vi.mocked(a.deps.exchangeCode).mockResolvedValue({
      ...other,
      profile: adamProfile,
      intent: { createAccount: false, redirectToBilling: false },
    });
    vi.mocked(b.deps.refreshToken).mockResolvedValue({ ...other, profile: adamProfile });
    await a.controller.completeSignIn({ code: 'c', state: 's', error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.deps.clearCaches).toHaveBeenCalled();
    expect(b.controller.getState().profile?.email).toBe('adam@acme.test');
    expect(b.deps.navigate).toHaveBeenCalledWith('/');
  });
});
