import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutUser, CheckoutUsersResponse, SubscriptionV1 } from '@mergedesk/domain/api/billing';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { BillingServer } from '../../../../test/billing-server';
import { serveBilling, subscription } from '../../../../test/billing-server';
import { stubFetch } from '../../../../test/fetch-stub';
import { currentUser, userWorkspace } from '../../../../test/fixtures';
import { renderRoutes } from '../../../../test/render';
import type { CheckoutStep } from './checkout-page';
import { CheckoutPage } from './checkout-page';

const SPACE_ID = 'aaaaaaaa-0000-4000-8000-000000000009';
const PREFIX = `/${SPACE_ID}/legacy-team`;
const fetchMock = stubFetch();
const assign = vi.fn();
beforeEach(() => {
  assign.mockReset();
  sessionStorage.clear();
  vi.stubGlobal('location', { ...window.location, href: 'http://localhost/checkout', assign });
  vi.stubGlobal('scrollTo', vi.fn());
});

const STEPS: [CheckoutStep, string][] = [
  ['root', '/checkout'],
  ['options', '/checkout/options'],
  ['summary', '/checkout/summary'],
  ['information', '/checkout/information'],
  ['legacy-users', '/checkout/legacy/users'],
  ['cannot-downgrade', '/checkout/cannot-downgrade'],
];

