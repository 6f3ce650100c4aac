import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionV1 } from '@mergedesk/domain/api/billing';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { RestrictionFlag } from '@mergedesk/domain/rollout/restrictions';
import type { BillingServer } from '../../../test/billing-server';
import { serveBilling, subscription } from '../../../test/billing-server';
import { stubFetch } from '../../../test/fetch-stub';
import { ACME_SALES_ID, currentUser, userWorkspace } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { BILLING_MESSAGES, duplicateRefundedText } from '@mergedesk/domain/billing/messages';
import { BillingPage } from './billing-page';
import { CANCEL_SCHEDULED_REMOVAL_STATE } from '../../../lib/billing-location-state';

const PREFIX = `/${ACME_SALES_ID}/acme-sales`;
const fetchMock = stubFetch();

type Setup = {
  subscriptions?: SubscriptionV1[];
  space?: Partial<UserWorkspace>;
  email?: string;
  search?: string;
  restrictions?: RestrictionFlag[];
  server?: Partial<BillingServer>;
  /** Router state of the billing page's address (spec 002 §2.7). */
  state?: unknown;
};

function setup({
  subscriptions = [subscription()],
  space = {},
  email,
  search = '',
  restrictions = [],
  server = {},
  state,
}: Setup = {}) {
  const billing: BillingServer = { subscriptions, requests: [], ...server };
  serveBilling(fetchMock, billing);
  const refreshSpace = vi.fn(() => Promise.resolve());
  const workspace = userWorkspace(space);
  const user = currentUser(email ? { userEmail: email, domain: { domainName: email.split('@')[1]! } } : {});
  const page = (
    <BillingPage
      prefix={PREFIX}
      space={workspace}
      user={user}
      restrictions={new Set(restrictions)}
      refreshSpace={refreshSpace}
    />
  );
  const rendered = renderRoutes(
    [
      { path: `${PREFIX}/space/billing`, element: page },
      { path: '/wrong-plan', element: <h1>Wrong plan</h1> },
      { path: '*', element: null },
    ],
    { pathname: `${PREFIX}/space/billing`, search, state },
  );
  return { ...rendered, billing, refreshSpace };
}

const currentPlanCard = () =>
  screen.findByRole('region', { name: /^(Free|Pro|Premium|Custom|Team \(legacy\))$/ });

