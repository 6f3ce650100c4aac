import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser, UserWorkspace } from '@mergedesk/domain/api/users';
import { activeRestrictions } from '@mergedesk/domain/rollout/restrictions';
import { settingsGroupLabels, spaceNavigation } from '@mergedesk/domain/shell/space-navigation';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import { requestUrl, stubFetch } from '../../test/fetch-stub';
import {
  ACME_PREMIUM_ID,
  ACME_SALES_ID,
  currentUser,
  jsonResponse,
  userWorkspace,
} from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { theme } from '../theme';
import { SpaceSidebar } from './space-sidebar';

const otherFeatures = {
  teamAnalyticsDashboard: false,
  manageUserRoles: false,
  transferOwnerShip: false,
  shareUnsubscribesAcrossWorkspace: false,
  shareBouncesAccrossWorkspace: false,
};
const acmeSales = (overrides: Partial<UserWorkspace>): UserWorkspace =>
  userWorkspace({
    workspaceUserFeature: {
      workspacePlan: 'PRO',
      userPlan: overrides.userPlan ?? 'PRO',
      hasMultiDomain: false,
      allowedUserCount: 10,
      otherFeatures,
    },
    ...overrides,
  });
const acmePremium = userWorkspace({
  workspaceId: ACME_PREMIUM_ID,
  workspaceName: 'Acme Premium',
  workspacePlan: 'PREMIUM',
  userRole: 'MEMBER',
  urlPrefix: `/${ACME_PREMIUM_ID}/acme-premium`,
});

// The demo accounts of shared/demo-data.md, in Acme Sales (PRO, per seat).
const fred = currentUser({
  userEmail: 'fred@acme.test',
  userName: 'Fred Free',
  userWorkspaces: [acmeSales({ userRole: 'MEMBER', userPlan: 'FREE' })],
});
const adam = currentUser({
  userEmail: 'adam@acme.test',
  userName: 'Adam Admin',
  userWorkspaces: [acmeSales({ userRole: 'ADMIN', userPlan: 'PRO' }), acmePremium],
});
const dora = currentUser({
  userEmail: 'dora@acme.test',
  userName: 'Dora Disabled',
  userWorkspaces: [acmeSales({ userRole: 'MEMBER', userPlan: 'PRO', status: 'DISABLED' })],
});
const gina = currentUser({
  userEmail: 'gina@gmail.com',
  userName: 'Gina Gmail',
  installationTimestamp: null,
  userWorkspaces: [
    acmeSales({
      workspaceName: "Gina's space",
      workspacePlan: 'FREE',
      userPlan: 'FREE',
      userRole: 'OWNER',
      urlPrefix: `/${ACME_SALES_ID}/ginas-space`,
    }),
  ],
});

const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(200, { items: [] })));

function renderSidebar(
  user: CurrentUser,
  options: { onSelectSpace?: () => void; onCreateSpace?: () => void } = {},
) {
  const space = user.userWorkspaces![0]!;
  const navigation = spaceNavigation({
    role: space.userRole,
    userPlan: space.userPlan,
    workspacePlan: space.workspacePlan,
    legacyType: space.legacyPlanType,
    isPerSeat: space.isPerSeat,
    status: space.status,
    features: space.workspaceUserFeature.otherFeatures,
    isGmailUser: isGmailAddress(user.userEmail),
    restrictions: activeRestrictions(null, false),
    hasInstallationTimestamp: user.installationTimestamp != null,
  });
  // env="test" turns Mantine's transitions and portals off, so dropdowns open at once.
  return renderPage(
    <MantineProvider theme={theme} env="test">
      <SpaceSidebar
        spaces={user.userWorkspaces!}
        space={space}
        addonWorkspaceId={user.addonWorkspaceId}
        navigation={navigation}
        labels={settingsGroupLabels(space.isPerSeat)}
        showUpgradeButton={false}
        onSelectSpace={options.onSelectSpace ?? vi.fn()}
        onCreateSpace={options.onCreateSpace ?? vi.fn()}
      />
    </MantineProvider>,
    `${space.urlPrefix}/mail-merges/sent`,
  );
}

const entryNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('sidebar entries (spec 000 §2 Sidebar)', () => {
  it('shows Bounces to fred, a free member of a PRO space, and Members but no General or Billing', () => {
    renderSidebar(fred);
    expect(entryNames(screen.getByRole('list', { name: 'Space pages' }))).toEqual([
      'Mail merges',
      'Unsubscriptions',
      'Bounces',
      'Templates',
    ]);
    const settings = screen.getByRole('region', { name: 'Settings' });
    expect(
      within(settings)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Members']);
  });

  it('hides Bounces from adam, a paid admin of a PRO space', () => {
    renderSidebar(adam);
    expect(entryNames(screen.getByRole('list', { name: 'Space pages' }))).toEqual([
      'Mail merges',
      'Unsubscriptions',
      'Templates',
    ]);
    // per-seat billing is for the owner only; an admin has no General either
    const settings = screen.getByRole('region', { name: 'Settings' });
    expect(
      within(settings)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Members']);
  });

  it('marks the current page with aria-current', () => {
    renderSidebar(fred);
    expect(screen.getByRole('link', { name: 'Mail merges' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Templates' })).not.toHaveAttribute('aria-current');
  });

  it('lists the entries of a DISABLED member without any link', () => {
    renderSidebar(dora);
    const pages = screen.getByRole('list', { name: 'Space pages' });
    expect(within(pages).queryAllByRole('link')).toEqual([]);
    const buttons = within(pages).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Mail merges',
      'Unsubscriptions',
      'Templates',
    ]);
    for (const button of buttons) expect(button).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the empty-settings message when no settings page is accessible', () => {
    // A gmail member of a per-seat space: no General, no Members entry (gmail), no Billing.
    const gmailMember = currentUser({
      userEmail: 'guest@gmail.com',
      userWorkspaces: [acmeSales({ userRole: 'MEMBER', userPlan: 'PRO_PERSONAL' })],
    });
    renderSidebar(gmailMember);
    expect(
      screen.getByText('You cannot manage settings if you are not an owner or admin of the selected space.'),
    ).toBeInTheDocument();
  });

  it('uses the older labels in a per-user space', () => {
    const leo = currentUser({
      userEmail: 'leo@legacy.test',
      userWorkspaces: [
        acmeSales({
          workspaceName: 'Legacy Team',
          workspacePlan: 'LEGACY',
          legacyPlanType: 'TEAM',
          isPerSeat: false,
        }),
      ],
    });
    renderSidebar(leo);
    const settings = screen.getByRole('region', { name: 'Space settings' });
    expect(
      within(settings)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['General', 'Users', 'Billing']);
  });

  it('shows the install tutorial when the installation timestamp is missing', () => {
    renderSidebar(gina);
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      `/${ACME_SALES_ID}/ginas-space/get-started`,
    );
  });

  it('has no tutorial once the add-on is installed', () => {
    renderSidebar(fred);
    expect(screen.queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
  });
});

describe('space switcher (spec 000 §2)', () => {
  it("lists the user's spaces with their plan, the add-on caption and 'Create a new space'", async () => {
    const onSelectSpace = vi.fn();
    const onCreateSpace = vi.fn();
    renderSidebar(adam, { onSelectSpace, onCreateSpace });

    await userEvent.click(screen.getByRole('combobox', { name: 'Switch space Acme Sales' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Acme SalesProEmails are sent from this space',
      'Acme PremiumPremium',
      'Create a new space',
    ]);

    await userEvent.click(screen.getByRole('option', { name: /Acme Premium/ }));
    expect(onSelectSpace).toHaveBeenCalledWith(expect.objectContaining({ workspaceId: ACME_PREMIUM_ID }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Switch space Acme Sales' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Create a new space' }));
    expect(onCreateSpace).toHaveBeenCalledOnce();
  });
});

describe('sidebar promotions (spec 000 §2)', () => {
  it('drops invalid entries and links with the campaign parameters', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        items: [
          {
            name: 'PDF Maker',
            description: 'Turn sheets into PDFs',
            image: 'https://cdn.example.com/pdf.png',
            type: 'addon',
            url: 'https://example.com/pdf-maker',
            productId: 'pdf-maker',
          },
          { name: 'Broken', description: 'no url', image: 'x', type: 'addon', productId: 'broken' },
        ],
      }),
    );
    renderSidebar(fred);

    const section = await screen.findByRole('region', { name: 'Our other products' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(1);
    const href = new URL(links[0]!.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://example.com/pdf-maker');
    expect(href.searchParams.get('utm_source')).toBe('mergedesk');
    expect(href.searchParams.get('utm_medium')).toBe('sidebar');
    expect(href.searchParams.get('utm_campaign')).toBe('pdf-maker');
    expect(href.searchParams.get('tracking_session_id')).toBe(
      sessionStorage.getItem('mergedesk.promotion-tracking-session-id'),
    );
    expect(screen.queryByText('Broken')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(requestUrl(fetchMock.mock.calls[0]![0])).toContain(
        '/api/cannon?project=mergedesk&placement=sidebar',
      ),
    );
  });
});
