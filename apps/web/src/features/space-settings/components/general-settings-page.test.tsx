import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeatMember } from '@mergedesk/domain/api/members';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import { PENDING_SEAT_TYPE } from '@mergedesk/domain/members/status';
import { getVisibleAlerts, resetAlertStore } from '../../../lib/alerts';
import { requestAddress, requestJson, requestMethod, requestUrl, stubFetch } from '../../../test/fetch-stub';
import {
  ACME_SALES_ID,
  jsonResponse,
  seatMember,
  userWorkspace,
  workspaceDetails,
} from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { GeneralSettingsPage } from './general-settings-page';

const OLIVIA = 'bbbbbbbb-0000-4000-8000-000000000001';
const ADAM = 'bbbbbbbb-0000-4000-8000-000000000002';
const TOM = 'bbbbbbbb-0000-4000-8000-000000000003';
const PAULA = 'bbbbbbbb-0000-4000-8000-000000000004';
const FRED = 'bbbbbbbb-0000-4000-8000-000000000005';
const SAM = 'bbbbbbbb-0000-4000-8000-000000000006';

const details = (name = 'Acme Sales') => workspaceDetails({ workspaceName: name, name });

const member = ({ userEmail = 'x@acme.test', ...overrides }: Partial<SeatMember>): SeatMember =>
  seatMember(userEmail, overrides);

const members: SeatMember[] = [
  member({ userId: OLIVIA, userEmail: 'olivia@acme.test', userName: 'Olivia Owens', userRole: 'OWNER' }),
  member({ userId: ADAM, userEmail: 'adam@acme.test', userName: 'Adam Admin', userRole: 'ADMIN' }),
  // Issue 21: the space's creator holds a paid seat without a seat type; a candidate like anyone.
  member({ userId: SAM, userEmail: 'sam@acme.test', userName: 'Sam Creator', seatType: null }),
  // Not a candidate: a free member of a Pro space holds no seat.
  member({ userId: FRED, userEmail: 'fred@acme.test', userName: 'Fred Free', userPlan: 'FREE' }),
  // Not candidates: a free-trial member and a pending one (spec 002 §5 "New owner").
  member({ userId: TOM, userEmail: 'tom@acme.test', userName: 'Tom Trial', userStatus: 'FREE_TRIAL' }),
  member({
    userId: PAULA,
    userEmail: 'paula@acme.test',
    userName: 'paula@acme.test',
    userStatus: 'PENDING',
    seatType: PENDING_SEAT_TYPE,
  }),
];

type Server = { renameStatus?: number; transferStatus?: number; transferReason?: string; name: string };

const fetchMock = stubFetch();
beforeEach(() => {
  resetAlertStore();
});

function serve(server: Server) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestAddress(input);
    const method = requestMethod(init);
    if (method === 'GET' && url.pathname === `/api/workspaces/${ACME_SALES_ID}/users/v1`) {
      return Promise.resolve(jsonResponse(200, { items: members, total: members.length }));
    }
    if (method === 'PUT' && url.pathname === `/api/v1/workspaces/${ACME_SALES_ID}`) {
      if (server.renameStatus) {
        return Promise.resolve(
          jsonResponse(server.renameStatus, { code: 'INTERNAL', message: 'x', errors: [] }),
        );
      }
      server.name = (requestJson(init) as { workspaceName: string }).workspaceName;
      return Promise.resolve(jsonResponse(200, details(server.name)));
    }
    if (method === 'PUT' && url.pathname === `/api/workspaces/${ACME_SALES_ID}/owner`) {
      if (server.transferStatus) {
        return Promise.resolve(
          jsonResponse(server.transferStatus, {
            code: 'CONFLICT',
            message: 'x',
            errors: [],
            reason: server.transferReason,
          }),
        );
      }
      return Promise.resolve(
        jsonResponse(200, { workspaceId: ACME_SALES_ID, ownerUserId: ADAM, ownerEmail: 'adam@acme.test' }),
      );
    }
    return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: url.pathname, errors: [] }));
  });
}

