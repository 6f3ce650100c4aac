import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GmailConnection } from '@mergedesk/domain/api/sending';
import type { CurrentUser, RolloutStatus, UserWorkspace } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { resetAlertStore } from '../../lib/alerts';
import { signedInSession } from '../../test/fake-session';
import { requestAddress, requestJson, requestMethod, requestUrl, stubFetch } from '../../test/fetch-stub';
import {
  ACME_PREMIUM_ID,
  ACME_SALES_ID,
  currentUser,
  jsonResponse,
  userWorkspace,
} from '../../test/fixtures';
import { createTestQueryClient, renderRoutes } from '../../test/render';
import { theme } from '../theme';
import { SpaceShell } from './space-shell';
import { queryKeys } from '../../lib/query-keys';

const SALES = `/${ACME_SALES_ID}/acme-sales`;
const PREMIUM = `/${ACME_PREMIUM_ID}/acme-premium`;
const NEW_SPACE_ID = 'cccccccc-0000-4000-8000-000000000009';

const premium = userWorkspace({
  workspaceId: ACME_PREMIUM_ID,
  workspaceName: 'Acme Premium',
  workspacePlan: 'PREMIUM',
  urlPrefix: PREMIUM,
});
const olivia = currentUser({ userWorkspaces: [userWorkspace(), premium] });
const asMember = (overrides: Partial<UserWorkspace>, email: string): CurrentUser =>
  currentUser({
    userEmail: email,
    userName: email.split('@')[0],
    userWorkspaces: [userWorkspace({ userRole: 'MEMBER', ...overrides })],
  });
const fred = asMember({ userPlan: 'FREE' }, 'fred@acme.test');
const adam = currentUser({
  userEmail: 'adam@acme.test',
  userWorkspaces: [userWorkspace({ userRole: 'ADMIN' })],
});
const dora = asMember({ status: 'DISABLED' }, 'dora@acme.test');
const leo = currentUser({
  userEmail: 'leo@legacy.test',
  userWorkspaces: [userWorkspace({ workspacePlan: 'LEGACY', legacyPlanType: 'TEAM', isPerSeat: false })],
});
const gina = currentUser({
  userEmail: 'gina@gmail.com',
  installationTimestamp: null,
  userWorkspaces: [userWorkspace({ workspacePlan: 'FREE', userPlan: 'FREE', workspaceName: "Gina's space" })],
});

const noRestriction: RolloutStatus = {
  isRegistered: true,
  isEligible: true,
  isPerSeat: true,
  userV2: true,
  lastActivatedStep: null,
};

function workspaceOf(space: UserWorkspace): Workspace {
  return {
    workspaceId: space.workspaceId,
    id: space.workspaceId,
    workspaceName: space.workspaceName,
    name: space.workspaceName,
    role: space.userRole,
    urlPrefix: space.urlPrefix,
    workspacePlan: space.workspacePlan,
    plan: space.workspacePlan,
    legacyType: space.legacyPlanType,
    isPerSeat: space.isPerSeat,
    status: 'ACTIVE',
    memberInviteUser: true,
    workspaceUserFeature: { workspacePlan: space.workspacePlan, userPlan: space.userPlan },
    isAddonWorkspace: false,
  };
}

type Server = {
  me: CurrentUser;
  workspaceStatus?: number;
  created?: Workspace;
  /** The user's Gmail sending grant (issue 24); unset: the endpoint is not there (404). */
  gmail?: GmailConnection;
};

const fetchMock = stubFetch();

