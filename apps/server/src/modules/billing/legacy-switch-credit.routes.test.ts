import {
  billingPath,
  BILLING_PATHS,
  type CheckoutUsersResponse,
  type PaymentInfo,
  type PaymentPlan,
} from '@mergedesk/domain/api/billing';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { payOnHostedPage, startBillingTest, type BillingTest } from '../../test/billing';
import { bearer } from '../../test/test-app';
import { setUpDemoBilling } from './demo-billing';
import { licenceCreditOf } from './stripe-sync.service';

/**
 * Issue 22 item 4: leaving a PayPal licence for a card plan credits its unused part as a Stripe
 * credit balance, shown on the review before confirming, once however often the webhook comes.
 */
describe('the credit of a replaced PayPal licence', () => {
  let billing: BillingTest;
  let pennySpace: string;
  let penny: string;

  beforeAll(async () => {
    billing = await startBillingTest();
    await setUpDemoBilling(billing.context);
    pennySpace = billing.spaces["Penny's space"]!;
    penny = await billing.t.signIn('penny@gmail.com');
  });
  afterAll(async () => {
    await billing.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    billing.t.app.inject({
      method,
      url,
      headers: bearer(penny),
      ...(payload === undefined ? {} : { payload }),
    });
  const paypalLicence = async () =>
    (
      await billing.t.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.workspaceId, pennySpace), eq(subscriptions.paymentSource, 'PAYPAL')))
    )[0]!;

  it('shows the credit on the review, then credits exactly it once the card subscription is active', async () => {
    const users = (
      await call('GET', billingPath(BILLING_PATHS.checkoutUsers, { workspaceId: pennySpace }))
    ).json<CheckoutUsersResponse>();
    const userId = users.items[0]!.id;
    const preview = await call(
      'POST',
      billingPath(BILLING_PATHS.checkoutInfoV1, { workspaceId: pennySpace }),
      {
        country: 'US',
        purchaseType: 'B2C',
        billingInterval: 'YEARLY',
        workspacePlan: 'PRO',
        userUpdates: [{ userId, userPlan: 'PRO_PERSONAL' }],
      },
    );
    expect(preview.statusCode).toBe(200);
    const shown = preview.json<PaymentInfo>().legacyCredit!;
    expect(shown).toBe(licenceCreditOf(await paypalLicence(), 'usd'));
    expect(shown).toBeGreaterThan(0);

    const plans = (await call('GET', BILLING_PATHS.paymentPlans)).json<{ items: PaymentPlan[] }>().items;
    const price = plans.find((plan) => plan.lookupKey === 'pro_personal_yearly_usd')!.stripePriceId;
    const session = await call(
      'POST',
      billingPath(BILLING_PATHS.checkoutSessionV1, { workspaceId: pennySpace }),
      {
        workspaceId: pennySpace,
        addressInfo: { country: 'US', city: 'Springfield', street: '1 Main St' },
        customerName: 'Penny Personal',
        isB2BTransaction: false,
        goBackUrl: `${billing.t.config.PUBLIC_URL}/checkout/information`,
        plans: [{ stripePriceId: price, userIds: [userId] }],
      },
    );
    expect(session.statusCode).toBe(200);
    expect((await payOnHostedPage(session.json<{ url: string }>().url, 'Penny Personal')).status).toBe(303);
    // Every event twice (a replay under another id is a new event for us): one credit.
    const events = (await billing.testStripe.stripe.events.list({ limit: 100 })).data.reverse();
    for (const event of events) expect((await billing.deliver(event)).statusCode).toBe(200);
    for (const event of events) await billing.deliver({ ...event, id: `${event.id}_again` });

    const [stripeRow] = await billing.t.db
      .select({ id: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(and(eq(subscriptions.workspaceId, pennySpace), eq(subscriptions.paymentSource, 'STRIPE')));
    const card = await billing.testStripe.stripe.subscriptions.retrieve(stripeRow!.id!);
    const expected = licenceCreditOf(await paypalLicence(), card.currency, card.start_date * 1000);
    expect(Math.abs(expected - shown)).toBeLessThanOrEqual(10);
    const customer = (await billing.testStripe.stripe.customers.retrieve(
      card.customer as string,
    )) as Stripe.Customer;
    expect(customer.balance).toBe(-expected);
  });
});
