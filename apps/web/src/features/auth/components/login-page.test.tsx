import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession } from '../../../test/fake-session';
import { renderPage, renderRoutes } from '../../../test/render';
import { LoginPage } from './login-page';

describe('the sign-in page', () => {
  it('signs in with Google, returning to the continue path', async () => {
    const session = fakeSession();
    renderPage(<LoginPage />, `/login?continue=${encodeURIComponent('/a/b/bounces?x=1')}`, { session });
    expect(await screen.findByRole('heading', { name: 'Sign in to MergeDesk' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(session.signIn).toHaveBeenCalledWith({ continue: '/a/b/bounces?x=1' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('drops a continue parameter that points to another site', async () => {
    const session = fakeSession();
    renderPage(<LoginPage />, '/login?continue=https://evil.example', { session });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(session.signIn).toHaveBeenCalledWith({});
  });

  it('drops a continue parameter holding a tab between the slashes (issue 6)', async () => {
    const session = fakeSession();
    renderPage(<LoginPage />, '/login?continue=%2F%09%2Fevil.example', { session });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(session.signIn).toHaveBeenCalledWith({});
  });

  it('sends a signed-in person with an unsafe continue parameter to the default page', async () => {
    const { router } = renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/', element: <p>Default landing page</p> },
      ],
      '/login?continue=%2F%09%2Fevil.example',
      { session: fakeSession({ status: 'signedIn' }) },
    );
    expect(await screen.findByText('Default landing page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks the sign-in to land on billing with redirectToBilling=true (spec 000 §4; issue 21)', async () => {
    const session = fakeSession();
    renderPage(<LoginPage />, '/login?redirectToBilling=true', { session });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(session.signIn).toHaveBeenCalledWith({ redirectToBilling: true });
  });

  it('sends a signed-in person with redirectToBilling=true to billing', async () => {
    const { router } = renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/settings/billing', element: <p>Billing of the best space</p> },
      ],
      '/login?redirectToBilling=true',
      { session: fakeSession({ status: 'signedIn' }) },
    );
    expect(await screen.findByText('Billing of the best space')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/billing');
  });

  it("shows the 'no-user' state with its two ways out", async () => {
    const session = fakeSession({ error: { kind: 'no-user', email: 'nina@newcomer.test' } });
    renderPage(<LoginPage />, '/login', { session });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No MergeDesk account exists for nina@newcomer.test.');

    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(session.signIn).toHaveBeenLastCalledWith({ createAccount: true, loginHint: 'nina@newcomer.test' });
    await userEvent.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(session.signIn).toHaveBeenLastCalledWith({});
  });

  it.each([
    ['session-expired', 'Your session has expired. Please sign in again.'],
    ['google', 'We could not complete the sign-in with your Google account. Please try again.'],
    ['can-not-create-user', 'Your MergeDesk account could not be created.'],
    ['cookie-error', 'Allow cookies for this site, then sign in again.'],
    ['incognito-mode', 'private or incognito windows'],
  ] as const)("explains the '%s' error in an alert", async (kind, text) => {
    renderPage(<LoginPage />, '/login', { session: fakeSession({ error: { kind } }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('lets the person dismiss an error', async () => {
    const session = fakeSession({ error: { kind: 'session-expired' } });
    renderPage(<LoginPage />, '/login', { session });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(session.clearError).toHaveBeenCalled();
  });

  it('shows a neutral notice after a cancelled sign-in', async () => {
    const { router } = renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
    await router.navigate('/login', { state: { notice: 'access-denied' } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sign-in was cancelled. You can sign in again whenever you are ready.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