function serve(server: Server) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestAddress(input);
    const method = requestMethod(init);
    if (url.pathname === '/api/cannon') return Promise.resolve(jsonResponse(200, { items: [] }));
    if (url.pathname === '/api/v2/users/me') return Promise.resolve(jsonResponse(200, server.me));
    if (url.pathname === '/api/v1/users/me/gmail' && server.gmail) {
      if (method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
      return Promise.resolve(jsonResponse(200, server.gmail));
    }
    if (method === 'POST' && url.pathname === '/api/v1/workspaces' && server.created) {
      return Promise.resolve(jsonResponse(201, server.created));
    }
    const details = /^\/api\/v1\/workspaces\/([^/]+)$/.exec(url.pathname);
    if (details) {
      const space = server.me.userWorkspaces?.find((candidate) => candidate.workspaceId === details[1]);
      if (!space || server.workspaceStatus) {
        return Promise.resolve(
          jsonResponse(server.workspaceStatus ?? 404, {
            code: 'NOT_FOUND',
            message: 'Not found',
            errors: [],
          }),
        );
      }
      return Promise.resolve(jsonResponse(200, workspaceOf(space)));
    }
    return Promise.resolve(
      jsonResponse(404, { code: 'NOT_FOUND', message: `No ${url.pathname}`, errors: [] }),
    );
  });
}

function renderShell(
  path: string,
  user: CurrentUser,
  options: { server?: Partial<Server>; queryClient?: QueryClient; rollout?: RolloutStatus } = {},
) {
  serve({ me: user, ...options.server });
  const queryClient = options.queryClient ?? createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser(), user);
  queryClient.setQueryData(queryKeys.rolloutStatus(), options.rollout ?? noRestriction);
  const session = signedInSession();
  const result = renderRoutes(
    [
      { path: '/', element: <p>Home</p> },
      {
        path: '/:workspaceId/:workspaceSlug/*',
        element: (
          <MantineProvider theme={theme} env="test">
            <SpaceShell />
          </MantineProvider>
        ),
      },
    ],
    path,
    { session, queryClient },
  );
  const location = () => `${result.router.state.location.pathname}${result.router.state.location.search}`;
  return { ...result, session, queryClient, location };
}

beforeEach(() => {
  resetAlertStore();
});

describe('SpaceShell: resolving the space from the URL (spec 000 §2)', () => {
  it("sends a visitor who is not a member of the space to '/'", async () => {
    const { location } = renderShell('/dddddddd-0000-4000-8000-000000000000/other/templates', olivia);
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('replaces a wrong slug, keeping the rest of the path and the query', async () => {
    const { location } = renderShell(`/${ACME_SALES_ID}/old-name/templates?show-plans=1`, olivia);
    await waitFor(() => expect(location()).toBe(`${SALES}/templates?show-plans=1`));
    // The page is lazy: its first import can take over the default 1 s on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Templates' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it("confirms a rename that changes the slug: 'The space name has been saved.' at the new address (issue 21)", async () => {
    const me = currentUser({ userWorkspaces: [userWorkspace(), premium] });
    const { location } = renderShell(`${SALES}/space/general`, me);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      const url = requestAddress(input);
      if (requestMethod(init) === 'PUT' && url.pathname === `/api/v1/workspaces/${ACME_SALES_ID}`) {
        const { workspaceName } = requestJson(init) as { workspaceName: string };
        // The server answers the new name; the space's address follows it (spec 000 §2 urlPrefix).
        me.userWorkspaces = [
          userWorkspace({ workspaceName, urlPrefix: `/${ACME_SALES_ID}/acme-sales-eu` }),
          premium,
        ];
        return Promise.resolve(jsonResponse(200, workspaceOf(me.userWorkspaces[0]!)));
      }
      return answer(input, init);
    });
    const name = await screen.findByLabelText('Space name', undefined, { timeout: 5000 });
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Sales EU');
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Rename the space' })).getByRole('button', { name: 'Save' }),
    );
    await waitFor(() => expect(location()).toBe(`/${ACME_SALES_ID}/acme-sales-eu/space/general`));
    expect(await screen.findByText('The space name has been saved.')).toBeInTheDocument();
  });

  it('remembers the space as the selected one', async () => {
    renderShell(`${PREMIUM}/templates`, olivia);
    // The page is lazy and the shell mounts in background renders: over the default 1 s when busy.
    await screen.findByRole('heading', { level: 1, name: 'Templates' }, { timeout: 5000 });
    expect(localStorage.getItem('mergedesk.last-space-id')).toBe(ACME_PREMIUM_ID);
  });
});

