import { beforeEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuthSession } from '@mergedesk/domain/api/auth';
import { requestUrl, stubFetch } from '../../test/fetch-stub';
import { ACME_SALES_ID, currentUser, jsonResponse } from '../../test/fixtures';
import { createTestQueryClient, routerFlushSync } from '../../test/render';
import { routes } from '../router';
import { theme } from '../theme';
import { AUTH_FLAG_COOKIE, browserSessionDependencies } from './browser-session';
import { createSessionController } from './session-controller';
import { SessionProvider } from './session-provider';
import { queryKeys } from '../../lib/query-keys';

const SESSION_ID = '11111111-1111-4111-8111-111111111111';
const authSession = (): AuthSession => ({
  accessToken: 'access-1',
  idToken: 'id-1',
  sessionId: SESSION_ID,
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
  profile: { name: 'Nina Newcomer', email: 'nina@newcomer.test', picture: null },
  scopes: ['openid', 'email', 'profile'],
});

type Handler = (init: RequestInit | undefined) => Response;
const fetchMock = stubFetch();

function serve(handlers: Record<string, Handler>) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    const match = Object.entries(handlers).find(([prefix]) => url.startsWith(prefix));
    return Promise.resolve(
      match ? match[1](init) : jsonResponse(404, { errors: [], code: 'NOT_FOUND', message: url }),
    );
  });
}
const callsTo = (prefix: string) =>
  fetchMock.mock.calls.filter(([url]) => requestUrl(url).startsWith(prefix));

function renderApp(path: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const controller = createSessionController(
    browserSessionDependencies({ queryClient, navigate: (to) => router.navigate(to, { flushSync: true }) }),
  );
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <SessionProvider controller={controller}>
          <RouterProvider router={router} flushSync={routerFlushSync} />
        </SessionProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { router, controller, queryClient };
}

beforeEach(() => {
  document.cookie = `${AUTH_FLAG_COOKIE}=1; Path=/`;
});

describe('SessionProvider in the app', () => {
  it("restores the session from the refresh cookie and opens the user's default space", async () => {
    serve({
      '/api/v1/auth/refresh-token': () => jsonResponse(200, authSession()),
      '/api/v2/users/me': () => jsonResponse(200, currentUser()),
    });
    const { router, controller } = renderApp('/');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/${ACME_SALES_ID}/acme-sales/mail-merges/sent`),
    );
    expect(controller.getState()).toMatchObject({ status: 'signedIn', accessToken: 'access-1' });
    const meRequest = callsTo('/api/v2/users/me')[0]?.[1];
    expect(new Headers(meRequest?.headers).get('Authorization')).toBe('Bearer access-1');
    controller.dispose();
  });

  it("shows the 'no-user' state on /login when the Google identity has no account (me answers 404)", async () => {
    serve({
      '/api/v1/auth/refresh-token': () => jsonResponse(200, authSession()),
      '/api/v2/users/me': () =>
        jsonResponse(404, { errors: [], code: 'USER_NOT_FOUND', message: 'User not found' }),
      '/api/v1/auth/revoke': () => new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/x/y/mail-merges/sent');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No MergeDesk account exists for nina@newcomer.test.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(callsTo('/api/v2/users/me')).toHaveLength(1);
    expect(callsTo('/api/v1/auth/revoke')).toHaveLength(1);
    expect(document.cookie).not.toContain(`${AUTH_FLAG_COOKIE}=1`);
  });

  it('logging out from a space page lands on plain /login (no continue)', async () => {
    serve({
      '/api/v1/auth/refresh-token': () => jsonResponse(200, authSession()),
      '/api/v2/users/me': () => jsonResponse(200, currentUser()),
      '/api/v1/auth/revoke': () => new Response(null, { status: 204 }),
    });
    const { router, controller } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/mail-merges\/sent$/));
    // Not inside act(): act would batch the router's and the session's updates into one render.
    const loggedOut = controller.logout();
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    await loggedOut;
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login');
    expect(callsTo('/api/v1/auth/revoke')).toHaveLength(1);
  });

  it('ends the session when a later me request fails for good', async () => {
    let meStatus = 200;
    serve({
      '/api/v1/auth/refresh-token': () => jsonResponse(200, authSession()),
      '/api/v2/users/me': () =>
        meStatus === 200
          ? jsonResponse(200, currentUser())
          : jsonResponse(404, { errors: [], code: 'USER_NOT_FOUND', message: 'gone' }),
      '/api/v1/auth/revoke': () => new Response(null, { status: 204 }),
    });
    const { router, controller, queryClient } = renderApp('/');
    await waitFor(() => expect(controller.getState().status).toBe('signedIn'));
    meStatus = 404;
    await queryClient.refetchQueries({ queryKey: queryKeys.currentUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(controller.getState()).toMatchObject({
      status: 'signedOut',
      error: { kind: 'no-user', email: 'nina@newcomer.test' },
    });
  });
});
