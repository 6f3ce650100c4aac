import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeatMember, SeatSummaryResponse } from '@mergedesk/domain/api/members';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import { PENDING_SEAT_TYPE } from '@mergedesk/domain/members/status';
import { requestAddress, requestJson, requestMethod, stubFetch } from '../../../test/fetch-stub';
import {
  ACME_SALES_ID,
  jsonResponse,
  seatMember,
  userWorkspace,
  workspaceDetails,
} from '../../../test/fixtures';
import { fakeTimerUser, runOnFakeTimers } from '../../../test/fake-timers';
import { renderRoutes } from '../../../test/render';
import { MembersPage } from './members-page';

const OLIVIA = 'bbbbbbbb-0000-4000-8000-000000000001';
const ADAM = 'bbbbbbbb-0000-4000-8000-000000000002';
const MIA = 'bbbbbbbb-0000-4000-8000-000000000003';
const PREFIX = `/${ACME_SALES_ID}/acme-sales`;

const member = ({ userEmail = 'x@acme.test', ...overrides }: Partial<SeatMember>): SeatMember =>
  seatMember(userEmail, overrides);

const olivia = member({
  userId: OLIVIA,
  userEmail: 'olivia@acme.test',
  userName: 'Olivia Owens',
  userRole: 'OWNER',
});
const adam = member({ userId: ADAM, userEmail: 'adam@acme.test', userName: 'Adam Admin', userRole: 'ADMIN' });
const mia = member({ userId: MIA, userEmail: 'mia@acme.test', userName: 'Mia Member' });
const paula = member({
  userEmail: 'paula@acme.test',
  userName: 'paula@acme.test',
  userStatus: 'PENDING',
  seatType: PENDING_SEAT_TYPE,
});

type Seats = SeatSummaryResponse & { memberCount: number };
const seats = (overrides: Partial<Seats> = {}): Seats => ({
  memberCount: 4,
  totalSeats: 10,
  assignedSeats: 5,
  availableSeats: 4,
  unavailableSeats: 1,
  unlimited: false,
  usagePercentage: 60,
  scheduledRemoval: null,
  ...overrides,
});

const details = workspaceDetails();

type Server = {
  items: SeatMember[];
  seats: Seats;
  addResults?: { userEmail: string; errorDetails: string | null; errorCode: string | null }[];
};

const fetchMock = stubFetch();
// The search, selection and suggestion debounces and every wait run on the test's clock (test/fake-timers.ts).
runOnFakeTimers();
let user: UserEvent;
beforeEach(() => {
  user = fakeTimerUser();
});

function serve(server: Server) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestAddress(input);
    const method = requestMethod(init);
    const base = `/api/workspaces/${ACME_SALES_ID}`;
    const body = (requestJson(init) ?? {}) as Record<string, unknown>;
    if (method === 'GET' && url.pathname === `${base}/users/v1`) {
      const search = /search:([^,]+)/.exec(url.searchParams.get('filterBy') ?? '')?.[1];
      const items = server.items.filter(
        (m) => !search || m.userEmail.includes(search) || m.userName.includes(search),
      );
      // The server's paging (limit, limitOffset) over the matching members; the total is theirs.
      const offset = Number(url.searchParams.get('limitOffset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? items.length);
      return Promise.resolve(
        jsonResponse(200, { items: items.slice(offset, offset + limit), total: items.length }),
      );
    }
    if (method === 'GET' && url.pathname === '/api/v2/users/suggest') {
      const keyword = url.searchParams.get('keyword') ?? '';
      const people = [
        { userEmail: 'zoe@acme.test', userName: 'Zoe Zed' },
        { userEmail: 'yan@acme.test', userName: 'Yan Young' },
      ];
      const items = people.filter(
        (p) => p.userEmail.includes(keyword) || p.userName.toLowerCase().includes(keyword),
      );
      return Promise.resolve(jsonResponse(200, { items }));
    }
    if (method === 'GET' && url.pathname === `${base}/seats`)
      return Promise.resolve(jsonResponse(200, server.seats));
    if (method === 'POST' && url.pathname === `${base}/users/v1`) {
      const emails = body.userEmails as string[];
      const results =
        server.addResults ?? emails.map((userEmail) => ({ userEmail, errorDetails: null, errorCode: null }));
      return Promise.resolve(jsonResponse(200, { success: results.every((r) => !r.errorDetails), results }));
    }
    if (method === 'PATCH' && url.pathname === `${base}/users/v1`) {
      server.items = server.items.filter((m) => !(body.userEmails as string[]).includes(m.userEmail));
      return Promise.resolve(jsonResponse(200, { success: true }));
    }
    if (method === 'GET' && url.pathname === `${base}/members/promote-validity`) {
      const items = server.items
        .filter((m) => m.userPlan === 'FREE' && m.userId !== null)
        .map((m) => ({ userId: m.userId, userEmail: m.userEmail, errorCode: null }));
      return Promise.resolve(jsonResponse(200, { items }));
    }
    if (method === 'PUT' && url.pathname === `${base}/members/seats`) {
      const given = server.items.filter((m) => (body.userIds as string[]).includes(m.userId ?? ''));
      for (const m of given) m.userPlan = 'PRO';
      const results = given.map((m) => ({ userId: m.userId, userEmail: m.userEmail, errorCode: null }));
      return Promise.resolve(jsonResponse(200, { success: true, results }));
    }
    if (['PUT', 'DELETE'].includes(method)) return Promise.resolve(jsonResponse(200, { success: true }));
    return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: url.pathname, errors: [] }));
  });
}

