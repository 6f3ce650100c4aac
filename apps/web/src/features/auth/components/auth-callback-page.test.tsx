import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeSession, signedInSession } from '../../../test/fake-session';
import { rememberGrantReturn } from '../../../lib/compose-grant';
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

  describe('a Gmail permission round trip (issue 9)', () => {
    const page = '/s/acme/templates?import=tpl-1';

    it('is no sign-in: adds the permission and goes on to the continue path', async () => {
      rememberGrantReturn(page);
      const completeSignIn = vi.fn();
      const completeComposeGrant = vi.fn(() =>
        Promise.resolve({ outcome: 'granted' as const, continue: '/s/acme/templates?import=tpl-1' }),
      );
      const { router } = renderRoutes(routes, '/auth/callback?code=abc&state=grant.xyz', {
        session: signedInSession({ completeSignIn, completeComposeGrant }),
      });
      await waitFor(() => expect(router.state.location.search).toBe('?import=tpl-1'));
      expect(router.state.location.pathname).toBe('/s/acme/templates');
      expect(completeComposeGrant).toHaveBeenCalledWith({
        code: 'abc',
        state: 'grant.xyz',
        iss: null,
        error: null,
      });
      expect(completeSignIn).not.toHaveBeenCalled();
    });

    it('goes back to the page that asked when the person cancelled, not to /login', async () => {
      rememberGrantReturn(page);
      const completeComposeGrant = vi.fn(() => Promise.resolve({ outcome: 'cancelled' as const }));
      const { router } = renderRoutes(routes, '/auth/callback?error=access_denied&state=grant.xyz', {
        session: signedInSession({ completeComposeGrant }),
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/s/acme/templates'));
      expect(router.state.location.search).toBe('?import=tpl-1&composeGrant=cancelled');
    });

    it('waits for the session, and sends a person signed out meanwhile to /login with that page', async () => {
      rememberGrantReturn(page);
      const completeComposeGrant = vi.fn();
      const { router } = renderRoutes(routes, '/auth/callback?code=abc&state=grant.xyz', {
        session: fakeSession({ status: 'signedOut', completeComposeGrant }),
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.search).toBe(`?continue=${encodeURIComponent(page)}`);
      expect(completeComposeGrant).not.toHaveBeenCalled();
    });
  });
});
