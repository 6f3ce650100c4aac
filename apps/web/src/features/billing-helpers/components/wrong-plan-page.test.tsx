import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeSession, signedInSession } from '../../../test/fake-session';
import { renderRoutes } from '../../../test/render';
import { WrongPlanPage } from './wrong-plan-page';

const render = (path: string, session = signedInSession()) =>
  renderRoutes(
    [
      { path: '/wrong-plan', element: <WrongPlanPage /> },
      { path: '/settings/billing', element: <h1>Billing</h1> },
    ],
    path,
    { session },
  );

const gina = () =>
  signedInSession({ profile: { name: 'Gina Gmail', email: 'gina@gmail.com', picture: null } });

describe('WrongPlanPage (spec 001 §2)', () => {
  it('names the plan and the account, and shows the workplace plan', async () => {
    const session = signedInSession();
    render('/wrong-plan?plan=pro-gmail', session);
    expect(
      screen.getByRole('heading', {
        name: 'You are trying to purchase a Pro Gmail plan with olivia@acme.test',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pro Google Workspace' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign-in with another account' }));
    expect(session.switchAccount).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to MergeDesk pricing plans' })).toBeInTheDocument();
  });

  it('shows a personal address only Pro for its host', () => {
    render('/wrong-plan?plan=PROFESSIONAL', gina());
    expect(screen.getByRole('heading', { name: 'Pro gmail.com' })).toBeInTheDocument();
  });

  it.each([
    ['/wrong-plan?plan=pro-google-workspace&interval=YEARLY', signedInSession()],
    ['/wrong-plan?plan=PERSONAL', gina()],
  ])('goes on to billing with the query when %s fits the account', async (path, session) => {
    const { router } = render(path, session);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'));
    expect(router.state.location.search).toBe(`?${path.split('?')[1]}`);
  });

  it('opens the quota conditions with quota-conditions=1', async () => {
    render('/wrong-plan?plan=TEAM&quota-conditions=1');
    expect(await screen.findByRole('dialog', { name: 'Recipient quota conditions' })).toBeInTheDocument();
    expect(
      screen.getByText('you have not sent more than 500 emails in the last 24 hours'),
    ).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', async () => {
    const session = fakeSession();
    render('/wrong-plan?plan=TEAM', session);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(session.signIn).toHaveBeenCalledWith({ continue: '/wrong-plan?plan=TEAM' });
  });
});
