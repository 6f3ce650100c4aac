import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@mergedesk/domain/api/users';
import { getVisibleAlerts, resetAlertStore } from '../../../lib/alerts';
import { signedInSession } from '../../../test/fake-session';
import { requestAddress, stubFetch } from '../../../test/fetch-stub';
import {
  ACME_PREMIUM_ID,
  ACME_SALES_ID,
  currentUser,
  jsonResponse,
  userWorkspace,
} from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { InvitationPage } from './invitation-page';

const fetchMock = stubFetch();
beforeEach(() => {
  resetAlertStore();
});

const premium = userWorkspace({
  workspaceId: ACME_PREMIUM_ID,
  workspaceName: 'Acme Premium',
  urlPrefix: `/${ACME_PREMIUM_ID}/acme-premium`,
});

function answerAccept(status: number, body: unknown) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestAddress(input);
    expect(init?.method).toBe('PUT');
    expect(url.pathname).toBe('/api/invitations/tok-123/accept');
    return Promise.resolve(jsonResponse(status, body));
  });
}

function renderInvitation(
  path: string,
  options: { user?: CurrentUser; refreshed?: CurrentUser; isRestricted?: boolean } = {},
) {
  const user = options.user ?? currentUser();
  const refetchUser = vi.fn(() => Promise.resolve(options.refreshed ?? user));
  const session = signedInSession();
  const page = (
    <InvitationPage user={user} isRestricted={options.isRestricted ?? false} refetchUser={refetchUser} />
  );
  const result = renderRoutes(
    [
      { path: '/invitations/:invitationToken/:status?', element: page },
      { path: '*', element: <p>Landed</p> },
    ],
    path,
    { session },
  );
  return { ...result, refetchUser, session };
}

describe('InvitationPage (spec 002 §2.10, §4.8, §8)', () => {
  it("accepts at once with status 'accept', refetches the profile and lands on the joined space's sent merges with the join alert", async () => {
    answerAccept(200, { workspaceId: ACME_PREMIUM_ID, workspaceName: 'Acme Premium' });
    const { router, refetchUser } = renderInvitation('/invitations/tok-123/accept', {
      refreshed: currentUser({ userWorkspaces: [userWorkspace(), premium] }),
    });

    expect(await screen.findByText('Landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/${ACME_PREMIUM_ID}/acme-premium/mail-merges/sent`);
    expect(refetchUser).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getVisibleAlerts()).toEqual([
      expect.objectContaining({
        kind: 'join',
        tone: 'success',
        title: 'Welcome to MergeDesk!',
        description: 'You have joined Acme Premium.',
      }),
    ]);
  });

  it('without a status it asks first, and accepts on the click', async () => {
    answerAccept(200, { workspaceId: ACME_PREMIUM_ID, workspaceName: 'Acme Premium' });
    const { router } = renderInvitation('/invitations/tok-123', {
      refreshed: currentUser({ userWorkspaces: [userWorkspace(), premium] }),
    });

    expect(screen.getByRole('heading', { name: 'You have been invited to a space' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/${ACME_PREMIUM_ID}/acme-premium/mail-merges/sent`);
  });

  it("shows 'Sorry, this invitation link is no longer valid.' when invitations are restricted, without calling", () => {
    renderInvitation('/invitations/tok-123/accept', { isRestricted: true });
    expect(
      screen.getByRole('heading', { name: 'Sorry, this invitation link is no longer valid.' }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the restricted text when the server refuses with reason 'invitation_restricted'", async () => {
    answerAccept(409, { code: 'CONFLICT', message: 'x', errors: [], reason: 'invitation_restricted' });
    renderInvitation('/invitations/tok-123/accept');
    expect(
      await screen.findByRole('heading', { name: 'Sorry, this invitation link is no longer valid.' }),
    ).toBeInTheDocument();
  });

  it('signed in with another account (403): explains it and switches account back to this invitation', async () => {
    answerAccept(403, { code: 'FORBIDDEN', message: 'Forbidden', errors: [] });
    const { session } = renderInvitation('/invitations/tok-123/accept');

    expect(
      await screen.findByText('You are logged into a different account than the one invited.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'The invitation could not be finalized.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('olivia@acme.test')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Switch account' }));
    expect(session.switchAccount).toHaveBeenCalledWith({ continue: '/invitations/tok-123/accept' });
  });

  it.each([
    [409, 'invitation_is_not_active', 'The invite link has expired or been cancelled.'],
    [409, 'user_already_exists', 'You are already a member of this space.'],
    [404, undefined, 'The invite link is invalid.'],
    [
      409,
      'no_seat_available',
      'There is no seat available in this space anymore. Ask the space owner to add seats.',
    ],
  ])('a %i (%s) goes to the sent merges with the join alert %j', async (status, reason, message) => {
    answerAccept(status, { code: 'CONFLICT', message, errors: [], reason });
    const { router } = renderInvitation('/invitations/tok-123/accept');

    expect(await screen.findByText('Landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/${ACME_SALES_ID}/acme-sales/mail-merges/sent`);
    expect(getVisibleAlerts()).toEqual([
      expect.objectContaining({
        kind: 'join',
        tone: 'error',
        title: 'The invitation could not be finalized.',
        description: message,
      }),
    ]);
  });

  it('a person with no space yet sees the error on the page', async () => {
    answerAccept(409, { code: 'CONFLICT', message: 'x', errors: [], reason: 'invitation_is_not_active' });
    renderInvitation('/invitations/tok-123/accept', { user: currentUser({ userWorkspaces: [] }) });

    expect(await screen.findByText('The invite link has expired or been cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });

  it('retries a 500 three times, then sets the generic join error and goes to the sent merges', async () => {
    answerAccept(500, { code: 'INTERNAL', message: 'boom', errors: [] });
    renderInvitation('/invitations/tok-123/accept');

    expect(await screen.findByText('Landed', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await waitFor(() =>
      expect(getVisibleAlerts()).toEqual([
        expect.objectContaining({ kind: 'join', tone: 'error', title: 'Something went wrong.' }),
      ]),
    );
  });
});