/** The calls of a method to a path ending with `suffix`, with their parsed bodies. */
const calls = (method: string, suffix: string) =>
  fetchMock.mock.calls
    .filter(
      ([input, init]) => requestMethod(init) === method && requestAddress(input).pathname.endsWith(suffix),
    )
    .map(([input, init]) => ({
      url: requestAddress(input),
      body: requestJson(init),
    }));

function renderMembers(options: { space?: UserWorkspace; server?: Partial<Server>; userId?: string } = {}) {
  serve({ items: [olivia, adam, mia, paula], seats: seats(), ...options.server });
  return renderRoutes(
    [
      {
        path: '/:workspaceId/:slug/space/users',
        element: (
          <MembersPage
            space={options.space ?? userWorkspace()}
            details={details}
            userId={options.userId ?? OLIVIA}
            isInvitationRestricted={false}
            prefix={PREFIX}
          />
        ),
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    `${PREFIX}/space/users`,
  );
}

const table = () => screen.findByRole('table', { name: 'Members' });
const selectRow = async (email: string) =>
  user.click(await screen.findByRole('checkbox', { name: `Select ${email}` }));
const drawer = () => screen.findByRole('dialog', { name: /selected/ });

describe('MembersPage (spec 002 §2.7)', () => {
  it("shows 'Members' with the space name, the seats counter and the list in the server's order", async () => {
    renderMembers();
    expect(document.title).toBe('Users | MergeDesk');
    expect(screen.getByRole('heading', { level: 1, name: 'Members Acme Sales' })).toBeInTheDocument();
    expect(await screen.findByText('6 of 10 seats used')).toBeInTheDocument();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'olivia@acme.test',
      'adam@acme.test',
      'mia@acme.test',
      'paula@acme.test',
    ]);
    expect(within(rows[3]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Owner')).toBeInTheDocument();
    // No sort chosen: the server's order (pending last) applies.
    expect(calls('GET', '/users/v1')[0]?.url.searchParams.get('sortBy')).toBeNull();
  });

  it('sorts by a column on click, ascending then descending', async () => {
    renderMembers();
    await table();
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(calls('GET', '/users/v1').at(-1)?.url.searchParams.get('sortBy')).toBe('userEmail:asc'),
    );
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(calls('GET', '/users/v1').at(-1)?.url.searchParams.get('sortBy')).toBe('userEmail:desc'),
    );
  });

  it('shows the spec texts for an empty list and for a search that finds nobody', async () => {
    renderMembers({ server: { items: [] } });
    expect(await screen.findByText('Nothing to see here...')).toBeInTheDocument();
    expect(screen.getByText("You don't have any space members.")).toBeInTheDocument();
  });

  it('searches (debounced) and says when nobody matches', async () => {
    renderMembers();
    await table();
    await user.type(screen.getByRole('textbox', { name: 'Search members' }), 'zed');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(
      screen.getByText('Sorry, there is no space member that fits with your search.'),
    ).toBeInTheDocument();
    expect(calls('GET', '/users/v1').at(-1)?.url.searchParams.get('filterBy')).toBe('search:zed');
  });

  describe('paging (spec 002 §1 "Tables support search, sort, paging"; 25 rows a page)', () => {
    // 30 members: m01@acme.test … m30@acme.test, in the server's order.
    const many = Array.from({ length: 30 }, (_, index) => {
      const n = String(index + 1).padStart(2, '0');
      return member({ userEmail: `m${n}@acme.test`, userName: `Person ${n}` });
    });
    // The third cell of each body row. The table's own cells, not a role query per row: 25 of
    // those, at each check of a wait, took most of this test's time.
    const emailsShown = async () =>
      within(await table())
        .getAllByRole('row')
        .slice(1)
        .map((row) => (row as HTMLTableRowElement).cells[2]?.textContent);
    const emails = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `m${String(from + i).padStart(2, '0')}@acme.test`);
    const lastQuery = () => calls('GET', '/users/v1').at(-1)?.url.searchParams;
    const pageButton = (n: number) => screen.getByRole('button', { name: `Page ${n}` });

    it('shows the first 25 members, then the next page and the previous one', async () => {
      renderMembers({ server: { items: many } });
      await waitFor(async () => expect(await emailsShown()).toEqual(emails(1, 25)));
      expect(screen.getByText('Total: 30')).toBeInTheDocument();
      expect(lastQuery()?.get('limit')).toBe('25');
      expect(lastQuery()?.get('limitOffset')).toBe('0');
      expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

      await user.click(screen.getByRole('button', { name: 'Next page' }));
      await waitFor(async () => expect(await emailsShown()).toEqual(emails(26, 30)));
      expect(lastQuery()?.get('limitOffset')).toBe('25');
      expect(pageButton(2)).toHaveAttribute('aria-current', 'page');
      expect(pageButton(1)).not.toHaveAttribute('aria-current');
      expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

      await user.click(screen.getByRole('button', { name: 'Previous page' }));
      await waitFor(async () => expect(await emailsShown()).toEqual(emails(1, 25)));
      expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
    });

    it('goes back to the first page when the search changes, and when the sort changes', async () => {
      // 27 matches for 'acme.test' plus 3 others: a search that still has two pages.
      const others = ['x1@other.test', 'x2@other.test', 'x3@other.test'].map((userEmail) =>
        member({ userEmail, userName: userEmail }),
      );
      renderMembers({ server: { items: [...many.slice(0, 27), ...others] } });
      await waitFor(async () => expect(await emailsShown()).toEqual(emails(1, 25)));
      await user.click(pageButton(2));
      await waitFor(async () =>
        expect(await emailsShown()).toEqual([...emails(26, 27), ...others.map((m) => m.userEmail)]),
      );

      // Pasted: typing would render the 25-row table once a key for nothing this test looks at.
      await user.click(screen.getByRole('textbox', { name: 'Search members' }));
      await user.paste('acme.test');
      await waitFor(() => expect(lastQuery()?.get('filterBy')).toBe('search:acme.test'));
      expect(lastQuery()?.get('limitOffset')).toBe('0');
      await waitFor(async () => expect(await emailsShown()).toEqual(emails(1, 25)));
      expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
      expect(screen.getByText('Total: 27')).toBeInTheDocument();

      await user.click(pageButton(2));
      await waitFor(async () => expect(await emailsShown()).toEqual(emails(26, 27)));
      await user.click(screen.getByRole('button', { name: 'Email' }));
      await waitFor(() => expect(lastQuery()?.get('sortBy')).toBe('userEmail:asc'));
      expect(lastQuery()?.get('limitOffset')).toBe('0');
      await waitFor(() => expect(pageButton(1)).toHaveAttribute('aria-current', 'page'));
    });
  });

  it("opens 'Manage seats' for the owner with the add and remove seat links", async () => {
    renderMembers();
    await user.click(await screen.findByRole('button', { name: 'Manage seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage seats' });
    expect(within(dialog).getByRole('link', { name: 'Add seats' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout/add-seats`,
    );
    expect(within(dialog).getByRole('link', { name: 'Remove seats' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout/remove-seats`,
    );
  });

  it('shows the scheduled removal instead of the seat links while one is scheduled', async () => {
    renderMembers({
      server: {
        seats: seats({
          scheduledRemoval: { targetSeatsQuantity: 6, removeSeatsAtTimestamp: Date.UTC(2027, 0, 15) },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Manage seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage seats' });
    expect(within(dialog).getByText(/you first need to cancel the scheduled downgrade/)).toBeInTheDocument();
    expect(
      within(dialog).getByText('The space goes down to 6 seats on January 15th, 2027.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Cancel downgrade' })).toHaveAttribute(
      'href',
      `${PREFIX}/space/billing`,
    );
    expect(within(dialog).queryByRole('link', { name: 'Add seats' })).not.toBeInTheDocument();
  });

  it("leads the owner's 'Cancel downgrade' to billing with the state that opens its cancel dialog (issue 21)", async () => {
    const { router } = renderMembers({
      server: {
        seats: seats({
          scheduledRemoval: { targetSeatsQuantity: 6, removeSeatsAtTimestamp: Date.UTC(2027, 0, 15) },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Manage seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage seats' });
    await user.click(within(dialog).getByRole('link', { name: 'Cancel downgrade' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PREFIX}/space/billing`));
    expect(router.state.location.state).toEqual({ openCancelScheduledRemoval: true });
  });

  it('offers no Add seats in Add members while a downgrade is scheduled (spec 002 §4.6; issue 21)', async () => {
    renderMembers({
      server: {
        seats: seats({
          scheduledRemoval: { targetSeatsQuantity: 6, removeSeatsAtTimestamp: Date.UTC(2027, 0, 15) },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    expect(within(dialog).getByText(/you first need to cancel the scheduled downgrade/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Add seats' })).not.toBeInTheDocument();
  });

  it('shows an admin the scheduled downgrade, its target and date, and whom to ask (spec 002 §4.6; issue 21)', async () => {
    renderMembers({
      space: userWorkspace({ userRole: 'ADMIN' }),
      userId: ADAM,
      server: {
        seats: seats({
          scheduledRemoval: { targetSeatsQuantity: 6, removeSeatsAtTimestamp: Date.UTC(2027, 0, 15) },
        }),
      },
    });
    expect(
      await screen.findByText(
        'Your subscription is scheduled to go down to 6 seats on January 15th, 2027. Contact the owner of the space to cancel the scheduled downgrade.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage seats' })).not.toBeInTheDocument();
  });

  it('sends seat changes to support when support manages the subscription (spec 002 §6, §8)', async () => {
    renderMembers({ server: { seats: { ...seats(), paymentSource: 'SUPPORT' } as Seats } });
    await user.click(await screen.findByRole('button', { name: 'Manage seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage seats' });
    expect(
      within(dialog).getByText('If you wish to add or remove more seats, please contact support'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Contact support' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Add seats' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Remove seats' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Nobody is removed here: the seats are support's.
    await selectRow('mia@acme.test');
    const panel = await drawer();
    expect(within(panel).getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(
      within(panel).getByText('If you wish to add or remove more seats, please contact support'),
    ).toBeInTheDocument();
  });

  it('re-invites a pending member from the drawer and shows the banner', async () => {
    renderMembers();
    await selectRow('paula@acme.test');
    const panel = await drawer();
    expect(
      within(panel).getByText('Select member to: Change their role / Remove them from the space'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Re-invite' }));
    expect(await screen.findByText('Invitation successfully sent again.')).toBeInTheDocument();
    expect(calls('PUT', '/invitations/resend')[0]?.body).toEqual({ invitedUserEmails: ['paula@acme.test'] });
  });

  it('offers a disabled member Activate and Remove only, and activates them with the banner', async () => {
    const DORA = 'bbbbbbbb-0000-4000-8000-000000000005';
    const dora = member({
      userId: DORA,
      userEmail: 'dora@acme.test',
      userName: 'Dora Disabled',
      userStatus: 'DISABLED',
    });
    renderMembers({ server: { items: [olivia, adam, mia, dora] } });
    await selectRow('dora@acme.test');
    const panel = await drawer();
    expect(within(panel).getByRole('button', { name: 'Activate' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Remove' })).toBeEnabled();
    for (const other of ['Re-invite', 'Cancel invitation', 'Save role']) {
      expect(within(panel).queryByRole('button', { name: other })).not.toBeInTheDocument();
    }
    await user.click(within(panel).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('1 member successfully activated.')).toBeInTheDocument();
    expect(calls('PUT', '/members/activate')[0]?.body).toEqual({ userIds: [DORA] });
  });

  it('cancels a pending invitation', async () => {
    renderMembers();
    await selectRow('paula@acme.test');
    await user.click(within(await drawer()).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText('Invitation successfully cancelled.')).toBeInTheDocument();
    expect(calls('DELETE', '/invitations')[0]?.body).toEqual({ invitedUserEmails: ['paula@acme.test'] });
  });

  it('refuses to remove the owner, with the spec warning', async () => {
    renderMembers();
    await selectRow('olivia@acme.test');
    const panel = await drawer();
    expect(within(panel).getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(within(panel).getByText('The owner cannot be removed from the space')).toBeInTheDocument();
  });

  it('changes an active member to Admin; Save only once a role differs', async () => {
    renderMembers();
    await selectRow('mia@acme.test');
    const panel = await drawer();
    const save = within(panel).getByRole('button', { name: 'Save role' });
    expect(save).toBeDisabled();
    await user.click(within(panel).getByRole('radio', { name: /Admin/ }));
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Role successfully updated.')).toBeInTheDocument();
    expect(calls('PUT', '/members/change-role')[0]?.body).toEqual({
      memberRoles: [{ userId: MIA, userRole: 'ADMIN' }],
    });
  });

  it('removes an active member after confirmation', async () => {
    renderMembers();
    await selectRow('mia@acme.test');
    await user.click(within(await drawer()).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this member?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('1 member successfully removed from the space.')).toBeInTheDocument();
    expect(calls('PATCH', '/users/v1')[0]?.body).toEqual({ userEmails: ['mia@acme.test'] });
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: 'Select mia@acme.test' })).not.toBeInTheDocument(),
    );
  });

  it('Escape in the remove confirmation closes it only: the drawer keeps the selection', async () => {
    renderMembers();
    await selectRow('mia@acme.test');
    const panel = await drawer();
    await user.click(within(panel).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this member?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: '1 member selected' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select mia@acme.test' })).toBeChecked();
    expect(calls('PATCH', '/users/v1')).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Select mia@acme.test' })).not.toBeChecked(),
    );
  });

  it('offers the owner no role change on a plan without role management (manageUserRoles off), only Remove', async () => {
    const base = userWorkspace();
    const space = userWorkspace({
      workspaceUserFeature: {
        ...base.workspaceUserFeature,
        otherFeatures: { ...base.workspaceUserFeature.otherFeatures, manageUserRoles: false },
      },
    });
    renderMembers({ space });
    await selectRow('mia@acme.test');
    const panel = await drawer();
    expect(within(panel).getByRole('button', { name: 'Remove' })).toBeEnabled();
    expect(within(panel).queryByRole('radio', { name: /Admin/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Save role' })).not.toBeInTheDocument();
    // Issue 21: the hint does not promise the role change the drawer does not offer.
    expect(within(panel).getByText('Select member to remove them from the space.')).toBeInTheDocument();
    expect(within(panel).queryByText(/Change their role/)).not.toBeInTheDocument();
  });

  it('an admin may not remove another admin', async () => {
    renderMembers({
      space: userWorkspace({ userRole: 'ADMIN' }),
      userId: 'cccccccc-0000-4000-8000-000000000009',
    });
    expect(screen.queryByRole('button', { name: 'Manage seats' })).not.toBeInTheDocument();
    await selectRow('adam@acme.test');
    const panel = await drawer();
    expect(within(panel).getByText('Select member to remove them from the space.')).toBeInTheDocument();
    expect(
      within(panel).getByText('An admin cannot be removed by another admin from the space'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('radio', { name: /Admin/ })).not.toBeInTheDocument();
  });

  it('a plain member reads the list only', async () => {
    renderMembers({ space: userWorkspace({ userRole: 'MEMBER' }), userId: MIA });
    await table();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add members' })).not.toBeInTheDocument();
  });
});

describe('MembersPage: Add members (spec 002 §2.7, §5, §8)', () => {
  const openAdd = async () => {
    await user.click(await screen.findByRole('button', { name: 'Add members' }));
    return screen.findByRole('dialog', { name: 'Add members' });
  };

  it('opens with the focus in the address field (issue 21: keyboard safety)', async () => {
    renderMembers();
    const dialog = await openAdd();
    const input = within(dialog).getByRole('combobox', { name: 'Email addresses' });
    await waitFor(() => expect(input).toHaveFocus());
  });

  it('grows the e-mail tag input to at most 5 rows, then scrolls (spec 002 §2.7, §9)', async () => {
    renderMembers();
    const dialog = await openAdd();
    const input = within(dialog).getByRole('combobox', { name: 'Email addresses' });
    // The field around the pills and the input carries the height limit.
    const field = input.closest<HTMLElement>('[style*="max-height"]');
    expect(field?.style.maxHeight).toMatch(/^calc\(5 \* /);
    expect(field?.style.overflowY).toBe('auto');
  });

  it('adds the typed addresses and shows the banner', async () => {
    renderMembers();
    const dialog = await openAdd();
    await user.type(
      within(dialog).getByRole('combobox', { name: 'Email addresses' }),
      'Zoe@Acme.test,yan@acme.test ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('2 members successfully added.')).toBeInTheDocument();
    expect(calls('POST', '/users/v1')[0]?.body).toEqual({ userEmails: ['zoe@acme.test', 'yan@acme.test'] });
  });

  it('suggests people once 2 characters are typed; choosing one adds its address', async () => {
    renderMembers();
    const dialog = await openAdd();
    const input = within(dialog).getByRole('combobox', { name: 'Email addresses' });
    await user.type(input, 'z');
    // One character: nothing is asked, even once the 500 ms debounce is over.
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(calls('GET', '/v2/users/suggest')).toEqual([]);
    await user.type(input, 'o');
    const option = await screen.findByRole('option', { name: 'Zoe Zed <zoe@acme.test>' });
    const [lookup] = calls('GET', '/v2/users/suggest');
    expect(lookup?.url.searchParams.get('keyword')).toBe('zo');
    expect(lookup?.url.searchParams.get('workspaceId')).toBe(ACME_SALES_ID);
    expect(screen.queryByRole('option', { name: /Yan Young/ })).not.toBeInTheDocument();
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('1 member successfully added.')).toBeInTheDocument();
    expect(calls('POST', '/users/v1')[0]?.body).toEqual({ userEmails: ['zoe@acme.test'] });
  });

  it('blocks more addresses than available seats with the spec message', async () => {
    renderMembers({ server: { seats: seats({ availableSeats: 1, assignedSeats: 8 }) } });
    const dialog = await openAdd();
    await user.type(
      within(dialog).getByRole('combobox', { name: 'Email addresses' }),
      'a@acme.test b@acme.test ',
    );
    expect(
      within(dialog).getByText(
        'There is 1 available seat in this space so you can add 1 member. To add more members you need to add more seats to the space first.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('keeps an address outside the space domain as an error tag', async () => {
    renderMembers();
    const dialog = await openAdd();
    await user.type(within(dialog).getByRole('combobox', { name: 'Email addresses' }), 'nina@newcomer.test ');
    expect(
      within(dialog).getByText("We can't add some email addresses. Hover over them to know why."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Addresses that cannot be added' })).toHaveTextContent(
      'nina@newcomer.test: Only members of the space domain can be added.',
    );
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it("shows the server's per-address errors and the already-paid warning", async () => {
    renderMembers({
      server: {
        addResults: [
          { userEmail: 'zoe@acme.test', errorDetails: null, errorCode: null },
          {
            userEmail: 'mia@acme.test',
            errorDetails: 'This person is already a member of this space.',
            errorCode: null,
          },
          { userEmail: 'pat@acme.test', errorDetails: null, errorCode: 'already_paid_user' },
        ],
      },
    });
    const dialog = await openAdd();
    await user.type(
      within(dialog).getByRole('combobox', { name: 'Email addresses' }),
      'zoe@acme.test mia@acme.test pat@acme.test ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('pat@acme.test is already a paid user in another space.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Addresses that cannot be added' })).toHaveTextContent(
      'mia@acme.test: This person is already a member of this space.',
    );
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('keeps the already-paid warning on the page when every address was added', async () => {
    renderMembers({
      server: {
        addResults: [{ userEmail: 'pat@acme.test', errorDetails: null, errorCode: 'already_paid_user' }],
      },
    });
    const dialog = await openAdd();
    await user.type(within(dialog).getByRole('combobox', { name: 'Email addresses' }), 'pat@acme.test ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(
      await screen.findByText(
        '1 member successfully added. pat@acme.test is already a paid user in another space.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps an address refused as already paid (MULTIPLE_PAYMENT restricted) as an error tag', async () => {
    renderMembers({
      server: {
        addResults: [
          {
            userEmail: 'pat@acme.test',
            errorDetails: 'pat@acme.test is already a paid user in another space.',
            errorCode: 'already_paid_user',
          },
        ],
      },
    });
    const dialog = await openAdd();
    await user.type(within(dialog).getByRole('combobox', { name: 'Email addresses' }), 'pat@acme.test ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByRole('list', { name: 'Addresses that cannot be added' }),
    ).toHaveTextContent('pat@acme.test: pat@acme.test is already a paid user in another space.');
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
  });
});

describe('MembersPage: seats reach members already in the space (issue 21)', () => {
  const FRED = 'bbbbbbbb-0000-4000-8000-000000000004';
  const fred = () =>
    member({ userId: FRED, userEmail: 'fred@acme.test', userName: 'Fred Free', userPlan: 'FREE' });

  it("gives a free member a seat from the drawer: 'Give a seat', the call, the banner", async () => {
    renderMembers({ server: { items: [olivia, adam, mia, fred()] } });
    await selectRow('fred@acme.test');
    const panel = await drawer();
    await user.click(within(panel).getByRole('button', { name: 'Give a seat' }));
    expect(await screen.findByText('1 member now has a seat.')).toBeInTheDocument();
    expect(calls('PUT', '/members/seats')[0]?.body).toEqual({ userIds: [FRED] });
  });

  it('offers no seat to a member who has one, and refuses more members than seats left', async () => {
    renderMembers({
      server: {
        items: [
          olivia,
          adam,
          mia,
          fred(),
          member({
            userId: 'bbbbbbbb-0000-4000-8000-000000000005',
            userEmail: 'fay@acme.test',
            userPlan: 'FREE',
          }),
        ],
        seats: seats({ availableSeats: 1, assignedSeats: 8, unavailableSeats: 1 }),
      },
    });
    await selectRow('mia@acme.test');
    expect(within(await drawer()).queryByRole('button', { name: 'Give a seat' })).not.toBeInTheDocument();
    await selectRow('mia@acme.test');
    await selectRow('fred@acme.test');
    await selectRow('fay@acme.test');
    const panel = await drawer();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Give a seat' })).toBeDisabled());
    expect(
      within(panel).getByText(
        'There is 1 available seat in this space. To give more members a seat you need to add more seats to the space first.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a Free space’s members as the count, and Manage seats offers the upgrade instead of seat pages', async () => {
    renderMembers({
      space: userWorkspace({ workspacePlan: 'FREE' }),
      server: {
        seats: seats({
          totalSeats: null,
          availableSeats: null,
          unlimited: true,
          usagePercentage: null,
          assignedSeats: 0,
          unavailableSeats: 0,
          memberCount: 3,
        }),
      },
    });
    expect(await screen.findByText('3 members')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Manage seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage seats' });
    expect(within(dialog).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      `${PREFIX}/space/billing`,
    );
    expect(within(dialog).queryByRole('link', { name: 'Add seats' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Remove seats' })).not.toBeInTheDocument();
  });
});
