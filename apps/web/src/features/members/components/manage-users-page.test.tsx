import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Member } from '@mergedesk/domain/api/members';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { requestAddress, requestJson, requestMethod, requestUrl, stubFetch } from '../../../test/fetch-stub';
import { jsonResponse, memberRow, userWorkspace, workspaceDetails } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { CONTACT_US_URL } from '../../../lib/product';
import { ManageUsersPage } from './manage-users-page';

const LEGACY_ID = 'aaaaaaaa-0000-4000-8000-000000000009';
const LEO = 'bbbbbbbb-0000-4000-8000-000000000010';
const PREFIX = `/${LEGACY_ID}/legacy-team`;
const USERS_PATH = `${PREFIX}/space/users`;

let sequence = 0;
const user = (memberEmail: string, overrides: Partial<Member> = {}): Member =>
  memberRow(memberEmail, {
    userId: `bbbbbbbb-0000-4000-8000-0000000001${String((sequence += 1)).padStart(2, '0')}`,
    userName: memberEmail.split('@')[0] ?? memberEmail,
    ...overrides,
  });

const users: Member[] = [
  user('leo@legacy.test', { userId: LEO, userName: 'Leo Legacy', userRole: 'OWNER' }),
  user('paid1@legacy.test'),
  user('paid2@legacy.test'),
  user('paid3@gmail.com', { userPlan: 'PRO_PERSONAL', isPersonal: true, isUserInDomain: false }),
  user('free1@legacy.test', { userPlan: 'FREE' }),
  user('free2@legacy.test', { userPlan: 'FREE' }),
  user('trial@legacy.test', { userPlan: 'FREE', freeTrialEndTimestamp: 1_900_000_000_000 }),
  user('off@legacy.test', { userPlan: 'FREE', memberStatus: 'DISABLED' }),
];

const legacySpace = (overrides: Partial<UserWorkspace> = {}): UserWorkspace =>
  userWorkspace({
    workspaceId: LEGACY_ID,
    workspaceName: 'Legacy Team',
    workspacePlan: 'LEGACY',
    legacyPlanType: 'TEAM',
    isPerSeat: false,
    urlPrefix: `/${LEGACY_ID}/legacy-team`,
    ...overrides,
  });

const legacyDetails = (overrides: Partial<Workspace> = {}): Workspace =>
  workspaceDetails({
    workspaceId: LEGACY_ID,
    workspaceName: 'Legacy Team',
    name: 'Legacy Team',
    urlPrefix: `/${LEGACY_ID}/legacy-team`,
    workspacePlan: 'LEGACY',
    plan: 'LEGACY',
    legacyType: 'TEAM',
    isPerSeat: false,
    workspaceUserFeature: { workspacePlan: 'LEGACY', userPlan: 'PRO' },
    isAddonWorkspace: false,
    workspaceDomains: [{ domainName: 'legacy.test' }],
    workspaceFeatures: [
      { userPlan: 'FREE', hasMultiDomain: false, allowedUserCount: 2 },
      { userPlan: 'PRO', hasMultiDomain: false, allowedUserCount: 10 },
    ],
    ...overrides,
  });

const fetchMock = stubFetch();

function serve(validity: Record<string, string> = {}, paymentSource: string | null = 'STRIPE') {
  fetchMock.mockImplementation((input, init) => {
    const url = requestAddress(input);
    const method = requestMethod(init);
    if (method === 'GET' && url.pathname === `/api/workspaces/${LEGACY_ID}/seats`) {
      return Promise.resolve(
        jsonResponse(200, {
          totalSeats: 10,
          assignedSeats: 4,
          availableSeats: 6,
          unavailableSeats: 0,
          unlimited: false,
          usagePercentage: 40,
          scheduledRemoval: null,
          paymentSource,
        }),
      );
    }
    if (method === 'GET' && url.pathname === `/api/workspaces/${LEGACY_ID}/members`) {
      return Promise.resolve(jsonResponse(200, { items: users, total: users.length }));
    }
    if (method === 'POST' && url.pathname === `/api/workspaces/${LEGACY_ID}/invitations`) {
      const emails = (requestJson(init) as { userEmails: string[] }).userEmails;
      return Promise.resolve(
        jsonResponse(200, { items: emails.map((email) => ({ email, errorMsg: validity[email] ?? null })) }),
      );
    }
    return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: url.pathname, errors: [] }));
  });
}

