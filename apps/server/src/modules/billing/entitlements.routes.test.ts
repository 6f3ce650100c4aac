import { paymentWarningKind } from '@mergedesk/domain/alerts/alerts';
import {
  billingPath,
  BILLING_PATHS,
  type PaymentPlan,
  type SubscriptionV1,
} from '@mergedesk/domain/api/billing';
import type { CurrentUser, OtherFeatures } from '@mergedesk/domain/api/users';
import { GMAIL_COMPOSE_SCOPE } from '@mergedesk/domain/api/templates';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema';
import { payOnHostedPage, startBillingTest, type BillingTest } from '../../test/billing';
import { bearer, type TestApp } from '../../test/test-app';
import { apiPath } from '../../test/api-path';

const DAY = 24 * 60 * 60;
const TEAM_FEATURES = { teamAnalyticsDashboard: true, manageUserRoles: true, transferOwnerShip: true };
const NO_TEAM_FEATURES = { teamAnalyticsDashboard: false, manageUserRoles: false, transferOwnerShip: false };

/**
 * Issue 21 "Entitlements derived, never seeded": a space created in the app and bought on the
 * emulator gets role change, team report and transfer at once; moving to Free takes them away at
 * the period end; a failed renewal keeps them while the spec's 'Your last payment attempt failed'
 * shows, and takes them away with 'All payment attempts failed'.
 */