let sequence = 0;
const checkoutUser = (email: string, overrides: Partial<CheckoutUser> = {}): CheckoutUser => {
  sequence += 1;
  const id = `cccccccc-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    userId: id,
    name: email.split('@')[0] ?? email,
    email,
    role: 'MEMBER',
    plan: 'FREE',
    isPaid: false,
    isTrial: false,
    status: 'ACTIVE',
    isUserInDomain: true,
    toBeRemoved: false,
    isPaidElsewhere: false,
    ...overrides,
  };
};

const paid = { plan: 'PRO', isPaid: true } as const;
const leo = checkoutUser('leo@legacy.test', { role: 'OWNER', ...paid });
const lara = checkoutUser('lara@legacy.test', { role: 'ADMIN', ...paid });
const fiona = checkoutUser('fiona@legacy.test');
const felix = checkoutUser('felix@legacy.test');
const gus = checkoutUser('gus@gmail.com', { isUserInDomain: false, ...paid, plan: 'PRO_PERSONAL' });
const elsewhere = checkoutUser('ella@legacy.test', { isPaidElsewhere: true });
const dan = checkoutUser('dan@legacy.test', { status: 'DISABLED' });

const users = (
  items: CheckoutUser[],
  overrides: Partial<CheckoutUsersResponse> = {},
): CheckoutUsersResponse => ({
  items,
  paidUserLimit: 10,
  freeUserLimit: 2,
  hasMultiDomain: false,
  ownerEmail: leo.email,
  workspacePlan: 'PRO',
  legacyType: null,
  subscriptionId: null,
  ...overrides,
});

const perUserPro = (overrides: Partial<SubscriptionV1> = {}) =>
  subscription({ workspaceId: SPACE_ID, workspacePlan: 'PRO', amount: 12_000, ...overrides });
const teamLicence = () =>
  subscription({ workspaceId: SPACE_ID, workspacePlan: 'LEGACY', legacyType: 'TEAM', amount: 27_000 });

type Setup = {
  path: string;
  space?: Partial<UserWorkspace>;
  subscriptions?: SubscriptionV1[];
  server?: Partial<BillingServer>;
  refreshSpace?: () => Promise<void>;
};

function setup({
  path,
  space = {},
  subscriptions = [perUserPro()],
  server = {},
  refreshSpace = () => Promise.resolve(),
}: Setup) {
  const billing: BillingServer = { subscriptions, requests: [], ...server };
  serveBilling(fetchMock, billing);
  const props = {
    prefix: PREFIX,
    space: userWorkspace({
      workspaceId: SPACE_ID,
      workspaceName: 'Legacy Team',
      workspacePlan: 'PRO',
      isPerSeat: false,
      legacyPlanType: null,
      urlPrefix: PREFIX,
      ...space,
    }),
    user: currentUser({
      userEmail: leo.email,
      userName: 'Leo Legacy',
      domain: { domainName: 'legacy.test' },
    }),
    restrictions: new Set<never>(),
    refreshSpace: vi.fn(refreshSpace),
  };
  const rendered = renderRoutes(
    [
      ...STEPS.map(([step, stepPath]) => ({
        path: `${PREFIX}${stepPath}`,
        element: <CheckoutPage key={step} step={step} {...props} />,
      })),
      { path: `${PREFIX}/space/billing`, element: <h1>Billing</h1> },
      { path: `${PREFIX}/space/users`, element: <h1>Manage Users</h1> },
      { path: `${PREFIX}/space`, element: <h1>Space</h1> },
      { path: '*', element: null },
    ],
    `${PREFIX}${path}`,
  );
  return { ...rendered, billing };
}

const location = (router: ReturnType<typeof setup>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;
const licence = (email: string) => screen.getByRole('radiogroup', { name: `Licence of ${email}` });

describe('billing options of the per-user model (spec 001 §2, §4)', () => {
  it('lists the users with Paid / Free, the radio restrictions and the total', async () => {
    setup({
      path: '/checkout/options?plan=PRO',
      server: { checkoutUsers: users([leo, lara, fiona, elsewhere, dan], { paidUserLimit: 2 }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing options' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: `Licence of ${dan.email}` })).not.toBeInTheDocument();
    expect(within(licence(lara.email)).getByRole('radio', { name: 'Paid' })).toBeChecked();
    // The plan's maximum of 2 paid users is reached: fiona cannot be made paid.
    const fionaPaid = within(licence(fiona.email)).getByRole('radio', { name: 'Paid' });
    expect(fionaPaid).toBeDisabled();
    expect(
      within(licence(fiona.email)).getByText('Your current plan allows a maximum of 2 paid users.'),
    ).toBeInTheDocument();
    expect(
      within(licence(elsewhere.email)).getByText('User is already a paid user in another space.'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 paid users · 2 free users (at most 2 paid)')).toBeInTheDocument();

    await userEvent.click(within(licence(lara.email)).getByRole('radio', { name: 'Free' }));
    expect(fionaPaid).toBeEnabled();
    // The owner is now the only paid user: their Free is disabled.
    expect(within(licence(leo.email)).getByRole('radio', { name: 'Free' })).toBeDisabled();
    expect(within(licence(leo.email)).getByText('At least one user must be paid.')).toBeInTheDocument();
    expect(screen.getByText('1 paid user · 3 free users (at most 2 paid)')).toBeInTheDocument();
  });

  it('makes the owner paid when the last paid user is made free', async () => {
    const owner = checkoutUser('boss@legacy.test', { role: 'OWNER' });
    setup({
      path: '/checkout/options',
      server: { checkoutUsers: users([owner, lara], { ownerEmail: owner.email }) },
    });
    await userEvent.click(within(await findLicence(lara.email)).getByRole('radio', { name: 'Free' }));
    expect(within(licence(owner.email)).getByRole('radio', { name: 'Paid' })).toBeChecked();
  });

  it('goes to the review with the choice stored for the tab', async () => {
    const { router } = setup({
      path: '/checkout/options?plan=PRO&interval=YEARLY',
      server: { checkoutUsers: users([leo, lara, fiona]) },
    });
    await userEvent.click(within(await findLicence(fiona.email)).getByRole('radio', { name: 'Paid' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next: Review' }));
    await waitFor(() => expect(location(router)).toBe(`${PREFIX}/checkout/summary?plan=PRO&interval=YEARLY`));
    expect(JSON.parse(sessionStorage.getItem(`mergedesk.checkout.users.${SPACE_ID}`) ?? '{}')).toEqual({
      [leo.email]: true,
      [lara.email]: true,
      [fiona.email]: true,
    });
  });

  it('goes to cannot-downgrade when Pro would have paid users of several domains', async () => {
    const { router } = setup({
      path: '/checkout/options?plan=PRO',
      subscriptions: [perUserPro({ workspacePlan: 'PREMIUM' })],
      space: { workspacePlan: 'PREMIUM' },
      server: { checkoutUsers: users([leo, lara, gus], { workspacePlan: 'PREMIUM' }) },
    });
    await findLicence(gus.email);
    await userEvent.click(screen.getByRole('button', { name: 'Next: Review' }));
    await waitFor(() => expect(location(router)).toBe(`${PREFIX}/checkout/cannot-downgrade`));
    expect(
      await screen.findByText('You have users from multiple domains in your space.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The Pro plan only allows users from the same domain as the owner.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location(router)).toBe(`${PREFIX}/checkout/options?plan=PRO`));
  });

  it('prices Premium → Pro only once the paid users are of one domain, without the load error (issue 22)', async () => {
    const { billing } = setup({
      path: '/checkout/options?plan=PRO',
      subscriptions: [perUserPro({ workspacePlan: 'PREMIUM' })],
      space: { workspacePlan: 'PREMIUM' },
      server: { checkoutUsers: users([leo, lara, gus], { workspacePlan: 'PREMIUM' }) },
    });
    const total = await screen.findByRole('region', { name: 'Total' });
    expect(
      within(total).getByText('The Pro plan only allows users from the same domain as the owner.'),
    ).toBeInTheDocument();
    const previews = () =>
      billing.requests.filter((request) => request.path.includes('/stripe/checkout/v1/info'));
    expect(previews()).toHaveLength(0);
    expect(within(total).queryByText('The price could not be loaded.')).not.toBeInTheDocument();

    await userEvent.click(within(licence(gus.email)).getByRole('radio', { name: 'Free' }));
    expect(await within(total).findByText(/per year$/)).toBeInTheDocument();
    expect(
      within(total).queryByText('The Pro plan only allows users from the same domain as the owner.'),
    ).not.toBeInTheDocument();
    expect(previews()).toHaveLength(1);
  });

  it('submits itself with only one available user (a purchase from the free plan)', async () => {
    const owner = checkoutUser('solo@legacy.test', { role: 'OWNER' });
    const { router } = setup({
      path: '/checkout?plan=PRO&interval=YEARLY',
      subscriptions: [],
      space: { workspacePlan: 'FREE' },
      server: { checkoutUsers: users([owner, dan], { ownerEmail: owner.email, workspacePlan: 'FREE' }) },
    });
    await waitFor(() =>
      expect(location(router)).toBe(`${PREFIX}/checkout/information?plan=PRO&interval=YEARLY`),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upgrading Legacy Team' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 Pro user')).toBeInTheDocument();
  });
});

describe('summary of a per-user change (spec 001 §4 "Summary")', () => {
  const storeChoice = (choice: Record<string, boolean>) =>
    sessionStorage.setItem(`mergedesk.checkout.users.${SPACE_ID}`, JSON.stringify(choice));

  it('titles a cheaper change DOWNGRADE, applied at the renewal, and sends the users’ new plans', async () => {
    storeChoice({ [lara.email]: false });
    const { router, billing } = setup({
      path: '/checkout/summary?from=users',
      server: {
        checkoutUsers: users([leo, lara, fiona]),
        // Today's total is unchanged (users made free are paid until the renewal).
        preview: { totalAmount: 12_000, currentAmount: 12_000, chargedToday: 0 },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Downgrade your plan' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Made free at the renewal' })).getByText(lara.email));
    expect(screen.getByText('The change will be applied at your renewal day.')).toBeInTheDocument();
    // Lara stays paid until the renewal; from then on one Pro user is billed.
    expect(await screen.findByText('From March 3rd, 2027: $60.00 per year')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() =>
      expect(location(router)).toBe(
        `${PREFIX}/space/billing?checkout=success&from=PRO&to=PRO&workspaceUsers=1`,
      ),
    );
    const put = billing.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ workspaceUserPlans: [{ userId: lara.id, userPlan: 'FREE' }] });
  });

  it('titles a dearer change UPGRADE with the prorated charge of today', async () => {
    storeChoice({ [fiona.email]: true });
    setup({
      path: '/checkout/summary',
      server: {
        checkoutUsers: users([leo, lara, fiona]),
        preview: { totalAmount: 18_000, currentAmount: 12_000, chargedToday: 1234 },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Upgrade your plan' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Today you will be charged $12.34 (pro-rated for the 100 days left in your current billing period).',
      ),
    ).toBeInTheDocument();
  });

  it('shows the credit for the unused part of a legacy licence before confirming (issue 22)', async () => {
    storeChoice({ [fiona.email]: true });
    setup({
      path: '/checkout/summary',
      server: {
        checkoutUsers: users([leo, lara, fiona]),
        preview: { totalAmount: 18_000, currentAmount: 12_000, chargedToday: 1234, legacyCredit: 13_500 },
      },
    });
    expect(
      await screen.findByText(
        "Credit for your licence's unused time: $135.00, taken off your next invoices.",
      ),
    ).toBeInTheDocument();
  });

  it('goes back to Manage Users from=users, and to the cannot-downgrade page on that refusal', async () => {
    storeChoice({ [fiona.email]: true });
    const { router } = setup({
      path: '/checkout/summary?from=users',
      server: {
        checkoutUsers: users([leo, lara, fiona]),
        preview: { totalAmount: 18_000, currentAmount: 12_000, chargedToday: 1234 },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Upgrade your plan' });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `${PREFIX}/space/users`);
    serveBillingRefusal('cannot-downgrade');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(location(router)).toBe(`${PREFIX}/checkout/cannot-downgrade`));
  });

  it('shows the summary error on any other failure', async () => {
    storeChoice({ [fiona.email]: true });
    setup({
      path: '/checkout/summary',
      server: {
        checkoutUsers: users([leo, lara, fiona]),
        preview: { totalAmount: 18_000, currentAmount: 12_000, chargedToday: 1234 },
        updateStatus: 500,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurredPlease try again, if error persist contact our support.',
    );
  });

  it('with nothing to change goes back to the checkout (the options)', async () => {
    const { router } = setup({
      path: '/checkout/summary',
      server: { checkoutUsers: users([leo, lara, fiona]) },
    });
    await waitFor(() => expect(location(router)).toBe(`${PREFIX}/checkout/options?plan=PRO&interval=YEARLY`));
  });
});

describe('legacy users page of a Team licence (spec 001 §2, §5)', () => {
  const team = { workspacePlan: 'LEGACY', legacyPlanType: 'TEAM' } as const;

  it('goes to the space page when the plan is not LEGACY', async () => {
    const { router } = setup({ path: '/checkout/legacy/users', server: { checkoutUsers: users([leo]) } });
    await waitFor(() => expect(location(router)).toBe(`${PREFIX}/space`));
  });

  it('bare /checkout of a Team licence opens the legacy users page', async () => {
    const { router } = setup({
      path: '/checkout',
      space: team,
      subscriptions: [teamLicence()],
      server: { checkoutUsers: users([leo, lara, fiona], { workspacePlan: 'LEGACY', legacyType: 'TEAM' }) },
    });
    await waitFor(() =>
      expect(location(router)).toBe(`${PREFIX}/checkout/legacy/users?plan=PRO&interval=YEARLY`),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your paid users' }),
    ).toBeInTheDocument();
  });

  it('disables Next above the maximum and blocks the Add users modal at the limit', async () => {
    setup({
      path: '/checkout/legacy/users',
      space: team,
      subscriptions: [teamLicence()],
      server: {
        checkoutUsers: users([leo, lara, fiona, felix], {
          workspacePlan: 'LEGACY',
          legacyType: 'TEAM',
          paidUserLimit: 3,
        }),
      },
    });
    const next = await screen.findByRole('button', { name: 'Next: Billing information' });
    expect(screen.getByText('2 of 3 paid users chosen')).toBeInTheDocument();
    expect(next).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: `Paid licence for ${fiona.email}` }));
    await userEvent.click(screen.getByRole('checkbox', { name: `Paid licence for ${felix.email}` }));
    expect(next).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your current plan allows a maximum of 3 paid users.',
    );

    await userEvent.click(screen.getByRole('checkbox', { name: `Paid licence for ${felix.email}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Add users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users' });
    await userEvent.type(
      within(dialog).getByRole('combobox', { name: 'Email addresses' }),
      'new@legacy.test ',
    );
    expect(
      within(dialog).getByText('You cannot go over your current plan user limit (3).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
  }, 20_000);

  it('adds users after the validity check, each invalid address with its tip', async () => {
    const { billing } = setup({
      path: '/checkout/legacy/users',
      space: team,
      subscriptions: [teamLicence()],
      server: {
        checkoutUsers: users([leo, lara], { workspacePlan: 'LEGACY', legacyType: 'TEAM' }),
        addValidity: { 'out@other.test': 'Only members of the space domain can be added.' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users' });
    const input = within(dialog).getByRole('combobox', { name: 'Email addresses' });
    await userEvent.type(input, 'out@other.test, new@legacy.test ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText("We can't add some email addresses. Hover over them to know why."),
    ).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Remove out@other.test', hidden: true }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add users' })).not.toBeInTheDocument());
    const adds = billing.requests.filter((request) =>
      request.path.startsWith(`/api/workspaces/${SPACE_ID}/members`),
    );
    expect(adds.map((request) => [request.path, request.body])).toEqual([
      [
        `/api/workspaces/${SPACE_ID}/members?onlyCheckValidity=true`,
        { userEmails: ['out@other.test', 'new@legacy.test'] },
      ],
      [`/api/workspaces/${SPACE_ID}/members?onlyCheckValidity=true`, { userEmails: ['new@legacy.test'] }],
      [`/api/workspaces/${SPACE_ID}/members?onlyCheckValidity=false`, { userEmails: ['new@legacy.test'] }],
    ]);
  }, 20_000);

  it('lets the owner paid in another space tick himself again after unticking (issue 22)', async () => {
    const owner = checkoutUser('boss@legacy.test', { role: 'OWNER', ...paid, isPaidElsewhere: true });
    setup({
      path: '/checkout/legacy/users',
      space: team,
      subscriptions: [teamLicence()],
      server: {
        checkoutUsers: users([owner, lara, elsewhere], {
          workspacePlan: 'LEGACY',
          legacyType: 'TEAM',
          ownerEmail: owner.email,
        }),
      },
    });
    const ownerBox = await screen.findByRole('checkbox', { name: `Paid licence for ${owner.email}` });
    expect(ownerBox).toBeChecked();
    await userEvent.click(ownerBox);
    expect(ownerBox).not.toBeChecked();
    expect(ownerBox).toBeEnabled();
    await userEvent.click(ownerBox);
    expect(ownerBox).toBeChecked();
    expect(screen.getByText('2 of 10 paid users chosen')).toBeInTheDocument();
    // A free user paid in another space still cannot be chosen.
    expect(screen.getByRole('checkbox', { name: `Paid licence for ${elsewhere.email}` })).toBeDisabled();
  });

  it('goes on to the billing information and buys the chosen users on the hosted page', async () => {
    const { router, billing } = setup({
      path: '/checkout/legacy/users',
      space: team,
      subscriptions: [teamLicence()],
      server: { checkoutUsers: users([leo, lara, fiona], { workspacePlan: 'LEGACY', legacyType: 'TEAM' }) },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: `Paid licence for ${fiona.email}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Next: Billing information' }));
    await waitFor(() =>
      expect(location(router)).toBe(`${PREFIX}/checkout/information?plan=PRO&interval=YEARLY`),
    );
    expect(await screen.findByText('3 Pro users')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Street/ }), '1 Main Street');
    await userEvent.type(screen.getByRole('textbox', { name: /^City/ }), 'Springfield');
    await userEvent.click(screen.getByRole('button', { name: 'Next: Checkout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_test_1'));
    const session = billing.requests.find((request) => request.path.endsWith('/stripe/checkout/v1/session'));
    expect((session?.body as { plans: { userIds: string[] }[] }).plans[0]?.userIds).toEqual([
      leo.id,
      lara.id,
      fiona.id,
    ]);
  }, 20_000);
});

async function findLicence(email: string) {
  return screen.findByRole('radiogroup', { name: `Licence of ${email}` });
}

/** From now on the PUT answers 409 with the given reason. */
function serveBillingRefusal(reason: string) {
  const previous = fetchMock.getMockImplementation();
  fetchMock.mockImplementation((input, init) => {
    if (init?.method === 'PUT') {
      return Promise.resolve(
        new Response(JSON.stringify({ code: 'CONFLICT', message: 'refused', reason, errors: [] }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    return previous!(input, init);
  });
}

describe('billing-cycle change of a per-user subscription (spec 001 §2, §4)', () => {
  it('shows the CYCLE_CHANGE summary priced for the paid users and schedules the change', async () => {
    const { router, billing } = setup({
      path: '/checkout?change-billing-cycle=1',
      subscriptions: [perUserPro({ numberOfLicensesUsed: 2, allowedQuantity: 10 })],
      server: { checkoutUsers: users([leo, lara, fiona]) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change your billing cycle' }),
    ).toBeInTheDocument();
    expect(screen.getByText('From billed annually to billed monthly.')).toBeInTheDocument();
    expect(
      await screen.findByText('The change will be applied at the end of your current billing cycle.'),
    ).toBeInTheDocument();
    const preview = billing.requests.find((request) => request.path.includes('/stripe/checkout/v2/info'));
    expect(preview?.body).toMatchObject({
      billingInterval: 'MONTHLY',
      workspacePlan: 'PRO',
      seatPlans: [{ userPlan: 'PRO', quantity: 2 }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() =>
      expect(location(router)).toBe(
        `${PREFIX}/space/billing?checkout=success&fromInterval=YEARLY&toInterval=MONTHLY`,
      ),
    );
    expect(billing.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      billingInterval: 'MONTHLY',
    });
  });

  it('lands on the success banner, not on the "already scheduled" error, when the refetched subscription carries the change first', async () => {
    // The space's refresh answers after the subscriptions' refetch, which already shows the change.
    const { router, billing } = setup({
      path: '/checkout?change-billing-cycle=1',
      subscriptions: [perUserPro({ numberOfLicensesUsed: 2, allowedQuantity: 10 })],
      server: { checkoutUsers: users([leo, lara, fiona]) },
      refreshSpace: () => new Promise((resolve) => setTimeout(resolve, 300)),
    });
    await screen.findByText('The change will be applied at the end of your current billing cycle.');
    billing.subscriptions = [
      perUserPro({
        numberOfLicensesUsed: 2,
        allowedQuantity: 10,
        scheduledChanges: { targetBillingInterval: 'MONTHLY', effectiveTimestamp: Date.UTC(2027, 2, 3) },
      }),
    ];
    const visited: string[] = [];
    router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() =>
      expect(location(router)).toBe(
        `${PREFIX}/space/billing?checkout=success&fromInterval=YEARLY&toInterval=MONTHLY`,
      ),
    );
    expect(visited.filter((path) => path.includes('error='))).toEqual([]);
  });

  it('sends a legacy licence to billing (it switches to a new plan instead)', async () => {
    const { router } = setup({
      path: '/checkout?change-billing-cycle=1',
      subscriptions: [teamLicence()],
      space: { workspacePlan: 'LEGACY', legacyPlanType: 'TEAM' },
      server: { checkoutUsers: users([leo, lara], { workspacePlan: 'LEGACY', legacyType: 'TEAM' }) },
    });
    await waitFor(() => expect(location(router)).toBe(`${PREFIX}/space/billing`));
  });
});

describe('the move of a per-user subscription to the free plan (spec 001 §4 DOWNGRADE to FREE)', () => {
  it('reviews every paid user made free at the renewal and sends downgradeToFree', async () => {
    const { router, billing } = setup({
      path: '/checkout/summary?plan=FREE',
      subscriptions: [perUserPro({ workspacePlan: 'PREMIUM' })],
      server: { checkoutUsers: users([leo, lara, fiona], { workspacePlan: 'PREMIUM' }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Downgrade your plan' })).toBeInTheDocument();
    expect(screen.getByText('From Premium to Free.')).toBeInTheDocument();
    const madeFree = screen.getByRole('list', { name: 'Made free at the renewal' });
    expect(
      within(madeFree)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([leo.email, lara.email]);
    expect(screen.getByText('From March 3rd, 2027: Free, nothing more to pay')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() =>
      expect(location(router)).toBe(`${PREFIX}/space/billing?checkout=success&from=PREMIUM&to=FREE`),
    );
    expect(billing.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      downgradeToFree: true,
    });
  });

  it('sends a subscription that already ends, or a legacy licence, to billing', async () => {
    const ending = setup({
      path: '/checkout/summary?plan=FREE',
      subscriptions: [perUserPro({ autoRenew: false })],
      server: { checkoutUsers: users([leo, lara]) },
    });
    await waitFor(() => expect(location(ending.router)).toBe(`${PREFIX}/space/billing`));
  });
});