describe('SpaceShell: space routes (spec 000 §2, spec 002 §2.1)', () => {
  it.each([
    ['/mail-merges', '/mail-merges/sent', 'Mail merges'],
    ['/mail-merges?show-plans=1', '/mail-merges/sent?show-plans=1', 'Mail merges'],
    ['/mail-merges/scheduled', '/mail-merges/scheduled', 'Mail merges'],
    ['/anything/else', '/mail-merges/sent', 'Mail merges'],
    // Issue 25: a merge's progress page (lazy).
    ['/mail-merges/sending/c1', '/mail-merges/sending/c1', 'Mail merge progress'],
    ['/unsubscriptions', '/unsubscriptions', 'Unsubscriptions'],
    ['/team-report', '/team-report', 'Team report'],
    ['/space', '/space/general', 'General'],
    ['/space/upgrade?plan=PRO', '/space/billing?plan=PRO', 'Billing'],
    ['/settings/billing?show-plans=1', '/space/billing?show-plans=1', 'Billing'],
    // Spec 001 §2: other checkout and billing sub-addresses go to billing.
    ['/checkout/elsewhere', '/space/billing', 'Billing'],
    ['/space/billing/elsewhere', '/space/billing', 'Billing'],
    // Issue 25: the composer (lazy).
    ['/mail-merges/new', '/mail-merges/new', 'New mail merge'],
  ])('olivia (owner) at %s ends at %s', async (path, expected, heading) => {
    const { location } = renderShell(`${SALES}${path}`, olivia);
    // The pages are lazy: the first import of a real page can take over the default 1 s.
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(location()).toBe(`${SALES}${expected}`);
    await waitFor(() => expect(document.title).toBe(`${heading} | MergeDesk`));
  });

  it('sends a non-owner from /space to the users page', async () => {
    const { location } = renderShell(`${SALES}/space`, fred);
    await waitFor(() => expect(location()).toBe(`${SALES}/space/users`));
  });

  it('shows Bounces to fred but sends adam (paid admin of a PRO space) to the fallback', async () => {
    renderShell(`${SALES}/bounces`, fred);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bounces' })).toBeInTheDocument();
  });

  it("sends adam from /bounces and /space/general to '/'", async () => {
    const first = renderShell(`${SALES}/bounces`, adam);
    await waitFor(() => expect(first.location()).toBe('/'));
    first.unmount();
    const second = renderShell(`${SALES}/space/general`, adam);
    await waitFor(() => expect(second.location()).toBe('/'));
  });

  it("shows the seat-based Members screen at /space/users of a per-seat space (title 'Users')", async () => {
    const { location } = renderShell(`${SALES}/space/users`, olivia);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Members Acme Sales' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(location()).toBe(`${SALES}/space/users`);
    await waitFor(() => expect(document.title).toBe('Users | MergeDesk'));
  });

  it('gives fred (free member of a PRO space) a titled users page naming whom to ask, not a blank one (issue 21)', async () => {
    renderShell(`${SALES}/space/users`, fred);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Members Acme Sales' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The member list is for members with a seat. You use this space on the free plan.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Users | MergeDesk'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps gina out of the Members page of her Free personal space, which the sidebar hides (issue 21)', async () => {
    const { location } = renderShell(`${SALES}/space/users`, gina);
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('tells adam (admin of a per-seat space) who manages billing at /settings/billing (issue 21)', async () => {
    const { location } = renderShell(`${SALES}/settings/billing`, adam);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Billing is managed by the space owner' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Only the owner of Acme Sales can see and change its billing. Ask them if the space needs more seats or another plan.',
      ),
    ).toBeInTheDocument();
    expect(location()).toBe(`${SALES}/space/billing`);
  });

  it('shows the legacy Manage Users screen in a per-user space', async () => {
    renderShell(`${SALES}/space/users`, leo);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Users' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it.each([
    ['no rollout step', true, null],
    // Spec 000 §6: TRANSFER_WORKSPACE is restricted at step 1 for a domain account (olivia).
    ['rollout step 1 (TRANSFER_WORKSPACE restricted)', false, 1],
    ['rollout step 2', true, 2],
  ])("owner's general settings with %s: 'Transfer ownership' shown: %s", async (_, shown, step) => {
    renderShell(`${SALES}/space/general`, olivia, {
      rollout: { ...noRestriction, lastActivatedStep: step },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'General' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Space name')).toBeInTheDocument();
    if (shown) {
      expect(await screen.findByRole('region', { name: 'Transfer ownership' })).toBeInTheDocument();
    } else {
      expect(screen.queryByRole('region', { name: 'Transfer ownership' })).not.toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'New owner' })).not.toBeInTheDocument();
    }
  });

  it('opens the install tutorial only while the installation timestamp is missing', async () => {
    renderShell(`${SALES}/get-started`, gina);
    expect(await screen.findByRole('heading', { level: 1, name: 'Get started' })).toBeInTheDocument();
  });
});

