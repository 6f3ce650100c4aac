import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionV1 } from '@mergedesk/domain/api/billing';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { BillingServer } from '../../../../test/billing-server';
import { serveBilling, subscription } from '../../../../test/billing-server';
import { pendingWithoutSeatWarning, seatRemovalTargets } from '@mergedesk/domain/members/seats';
import { stubFetch } from '../../../../test/fetch-stub';
import { ACME_SALES_ID, currentUser, jsonResponse, userWorkspace } from '../../../../test/fixtures';
import { fakeTimerUser, runOnFakeTimers } from '../../../../test/fake-timers';
import { renderRoutes } from '../../../../test/render';
import type { CheckoutStep } from './checkout-page';
import { CheckoutPage } from './checkout-page';
import { SEATS_NOT_PAID } from './add-seats-page';
import { BILLING_REFUSALS } from '@mergedesk/domain/billing/messages';

const PREFIX = `/${ACME_SALES_ID}/acme-sales`;
// The 3-D Secure confirmation waits 2 s twice (spec 001 §9): on the fake clock it costs no real time.
runOnFakeTimers();
const fetchMock = stubFetch();
const assign = vi.fn();
let userEvent: UserEvent;
beforeEach(() => {
  userEvent = fakeTimerUser();
  assign.mockReset();
  sessionStorage.clear();
  vi.stubGlobal('location', { ...window.location, href: 'http://localhost/checkout', assign });
  vi.stubGlobal('scrollTo', vi.fn());
});

const FREE_SPACE: Partial<UserWorkspace> = { workspacePlan: 'FREE', userPlan: 'FREE' };
const STEP_PATHS: Record<CheckoutStep, string> = {
  root: '/checkout',
  details: '/checkout/details',
  information: '/checkout/information',
  summary: '/checkout/summary',
  'add-seats': '/checkout/add-seats',
  'remove-seats': '/checkout/remove-seats',
  options: '/checkout/options',
  'legacy-users': '/checkout/legacy/users',
  'cannot-downgrade': '/checkout/cannot-downgrade',
};

type Setup = {
  step: CheckoutStep;
  subscriptions?: SubscriptionV1[];
  space?: Partial<UserWorkspace>;
  email?: string;
  search?: string;
  server?: Partial<BillingServer>;
};

function setup({ step, subscriptions = [], space = FREE_SPACE, email, search = '', server = {} }: Setup) {
  const billing: BillingServer = { subscriptions, requests: [], ...server };
  serveBilling(fetchMock, billing);
  const refreshSpace = vi.fn(() => Promise.resolve());
  const user = currentUser(email ? { userEmail: email, domain: { domainName: email.split('@')[1]! } } : {});
  const props = {
    prefix: PREFIX,
    space: userWorkspace(space),
    user,
    restrictions: new Set<never>(),
    refreshSpace,
  };
  const rendered = renderRoutes(
    [
      ...(Object.entries(STEP_PATHS) as [CheckoutStep, string][]).map(([name, path]) => ({
        path: `${PREFIX}${path}`,
        element: <CheckoutPage key={name} step={name} {...props} />,
      })),
      { path: `${PREFIX}/space/billing`, element: <h1>Billing</h1> },
      { path: '*', element: null },
    ],
    `${PREFIX}${STEP_PATHS[step]}${search}`,
  );
  return { ...rendered, billing, refreshSpace };
}

/** One seat added to ten whose invoice waits for the 3-D Secure step. */
const ONE_SEAT_AWAITING_3DS = {
  totalSeats: 10,
  requestedSeats: 11,
  latestInvoice: { paid: false, hostedInvoiceUrl: null, paymentIntent: { status: 'requires_action' } },
};

