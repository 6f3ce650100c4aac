import {
  billingPath,
  BILLING_PATHS,
  type SeatsChangeResponse,
  type SubscriptionV1,
} from '@mergedesk/domain/api/billing';
import { BILLING_REFUSALS } from '@mergedesk/domain/billing/messages';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema';
import { startBillingTest, type BillingTest } from '../../test/billing';
import { bearer } from '../../test/test-app';
import { subscribeSpaceDirectly } from './demo-billing';
import { PAYMENT_PENDING_REASON } from './seat-changes.service';

/**
 * Issue 22 "at most one open payment per pending change" and "the seats granted equal the seats
 * paid": a second add-seats while the first waits for 3-D Secure is refused with the server's
 * reason and creates no second invoice; an abandoned one is voided, so it can never be paid.
 */
describe('pending payments block a second change', () => {
  let billing: BillingTest;
  let acme: string;
  let stripeSubscription: Stripe.Subscription;
  let subscriptionId: string;
  let token: string;

  beforeAll(async () => {
    billing = await startBillingTest();
    acme = billing.spaces['Acme Sales']!;
    stripeSubscription = await subscribeSpaceDirectly(billing.context, acme, {
      lookupKey: 'pro_yearly_usd',
      quantity: 10,
      paymentMethod: 'pm_card_visa',
    });
    token = await billing.t.signIn('olivia@acme.test');
    const list = await billing.t.app.inject({
      method: 'GET',
      url: billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: acme }),
      headers: bearer(token),
    });
    subscriptionId = list
      .json<{ items: SubscriptionV1[] }>()
      .items.find((item) => item.subscriptionStatus === 'ACTIVE')!.subscriptionId;
    const { stripe } = billing.testStripe;
    const method = await stripe.paymentMethods.attach('pm_card_authenticationRequired', {
      customer: stripeSubscription.customer as string,
    });
    await stripe.subscriptions.update(stripeSubscription.id, { default_payment_method: method.id });
  });
  afterAll(async () => {
    await billing.close();
  });

  const addOneSeat = () =>
    billing.t.app.inject({
      method: 'POST',
      url: billingPath(BILLING_PATHS.seats, { workspaceId: acme, subscriptionId }),
      headers: bearer(token),
      payload: { seatPlans: [{ userPlan: 'PRO', quantity: 1 }] },
    });
  const updateInvoices = async () =>
    (
      await billing.testStripe.stripe.invoices.list({ subscription: stripeSubscription.id, limit: 100 })
    ).data.filter((invoice) => invoice.billing_reason === 'subscription_update');
  const seatTotal = async () =>
    (
      await billing.t.db
        .select({ seatTotal: workspaces.seatTotal })
        .from(workspaces)
        .where(eq(workspaces.id, acme))
    )[0]!.seatTotal;

  it('refuses a second add while the first waits for 3-D Secure: one invoice, no seat granted', async () => {
    const first = await addOneSeat();
    expect(first.json<SeatsChangeResponse>()).toMatchObject({
      totalSeats: 10,
      requestedSeats: 11,
      latestInvoice: { paid: false, paymentIntent: { status: 'requires_action' } },
    });
    const second = await addOneSeat();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      message: BILLING_REFUSALS.PAYMENT_PENDING,
      reason: PAYMENT_PENDING_REASON,
    });
    const open = (await updateInvoices()).filter((invoice) => invoice.status === 'open');
    expect(open).toHaveLength(1);
    expect(await seatTotal()).toBe(10);
    const live = await billing.testStripe.stripe.subscriptions.retrieve(stripeSubscription.id);
    expect(live.items.data[0]!.quantity).toBe(10);
  });

  it('voids the abandoned invoice once its pending change has expired; it can no longer be paid', async () => {
    const [abandoned] = (await updateInvoices()).filter((invoice) => invoice.status === 'open');
    billing.testStripe.emulator.advanceClock(24 * 60 * 60);
    const live = await billing.testStripe.stripe.subscriptions.retrieve(stripeSubscription.id);
    expect(live.pending_update).toBeNull();
    // A new add is allowed again; it voids the abandoned invoice first.
    const again = await addOneSeat();
    expect(again.statusCode).toBe(200);
    const voided = await billing.testStripe.stripe.invoices.retrieve(abandoned!.id);
    expect(voided.status).toBe('void');
    await expect(billing.testStripe.stripe.invoices.pay(abandoned!.id)).rejects.toMatchObject({
      statusCode: 400,
    });
    const open = (await updateInvoices()).filter((invoice) => invoice.status === 'open');
    expect(open).toHaveLength(1);
    expect(await seatTotal()).toBe(10);
  });
});