describe('SpaceShell: DISABLED member (spec 000 §2, §4)', () => {
  it('shows the disabled page for any path, a disabled menu, and fetches no details', async () => {
    const { location } = renderShell(`${SALES}/templates`, dora);

    expect(
      await screen.findByText(
        'Sorry, your account is disabled. Contact your space administrator to solve this issue.',
      ),
    ).toBeInTheDocument();
    expect(location()).toBe(`${SALES}/disabled`);
    const pages = screen.getByRole('list', { name: 'Space pages' });
    expect(within(pages).queryAllByRole('link')).toEqual([]);
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes('/api/v1/workspaces/'))).toBe(
      false,
    );
  });

  it('keeps only Switch account and Log out in the account menu', async () => {
    const { session } = renderShell(`${SALES}/disabled`, dora);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Switch account', 'Log out']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(session.logout).toHaveBeenCalled();
  });
});

describe('SpaceShell: leaving a space (issue 21)', () => {
  it("lets fred leave Acme Sales after a confirmation that has the focus on 'Cancel', and says so where he lands", async () => {
    const memberOfBoth = currentUser({
      ...fred,
      userWorkspaces: [...(fred.userWorkspaces ?? []), { ...premium, userRole: 'MEMBER' }],
    });
    let me = memberOfBoth;
    const { location } = renderShell(`${SALES}/templates`, memberOfBoth);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      const url = requestAddress(input);
      if (requestMethod(init) === 'POST' && url.pathname === `/api/v1/workspaces/${ACME_SALES_ID}/leave`) {
        me = currentUser({ ...memberOfBoth, userWorkspaces: [{ ...premium, userRole: 'MEMBER' }] });
        return Promise.resolve(jsonResponse(200, { success: true, addonWorkspaceId: null }));
      }
      if (url.pathname === '/api/v2/users/me') return Promise.resolve(jsonResponse(200, me));
      return answer(input, init);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Leave space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Acme Sales?' });
    expect(
      within(dialog).getByText(/your personal unsubscriptions and bounces stay with you/),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave space' }));
    // He lands where `/` would take him now, and the 'left' alert is shown there (not cleared by
    // the navigation away from the space he left).
    await waitFor(() => expect(location()).toBe(`${PREMIUM}/mail-merges/sent`));
    expect(await screen.findByText('You are no longer a member of Acme Sales.')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => requestMethod(init) === 'POST');
    expect(posts.map(([input]) => requestAddress(input).pathname)).toContain(
      `/api/v1/workspaces/${ACME_SALES_ID}/leave`,
    );
  });

  it("changes the analytics choice from the account menu's 'Analytics cookies' (issue 21)", async () => {
    document.cookie = 'md_consent=analytics%3Ddenied; Path=/';
    renderShell(`${SALES}/templates`, olivia);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Analytics cookies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Analytics cookies' });
    const toggle = within(dialog).getByRole('checkbox', { name: /Allow analytics cookies/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(document.cookie).toContain('md_consent=analytics%3Dgranted');
    await userEvent.click(toggle);
    expect(document.cookie).toContain('md_consent=analytics%3Ddenied');
    document.cookie = 'md_consent=; Path=/; Max-Age=0';
  });

  it.each([
    [409, 'You cannot leave a space you own.', 'You cannot leave a space you own.'],
    [500, 'Internal error', 'Something went wrong.'],
  ])(
    'keeps fred in Acme Sales when leaving is answered %i, with the reason a person can act on',
    async (status, message, shown) => {
      const { location } = renderShell(`${SALES}/templates`, fred);
      const answer = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation((input, init) => {
        const url = requestAddress(input);
        if (requestMethod(init) === 'POST' && url.pathname === `/api/v1/workspaces/${ACME_SALES_ID}/leave`) {
          return Promise.resolve(jsonResponse(status, { code: 'REFUSED', message, errors: [] }));
        }
        return answer(input, init);
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Leave space' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave Acme Sales?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Leave space' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(shown);
      expect(location()).toBe(`${SALES}/templates`);
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    },
  );

  it('offers the owner no Leave space', async () => {
    renderShell(`${SALES}/templates`, olivia);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await screen.findByRole('menuitem', { name: 'Log out' });
    expect(screen.queryByRole('menuitem', { name: 'Leave space' })).not.toBeInTheDocument();
  });
});

describe('SpaceShell: switching spaces (spec 000 §2)', () => {
  it("goes to the chosen space's sent mail merges and drops the checkout parameters", async () => {
    const { location } = renderShell(
      `${SALES}/templates?checkout=1&from=FREE&to=PRO&gmailUsers=1&show-plans=1`,
      olivia,
    );
    await userEvent.click(await screen.findByRole('combobox', { name: 'Switch space Acme Sales' }));
    await userEvent.click(await screen.findByRole('option', { name: /Acme Premium/ }));

    await waitFor(() => expect(location()).toBe(`${PREMIUM}/mail-merges/sent?show-plans=1`));
    expect(localStorage.getItem('mergedesk.last-space-id')).toBe(ACME_PREMIUM_ID);
  });
});

describe('SpaceShell: new space (spec 000 §2, §4)', () => {
  it("opens the dialog from the 'new-space' flag and drops the flag when it closes", async () => {
    const { location } = renderShell(`${SALES}/mail-merges/sent?new-space&show-plans=1`, olivia);
    expect(await screen.findByRole('dialog', { name: 'Create a new space' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe(`${SALES}/mail-merges/sent?show-plans=1`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("creates a space, switches to it and shows the 'created' alert", async () => {
    const createdSpace = userWorkspace({
      workspaceId: NEW_SPACE_ID,
      workspaceName: 'Marketing team',
      workspacePlan: 'FREE',
      userPlan: 'FREE',
      urlPrefix: `/${NEW_SPACE_ID}/marketing-team`,
    });
    const { location } = renderShell(`${SALES}/templates`, olivia, {
      server: {
        created: workspaceOf(createdSpace),
        me: { ...olivia, userWorkspaces: [...olivia.userWorkspaces!, createdSpace] },
      },
    });

    await userEvent.click(await screen.findByRole('combobox', { name: 'Switch space Acme Sales' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Create a new space' }));
    await userEvent.type(await screen.findByLabelText("Space's name"), 'Marketing team');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(location()).toBe(`/${NEW_SPACE_ID}/marketing-team/mail-merges/sent`));
    expect(await screen.findByText('Your new space has been created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('mergedesk.last-space-id')).toBe(NEW_SPACE_ID);
  });

  it.each([
    ['olivia@acme.test', 'details'],
    ['gina@gmail.com', 'information'],
  ])(
    "from a checkout with the 'new-space' flag, %s goes on buying in the new space (%s step)",
    async (email, step) => {
      const createdSpace = userWorkspace({
        workspaceId: NEW_SPACE_ID,
        workspaceName: 'Marketing team',
        workspacePlan: 'FREE',
        userPlan: 'FREE',
        urlPrefix: `/${NEW_SPACE_ID}/marketing-team`,
      });
      const buyer = { ...olivia, userEmail: email };
      const { location } = renderShell(`${SALES}/checkout?new-space=1&plan=PRO&checkout=success`, buyer, {
        server: {
          created: workspaceOf(createdSpace),
          me: { ...buyer, userWorkspaces: [...olivia.userWorkspaces!, createdSpace] },
        },
      });

      const dialog = await screen.findByRole('dialog', { name: 'Create a new space' });
      await userEvent.type(within(dialog).getByLabelText("Space's name"), 'Marketing team');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

      // The purchase's query goes along, without the flag and what a space switch drops.
      await waitFor(() =>
        expect(location()).toBe(`/${NEW_SPACE_ID}/marketing-team/checkout/${step}?plan=PRO`),
      );
      expect(localStorage.getItem('mergedesk.last-space-id')).toBe(NEW_SPACE_ID);
    },
  );

  it('shows the 5-space limit to an owner of five spaces', async () => {
    const spaces = Array.from({ length: 5 }, (_, index) =>
      userWorkspace({
        workspaceId: `eeeeeeee-0000-4000-8000-00000000000${index}`,
        workspaceName: `Max ${index + 1}`,
        urlPrefix: `/eeeeeeee-0000-4000-8000-00000000000${index}/max-${index + 1}`,
      }),
    );
    const max = currentUser({ userEmail: 'max@max.test', userWorkspaces: spaces });
    renderShell(`${spaces[0]!.urlPrefix}/mail-merges/sent?new-space`, max);

    expect(await screen.findByText('You cannot create a new space')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});

describe('SpaceShell: top bar and alerts (spec 000 §2)', () => {
  it('gives fred an Upgrade button that opens the upgrade info modal', async () => {
    renderShell(`${SALES}/mail-merges/sent`, fred);
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('dialog', { name: 'Request an upgrade' })).toBeInTheDocument();
  });

  it('gives the owner of a FREE space Upgrade links to the checkout, except on the billing page', async () => {
    renderShell(`${SALES}/mail-merges/sent`, gina);
    const links = await screen.findAllByRole('link', { name: 'Upgrade' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `${SALES}/checkout/details`,
      `${SALES}/checkout/details`,
    ]);
  });

  it('has no Upgrade on the billing page', async () => {
    renderShell(`${SALES}/space/billing`, gina);
    await screen.findByRole('heading', { level: 1, name: 'Billing' });
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('has no Upgrade on a checkout step, where the owner is upgrading already', async () => {
    renderShell(`${SALES}/checkout/details`, gina);
    await screen.findByRole('button', { name: 'Account menu' });
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('shows the legacy notice to the owner of a LEGACY space until dismissed, not on billing', async () => {
    const first = renderShell(`${SALES}/mail-merges/sent`, leo);
    expect(await screen.findByText('You are on a legacy plan')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your space is currently on a legacy plan. You should contact support to switch to a new plan.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('You are on a legacy plan')).not.toBeInTheDocument();
    first.unmount();

    renderShell(`${SALES}/mail-merges/sent`, leo);
    await screen.findByRole('heading', { level: 1, name: 'Mail merges' });
    expect(screen.queryByText('You are on a legacy plan')).not.toBeInTheDocument();
  });

  it('shows an inline error with a retry when the space details fail', async () => {
    renderShell(`${SALES}/mail-merges/sent`, olivia, { server: { workspaceStatus: 500 } });
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    serve({ me: olivia });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail merges' })).toBeInTheDocument();
  });
});

describe('SpaceShell: account menu (spec 000 §2)', () => {
  it("shows the user, the active space and the owner's entries", async () => {
    const { session, location } = renderShell(`${SALES}/mail-merges/sent`, olivia);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Olivia Owens')).toBeInTheDocument();
    expect(within(menu).getByText('olivia@acme.test')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Active spaceAcme SalesPro',
      'Manage billing',
      'Analytics cookies',
      'Switch account',
      'Log out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Manage billing' })).toHaveAttribute(
      'href',
      `${SALES}/space/billing`,
    );

    await userEvent.click(within(menu).getByRole('menuitem', { name: /Active space/ }));
    await waitFor(() => expect(location()).toBe(`${SALES}/space/general`));

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Switch account' }));
    expect(session.switchAccount).toHaveBeenCalled();
  });

  it('hides Manage billing from a member and from the owner of a LEGACY space', async () => {
    const first = renderShell(`${SALES}/mail-merges/sent`, fred);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Manage billing' })).not.toBeInTheDocument();
    first.unmount();

    renderShell(`${SALES}/mail-merges/sent`, leo);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Manage billing' })).not.toBeInTheDocument();
  });
});

describe("SpaceShell: the sender's Gmail (issue 24)", () => {
  const connected: GmailConnection = { status: 'CONNECTED', email: 'olivia@acme.test', connectedAt: 1 };
  const revoked: GmailConnection = { status: 'REVOKED', email: 'olivia@acme.test', connectedAt: 1 };
  const none: GmailConnection = { status: 'NOT_CONNECTED', email: null, connectedAt: null };
  const gmailCalls = (method = 'GET') =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        requestAddress(input).pathname === '/api/v1/users/me/gmail' && requestMethod(init) === method,
    );
  const connectHref = (returnTo: string) =>
    `/api/v1/auth/gmail/connect?returnTo=${encodeURIComponent(returnTo)}`;

  it("shows 'Connected as' in the account menu, and disconnects after a confirmation", async () => {
    renderShell(`${SALES}/templates`, olivia, { server: { gmail: connected } });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('Connected as olivia@acme.test')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('menuitem', { name: 'Disconnect Gmail' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disconnect Gmail?' });
    expect(confirm).toHaveTextContent('MergeDesk will no longer send mail merges from olivia@acme.test.');
    expect(gmailCalls('DELETE')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Disconnect Gmail?' })).not.toBeInTheDocument(),
    );
    expect(gmailCalls('DELETE')).toHaveLength(1);
  });

  it('offers Connect Gmail, a link to the consent that comes back to this page', async () => {
    renderShell(`${SALES}/templates?x=1`, olivia, { server: { gmail: none } });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Connect Gmail' })).toHaveAttribute(
      'href',
      connectHref(`${SALES}/templates?x=1`),
    );
    // Never given: nothing shell-wide.
    expect(
      screen.queryByText('Gmail access was revoked. Merges you send are paused.'),
    ).not.toBeInTheDocument();
  });

  it('says shell-wide that a revoked grant pauses the merges, with Reconnect Gmail', async () => {
    renderShell(`${SALES}/templates`, olivia, { server: { gmail: revoked } });
    const banner = await screen.findByText('Gmail access was revoked. Merges you send are paused.');
    const alert = banner.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Reconnect Gmail' })).toHaveAttribute(
      'href',
      connectHref(`${SALES}/templates`),
    );
  });

  it("shows one notice when back with '?gmail=connected', and drops the flag", async () => {
    const { location } = renderShell(`${SALES}/templates?gmail=connected&x=1`, olivia, {
      server: { gmail: connected },
    });
    expect(
      await screen.findByText('Gmail is connected. MergeDesk can now send your mail merges.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`${SALES}/templates?x=1`));
    expect(screen.getAllByText('Gmail is connected. MergeDesk can now send your mail merges.')).toHaveLength(
      1,
    );
  });

  it('does not ask for the grant of a disabled member', async () => {
    renderShell(`${SALES}/templates`, dora, { server: { gmail: revoked } });
    await screen.findByText(/your account is disabled/);
    expect(gmailCalls()).toHaveLength(0);
  });
});