const path = (router: ReturnType<typeof setup>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('checkout redirects (spec 001 §2 "Redirects")', () => {
  it('starts a bare checkout at the details step', async () => {
    const { router } = setup({ step: 'root' });
    await waitFor(() => expect(path(router)).toBe(`${PREFIX}/checkout/details`));
  });

  it('sends a Gmail user past the seat page to the information step', async () => {
    const { router } = setup({ step: 'details', email: 'gina@gmail.com' });
    await waitFor(() => expect(path(router)).toBe(`${PREFIX}/checkout/information`));
    expect(await screen.findByRole('heading', { name: 'Upgrading Acme Sales' })).toBeInTheDocument();
  });

  it('starts a bare checkout of a Gmail user at the information step', async () => {
    const { router } = setup({ step: 'root', email: 'gina@gmail.com' });
    await waitFor(() => expect(path(router)).toBe(`${PREFIX}/checkout/information`));
  });

  it("holds the purchase while the 'new-space' flag asks for a new space, even in a paid space", async () => {
    const { router } = setup({
      step: 'root',
      subscriptions: [subscription()],
      space: {},
      search: '?new-space=1&plan=PRO',
    });
    expect(
      await screen.findByText('Create the space you are buying for, or cancel to buy for Acme Sales.'),
    ).toBeInTheDocument();
    expect(path(router)).toBe(`${PREFIX}/checkout?new-space=1&plan=PRO`);
  });

  it('sends a paid space from the purchase to billing', async () => {
    const { router } = setup({ step: 'details', subscriptions: [subscription()], space: {} });
    await waitFor(() => expect(path(router)).toBe(`${PREFIX}/space/billing`));
  });

  it.each<[string, Partial<SubscriptionV1>, 'add-seats' | 'remove-seats']>([
    [
      'a scheduled removal',
      {
        seatInfo: {
          ...subscription().seatInfo,
          scheduledRemoval: { targetSeatsQuantity: 8, removeSeatsAtTimestamp: 1 },
        },
      },
      'add-seats',
    ],
    [
      'a single seat on remove-seats',
      { seatInfo: { ...subscription().seatInfo, totalSeats: 1 } },
      'remove-seats',
    ],
    ['a support subscription', { paymentSource: 'SUPPORT' }, 'add-seats'],
  ])('sends the seat page to billing with %s', async (_, overrides, step) => {
    const { router } = setup({ step, subscriptions: [subscription(overrides)], space: {} });
    await waitFor(() => expect(path(router)).toBe(`${PREFIX}/space/billing`));
  });

  it('sends a Gmail user from the seat pages to billing', async () => {
    const { router } = setup({
      step: 'add-seats',
      subscriptions: [subscription()],
      space: {},
      email: 'gina@gmail.com',
    });
    await waitFor(() => expect(path(router)).toBe(`${PREFIX}/space/billing`));
  });
});

describe('seat selection (spec 001 §2, §5)', () => {
  it('offers For myself and For a team, checks the team quantity and goes on', async () => {
    const { router } = setup({ step: 'details' });
    expect(await screen.findByRole('heading', { name: 'Upgrade Acme Sales' })).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Checkout steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1. Billing details', '2. Billing information', '3. Checkout']);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `${PREFIX}/space/billing`);
    expect(screen.getByRole('radio', { name: /For myself/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /For a team/ }));
    const quantity = screen.getByRole('textbox', { name: 'Number of seats' });
    expect(quantity).toHaveValue('2');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1');
    expect(screen.getByText('The number must be between 2 and 100.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next: Billing information' })).toBeDisabled();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '100');
    expect(screen.getByText('Need more than 100 seats? Please contact us.')).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Next: Billing information' }));
    await waitFor(() => expect(path(router)).toBe(`${PREFIX}/checkout/information`));
    expect(sessionStorage.getItem(`mergedesk.checkout.seats.${ACME_SALES_ID}`)).toBe('5');
  });
});