function renderGeneral(
  options: { space?: UserWorkspace; isTransferRestricted?: boolean; server?: Server } = {},
) {
  const server = options.server ?? { name: 'Acme Sales' };
  serve(server);
  const refreshSpace = vi.fn(() => Promise.resolve());
  const page = (
    <MantineProvider env="test">
      <GeneralSettingsPage
        space={options.space ?? userWorkspace()}
        details={details(server.name)}
        owner={{ userId: OLIVIA, name: 'Olivia Owens', email: 'olivia@acme.test' }}
        isTransferRestricted={options.isTransferRestricted ?? false}
        refreshSpace={refreshSpace}
      />
    </MantineProvider>
  );
  const result = renderRoutes(
    [
      { path: '/:workspaceId/:slug/space/general', element: page },
      { path: '*', element: <p>Landed</p> },
    ],
    `/${ACME_SALES_ID}/acme-sales/space/general`,
  );
  return { ...result, refreshSpace, server };
}

describe('GeneralSettingsPage: space name (spec 002 §2.9, §5)', () => {
  it('disables Save and Cancel while the name equals the saved one; Cancel puts it back', async () => {
    renderGeneral();
    const name = screen.getByLabelText('Space name');
    const save = within(screen.getByRole('form', { name: 'Rename the space' })).getByRole('button', {
      name: 'Save',
    });
    expect(name).toHaveValue('Acme Sales');
    expect(save).toBeDisabled();
    expect(
      within(screen.getByRole('form', { name: 'Rename the space' })).getByRole('button', { name: 'Cancel' }),
    ).toBeDisabled();

    await userEvent.type(name, ' EU');
    expect(save).toBeEnabled();
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Rename the space' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(name).toHaveValue('Acme Sales');
    expect(save).toBeDisabled();
  });

  it('checks the name with the creation rule before sending', async () => {
    renderGeneral();
    const name = screen.getByLabelText('Space name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme');
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Rename the space' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Space name should contain at least 5 characters.')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Rename the space' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it('saves the trimmed name, refreshes the space and says so', async () => {
    const { refreshSpace } = renderGeneral();
    const name = screen.getByLabelText('Space name');
    await userEvent.clear(name);
    await userEvent.type(name, '  Acme Sales EU ');
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Rename the space' })).getByRole('button', { name: 'Save' }),
    );

    expect(await screen.findByText('The space name has been saved.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(requestJson(put?.[1])).toEqual({
      workspaceName: 'Acme Sales EU',
      memberInviteUser: true,
    });
    expect(refreshSpace).toHaveBeenCalledTimes(1);
  });

  it('shows a failed save and keeps the typed name', async () => {
    renderGeneral({ server: { name: 'Acme Sales', renameStatus: 500 } });
    const name = screen.getByLabelText('Space name');
    await userEvent.type(name, ' EU');
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Rename the space' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    expect(name).toHaveValue('Acme Sales EU');
  });
});

