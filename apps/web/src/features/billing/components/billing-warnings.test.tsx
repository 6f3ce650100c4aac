import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdditionalStripeInfo, SubscriptionV1 } from '@mergedesk/domain/api/billing';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { BillingServer } from '../../../test/billing-server';
import { serveBilling, subscription } from '../../../test/billing-server';
import { stubFetch } from '../../../test/fetch-stub';
import { ACME_SALES_ID, currentUser, userWorkspace } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { BillingWarnings } from './billing-warnings';

const PREFIX = `/${ACME_SALES_ID}/acme-sales`;
const fetchMock = stubFetch();

const stripeInfo = (
  latestInvoice: AdditionalStripeInfo['latestInvoice'],
): { additionalStripeInfo: AdditionalStripeInfo } => ({
  additionalStripeInfo: {
    country: 'US',
    companyName: null,
    couponId: null,
    couponDuration: null,
    couponPercentOff: null,
    latestInvoice,
    upcomingInvoice: null,
  },
});
const unpaid = (
  status: 'requires_payment_method' | 'requires_action' | 'requires_confirmation',
  nextPaymentAttemptTimestamp: number | null = null,
) =>
  stripeInfo({
    paid: false,
    hostedInvoiceUrl: 'https://pay.test/invoice',
    paymentIntent: { status },
    nextPaymentAttemptTimestamp,
  });

function setup(options: {
  subscriptions: SubscriptionV1[];
  space?: Partial<UserWorkspace>;
  email?: string;
  search?: string;
}) {
  const billing: BillingServer = { subscriptions: options.subscriptions, requests: [] };
  serveBilling(fetchMock, billing);
  const email = options.email ?? 'olivia@acme.test';
  const user = currentUser({ userEmail: email, domain: { domainName: email.split('@')[1]! } });
  renderRoutes(
    [
      {
        path: `${PREFIX}/space/users`,
        element: (
          <>
            <h1>Page</h1>
            <BillingWarnings space={userWorkspace(options.space)} user={user} prefix={PREFIX} />
          </>
        ),
      },
      { path: '*', element: null },
    ],
    `${PREFIX}/space/users${options.search ?? ''}`,
  );
  return billing;
}

const subscriptionCalls = (billing: BillingServer) =>
  billing.requests.filter((request) => request.path.includes('/subscriptions/v1'));

/** The alert area's billing warnings (spec 001 §2 "Warning banners", spec 000 §4 Alerts). */
describe('BillingWarnings', () => {
  it("shows 'Your last payment attempt failed' with Stripe's next retry, not the period end (issue 22)", async () => {
    const retry = new Date(2026, 11, 3, 12).getTime();
    setup({ subscriptions: [subscription(unpaid('requires_payment_method', retry))] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your last payment attempt failed');
    expect(alert).toHaveTextContent(
      'Next payment attempt: December 3rd, 2026. If every attempt fails, the subscription is canceled.',
    );
    expect(alert).not.toHaveTextContent('March 3rd, 2027');
    expect(screen.getByRole('link', { name: 'Pay the invoice' })).toHaveAttribute(
      'href',
      'https://pay.test/invoice',
    );
  });

  it.each(['requires_action', 'requires_confirmation'] as const)(
    "shows 'Your last payment attempt requires confirmation' for %s",
    async (status) => {
      setup({ subscriptions: [subscription(unpaid(status))] });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Your last payment attempt requires confirmation');
      expect(screen.getByRole('link', { name: 'Confirm the payment' })).toBeInTheDocument();
    },
  );

  it("shows 'All payment attempts failed' when every subscription is canceled", async () => {
    setup({ subscriptions: [subscription({ subscriptionStatus: 'CANCELED' })] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('All payment attempts failed');
    expect(alert).toHaveTextContent('Your subscription has been canceled.');
  });

  it('shows nothing for a paid subscription', async () => {
    const billing = setup({
      subscriptions: [
        subscription(
          stripeInfo({ paid: true, hostedInvoiceUrl: null, paymentIntent: { status: 'succeeded' } }),
        ),
      ],
    });
    await waitFor(() => expect(subscriptionCalls(billing)).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the seat-pricing ineligibility with the query parameter, to a domain user only', async () => {
    setup({ subscriptions: [], search: '?seat-pricing-ineligibility=1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your domain acme.test is not yet eligible for seat-based pricing',
    );
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeInTheDocument();
  });

  it('hides the seat-pricing ineligibility from a Gmail user', async () => {
    const billing = setup({
      subscriptions: [],
      email: 'gina@gmail.com',
      search: '?seat-pricing-ineligibility=1',
    });
    await waitFor(() => expect(subscriptionCalls(billing)).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns the admin of a per-user space, not the admin of a per-seat space (who fetches nothing)', async () => {
    const failed = [subscription(unpaid('requires_payment_method'))];
    setup({ subscriptions: failed, space: { userRole: 'ADMIN', isPerSeat: false } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your last payment attempt failed');
  });

  it.each([
    ['an admin of a per-seat space', { userRole: 'ADMIN', isPerSeat: true }],
    ['a member of a per-user space', { userRole: 'MEMBER', isPerSeat: false }],
  ] as const)('shows %s no warning and asks for no subscription', async (_, space) => {
    const billing = setup({ subscriptions: [subscription(unpaid('requires_payment_method'))], space });
    await screen.findByRole('heading', { name: 'Page' });
    // Give a (wrong) subscriptions request the time to answer before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(subscriptionCalls(billing)).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