// The form has many fields and the machine is shared: these tests get more than the default 5 s.
describe('billing information (spec 001 §5, §8)', { timeout: 20_000 }, () => {
  const fill = async (fields: Record<string, string>) => {
    for (const [label, value] of Object.entries(fields)) {
      const input = screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
      await userEvent.clear(input);
      if (value) await userEvent.paste(value);
    }
  };

  it('shows the §5 messages under the fields', async () => {
    setup({ step: 'information' });
    await screen.findByRole('heading', { name: 'Upgrading Acme Sales' });
    expect(screen.getByRole('textbox', { name: 'Domain' })).toHaveAttribute('readonly');
    await fill({ Name: '', City: 'A' });
    await userEvent.click(screen.getByRole('button', { name: 'Next: Checkout' }));
    expect(await screen.findByText('Name is a required field')).toBeInTheDocument();
    expect(screen.getByText('Street is a required field')).toBeInTheDocument();
    expect(screen.getByText('City is a required field')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: /business purchase/ })).not.toBeInTheDocument();
  });

  it('asks an EU buyer about a business purchase and requires VAT id and company', async () => {
    sessionStorage.setItem(`mergedesk.checkout.form.${ACME_SALES_ID}`, JSON.stringify({ country: 'DE' }));
    setup({ step: 'information' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    await fill({ Street: 'Hauptstr. 1', City: 'Berlin', Name: 'a'.repeat(31) });
    await userEvent.click(screen.getByRole('button', { name: 'Next: Checkout' }));
    expect(
      await screen.findByText('The VAT ID is a required field for a business purchase'),
    ).toBeInTheDocument();
    expect(screen.getByText('Company name is a required field')).toBeInTheDocument();
    expect(screen.getByText('Company name must be at most 30 characters')).toBeInTheDocument();
  });

  it('shows a refused VAT id under the field', async () => {
    sessionStorage.setItem(`mergedesk.checkout.form.${ACME_SALES_ID}`, JSON.stringify({ country: 'DE' }));
    setup({
      step: 'information',
      server: {
        session: {
          status: 400,
          body: {
            code: 'BAD_REQUEST',
            message: 'This VAT ID doesn’t seem to be valid.',
            errors: [
              {
                field: 'vatNumber',
                message: 'This VAT ID doesn’t seem to be valid.',
                reason: 'tax_id_invalid',
              },
            ],
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    await fill({ 'VAT ID': 'DE000', 'Company name': 'Acme GmbH', Street: 'Hauptstr. 1', City: 'Berlin' });
    await userEvent.click(screen.getByRole('button', { name: 'Next: Checkout' }));
    expect(await screen.findByText('This VAT ID doesn’t seem to be valid.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^VAT ID/ })).toHaveAttribute('aria-invalid', 'true');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows any other failure as a banner', async () => {
    setup({
      step: 'information',
      server: { session: { status: 500, body: { code: 'INTERNAL', message: 'x', errors: [] } } },
    });
    await screen.findByRole('heading', { name: 'Upgrading Acme Sales' });
    await fill({ Street: '1 Main Street', City: 'Springfield' });
    const next = screen.getByRole('button', { name: 'Next: Checkout' });
    await waitFor(() => expect(next).toBeEnabled());
    await userEvent.click(next);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });

  it('creates the payment session for the chosen seats and goes to the hosted page', async () => {
    sessionStorage.setItem(`mergedesk.checkout.seats.${ACME_SALES_ID}`, '5');
    const { billing } = setup({ step: 'information' });
    await screen.findByRole('heading', { name: 'Upgrading Acme Sales' });
    expect(await screen.findByText('5 Pro seats')).toBeInTheDocument();
    await fill({ Street: '1 Main Street', City: 'Springfield', 'Postal code': '12345' });
    const next = screen.getByRole('button', { name: 'Next: Checkout' });
    await waitFor(() => expect(next).toBeEnabled());
    await userEvent.click(next);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_test_1'));
    const body = billing.requests.find((request) =>
      request.path.endsWith('/stripe/checkout/v2/session'),
    )?.body;
    expect(body).toMatchObject({
      workspaceId: ACME_SALES_ID,
      addressInfo: { country: 'US', city: 'Springfield', street: '1 Main Street', postalCode: '12345' },
      customerName: 'Olivia Owens',
      isB2BTransaction: false,
      stripePlans: [{ stripePriceId: 'price_pro_yearly_usd', quantity: 5 }],
    });
    expect(JSON.parse(sessionStorage.getItem(`mergedesk.checkout.form.${ACME_SALES_ID}`)!)).toMatchObject({
      street: '1 Main Street',
    });
  });
});

describe('add seats (spec 001 §2, §4)', () => {
  it('adds seats at the prorated price and returns to billing with the banner query', async () => {
    const { router, billing } = setup({ step: 'add-seats', subscriptions: [subscription()], space: {} });
    expect(await screen.findByText(/Your subscription has/)).toHaveTextContent(
      'Your subscription has 10 seats.',
    );
    const input = screen.getByRole('textbox', { name: 'Seats to add' });
    await userEvent.clear(input);
    await userEvent.type(input, '3');
    expect(await screen.findByText(/Today you will be charged \$12\.34/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add 3 seats' }));
    await waitFor(() => expect(path(router)).toBe(`${PREFIX}/space/billing?checkout=success&seatsAdded=3`));
    expect(
      billing.requests.find((request) => request.method === 'POST' && request.path.endsWith('/seats/v1'))
        ?.body,
    ).toEqual({ seatPlans: [{ userPlan: 'PRO', quantity: 3 }], fromSeats: 10 });
  });

  it("shows the server's reason when it refuses the add, and no success (issue 22)", async () => {
    const { router } = setup({
      step: 'add-seats',
      subscriptions: [subscription()],
      space: {},
      server: {
        seatsRefusal: {
          status: 409,
          body: {
            code: 'CONFLICT',
            message: BILLING_REFUSALS.PAYMENT_PENDING,
            errors: [],
            reason: 'payment-pending',
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add 1 seat' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BILLING_REFUSALS.PAYMENT_PENDING);
    expect(path(router)).toBe(`${PREFIX}/checkout/add-seats`);
  });

  it('refuses more seats than are left', async () => {
    setup({ step: 'add-seats', subscriptions: [subscription()], space: {} });
    const input = await screen.findByRole('textbox', { name: 'Seats to add' });
    await userEvent.clear(input);
    await userEvent.type(input, '91');
    expect(screen.getByText('The number must be between 1 and 90.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add seats' })).toBeDisabled();
  });

  // Two waits of 2 s when the seats have not grown yet (spec 001 §9).
  it('asks for the 3-D Secure confirmation, then refetches and goes on', async () => {
    const { router } = setup({
      step: 'add-seats',
      subscriptions: [subscription()],
      space: {},
      server: {
        paymentIntentStatus: 'succeeded',
        seatsChange: ONE_SEAT_AWAITING_3DS,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add 1 seat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(within(dialog).getByRole('link', { name: /Open the confirmation page/ })).toHaveAttribute(
      'href',
      'http://stripe.test/3ds/pi_1',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have confirmed the payment' }));
    await waitFor(() => expect(path(router)).toBe(`${PREFIX}/space/billing?checkout=success&seatsAdded=1`), {
      timeout: 10_000,
    });
  });

  it('says no seat was added when the 3-D Secure step failed, with no success banner (issue 22)', async () => {
    const { router } = setup({
      step: 'add-seats',
      subscriptions: [subscription()],
      space: {},
      server: {
        seatsChange: ONE_SEAT_AWAITING_3DS,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add 1 seat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have confirmed the payment' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(SEATS_NOT_PAID);
    expect(path(router)).toBe(`${PREFIX}/checkout/add-seats`);
  });
});

describe('remove seats (spec 001 §2, §4)', () => {
  it('offers total-1 down to the assigned seats and schedules the removal', async () => {
    const { router, billing } = setup({ step: 'remove-seats', subscriptions: [subscription()], space: {} });
    expect(await screen.findByRole('heading', { name: 'Remove unused seats' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Seats after the removal' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['9 seats', '8 seats', '7 seats', '6 seats', '5 seats']);
    expect(screen.getByText(/assigned to members/)).toHaveTextContent(
      'Your subscription has 10 seats; 5 are assigned to members and 1 reserved for pending members.',
    );
    await userEvent.selectOptions(select, '8');
    expect(await screen.findByText(/2 seats will be removed on March 3rd, 2027/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove 2 seats' }));
    await waitFor(() => expect(path(router)).toBe(`${PREFIX}/space/billing?checkout=success&seatsRemoved=2`));
    expect(billing.requests.find((request) => request.path.endsWith('/scheduled-removals'))?.body).toEqual({
      subscriptionPlanSeats: [{ paymentPlanId: 'price_pro_yearly_usd', targetSeatsQuantity: 8 }],
    });
  });

  it("goes down to the assigned seats with pending members too (the server's rule), warning of their invitations", async () => {
    // Acme Sales as the demo has it: 5 assigned, paula and nina pending (2 reserved) of 10 seats.
    const seatInfo = { ...subscription().seatInfo, assignedSeats: 5, unavailableSeats: 2, availableSeats: 3 };
    const { billing } = setup({
      step: 'remove-seats',
      subscriptions: [subscription({ seatInfo })],
      space: {},
    });
    const select = await screen.findByRole('combobox', { name: 'Seats after the removal' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => Number((option as HTMLOptionElement).value));
    expect(options).toEqual(seatRemovalTargets({ totalSeats: 10, assignedSeats: 5, unavailableSeats: 2 }));
    expect(options.at(-1)).toBe(5);
    expect(screen.queryByText(/find no seat left/)).not.toBeInTheDocument();
    await userEvent.selectOptions(select, '6');
    expect(await screen.findByText(pendingWithoutSeatWarning(1))).toBeInTheDocument();
    await userEvent.selectOptions(select, '5');
    expect(await screen.findByText(pendingWithoutSeatWarning(2))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove 5 seats' }));
    await waitFor(() =>
      expect(billing.requests.find((request) => request.path.endsWith('/scheduled-removals'))?.body).toEqual({
        subscriptionPlanSeats: [{ paymentPlanId: 'price_pro_yearly_usd', targetSeatsQuantity: 5 }],
      }),
    );
  });

  it('warns when every seat is assigned', async () => {
    setup({
      step: 'remove-seats',
      subscriptions: [
        subscription({
          seatInfo: { ...subscription().seatInfo, assignedSeats: 10, unavailableSeats: 0, availableSeats: 0 },
        }),
      ],
      space: {},
    });
    expect(await screen.findByText(/All your seats are in use/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove \d+ seat/ })).not.toBeInTheDocument();
  });
});

describe('billing-cycle change (spec 001 §2, §4 "Summary")', () => {
  it('summarises the change and confirms it', async () => {
    const { router, billing } = setup({
      step: 'root',
      search: '?change-billing-cycle=1',
      subscriptions: [subscription()],
      space: {},
    });
    expect(await screen.findByRole('heading', { name: 'Change your billing cycle' })).toBeInTheDocument();
    expect(
      await screen.findByText('The change will be applied at the end of your current billing cycle.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() =>
      expect(path(router)).toBe(
        `${PREFIX}/space/billing?checkout=success&fromInterval=YEARLY&toInterval=MONTHLY`,
      ),
    );
    expect(billing.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      billingInterval: 'MONTHLY',
    });
  });

  it('goes to billing with the error code the server answers', async () => {
    fetchMock.mockImplementationOnce(() => Promise.resolve(jsonResponse(200, { items: [subscription()] })));
    const { router } = setup({
      step: 'root',
      search: '?change-billing-cycle=1',
      subscriptions: [subscription()],
      space: {},
    });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      init?.method === 'PUT'
        ? Promise.resolve(
            jsonResponse(409, {
              code: 'CONFLICT',
              message: 'scheduled',
              reason: 'cannot-change-billing-cycle-when-scheduled',
              errors: [],
            }),
          )
        : original(input, init),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the change' }));
    await waitFor(() =>
      expect(path(router)).toBe(`${PREFIX}/space/billing?error=cannot-change-billing-cycle-when-scheduled`),
    );
  });
});