describe('entitlements follow the subscription', () => {
  let billing: BillingTest;
  let t: TestApp;
  let prices: Map<string, string>;
  let samId: string;
  const delivered = new Set<string>();

  beforeAll(async () => {
    billing = await startBillingTest();
    ({ t } = billing);
    const plans = await call('sam@acme.test', 'GET', BILLING_PATHS.paymentPlans);
    prices = new Map(
      plans.json<{ items: PaymentPlan[] }>().items.map((plan) => [plan.lookupKey, plan.stripePriceId]),
    );
    samId = (await me('sam@acme.test')).userId;
  });
  afterAll(async () => {
    await billing.close();
  });

  async function call(email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      // With the Gmail compose permission: invitations leave from the inviter's Gmail.
      headers: bearer(await t.signIn(email, { scopes: `openid email profile ${GMAIL_COMPOSE_SCOPE}` })),
      ...(payload === undefined ? {} : { payload }),
    });
  }
  async function me(email: string): Promise<CurrentUser> {
    const response = await call(email, 'GET', apiPath('users.me', {}, 'includeWorkspaces=true'));
    expect(response.statusCode).toBe(200);
    return response.json<CurrentUser>();
  }
  const featuresIn = async (email: string, workspaceId: string): Promise<OtherFeatures | undefined> =>
    (await me(email)).userWorkspaces?.find((space) => space.workspaceId === workspaceId)?.workspaceUserFeature
      .otherFeatures;

  /** Every event of the emulator not delivered yet, in order (what Stripe would send). */
  async function deliverPending() {
    const events = (await billing.testStripe.stripe.events.list({ limit: 100 })).data
      .filter((event) => !delivered.has(event.id))
      .reverse();
    for (const event of events) {
      delivered.add(event.id);
      expect((await billing.deliver(event)).statusCode).toBe(200);
    }
  }

  /** sam creates a space in the app and buys `seats` Pro seats on the hosted page. */
  async function createAndBuy(name: string, seats: number): Promise<{ id: string; subscription: string }> {
    const created = await call('sam@acme.test', 'POST', apiPath('workspaces.create'), {
      workspaceName: name,
      userId: samId,
      memberInviteUser: true,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<Workspace>().workspaceId;
    const session = await call(
      'sam@acme.test',
      'POST',
      billingPath(BILLING_PATHS.checkoutSessionV2, { workspaceId: id }),
      {
        workspaceId: id,
        addressInfo: { country: 'US', city: 'Springfield', street: '1 Main St' },
        customerName: 'Sam Stepfour',
        isB2BTransaction: false,
        goBackUrl: `${t.config.PUBLIC_URL}/checkout/details`,
        stripePlans: [{ stripePriceId: prices.get('pro_yearly_usd')!, quantity: seats }],
      },
    );
    expect(session.statusCode).toBe(200);
    const { url, stripeCheckoutSessionId } = session.json<{ url: string; stripeCheckoutSessionId: string }>();
    expect((await payOnHostedPage(url, 'Sam Stepfour')).status).toBe(303);
    await deliverPending();
    const checkout = await billing.testStripe.stripe.checkout.sessions.retrieve(stripeCheckoutSessionId);
    return { id, subscription: checkout.subscription as string };
  }

  /** sam adds `email` as a member and they accept the e-mailed invitation. */
  async function join(workspaceId: string, email: string) {
    const added = await call('sam@acme.test', 'POST', apiPath('members.addSeatMembers', { workspaceId }), {
      userEmails: [email],
    });
    expect(added.statusCode).toBe(200);
    const mail = t.gmail
      .messages()
      .filter((message) => message.to.includes(email))
      .at(-1);
    const token = /\/invitations\/([A-Za-z0-9_-]+)\/accept/.exec(mail?.text ?? '')![1]!;
    expect((await call(email, 'PUT', apiPath('invitations.accept', { token }))).statusCode).toBe(200);
  }

  const changeRole = (workspaceId: string, userId: string, userRole: 'ADMIN' | 'MEMBER') =>
    call('sam@acme.test', 'PUT', apiPath('members.changeRoles', { workspaceId }), {
      memberRoles: [{ userId, userRole }],
    });
  const teamReport = (workspaceId: string) =>
    call('sam@acme.test', 'GET', apiPath('teamReport.summary', { id: workspaceId }));
  const subscriptionsOf = async (workspaceId: string) =>
    (
      await call(
        'sam@acme.test',
        'GET',
        `${billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId })}?retrieveAdditionalStripeInfo=true`,
      )
    ).json<{ items: SubscriptionV1[] }>().items;
  const warningOf = async (workspaceId: string) =>
    paymentWarningKind(
      (await subscriptionsOf(workspaceId)).map((item) => ({
        subscriptionStatus: item.subscriptionStatus,
        latestInvoicePaid: item.additionalStripeInfo?.latestInvoice?.paid ?? null,
        paymentIntentStatus: item.additionalStripeInfo?.latestInvoice?.paymentIntent?.status ?? null,
      })),
    );
  const planOf = async (workspaceId: string) =>
    (
      await t.db
        .select({ plan: workspaces.plan, seatTotal: workspaces.seatTotal })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId))
    )[0];

  it('a space bought with 5 Pro seats gets role change, team report and transfer at once; Free takes them away at the period end', async () => {
    const created = await call('sam@acme.test', 'POST', apiPath('workspaces.create'), {
      workspaceName: 'Sam Before Buying',
      userId: samId,
      memberInviteUser: true,
    });
    const free = created.json<Workspace>().workspaceId;
    expect(await featuresIn('sam@acme.test', free)).toMatchObject(NO_TEAM_FEATURES);
    expect((await teamReport(free)).statusCode).toBe(403);

    const { id, subscription } = await createAndBuy('Sam Sales Team', 5);
    expect(await planOf(id)).toEqual({ plan: 'PRO', seatTotal: 5 });
    expect(await featuresIn('sam@acme.test', id)).toMatchObject(TEAM_FEATURES);
    expect((await teamReport(id)).statusCode).toBe(200);

    await join(id, 'mia@acme.test');
    const miaId = (await me('mia@acme.test')).userId;
    const promoted = await changeRole(id, miaId, 'ADMIN');
    expect(promoted.statusCode).toBe(200);
    expect(await featuresIn('mia@acme.test', id)).toMatchObject(TEAM_FEATURES);

    // The creator holds a seat like anyone (no seatType): the new owner can hand the space back.
    const owner = (from: string, to: string) =>
      call(from, 'PUT', apiPath('members.transferOwnership', { workspaceId: id }), { userId: to });
    expect((await owner('sam@acme.test', miaId)).statusCode).toBe(200);
    expect((await owner('mia@acme.test', samId)).statusCode).toBe(200);

    // Moving to Free (cancelled in the portal): nothing changes until the period ends …
    await billing.testStripe.stripe.subscriptions.update(subscription, { cancel_at_period_end: true });
    await deliverPending();
    expect(await featuresIn('sam@acme.test', id)).toMatchObject(TEAM_FEATURES);
    expect((await changeRole(id, miaId, 'MEMBER')).statusCode).toBe(200);

    // … and at the period end the space is on Free, without them.
    billing.testStripe.emulator.advanceClock(366 * DAY);
    await deliverPending();
    expect(await planOf(id)).toEqual({ plan: 'FREE', seatTotal: null });
    expect(await featuresIn('sam@acme.test', id)).toMatchObject(NO_TEAM_FEATURES);
    expect((await changeRole(id, miaId, 'ADMIN')).statusCode).toBe(403);
    expect((await teamReport(id)).statusCode).toBe(403);
    const transfer = await call(
      'sam@acme.test',
      'PUT',
      apiPath('members.transferOwnership', { workspaceId: id }),
      { userId: miaId },
    );
    expect(transfer.statusCode).toBe(403);
  });

  it('a failed renewal keeps the features with “Your last payment attempt failed”; “All payment attempts failed” ends them', async () => {
    const { id, subscription } = await createAndBuy('Sam Renewal Team', 3);
    const { customer } = await billing.testStripe.stripe.subscriptions.retrieve(subscription);
    const method = await billing.testStripe.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer as string,
    });
    await billing.testStripe.stripe.subscriptions.update(subscription, { default_payment_method: method.id });
    await deliverPending();

    billing.testStripe.emulator.advanceClock(366 * DAY);
    await deliverPending();
    expect(await warningOf(id)).toBe('payment-failed');
    expect(await planOf(id)).toMatchObject({ plan: 'PRO' });
    expect(await featuresIn('sam@acme.test', id)).toMatchObject(TEAM_FEATURES);
    expect((await teamReport(id)).statusCode).toBe(200);

    // Retries after 3, 5 and 7 days; the last failure cancels the subscription.
    for (const days of [3, 5, 7]) billing.testStripe.emulator.advanceClock(days * DAY + 60);
    await deliverPending();
    expect(await warningOf(id)).toBe('all-payments-failed');
    expect(await featuresIn('sam@acme.test', id)).toMatchObject(NO_TEAM_FEATURES);
    expect((await teamReport(id)).statusCode).toBe(403);
  });
});