describe('BillingPage: the current plan card (spec 001 §2)', () => {
  it('shows a renewing Pro subscription with its price, seats, links and Manage billing', async () => {
    setup();
    const card = await currentPlanCard();
    expect(within(card).getByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    expect(within(card).getByText('Renews on March 3rd, 2027')).toBeInTheDocument();
    expect(within(card).getByText('$540.00')).toBeInTheDocument();
    expect(within(card).getByText('6 of 10 seats used')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Add seats' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout/add-seats`,
    );
    expect(within(card).getByRole('link', { name: 'Remove seats' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout/remove-seats`,
    );
    expect(within(card).getByRole('link', { name: 'Change billing cycle' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout?change-billing-cycle=1`,
    );
    expect(within(card).getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    // A paid space shows the plan list only with show-plans=1.
    expect(screen.queryByRole('heading', { name: 'Plans' })).not.toBeInTheDocument();
  });

  it('says Ends on when the subscription does not renew', async () => {
    setup({ subscriptions: [subscription({ autoRenew: false })] });
    expect(await screen.findByText('Ends on March 3rd, 2027')).toBeInTheDocument();
  });

  it('shows Custom for a support subscription and sends seat changes to support', async () => {
    setup({ subscriptions: [subscription({ paymentSource: 'SUPPORT' })] });
    const card = await currentPlanCard();
    expect(within(card).getByRole('heading', { name: 'Custom' })).toBeInTheDocument();
    expect(
      within(card).getByText(/If you wish to add or remove more seats, please contact support/),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Add seats' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('names a legacy Team subscription', async () => {
    setup({
      subscriptions: [
        subscription({
          workspacePlan: 'LEGACY',
          legacyType: 'TEAM',
          allowedQuantity: 10,
          numberOfLicensesUsed: 4,
        }),
      ],
      space: { workspacePlan: 'LEGACY', legacyPlanType: 'TEAM', isPerSeat: false },
    });
    const card = await currentPlanCard();
    expect(within(card).getByRole('heading', { name: 'Team (legacy)' })).toBeInTheDocument();
    expect(within(card).getByText('4 of 10 paid users')).toBeInTheDocument();
  });

  it("offers a card-paid legacy Team licence 'Switch to a new plan' through the legacy users page", async () => {
    setup({
      subscriptions: [subscription({ workspacePlan: 'LEGACY', legacyType: 'TEAM' })],
      space: { workspacePlan: 'LEGACY', legacyPlanType: 'TEAM', isPerSeat: false },
    });
    const card = await currentPlanCard();
    expect(within(card).getByRole('link', { name: 'Switch to a new plan' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout/legacy/users`,
    );
  });

  it('offers a PayPal-paid Personal licence the switch to a new plan through /checkout', async () => {
    setup({
      subscriptions: [
        subscription({ workspacePlan: 'LEGACY', legacyType: 'PERSONAL', paymentSource: 'PAYPAL' }),
      ],
      space: { workspacePlan: 'LEGACY', legacyPlanType: 'PERSONAL', isPerSeat: false },
      email: 'penny@gmail.com',
    });
    const card = await screen.findByRole('region', { name: 'Personal (legacy)' });
    expect(within(card).getByRole('link', { name: 'Switch to a new plan' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout?plan=PRO&interval=YEARLY`,
    );
    expect(within(card).getByRole('link', { name: 'Stop automatic renewal' })).toBeInTheDocument();
  });

  it('offers a per-user Pro subscription its paid users and the switch to Premium (spec 001 §2 links)', async () => {
    setup({ space: { isPerSeat: false } });
    const card = await currentPlanCard();
    expect(within(card).getByRole('link', { name: 'Change paid users' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout/options?plan=PRO&interval=YEARLY`,
    );
    expect(within(card).getByRole('link', { name: 'Switch to Premium' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout/summary?plan=PREMIUM&interval=YEARLY`,
    );
    expect(within(card).queryByRole('link', { name: 'Add seats' })).not.toBeInTheDocument();
    // The billing cycle changes per user as per seat (at the period end).
    expect(within(card).getByRole('link', { name: 'Change billing cycle' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout?change-billing-cycle=1`,
    );
  });

  it("prices a per-user subscription's scheduled cycle change for its paid users, not its paid-user limit", async () => {
    setup({
      space: { isPerSeat: false },
      subscriptions: [
        subscription({
          numberOfLicensesUsed: 3,
          allowedQuantity: 10,
          stripeSubscriptionScheduleId: 'sub_sched_1',
          scheduledChanges: { targetBillingInterval: 'MONTHLY', effectiveTimestamp: Date.UTC(2027, 2, 3) },
        }),
      ],
    });
    const card = await currentPlanCard();
    expect(within(card).getByText('3 of 10 paid users')).toBeInTheDocument();
    // Pro monthly: 3 × $20.
    expect(await within(card).findByText('From March 3rd, 2027: $60.00 per month')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Change billing cycle' })).not.toBeInTheDocument();
  });

  it("offers a per-user subscription 'Switch to Free'; one on its way to Free says when and keeps the plan on request", async () => {
    const first = setup({ space: { isPerSeat: false } });
    const card = await currentPlanCard();
    expect(within(card).getByRole('link', { name: 'Switch to Free' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout/summary?plan=FREE`,
    );
    first.unmount();
    const { billing } = setup({
      space: { isPerSeat: false },
      subscriptions: [subscription({ autoRenew: false })],
    });
    const ending = await currentPlanCard();
    expect(
      within(ending).getByText(
        'Your space moves to the free plan on March 3rd, 2027: every paid user then becomes free.',
      ),
    ).toBeInTheDocument();
    expect(within(ending).queryByRole('link', { name: 'Change paid users' })).not.toBeInTheDocument();
    expect(within(ending).queryByRole('link', { name: 'Change billing cycle' })).not.toBeInTheDocument();
    await userEvent.click(within(ending).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() =>
      expect(billing.requests.find((request) => request.method === 'PUT')?.body).toEqual({
        downgradeToFree: false,
      }),
    );
  });

  it('sends the upgrades of a free per-user space to /checkout with the plan', async () => {
    setup({ subscriptions: [], space: { workspacePlan: 'FREE', isPerSeat: false } });
    expect(await screen.findByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout?plan=PRO&interval=YEARLY`,
    );
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout?plan=PREMIUM&interval=YEARLY`,
    );
  });

  it('hides the monthly cycle change while MONTHLY_BILLING is restricted', async () => {
    setup({ restrictions: ['MONTHLY_BILLING'] });
    await currentPlanCard();
    expect(screen.queryByRole('link', { name: 'Change billing cycle' })).not.toBeInTheDocument();
  });

  it('opens the customer portal on Manage billing', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/x', assign });
    const { billing } = setup({ server: { portalUrl: 'http://portal.test/s/1' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://portal.test/s/1'));
    expect(
      billing.requests.some((request) => request.path.includes('/stripe/customer/v1/portal?returnUrl=')),
    ).toBe(true);
  });

  it('offers Try again when the subscription cannot be loaded', async () => {
    setup({ server: { subscriptionsStatus: 500 } });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('BillingPage: the free plan (spec 001 §2 "Plan definitions")', () => {
  const free = { subscriptions: [], space: { workspacePlan: 'FREE' as const, userPlan: 'FREE' as const } };

  it('shows Free, Pro and Premium with prices per seat billed annually', async () => {
    setup(free);
    const pro = await screen.findByRole('region', { name: 'Pro' });
    expect(within(pro).getByText('Get more recipients quota and Pro features')).toBeInTheDocument();
    expect(await within(pro).findByText('$5.00')).toBeInTheDocument();
    expect(within(pro).getByText('/ month per seat')).toBeInTheDocument();
    expect(within(pro).getByText('Billed annually: $60.00 per seat')).toBeInTheDocument();
    expect(within(pro).getByText('Add and manage members')).toBeInTheDocument();
    expect(within(pro).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout/details`,
    );
    expect(screen.getByRole('region', { name: 'Premium' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Free' })).toHaveLength(2);
  });

  it('adds the tax to EUR prices and says so (show-plans=1 on a EUR subscription with 21 % VAT)', async () => {
    setup({
      subscriptions: [subscription({ currency: 'EUR', country: 'BE', taxRate: 21 })],
      search: '?show-plans=1',
    });
    // The current plan card is a 'Pro' region too: the plan list's card comes after it.
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Pro' })).toHaveLength(2));
    const pro = screen.getAllByRole('region', { name: 'Pro' })[1]!;
    expect(within(pro).getByText('Get more recipients quota and Pro features')).toBeInTheDocument();
    // €60.00 a seat a year (€5.00 a month) plus 21 %.
    expect(await within(pro).findByText('€6.05')).toBeInTheDocument();
    expect(within(pro).getByText('Billed annually: €72.60 per seat (including taxes)')).toBeInTheDocument();
    expect(screen.getByText('All displayed prices include applicable taxes.')).toBeInTheDocument();
  });

  it('shows no tax line for USD prices', async () => {
    setup(free);
    const pro = await screen.findByRole('region', { name: 'Pro' });
    expect(await within(pro).findByText('Billed annually: $60.00 per seat')).toBeInTheDocument();
    expect(screen.queryByText('All displayed prices include applicable taxes.')).not.toBeInTheDocument();
  });

  it('hides Premium when PREMIUM_PLAN is restricted', async () => {
    setup({ ...free, restrictions: ['PREMIUM_PLAN'] });
    await screen.findByRole('region', { name: 'Pro' });
    expect(screen.queryByRole('region', { name: 'Premium' })).not.toBeInTheDocument();
  });

  it('prices Pro (Personal) for a Gmail user, without per seat and without Premium', async () => {
    setup({ ...free, email: 'gina@gmail.com' });
    const pro = await screen.findByRole('region', { name: 'Pro' });
    expect(await within(pro).findByText('$3.00')).toBeInTheDocument();
    expect(within(pro).getByText('Billed annually: $36.00')).toBeInTheDocument();
    expect(within(pro).getByText('Manage your bounce list')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Premium' })).not.toBeInTheDocument();
  });
});

describe('BillingPage: actions the server refuses are not offered (issue 22)', () => {
  const personalPlan = (plan: NonNullable<SubscriptionV1['subscriptionPaymentPlans']>[number]) => ({
    ...plan,
    userPlanType: 'PRO_PERSONAL' as const,
  });

  it("offers no 'Remove seats' on Premium per seat", async () => {
    setup({
      subscriptions: [subscription({ workspacePlan: 'PREMIUM' })],
      space: { workspacePlan: 'PREMIUM' },
    });
    const card = await currentPlanCard();
    expect(within(card).getByRole('link', { name: 'Add seats' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Remove seats' })).not.toBeInTheDocument();
  });

  it("offers no 'Add seats' while a cycle change is scheduled", async () => {
    setup({
      subscriptions: [
        subscription({
          scheduledChanges: { targetBillingInterval: 'MONTHLY', effectiveTimestamp: Date.UTC(2027, 2, 3) },
          stripeSubscriptionScheduleId: 'sub_sched_1',
        }),
      ],
    });
    const card = await currentPlanCard();
    expect(within(card).queryByRole('link', { name: 'Add seats' })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Remove seats' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Change billing cycle' })).not.toBeInTheDocument();
  });

  it("offers 'Change billing cycle' again once a scheduled change has applied (its schedule still attached)", async () => {
    setup({ subscriptions: [subscription({ stripeSubscriptionScheduleId: 'sub_sched_1' })] });
    const card = await currentPlanCard();
    expect(within(card).getByRole('link', { name: 'Change billing cycle' })).toBeInTheDocument();
  });

  it("offers no 'Switch to Premium' to Pro (Personal), nor while a downgrade is scheduled", async () => {
    const base = subscription();
    setup({
      space: { isPerSeat: false },
      subscriptions: [
        subscription({ subscriptionPaymentPlans: base.subscriptionPaymentPlans!.map(personalPlan) }),
      ],
    });
    const card = await currentPlanCard();
    expect(within(card).getByRole('link', { name: 'Change paid users' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Switch to Premium' })).not.toBeInTheDocument();
  });
});

describe('BillingPage: a cancelled subscription never blocks buying again (issue 22)', () => {
  it('shows Free with the plan list and Upgrade after every payment attempt failed', async () => {
    setup({
      subscriptions: [subscription({ subscriptionStatus: 'CANCELED', autoRenew: false })],
      space: { workspacePlan: 'FREE', userPlan: 'FREE' },
    });
    const pro = await screen.findByRole('region', { name: 'Pro' });
    expect(within(pro).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      `${PREFIX}/checkout/details`,
    );
    expect(screen.queryByText(/Renews on|Ends on/)).not.toBeInTheDocument();
  });
});

describe('BillingPage: banners from the query (spec 001 §2 "Billing banners")', () => {
  it('shows the seat purchase banner with Manage members', async () => {
    setup({ search: '?checkout=success&from=FREE&to=PRO&workspaceSeats=3' });
    expect(
      await screen.findByText('Well done! You successfully purchased 3 Pro seats for your space.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage members' })).toHaveAttribute(
      'href',
      `${PREFIX}/space/users`,
    );
  });

  it('shows the seats-added banner and strips the query when dismissed', async () => {
    const { router } = setup({ search: '?checkout=success&seatsAdded=2&show-plans=1' });
    expect(
      await screen.findByText('Well done! You successfully added 2 seats to your space.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your subscription has been updated.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(router.state.location.search).toBe('?show-plans=1'));
  });

  it.each([
    ['?checkout=success&seatsAdded=0'],
    ['?checkout=success&seatsRemoved=100'],
    ['?checkout=success&from=FREE&to=PRO&gmailSeats=1&workspaceSeats=2'],
  ])('strips the inconsistent %s', async (search) => {
    const { router } = setup({ search });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(/Well done!/)).not.toBeInTheDocument();
  });

  it('waits for the webhook while a purchase returns to a space still on Free, then strips', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { router, refreshSpace } = setup({
        subscriptions: [],
        space: { workspacePlan: 'FREE' },
        search: '?checkout=success&from=FREE&to=PRO&workspaceSeats=3',
      });
      expect(await screen.findByText('Confirming your purchase…')).toBeInTheDocument();
      expect(router.state.location.search).not.toBe('');
      // Eight refreshes 2 s apart; each waits for its (stubbed) fetches to settle.
      for (let step = 0; step < 60 && router.state.location.search !== ''; step += 1) {
        await vi.advanceTimersByTimeAsync(1000);
      }
      expect(router.state.location.search).toBe('');
      expect(refreshSpace.mock.calls.length).toBeGreaterThanOrEqual(8);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing of success before Stripe confirms the checkout (issue 22)', async () => {
    setup({
      search: '?checkout=success&from=FREE&to=PRO&workspaceSeats=3&session_id=cs_test_1',
      server: { checkoutOutcome: { outcome: 'PENDING', refundedAmount: null, currency: null } },
    });
    expect(await screen.findByText('Confirming your purchase…')).toBeInTheDocument();
    expect(screen.queryByText(/Well done!/)).not.toBeInTheDocument();
  });

  it('shows the purchase banner once Stripe says the checkout is paid', async () => {
    const { billing } = setup({
      search: '?checkout=success&from=FREE&to=PRO&workspaceSeats=3&session_id=cs_test_1',
    });
    expect(
      await screen.findByText('Well done! You successfully purchased 3 Pro seats for your space.'),
    ).toBeInTheDocument();
    expect(billing.requests.some((request) => request.path.endsWith('/outcome?sessionId=cs_test_1'))).toBe(
      true,
    );
  });

  it('tells of a refunded duplicate checkout instead of a success banner (issue 22)', async () => {
    const { router } = setup({
      search: '?checkout=success&from=FREE&to=PRO&workspaceSeats=1&session_id=cs_test_2',
      server: { checkoutOutcome: { outcome: 'REFUNDED_DUPLICATE', refundedAmount: 6000, currency: 'USD' } },
    });
    const notice = await screen.findByRole('alert', { name: BILLING_MESSAGES.DUPLICATE_REFUNDED_TITLE });
    expect(notice).toHaveTextContent(duplicateRefundedText('$60.00'));
    expect(screen.queryByText(/Well done!/)).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      screen.getByRole('alert', { name: BILLING_MESSAGES.DUPLICATE_REFUNDED_TITLE }),
    ).toBeInTheDocument();
  });

  it('sends a plan the account cannot buy to /wrong-plan with the query', async () => {
    const { router } = setup({ search: '?plan=pro-gmail' });
    expect(await screen.findByRole('heading', { name: 'Wrong plan' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?plan=pro-gmail');
  });

  it.each([
    [
      'cannot-change-billing-cycle-when-scheduled',
      'A billing cycle change is already scheduled. Cancel it before changing the billing cycle again.',
    ],
    [
      'cannot-update-subscription-plan-and-interval',
      'The plan and the billing cycle cannot be changed together. Change one, then the other.',
    ],
  ])('explains the redirect error code %s', async (code, text) => {
    setup({ search: `?error=${code}` });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('ignores an unknown error code', async () => {
    setup({ search: '?error=something-else' });
    await currentPlanCard();
    expect(screen.queryByText(/cannot be changed together|already scheduled/)).not.toBeInTheDocument();
  });
});

describe('BillingPage: scheduled changes (spec 001 §2)', () => {
  const scheduled = subscription({
    stripeSubscriptionScheduleId: 'sub_sched_1',
    scheduledChanges: { targetBillingInterval: 'MONTHLY', effectiveTimestamp: Date.UTC(2027, 2, 3, 12) },
  });

  it('shows the cycle change with the new price and cancels it', async () => {
    const { billing, refreshSpace } = setup({ subscriptions: [scheduled] });
    expect(
      await screen.findByText(
        'You are currently billed annually, with a change to monthly planned on March 3rd, 2027.',
      ),
    ).toBeInTheDocument();
    // 10 Pro seats monthly: 4 × $20 + 5 × $16 + 1 × $14 = $174.00
    expect(screen.getByText('From March 3rd, 2027: $174.00 per month')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change billing cycle' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() => expect(refreshSpace).toHaveBeenCalled());
    expect(billing.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      cancelScheduledBillingIntervalChange: true,
    });
  });

  it('says so when cancelling the cycle change fails', async () => {
    setup({ subscriptions: [scheduled], server: { updateStatus: 500 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again later.',
    );
  });

  const downgrade = subscription({
    seatInfo: {
      ...subscription().seatInfo,
      scheduledRemoval: { targetSeatsQuantity: 7, removeSeatsAtTimestamp: Date.UTC(2027, 2, 3, 12) },
    },
  });

  it('lets the owner cancel a scheduled seat downgrade and blocks the seat links meanwhile', async () => {
    const { billing } = setup({ subscriptions: [downgrade] });
    expect(
      await screen.findByText('Your subscription is scheduled to go down to 7 seats on March 3rd, 2027.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add seats' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel downgrade' }));
    expect(
      await screen.findByText('You successfully cancelled the previously scheduled downgrade.'),
    ).toBeInTheDocument();
    expect(
      billing.requests.some(
        (request) => request.method === 'DELETE' && request.path.endsWith('/seats/v1/scheduled-removals'),
      ),
    ).toBe(true);
  });

  it("opens the cancel dialog when the members screen's 'Cancel downgrade' leads here (spec 002 §2.7; issue 21)", async () => {
    const { billing, router } = setup({ subscriptions: [downgrade], state: CANCEL_SCHEDULED_REMOVAL_STATE });
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the scheduled downgrade?' });
    expect(
      within(dialog).getByText('Your subscription is scheduled to go down to 7 seats on March 3rd, 2027.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel downgrade' }));
    expect(
      await screen.findByText('You successfully cancelled the previously scheduled downgrade.'),
    ).toBeInTheDocument();
    expect(
      billing.requests.filter(
        (request) => request.method === 'DELETE' && request.path.endsWith('/seats/v1/scheduled-removals'),
      ),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Cancel the scheduled downgrade?' }),
      ).not.toBeInTheDocument(),
    );
    expect(router.state.location.state).toBeNull();
  });

  it('keeps the downgrade when the dialog is dismissed, and opens no dialog without the state', async () => {
    const first = setup({ subscriptions: [downgrade], state: CANCEL_SCHEDULED_REMOVAL_STATE });
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the scheduled downgrade?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the downgrade' }));
    await waitFor(() => expect(first.router.state.location.state).toBeNull());
    expect(first.billing.requests.some((request) => request.method === 'DELETE')).toBe(false);
    first.unmount();
    setup({ subscriptions: [downgrade] });
    expect(await screen.findByRole('button', { name: 'Cancel downgrade' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens no cancel dialog for an admin, who may not cancel', async () => {
    setup({
      subscriptions: [downgrade],
      space: { userRole: 'ADMIN' },
      state: CANCEL_SCHEDULED_REMOVAL_STATE,
    });
    expect(
      await screen.findByText('Contact the owner of the space to cancel the scheduled downgrade.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks of paid users, not seats, when users of a per-user space are made free at renewal (issue 22)', async () => {
    setup({
      space: { isPerSeat: false },
      subscriptions: [
        subscription({
          numberOfLicensesUsed: 5,
          allowedQuantity: 10,
          seatInfo: {
            ...subscription().seatInfo,
            scheduledRemoval: { targetSeatsQuantity: 3, removeSeatsAtTimestamp: Date.UTC(2027, 2, 3, 12) },
          },
        }),
      ],
    });
    const card = await currentPlanCard();
    expect(
      within(card).getByText('Your subscription is scheduled to go down to 3 paid users on March 3rd, 2027.'),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(
        'If you wish to add or remove more paid users, you first need to cancel the scheduled downgrade.',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/seat/)).not.toBeInTheDocument();
  });

  it('tells an admin to contact the owner', async () => {
    setup({ subscriptions: [downgrade], space: { userRole: 'ADMIN' } });
    expect(
      await screen.findByText('Contact the owner of the space to cancel the scheduled downgrade.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel downgrade' })).not.toBeInTheDocument();
  });
});
