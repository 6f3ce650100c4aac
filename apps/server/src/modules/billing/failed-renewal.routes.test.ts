import {
  billingPath,
  BILLING_PATHS,
  type PaymentPlan,
  type SubscriptionV1,
} from '@mergedesk/domain/api/billing';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingTest, type BillingTest } from '../../test/billing';
import { bearer } from '../../test/test-app';
import { subscribeSpaceDirectly } from './demo-billing';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 22 items 3 and 5: after a failed renewal the subscription shows Stripe's status and its
 * next retry (not a period end a year away); once every retry failed and Stripe cancelled it, the
 * space can buy again.
 */
describe('a failed renewal', () => {
  let billing: BillingTest;
  let acme: string;
  let stripeSubscription: Stripe.Subscription;
  let token: string;
  const delivered = new Set<string>();

  beforeAll(async () => {
    billing = await startBillingTest();
    acme = billing.spaces['Acme Sales']!;
    stripeSubscription = await subscribeSpaceDirectly(billing.context, acme, {
      lookupKey: 'pro_yearly_usd',
      quantity: 2,
    });
    const { stripe } = billing.testStripe;
    // The card passes hosted pages and fails every off-session payment: the renewal fails.
    const method = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: stripeSubscription.customer as string,
    });
    await stripe.subscriptions.update(stripeSubscription.id, { default_payment_method: method.id });
    token = await billing.t.signIn('olivia@acme.test');
  });
  afterAll(async () => {
    await billing.close();
  });

  const deliverPending = async () => {
    const events = (await billing.testStripe.stripe.events.list({ limit: 100 })).data.reverse();
    for (const event of events) {
      if (delivered.has(event.id)) continue;
      delivered.add(event.id);
      expect((await billing.deliver(event)).statusCode).toBe(200);
    }
  };
  const subscriptionsOf = async () =>
    (
      await billing.t.app.inject({
        method: 'GET',
        url: `${billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: acme })}?retrieveAdditionalStripeInfo=true`,
        headers: bearer(token),
      })
    ).json<{ items: SubscriptionV1[] }>().items;

  it('is past_due with the next retry a few days on, while the period end is a year away', async () => {
    const renewal = stripeSubscription.items.data[0]!.current_period_end;
    billing.testStripe.emulator.advanceClock(renewal - Math.floor(Date.now() / 1000) + 60);
    await deliverPending();
    const [item] = await subscriptionsOf();
    expect(item).toMatchObject({ subscriptionStatus: 'ACTIVE', providerStatus: 'past_due' });
    const invoice = item!.additionalStripeInfo!.latestInvoice!;
    expect(invoice.paid).toBe(false);
    expect(invoice.paymentIntent?.status).toBe('requires_payment_method');
    const retry = invoice.nextPaymentAttemptTimestamp!;
    expect(retry - renewal * 1000).toBeGreaterThan(2 * DAY_MS);
    expect(retry - renewal * 1000).toBeLessThan(8 * DAY_MS);
    expect(item!.endTimestamp - renewal * 1000).toBeGreaterThan(300 * DAY_MS);
  });

  it('once every retry failed, is CANCELED and no longer stands between the space and a purchase', async () => {
    billing.testStripe.emulator.advanceClock(20 * 24 * 60 * 60);
    await deliverPending();
    const items = await subscriptionsOf();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ subscriptionStatus: 'CANCELED', providerStatus: 'canceled' });
    const plans = await billing.t.app.inject({
      method: 'GET',
      url: BILLING_PATHS.paymentPlans,
      headers: bearer(token),
    });
    const price = plans
      .json<{ items: PaymentPlan[] }>()
      .items.find((plan) => plan.lookupKey === 'pro_yearly_usd')!;
    const session = await billing.t.app.inject({
      method: 'POST',
      url: billingPath(BILLING_PATHS.checkoutSessionV2, { workspaceId: acme }),
      headers: bearer(token),
      payload: {
        workspaceId: acme,
        addressInfo: { country: 'US', city: 'Springfield', street: '1 Main St' },
        customerName: 'Olivia Owner',
        isB2BTransaction: false,
        goBackUrl: `${billing.t.config.PUBLIC_URL}/checkout/details`,
        stripePlans: [{ stripePriceId: price.stripePriceId, quantity: 2 }],
      },
    });
    expect(session.statusCode).toBe(200);
  });
});
