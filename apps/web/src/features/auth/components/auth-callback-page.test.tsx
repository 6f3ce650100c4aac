import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeSession } from '../../../test/fake-session';
import { renderRoutes } from '../../../test/render';
import { AuthCallbackPage } from './auth-callback-page';

const routes = [
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '*', element: <p>landed</p> },
];

describe('/auth/callback', () => {
  it('completes the sign-in with the code and state, then goes to the destination', async () => {
    const completeSignIn = vi.fn(() => Promise.resolve({ ok: true as const, destination: '/a/b/templates' }));
    const { router } = renderRoutes(routes, '/auth/callback?code=abc&state=xyz', {
      session: fakeSession({ completeSignIn }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    await waitFor(() => expect(router.state.location.pathname).toBe('/a/b/templates'));
    expect(completeSignIn).toHaveBeenCalledTimes(1);
    expect(completeSignIn).toHaveBeenCalledWith({ code: 'abc', state: 'xyz', iss: null, error: null });
  });

  it('goes back to /login with a notice when the person cancelled', async () => {
    const completeSignIn = vi.fn(() =>
      Promise.resolve({ ok: false as const, notice: 'access-denied' as const }),
    );
    const { router } = renderRoutes(routes, '/auth/callback?error=access_denied', {
      session: fakeSession({ completeSignIn }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ notice: 'access-denied' });
  });
});