function renderManageUsers(
  options: {
    space?: UserWorkspace;
    details?: Workspace;
    restricted?: boolean;
    validity?: Record<string, string>;
    paymentSource?: string | null;
  } = {},
) {
  serve(options.validity, options.paymentSource);
  return renderRoutes(
    [
      {
        path: USERS_PATH,
        element: (
          <MantineProvider env="test">
            <ManageUsersPage
              prefix={PREFIX}
              space={options.space ?? legacySpace()}
              details={options.details ?? legacyDetails()}
              userId={LEO}
              freeUserQuota={null}
              isInvitationRestricted={options.restricted ?? false}
            />
          </MantineProvider>
        ),
      },
      { path: `${PREFIX}/checkout/summary`, element: <h1>Summary</h1> },
      { path: '*', element: null },
    ],
    USERS_PATH,
  );
}

describe('ManageUsersPage (spec 002 §2.8)', () => {
  it('shows the title, the summary line and the User/Email/Role/Type/Quota/Status table', async () => {
    renderManageUsers();
    expect(document.title).toBe('Manage Users | MergeDesk');
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeInTheDocument();
    expect(
      await screen.findByText('8 users: 4 paid (1 @gmail.com paid), 1 trial, 2 free, 1 disabled'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['', 'User', 'Email', 'Role', 'Type', 'Quota', 'Status']);
    const trialRow = within(table).getByRole('row', { name: /trial@legacy.test/ });
    expect(within(trialRow).getByText('Trial')).toBeInTheDocument();
    expect(within(trialRow).getByText('20 / day')).toBeInTheDocument();
    const paidRow = within(table).getByRole('row', { name: /paid1@legacy.test/ });
    expect(within(paidRow).getByText('1.500 / day')).toBeInTheDocument();
    // The Role column, and on phones the line under the name (CSS decides which shows).
    expect(within(paidRow).getAllByText('User')).toHaveLength(2);
    const disabledRow = within(table).getByRole('row', { name: /off@legacy.test/ });
    // The reason of a disabled user reaches screen readers as the badge's description, not only on hover.
    expect(
      within(disabledRow)
        .getByText('Disabled', { selector: '.mantine-Badge-label' })
        .closest('[aria-describedby]'),
    ).toHaveAccessibleDescription(/Your current plan does not allow/);
    // Spec 002 §8 status tooltip: an active user outside the only domain the plan allows.
    const outsideRow = within(table).getByRole('row', { name: /paid3@gmail.com/ });
    expect(
      within(outsideRow)
        .getByText('Active', { selector: '.mantine-Badge-label' })
        .closest('[aria-describedby]'),
    ).toHaveAccessibleDescription('Your current plan only allows user from domain legacy.test.');
    expect(
      within(paidRow).getByText('Active', { selector: '.mantine-Badge-label' }).closest('[aria-describedby]'),
    ).toBeNull();
  });

  it('gives an active user outside the domain no status tooltip when the plan allows several domains', async () => {
    renderManageUsers({
      details: legacyDetails({
        workspaceFeatures: [
          { userPlan: 'FREE', hasMultiDomain: false, allowedUserCount: 2 },
          { userPlan: 'PRO', hasMultiDomain: true, allowedUserCount: 10 },
        ],
      }),
    });
    const outsideRow = await screen.findByRole('row', { name: /paid3@gmail.com/ });
    expect(
      within(outsideRow)
        .getByText('Active', { selector: '.mantine-Badge-label' })
        .closest('[aria-describedby]'),
    ).toBeNull();
  });

  it("offers 'Invite users' and, for a legacy team, 'Add users'", async () => {
    renderManageUsers();
    expect(await screen.findByRole('button', { name: 'Invite users' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add users' })).toBeInTheDocument();
  });

  it("offers no 'Add users' on a legacy licence that is not a team (Professional)", async () => {
    renderManageUsers({
      space: legacySpace({ legacyPlanType: 'PROFESSIONAL' }),
      details: legacyDetails({ legacyType: 'PROFESSIONAL' }),
    });
    expect(await screen.findByRole('button', { name: 'Invite users' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add users' })).not.toBeInTheDocument();
  });

  it("hides 'Invite users' when invitations are restricted", async () => {
    renderManageUsers({ restricted: true });
    await screen.findByText(/8 users/);
    expect(screen.queryByRole('button', { name: 'Invite users' })).not.toBeInTheDocument();
  });

  it("hides 'Invite users', 'Add users' and the row selection from a user who cannot manage (a member)", async () => {
    // The owner has them (the same page, the same users): the absences below are the role's.
    const asOwner = renderManageUsers();
    expect(await screen.findByRole('checkbox', { name: 'Select paid1@legacy.test' })).toBeInTheDocument();
    asOwner.unmount();

    renderManageUsers({ space: legacySpace({ userRole: 'MEMBER' }) });
    await screen.findByText(/8 users/);
    expect(screen.getByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select paid1@legacy.test' })).not.toBeInTheDocument();
  });

  it('invites after the validity check, showing per-address tips first', async () => {
    renderManageUsers({
      validity: { 'out@other.test': 'Only users of the space domain can be invited.' },
      // Room for free users (the fixture's own limit, 2, is reached).
      details: legacyDetails({
        workspaceFeatures: [
          { userPlan: 'FREE', hasMultiDomain: false, allowedUserCount: 5 },
          { userPlan: 'PRO', hasMultiDomain: false, allowedUserCount: 10 },
        ],
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite users' });
    const input = within(dialog).getByRole('combobox', { name: 'Email addresses' });
    await userEvent.type(input, 'out@other.test new@legacy.test ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(
      await within(dialog).findByText("We can't invite some email addresses. Hover over them to know why."),
    ).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([input]) => requestAddress(input).searchParams.get('onlyCheckValidity'))).toEqual([
      'true',
    ]);

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Remove out@other.test', hidden: true }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation successfully sent.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1);
    expect(new URL(requestUrl(sent?.[0]), 'http://x').searchParams.get('onlyCheckValidity')).toBe('false');
    expect(requestJson(sent?.[1])).toEqual({ userEmails: ['new@legacy.test'] });
  }, 20_000);

  it("points to support from 'Add users' when the plan has no seat left", async () => {
    renderManageUsers({
      details: legacyDetails({
        workspaceFeatures: [
          { userPlan: 'FREE', hasMultiDomain: false, allowedUserCount: 2 },
          { userPlan: 'PRO', hasMultiDomain: false, allowedUserCount: 4 },
        ],
      }),
    });
    await screen.findByText(/8 users/);
    await userEvent.click(screen.getByRole('button', { name: 'Add users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    expect(
      within(dialog).getByText('You cannot go over your current plan user limit (4).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Contact support' })).toBeInTheDocument();
  });

  it("shows the offline-subscription notice with 'Contact us'", async () => {
    renderManageUsers({ details: legacyDetails({ workspacePlan: 'OFFLINE', plan: 'OFFLINE' }) });
    expect(
      await screen.findByText(
        'You are on an offline managed subscription. Please contact us if you need changes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add users' })).not.toBeInTheDocument();
  });

  it('a selected paid user cannot be removed on a legacy plan', async () => {
    renderManageUsers();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select paid1@legacy.test' }));
    const panel = await screen.findByRole('dialog', { name: /selected/ });
    expect(within(panel).getByText('Select member to remove them from the space.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(
      within(panel).getByText(
        'To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.',
      ),
    ).toBeInTheDocument();
  });

  describe("the plan's limits, up front (issue 21)", () => {
    const withLimits = (free: number, paid = 10) =>
      legacyDetails({
        workspaceFeatures: [
          { userPlan: 'FREE', hasMultiDomain: false, allowedUserCount: free },
          { userPlan: 'PRO', hasMultiDomain: false, allowedUserCount: paid },
        ],
      });

    it("disables 'Invite users' at the free-user limit, with the §8 tooltip", async () => {
      renderManageUsers({ details: withLimits(3) });
      const invite = await screen.findByRole('button', {
        name: 'Invite users',
        description: 'Your current plan does not allow more than 3 users.',
      });
      expect(invite).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(invite);
      expect(screen.queryByRole('dialog', { name: 'Invite users' })).not.toBeInTheDocument();
      await userEvent.hover(invite);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(
        'Your current plan does not allow more than 3 users.',
      );
    });

    it("says a one-user plan allows nobody else, and leaves 'Invite users' enabled below the limit", async () => {
      const first = renderManageUsers({ details: withLimits(1) });
      expect(
        await screen.findByRole('button', {
          name: 'Invite users',
          description: 'Your current plan does not allow you to add other users.',
        }),
      ).toHaveAttribute('aria-disabled', 'true');
      first.unmount();
      renderManageUsers({ details: withLimits(4) });
      const invite = await screen.findByRole('button', { name: 'Invite users' });
      expect(invite).not.toHaveAttribute('aria-disabled');
      await userEvent.click(invite);
      expect(await screen.findByRole('dialog', { name: 'Invite users' })).toBeInTheDocument();
    });

    it('disables Activate for a disabled free user while the free users are at the limit, with its tooltip', async () => {
      renderManageUsers({ details: withLimits(2) });
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select off@legacy.test' }));
      const panel = await screen.findByRole('dialog', { name: /selected/ });
      expect(within(panel).getByRole('button', { name: 'Activate' })).toBeDisabled();
      expect(
        within(panel).getByText(
          'Your current plan does not allow more than 2 free user(s). Remove active users to re-activate disabled users.',
        ),
      ).toBeInTheDocument();
    });

    it('enables Activate when the free-user limit leaves room', async () => {
      renderManageUsers({ details: withLimits(5) });
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select off@legacy.test' }));
      const panel = await screen.findByRole('dialog', { name: /selected/ });
      expect(within(panel).getByRole('button', { name: 'Activate' })).toBeEnabled();
    });

    it.each([['OFFLINE'], ['SUPPORT']])(
      'disables Remove on a %s subscription with the spec reason',
      async (paymentSource) => {
        renderManageUsers({ paymentSource });
        await userEvent.click(await screen.findByRole('checkbox', { name: 'Select free1@legacy.test' }));
        const panel = await screen.findByRole('dialog', { name: /selected/ });
        expect(within(panel).getByRole('button', { name: 'Remove' })).toBeDisabled();
        expect(
          within(panel).getByText('If you wish to add or remove more seats, please contact support'),
        ).toBeInTheDocument();
      },
    );

    it('disables Remove of a paid user in a per-user Pro space (spec 002 §4.6)', async () => {
      renderManageUsers({
        space: legacySpace({ workspacePlan: 'PRO', legacyPlanType: null }),
        details: legacyDetails({ workspacePlan: 'PRO', plan: 'PRO', legacyType: null }),
      });
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select paid1@legacy.test' }));
      const panel = await screen.findByRole('dialog', { name: /selected/ });
      expect(within(panel).getByRole('button', { name: 'Remove' })).toBeDisabled();
      expect(
        within(panel).getByText(
          'To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.',
        ),
      ).toBeInTheDocument();
    });
  });

  describe('Type change on a per-user Pro plan (spec 002 §5, spec 001 §2 summary?from=users)', () => {
    const pro = () => ({
      space: legacySpace({ workspacePlan: 'PRO', legacyPlanType: null }),
      details: legacyDetails({ workspacePlan: 'PRO', plan: 'PRO', legacyType: null }),
    });

    it('makes selected free users paid through the summary, the choice stored for the tab', async () => {
      sessionStorage.clear();
      const { router } = renderManageUsers(pro());
      await screen.findByText(/8 users/);
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select free1@legacy.test' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select free2@legacy.test' }));
      const panel = await screen.findByRole('dialog', { name: /selected/ });
      await userEvent.click(within(panel).getByRole('button', { name: 'Make paid' }));
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `${PREFIX}/checkout/summary?from=users`,
      );
      expect(JSON.parse(sessionStorage.getItem(`mergedesk.checkout.users.${LEGACY_ID}`) ?? '{}')).toEqual({
        'free1@legacy.test': true,
        'free2@legacy.test': true,
      });
    });

    it('asks for users of the same type', async () => {
      renderManageUsers(pro());
      await screen.findByText(/8 users/);
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select free1@legacy.test' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select paid1@legacy.test' }));
      const panel = await screen.findByRole('dialog', { name: /selected/ });
      expect(
        within(panel).getByText('To update users Type, select users with the same Type.'),
      ).toBeInTheDocument();
      expect(within(panel).queryByRole('button', { name: /Make (paid|free)/ })).not.toBeInTheDocument();
    });

    it('refuses a paid-user count beyond the plan', async () => {
      renderManageUsers({
        ...pro(),
        details: legacyDetails({
          workspacePlan: 'PRO',
          plan: 'PRO',
          legacyType: null,
          workspaceFeatures: [
            { userPlan: 'FREE', hasMultiDomain: false, allowedUserCount: 2 },
            { userPlan: 'PRO', hasMultiDomain: false, allowedUserCount: 5 },
          ],
        }),
      });
      await screen.findByText(/8 users/);
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select free1@legacy.test' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select free2@legacy.test' }));
      const panel = await screen.findByRole('dialog', { name: /selected/ });
      expect(
        within(panel).getByText('Your current plan allows a maximum of 5 paid users.'),
      ).toBeInTheDocument();
      // Spec 002 §8: the maximum comes with a contact-us link.
      expect(within(panel).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', CONTACT_US_URL);
      expect(within(panel).getByRole('button', { name: 'Make paid' })).toBeDisabled();
    });

    it('offers no Type change on a legacy licence', async () => {
      renderManageUsers();
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select free1@legacy.test' }));
      const panel = await screen.findByRole('dialog', { name: /selected/ });
      expect(within(panel).queryByRole('button', { name: 'Make paid' })).not.toBeInTheDocument();
    });
  });
});
