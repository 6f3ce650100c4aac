import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, signedInSession } from '../test/fake-session';
import { ACME_PREMIUM_ID, ACME_SALES_ID, currentUser, userWorkspace } from '../test/fixtures';
import { createTestQueryClient, renderRoutes } from '../test/render';
import { routes } from './router';
import { queryKeys } from '../lib/query-keys';

const path = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('signed-out visitors', () => {
  it('are sent from a deep link to /login with the path and query in continue', async () => {
    const { router } = renderRoutes(routes, '/ws-1/acme-sales/mail-merges/sent?from=2&to=3');
    expect(await screen.findByRole('heading', { name: 'Sign in to MergeDesk' })).toBeInTheDocument();
    expect(path(router)).toBe(
      `/login?continue=${encodeURIComponent('/ws-1/acme-sales/mail-merges/sent?from=2&to=3')}`,
    );
  });

  it('are sent from / to plain /login', async () => {
    const { router } = renderRoutes(routes, '/');
    await screen.findByRole('heading', { name: 'Sign in to MergeDesk' });
    expect(path(router)).toBe('/login');
  });

  it('are sent from an invitation link to /login, and back there afterwards', async () => {
    const { router } = renderRoutes(routes, '/invitations/demo-nina-acme-sales/accept');
    await screen.findByRole('heading', { name: 'Sign in to MergeDesk' });
    expect(path(router)).toBe(
      `/login?continue=${encodeURIComponent('/invitations/demo-nina-acme-sales/accept')}`,
    );
  });

  it.each([
    ['/unsubscribed', 'Unsubscription was successful!'],
    ['/formresponse', 'Thanks, your response has been recorded'],
    ['/signup', 'Welcome to MergeDesk'],
    ['/get-started', 'Welcome to MergeDesk'],
    ['/stop-automatic-renewal', 'Are you sure you want to stop the automatic renewal?'],
    ['/wrong-plan?plan=TEAM', 'You are trying to purchase a Team plan'],
  ])('can open %s', async (route, heading) => {
    const { router } = renderRoutes(routes, route);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(route.split('?')[0]);
  });

  it('see a loader with an accessible label while the session is loading', async () => {
    renderRoutes(routes, '/ws-1/acme-sales/mail-merges', { session: fakeSession({ status: 'loading' }) });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your session…');
  });
});

describe('signed-in users', () => {
  const withUser = (user = currentUser()) => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.currentUser(), user);
    return { session: signedInSession(), queryClient };
  };

  it('go from / to the sent mail merges of the default space, keeping the query', async () => {
    const { router } = renderRoutes(routes, '/?new-space=1', withUser());
    await waitFor(() =>
      expect(path(router)).toBe(`/${ACME_SALES_ID}/acme-sales/mail-merges/sent?new-space=1`),
    );
  });

  it('who belong to no space are told so and may create one or log out', async () => {
    renderRoutes(routes, '/', withUser(currentUser({ userWorkspaces: [], addonWorkspaceId: null })));
    expect(
      await screen.findByRole('heading', { name: 'You are not a member of any space' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create a space' }));
    expect(await screen.findByRole('dialog', { name: 'Create a new space' })).toBeInTheDocument();
  });

  it('go from /settings/billing to the billing page of a space they own, keeping the query', async () => {
    const user = currentUser({
      addonWorkspaceId: ACME_SALES_ID,
      userWorkspaces: [
        userWorkspace({ userRole: 'MEMBER' }),
        userWorkspace({ workspaceId: ACME_PREMIUM_ID, urlPrefix: `/${ACME_PREMIUM_ID}/acme-premium` }),
      ],
    });
    const { router } = renderRoutes(routes, '/settings/billing?show-plans=1', withUser(user));
    await waitFor(() =>
      expect(path(router)).toBe(`/${ACME_PREMIUM_ID}/acme-premium/space/billing?show-plans=1`),
    );
  });

  it('are sent from /login to the continue path', async () => {
    const { router } = renderRoutes(
      routes,
      `/login?continue=${encodeURIComponent(`/${ACME_SALES_ID}/acme-sales/templates`)}`,
      withUser(),
    );
    await waitFor(() => expect(path(router)).toBe(`/${ACME_SALES_ID}/acme-sales/templates`));
  });

  it('are sent from an unknown one-segment path to /', async () => {
    const { router } = renderRoutes(routes, '/nowhere', withUser());
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/nowhere'));
  });
});

describe('page titles', () => {
  it("read '{title} | MergeDesk'", async () => {
    renderRoutes(routes, '/login');
    await screen.findByRole('heading', { name: 'Sign in to MergeDesk' });
    expect(document.title).toBe('Sign in | MergeDesk');
  });
});
