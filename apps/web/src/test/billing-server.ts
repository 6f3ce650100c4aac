import type {
  CheckoutOutcome,
  CheckoutUsersResponse,
  PaymentPlan,
  SubscriptionV1,
} from '@mergedesk/domain/api/billing';
import { PRICE_CATALOG } from '@mergedesk/domain/billing/prices';
import type { FetchMock } from './fetch-stub';
import { requestAddress, requestJson, requestMethod } from './fetch-stub';
import { ACME_SALES_ID, jsonResponse } from './fixtures';

/** A paid per-seat subscription of Acme Sales (10 seats, yearly, renewing) unless overridden. */
export function subscription(overrides: Partial<SubscriptionV1> = {}): SubscriptionV1 {
  return {
    subscriptionId: 'cccccccc-0000-4000-8000-000000000001',
    workspaceId: ACME_SALES_ID,
    subscriptionStatus: 'ACTIVE',
    subscriptionTimestamp: Date.UTC(2026, 2, 3),
    startTimestamp: Date.UTC(2026, 2, 3),
    endTimestamp: Date.UTC(2027, 2, 3, 12),
    createTimestamp: Date.UTC(2026, 2, 3),
    lastUpdateTimestamp: Date.UTC(2026, 2, 3),
    purchaseType: 'B2C',
    country: 'US',
    billingInterval: 'YEARLY',
    workspacePlan: 'PRO',
    legacyType: null,
    paymentSource: 'STRIPE',
    amount: 54_000,
    discount: 0,
    currency: 'USD',
    taxRate: 0,
    autoRenew: true,
    stripeSubscriptionScheduleId: null,
    scheduledChanges: null,
    seatInfo: {
      totalSeats: 10,
      assignedSeats: 5,
      availableSeats: 4,
      unavailableSeats: 1,
      unlimited: false,
      usagePercentage: 60,
      scheduledRemoval: null,
    },
    numberOfLicensesUsed: null,
    allowedQuantity: null,
    subscriptionPaymentPlans: [
      {
        paymentPlanId: 'price_pro_yearly_usd',
        userPlanType: 'PRO',
        legalEntity: 'US',
        totalSeats: 10,
        assignedSeats: 5,
        availableSeats: 4,
        tiers: [],
      },
    ],
    additionalStripeInfo: null,
    ...overrides,
  };
}

/** The payment plans of one currency, built from the domain's price table as the server does. */
function paymentPlans(currency: 'USD' | 'EUR' = 'USD'): PaymentPlan[] {
  return PRICE_CATALOG.filter((price) => price.currency === currency).map((price) => ({
    stripePriceId: `price_${price.lookupKey}`,
    lookupKey: price.lookupKey,
    userPlan:
      price.product === 'PRO_PERSONAL' || price.product === 'LEGACY_PERSONAL' ? 'PRO_PERSONAL' : 'PRO',
    workspacePlan:
      price.product === 'PREMIUM'
        ? 'PREMIUM'
        : price.product === 'PRO' || price.product === 'PRO_PERSONAL'
          ? 'PRO'
          : 'LEGACY',
    legacyType: null,
    billingInterval: price.billingInterval,
    status: 'ACTIVE',
    currency: price.currency,
    paymentPlanTiers: [...price.tiers],
    legalEntity: price.legalEntity,
  }));
}

export type BillingServer = {
  subscriptions: SubscriptionV1[];
  /** Status of the subscriptions call (e.g. 500), until cleared. */
  subscriptionsStatus?: number;
  /** Answer of a PUT subscriptions/v1/{id} or DELETE scheduled-removals (status; 200 by default). */
  updateStatus?: number;
  portalUrl?: string;
  /** The answer of POST checkout session: an error body and status, or the hosted page's url. */
  session?: { status: number; body: unknown };
  /** The answer of POST seats (add): 200 with this body. */
  seatsChange?: { totalSeats: number; requestedSeats: number; latestInvoice: unknown };
  /** A refusal of POST seats (add): its status and error body. */
  seatsRefusal?: { status: number; body: unknown };
  /** What became of the Checkout Session (GET …/stripe/checkout/v1/outcome). */
  checkoutOutcome?: CheckoutOutcome;
  /** The latest invoice's payment intent status (GET …/payment-intent; requires_action by default). */
  paymentIntentStatus?: string;
  /** The per-user space's checkout users (GET …/stripe/checkout/v1/users). */
  checkoutUsers?: CheckoutUsersResponse;
  /** Overrides of the preview's amounts (e.g. a cheaper target: a DOWNGRADE summary). */
  preview?: { totalAmount: number; currentAmount: number; chargedToday: number; legacyCredit?: number };
  /** Address → errorMsg of the legacy add's validity check (POST /workspaces/{id}/members). */
  addValidity?: Record<string, string>;
  /** Every request made: method and path. */
  requests: { method: string; path: string; body: unknown }[];
};

