import {
  billingPath,
  BILLING_PATHS,
  type CancellationLicence,
  type SubscriptionV1,
} from '@mergedesk/domain/api/billing';
import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import { subscriptionDisplayName } from '@mergedesk/domain/billing/subscription-card';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, workspaces } from '../../db/schema';
import { startBillingTest, type BillingTest } from '../../test/billing';
import { bearer, type TestApp } from '../../test/test-app';
import {
  isLiveStripeKey,
  LIVE_KEY_SKIP_REASON,
  missingPriceReason,
  NO_STRIPE_SKIP_REASON,
  printDemoBillingReport,
  setUpDemoBilling,
} from './demo-billing';
import { LOCAL_PAYPAL_REFUSED_PREFIX } from './paypal-adapter';
import { PAYPAL_REFUSED_MESSAGE } from './licences.service';
import { apiPath } from '../../test/api-path';

/** `npm start`'s demo billing and the PayPal stop-renewal calls (spec 001 §2, §7; issue 8). */
describe('demo billing and PayPal licences', () => {
  let t: TestApp;
  let spaces: Record<string, string>;
  let context: BillingTest['context'];
  let billing: BillingTest;

  beforeAll(async () => {
    billing = await startBillingTest();
    ({ t, spaces, context } = billing);
  });
  afterAll(async () => {
    await billing.close();
  });

  const get = async (email: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(await t.signIn(email)) });

  it('never subscribes with a live key, nor without a key: it says so per space, and npm start prints it', async () => {
    const stripeSpaces = ['Acme Sales', 'Acme Premium', 'Legacy Team', 'Global Team'];
    const lines: string[] = [];
    const out = {
      log: (line: string) => lines.push(`log ${line}`),
      warn: (line: string) => lines.push(`warn ${line}`),
    };
    const withoutKey = await setUpDemoBilling({ ...context, stripe: null });
    expect(withoutKey).toEqual({
      arranged: ["Penny's space", 'Offline Team', 'Support Team'],
      skipped: stripeSpaces.map((space) => ({ space, reason: NO_STRIPE_SKIP_REASON })),
    });
    printDemoBillingReport(withoutKey, out);
    const withLiveKey = await setUpDemoBilling(context, { liveKey: true });
    expect(withLiveKey).toEqual({
      arranged: [],
      skipped: stripeSpaces.map((space) => ({ space, reason: LIVE_KEY_SKIP_REASON })),
    });
    printDemoBillingReport(withLiveKey, out);
    expect(lines).toEqual([
      "log   demo billing set up for: Penny's space, Offline Team, Support Team",
      'warn   demo billing skipped for Acme Sales: no STRIPE_SECRET_KEY',
      'warn   demo billing skipped for Acme Premium: no STRIPE_SECRET_KEY',
      'warn   demo billing skipped for Legacy Team: no STRIPE_SECRET_KEY',
      'warn   demo billing skipped for Global Team: no STRIPE_SECRET_KEY',
      'warn   demo billing skipped for Acme Sales: STRIPE_SECRET_KEY is a live key; the demo subscribes only in test mode',
      'warn   demo billing skipped for Acme Premium: STRIPE_SECRET_KEY is a live key; the demo subscribes only in test mode',
      'warn   demo billing skipped for Legacy Team: STRIPE_SECRET_KEY is a live key; the demo subscribes only in test mode',
      'warn   demo billing skipped for Global Team: STRIPE_SECRET_KEY is a live key; the demo subscribes only in test mode',
    ]);
    expect(isLiveStripeKey('sk_live_abc')).toBe(true);
    expect(isLiveStripeKey('rk_live_abc')).toBe(true);
    expect(isLiveStripeKey('sk_test_abc')).toBe(false);
    expect(isLiveStripeKey(undefined)).toBe(false);
  });

  it('gives the demo spaces their subscriptions once; a second run changes nothing', async () => {
    // A price missing from the account (no stripe:setup yet) skips that space with the hint.
    const { stripe } = billing.testStripe;
    const lookupKey = 'legacy_team_10_yearly_usd';
    const [legacyPrice] = (await stripe.prices.list({ lookup_keys: [lookupKey] })).data;
    await stripe.prices.update(legacyPrice!.id, { active: false });
    const missing = await setUpDemoBilling(context);
    expect(missing).toEqual({
      arranged: ['Acme Sales', 'Acme Premium', 'Global Team'],
      skipped: [{ space: 'Legacy Team', reason: missingPriceReason(lookupKey) }],
    });
    const lines: string[] = [];
    printDemoBillingReport(missing, { log: (line) => lines.push(line), warn: (line) => lines.push(line) });
    expect(lines).toEqual([
      '  demo billing set up for: Acme Sales, Acme Premium, Global Team',
      '  demo billing skipped for Legacy Team: the Stripe account has no price legacy_team_10_yearly_usd: run npm run stripe:setup',
    ]);
    await stripe.prices.update(legacyPrice!.id, { active: true });
    expect(await setUpDemoBilling(context)).toEqual({ arranged: ['Legacy Team'], skipped: [] });
    expect(await setUpDemoBilling(context)).toEqual({ arranged: [], skipped: [] });
    const rows = await t.db
      .select({ name: workspaces.name, plan: workspaces.plan, seatTotal: workspaces.seatTotal })
      .from(workspaces)
      .where(eq(workspaces.name, 'Acme Sales'));
    expect(rows).toEqual([{ name: 'Acme Sales', plan: 'PRO', seatTotal: 10 }]);
    const acme = await get(
      'olivia@acme.test',
      billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: spaces['Acme Sales']! }),
    );
    expect(acme.json<{ items: SubscriptionV1[] }>().items).toMatchObject([
      {
        paymentSource: 'STRIPE',
        workspacePlan: 'PRO',
        billingInterval: 'YEARLY',
        seatInfo: { totalSeats: 10 },
      },
    ]);
    const legacy = await get(
      'leo@legacy.test',
      `${billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: spaces['Legacy Team']! })}?includePlans=true`,
    );
    expect(legacy.json<{ items: SubscriptionV1[] }>().items).toMatchObject([
      {
        paymentSource: 'STRIPE',
        workspacePlan: 'LEGACY',
        legacyType: 'TEAM',
        // The Team 10 licence: leo, lara, liam, lucy and luke are paid (tina is in her trial).
        allowedQuantity: 10,
        numberOfLicensesUsed: 5,
        // The Team 10 yearly price ($270), not another pack's.
        subscriptionPaymentPlans: [{ tiers: [{ upTo: -1, unitAmount: 27000 }] }],
      },
    ]);
    // Seats of a per-user space are its paid-user licences, one count for billing and members
    // (before: the licence's quantity, 1 pack, so billing said 0 of 1 left where members said 5).
    const legacySeats = {
      totalSeats: 10,
      assignedSeats: 5,
      availableSeats: 5,
      unavailableSeats: 0,
      unlimited: false,
      usagePercentage: 50,
    };
    const [licence] = legacy.json<{ items: SubscriptionV1[] }>().items;
    expect(licence!.seatInfo).toEqual({ ...legacySeats, scheduledRemoval: null });
    expect(licence!.subscriptionPaymentPlans![0]).toMatchObject({
      totalSeats: 10,
      assignedSeats: 5,
      availableSeats: 5,
    });
    const members = await get(
      'lara@legacy.test',
      apiPath('members.seats', { workspaceId: spaces['Legacy Team']! }),
    );
    expect(members.json()).toEqual({
      ...legacySeats,
      scheduledRemoval: null,
      paymentSource: 'STRIPE',
      memberCount: 9,
    });
    // A subscription gone from Stripe (emulator data removed) is made again on the next start.
    const [premium] = await t.db
      .select({ id: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, spaces['Acme Premium']!));
    await billing.testStripe.stripe.subscriptions.cancel(premium!.id!);
    expect(await setUpDemoBilling(context)).toEqual({ arranged: ['Acme Premium'], skipped: [] });
  });

  it("records Offline Team's contract paid offline: 'Custom' on billing, no portal, no seat changes", async () => {
    const offline = spaces['Offline Team']!;
    const [space] = await t.db
      .select({ plan: workspaces.plan, seatTotal: workspaces.seatTotal })
      .from(workspaces)
      .where(eq(workspaces.id, offline));
    expect(space).toEqual({ plan: 'OFFLINE', seatTotal: null });
    const view = await get(
      'leo@legacy.test',
      billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: offline }),
    );
    expect(view.statusCode).toBe(200);
    const [subscription] = view.json<{ items: SubscriptionV1[] }>().items;
    expect(subscription).toMatchObject({
      paymentSource: 'OFFLINE',
      subscriptionStatus: 'ACTIVE',
      autoRenew: true,
    });
    expect(subscriptionDisplayName(subscription!)).toBe('Custom');
    const portal = await get(
      'leo@legacy.test',
      `${billingPath(BILLING_PATHS.customerPortal, { workspaceId: offline })}?returnUrl=${encodeURIComponent(`${t.config.PUBLIC_URL}/`)}`,
    );
    expect(portal.statusCode).toBe(400);
    expect(portal.json()).toEqual({ errors: [], code: 'BAD_REQUEST', message: BILLING_MESSAGES.NOT_STRIPE });
  });

  it("answers penny's PayPal licence; others have none (404)", async () => {
    const penny = await get('penny@gmail.com', BILLING_PATHS.cancellationLicence);
    expect(penny.statusCode).toBe(200);
    expect(penny.json()).toMatchObject({ paymentSource: 'PAYPAL', autoRenew: true });
    const olivia = await get('olivia@acme.test', BILLING_PATHS.cancellationLicence);
    expect(olivia.statusCode).toBe(404);
    expect(olivia.json()).toEqual({ errors: [], code: 'NOT_FOUND', message: BILLING_MESSAGES.NO_LICENCE });
  });

  it('stops the automatic renewal through the PayPal adapter; the licence then ends', async () => {
    const token = await t.signIn('penny@gmail.com');
    const licence = (
      await get('penny@gmail.com', BILLING_PATHS.cancellationLicence)
    ).json<CancellationLicence>();
    const missing = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.cancelAutoRenewal,
      headers: bearer(token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('Subscription Id is missing');
    const other = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.cancelAutoRenewal,
      headers: bearer(await t.signIn('olivia@acme.test')),
      payload: { subscriptionId: licence.subscriptionId },
    });
    expect(other.statusCode).toBe(404);

    const stopped = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.cancelAutoRenewal,
      headers: bearer(token),
      payload: { subscriptionId: licence.subscriptionId },
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ success: true });
    const after = (
      await get('penny@gmail.com', BILLING_PATHS.cancellationLicence)
    ).json<CancellationLicence>();
    expect(after.autoRenew).toBe(false);
    const view = await get(
      'penny@gmail.com',
      billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: spaces["Penny's space"]! }),
    );
    expect(view.json<{ items: SubscriptionV1[] }>().items[0]).toMatchObject({
      paymentSource: 'PAYPAL',
      autoRenew: false,
      legacyType: 'PERSONAL',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.cancelAutoRenewal,
      headers: bearer(token),
      payload: { subscriptionId: licence.subscriptionId },
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps the licence renewing when PayPal refuses (503, nothing written)', async () => {
    const penny = spaces["Penny's space"]!;
    await t.db
      .update(subscriptions)
      .set({ autoRenew: true, externalId: `${LOCAL_PAYPAL_REFUSED_PREFIX}-1` })
      .where(eq(subscriptions.workspaceId, penny));
    const token = await t.signIn('penny@gmail.com');
    const licence = (
      await get('penny@gmail.com', BILLING_PATHS.cancellationLicence)
    ).json<CancellationLicence>();
    const refused = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.cancelAutoRenewal,
      headers: bearer(token),
      payload: { subscriptionId: licence.subscriptionId },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      errors: [],
      code: 'SERVICE_UNAVAILABLE',
      message: PAYPAL_REFUSED_MESSAGE,
    });
    const after = (
      await get('penny@gmail.com', BILLING_PATHS.cancellationLicence)
    ).json<CancellationLicence>();
    expect(after.autoRenew).toBe(true);
  });
});
