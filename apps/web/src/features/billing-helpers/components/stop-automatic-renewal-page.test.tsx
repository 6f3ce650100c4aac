import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeSession, signedInSession } from '../../../test/fake-session';
import { requestAddress, requestJson, stubFetch } from '../../../test/fetch-stub';
import { jsonResponse } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { StopAutomaticRenewalPage } from './stop-automatic-renewal-page';

const fetchMock = stubFetch();

const LICENCE = {
  subscriptionId: 'cccccccc-0000-4000-8000-000000000009',
  paymentSource: 'PAYPAL',
  autoRenew: true,
};

function serve(licence: { status: number; body: unknown }, cancelStatus = 200) {
  fetchMock.mockImplementation((input, init) => {
    const path = requestAddress(input).pathname;
    if (path.endsWith('/subscriptions/v1/licence'))
      return Promise.resolve(jsonResponse(licence.status, licence.body));
    if (init?.method === 'POST' && path.endsWith('/cancelAutoRenewal')) {
      return Promise.resolve(
        jsonResponse(
          cancelStatus,
          cancelStatus === 200 ? { success: true } : { code: 'INTERNAL', message: 'x', errors: [] },
        ),
      );
    }
    return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] }));
  });
}

const render = (session = signedInSession(), path = '/stop-automatic-renewal') =>
  renderRoutes(
    [
      { path: '/stop-automatic-renewal', element: <StopAutomaticRenewalPage /> },
      { path: '/', element: <h1>Home</h1> },
    ],
    path,
    { session },
  );

describe('StopAutomaticRenewalPage (spec 001 §2, §4)', () => {
  it('asks a signed-out visitor to sign in first', async () => {
    const session = fakeSession();
    render(session);
    expect(
      screen.getByText('Sign in with your Google account to stop the automatic renewal.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(session.signIn).toHaveBeenCalledWith({ continue: '/stop-automatic-renewal' });
  });

  it('stops the renewal of a PayPal licence and says so', async () => {
    serve({ status: 200, body: LICENCE });
    const { router } = render();
    expect(
      await screen.findByRole('heading', { name: 'Are you sure you want to stop the automatic renewal?' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(
      await screen.findByRole('heading', { name: 'Autorenewal stopped successfully' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?success=1');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(requestJson(post?.[1])).toEqual({ subscriptionId: LICENCE.subscriptionId });
  });

  it('shows the error with the help center link when stopping fails', async () => {
    serve({ status: 200, body: LICENCE }, 500);
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByRole('heading', { name: 'Sorry, an error ocurred' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help center' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?success=0');
  });

  it('offers no second confirmation for a licence whose renewal is already stopped (issue 22)', async () => {
    serve({ status: 200, body: { ...LICENCE, autoRenew: false } });
    render();
    expect(
      await screen.findByRole('heading', {
        name: 'The automatic renewal of this licence is already stopped.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).not.toBeInTheDocument();
  });

  it.each([
    ['no licence', { status: 404, body: { code: 'NOT_FOUND', message: 'none', errors: [] } }],
    ['a Stripe licence', { status: 200, body: { ...LICENCE, paymentSource: 'STRIPE' } }],
  ])('sends a user with %s to /', async (_, licence) => {
    serve(licence);
    const { router } = render();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