/** A fetch stub answering the billing calls of spec 001 §7 from `server`. */
export function serveBilling(fetchMock: FetchMock, server: BillingServer) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestAddress(input);
    const method = requestMethod(init);
    const body = requestJson(init);
    server.requests.push({ method, path: `${url.pathname}${url.search}`, body });
    const path = url.pathname;
    if (path.endsWith('/payment-plans/v1')) {
      const currency = url.searchParams.get('currency') === 'EUR' ? 'EUR' : 'USD';
      return Promise.resolve(jsonResponse(200, { items: paymentPlans(currency) }));
    }
    if (method === 'GET' && path.endsWith('/subscriptions/v1')) {
      if (server.subscriptionsStatus) {
        return Promise.resolve(
          jsonResponse(server.subscriptionsStatus, { code: 'INTERNAL', message: 'boom', errors: [] }),
        );
      }
      return Promise.resolve(jsonResponse(200, { items: server.subscriptions }));
    }
    if (method === 'GET' && path.endsWith('/stripe/checkout/v1/outcome')) {
      return Promise.resolve(
        jsonResponse(
          200,
          server.checkoutOutcome ?? { outcome: 'PAID', refundedAmount: null, currency: null },
        ),
      );
    }
    if (method === 'GET' && path.endsWith('/stripe/checkout/v1/users') && server.checkoutUsers) {
      return Promise.resolve(jsonResponse(200, server.checkoutUsers));
    }
    if (method === 'POST' && /^\/api\/workspaces\/[^/]+\/members$/.test(path)) {
      const emails = (body as { userEmails: string[] }).userEmails;
      return Promise.resolve(
        jsonResponse(200, {
          items: emails.map((email) => ({ email, errorMsg: server.addValidity?.[email] ?? null })),
        }),
      );
    }
    if (method === 'POST' && /\/stripe\/checkout\/v[12]\/info$/.test(path)) {
      const request = body as {
        seatPlans?: { quantity: number }[];
        userUpdates?: { userPlan: string }[];
        billingInterval: string;
      };
      const seats =
        request.seatPlans?.[0]?.quantity ??
        Math.max(1, request.userUpdates?.filter((update) => update.userPlan !== 'FREE').length ?? 1);
      if (server.preview) {
        return Promise.resolve(
          jsonResponse(200, {
            ...server.preview,
            taxRate: 0,
            currency: 'USD',
            proratedDays: 100,
            stripePlans: [],
            currentBillingInterval: 'YEARLY',
            targetBillingInterval: request.billingInterval,
          }),
        );
      }
      return Promise.resolve(
        jsonResponse(200, {
          totalAmount: seats * 6000,
          taxRate: 0,
          currency: 'USD',
          chargedToday: url.searchParams.get('previewProratedChanges') === 'true' ? 1234 : seats * 6000,
          proratedDays: 100,
          stripePlans: [],
          currentBillingInterval: null,
          targetBillingInterval: request.billingInterval,
          currentAmount: 0,
        }),
      );
    }
    if (method === 'POST' && /\/stripe\/checkout\/v[12]\/session$/.test(path)) {
      const answer = server.session ?? {
        status: 200,
        body: { stripeCheckoutSessionId: 'cs_test_1', url: 'http://stripe.test/c/pay/cs_test_1' },
      };
      return Promise.resolve(jsonResponse(answer.status, answer.body));
    }
    if (method === 'POST' && path.endsWith('/seats/v1') && server.seatsRefusal) {
      return Promise.resolve(jsonResponse(server.seatsRefusal.status, server.seatsRefusal.body));
    }
    if (method === 'POST' && path.endsWith('/seats/v1')) {
      const quantity = (body as { seatPlans: { quantity: number }[] }).seatPlans[0]?.quantity ?? 0;
      const total = server.subscriptions[0]?.seatInfo.totalSeats ?? 0;
      return Promise.resolve(
        jsonResponse(
          200,
          server.seatsChange ?? {
            totalSeats: total + quantity,
            requestedSeats: total + quantity,
            latestInvoice: null,
          },
        ),
      );
    }
    if (method === 'GET' && path.endsWith('/latest-invoice/v1/payment-intent')) {
      return Promise.resolve(
        jsonResponse(200, {
          paymentIntentId: 'pi_1',
          clientSecret: 'pi_1_secret',
          status: server.paymentIntentStatus ?? 'requires_action',
          nextActionUrl: 'http://stripe.test/3ds/pi_1',
        }),
      );
    }
    if (method === 'POST' && path.endsWith('/seats/v1/removal-quote')) {
      return Promise.resolve(
        jsonResponse(200, {
          chargedToday: 0,
          proratedDays: 0,
          currency: 'USD',
          nextAmount: 42_000,
          removeSeatsAtTimestamp: Date.UTC(2027, 2, 3, 12),
        }),
      );
    }
    if (method === 'POST' && path.endsWith('/seats/v1/scheduled-removals')) {
      return Promise.resolve(jsonResponse(201, { status: 'PENDING' }));
    }
    if (method === 'GET' && path.endsWith('/stripe/customer/v1/portal')) {
      return Promise.resolve(jsonResponse(200, { url: server.portalUrl ?? 'http://portal.test/session' }));
    }
    if ((method === 'PUT' && path.includes('/subscriptions/v1/')) || method === 'DELETE') {
      const status = server.updateStatus ?? 200;
      if (status >= 400) {
        return Promise.resolve(jsonResponse(status, { code: 'INTERNAL', message: 'boom', errors: [] }));
      }
      return Promise.resolve(jsonResponse(200, server.subscriptions[0] ?? {}));
    }
    return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] }));
  });
}