describe('GeneralSettingsPage: transfer ownership (spec 002 §2.9, §4.7, §5, §6, §8)', () => {
  it('defaults to the current owner with Save disabled, offers only active seat holders', async () => {
    renderGeneral();
    const select = screen.getByRole('combobox', { name: 'New owner' });
    expect(select).toHaveValue('Olivia Owens (olivia@acme.test)');
    await waitFor(() => expect(select).toBeEnabled());
    const transferSection = screen.getByRole('region', { name: 'Transfer ownership' });
    expect(within(transferSection).getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.click(select);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Olivia Owens (olivia@acme.test)',
      'Adam Admin (adam@acme.test)',
      'Sam Creator (sam@acme.test)',
    ]);
  });

  it('confirms with the exact texts, then sends the former owner to the sent merges with the transfer alert', async () => {
    const { router, refreshSpace } = renderGeneral();
    const select = screen.getByRole('combobox', { name: 'New owner' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.click(select);
    await userEvent.click(screen.getByRole('option', { name: 'Adam Admin (adam@acme.test)' }));
    const transferSection = screen.getByRole('region', { name: 'Transfer ownership' });
    await userEvent.click(within(transferSection).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Transfer Acme Sales ownership to Adam Admin?',
    });
    expect(within(dialog).getByText('You cannot undo this action.')).toBeInTheDocument();
    // Issue 21 "Keyboard safety": the irreversible step opens on 'No, cancel'.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'No, cancel' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, proceed' }));

    expect(await screen.findByText('Landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/${ACME_SALES_ID}/acme-sales/mail-merges/sent`);
    const put = fetchMock.mock.calls.find(([input]) => requestUrl(input).endsWith('/owner'));
    expect(requestJson(put?.[1])).toEqual({ userId: ADAM });
    expect(refreshSpace).toHaveBeenCalled();
    expect(getVisibleAlerts()).toEqual([
      expect.objectContaining({ kind: 'transfer', title: 'Ownership transferred to adam@acme.test' }),
    ]);
  });

  it("shows 'This user already owns too many spaces.' on a 409 user_owns_too_many_workspaces", async () => {
    renderGeneral({
      server: { name: 'Acme Sales', transferStatus: 409, transferReason: 'user_owns_too_many_workspaces' },
    });
    const select = screen.getByRole('combobox', { name: 'New owner' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.click(select);
    await userEvent.click(screen.getByRole('option', { name: 'Adam Admin (adam@acme.test)' }));
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Transfer ownership' })).getByRole('button', {
        name: 'Save',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, proceed' }));
    expect(await screen.findByText('This user already owns too many spaces.')).toBeInTheDocument();
    expect(screen.queryByText('Landed')).not.toBeInTheDocument();
  });

  it('shows the upgrade prompt on the Free plan and on legacy plans', () => {
    const free = userWorkspace({
      workspacePlan: 'FREE',
      workspaceUserFeature: {
        ...userWorkspace().workspaceUserFeature,
        otherFeatures: { ...userWorkspace().workspaceUserFeature.otherFeatures, transferOwnerShip: false },
      },
    });
    const { unmount } = renderGeneral({ space: free });
    expect(
      screen.getByText(
        'Transferring ownership is not available in free plan. Upgrade to unlock this feature.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'New owner' })).not.toBeInTheDocument();
    unmount();

    renderGeneral({ space: { ...free, workspacePlan: 'LEGACY', isPerSeat: false } });
    expect(
      screen.getByText(
        'Transferring ownership is only available to new MergeDesk plans. Switch to a new plan to unlock this feature.',
      ),
    ).toBeInTheDocument();
  });

  it('is hidden when the TRANSFER_WORKSPACE restriction is on', () => {
    renderGeneral({ isTransferRestricted: true });
    expect(screen.queryByRole('region', { name: 'Transfer ownership' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Space name')).toBeInTheDocument();
  });
});

describe('GeneralSettingsPage: deleting the space (issue 21)', () => {
  it("deletes only once the space's name is typed, then leaves the page", async () => {
    const { router } = renderGeneral();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      const url = requestAddress(input);
      if (requestMethod(init) === 'DELETE' && url.pathname === `/api/v1/workspaces/${ACME_SALES_ID}`) {
        return Promise.resolve(
          jsonResponse(200, {
            workspaceId: ACME_SALES_ID,
            workspaceName: 'Acme Sales',
            deletedAt: 0,
            eraseAt: 30 * 86_400_000,
            canRestore: true,
            subscriptionEndsAt: null,
          }),
        );
      }
      return answer(input, init);
    });
    const section = screen.getByRole('region', { name: 'Delete space' });
    expect(
      within(section).getByText(/A subscription stops renewing and ends at the end of its current period/),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Delete space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme Sales?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    const confirm = within(dialog).getByRole('button', { name: 'Delete this space' });
    const typed = within(dialog).getByLabelText("Type the space's name to confirm");
    await userEvent.type(typed, 'acme sales');
    expect(confirm).toBeDisabled();
    await userEvent.clear(typed);
    await userEvent.type(typed, 'Acme Sales');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const deletion = fetchMock.mock.calls.find(([, init]) => requestMethod(init) === 'DELETE');
    expect(requestJson(deletion?.[1])).toEqual({ workspaceName: 'Acme Sales' });
  });

  it("shows the server's refusal in the dialog", async () => {
    renderGeneral();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      requestMethod(init) === 'DELETE'
        ? Promise.resolve(
            jsonResponse(409, {
              errors: [],
              code: 'CONFLICT',
              message:
                "This space's subscription is managed by support. Contact support to end it before deleting the space.",
            }),
          )
        : answer(input, init),
    );
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Delete space' })).getByRole('button', {
        name: 'Delete space',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme Sales?' });
    await userEvent.type(within(dialog).getByLabelText("Type the space's name to confirm"), 'Acme Sales');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete this space' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('managed by support');
  });
});
