import type Stripe from 'stripe';
import { stripeOf, type BillingContext } from './billing-context';
import { ensureCustomer } from './customers.service';
import { syncStripeSubscription } from './stripe-sync.service';

export type DirectSubscription = {
  lookupKey: string;
  quantity: number;
  /** A Stripe test payment method (pm_card_visa, pm_card_authenticationRequired, …). */
  paymentMethod?: string;
  country?: string;
  email?: string;
};

/**
 * Subscribes a space without the hosted checkout page, charging its card off-session: the demo
 * set-up (`npm start`) and tests arrange paid spaces with it. The mirror is applied at once, as
 * the webhook would.
 */
export async function subscribeSpaceDirectly(
  context: BillingContext,
  workspaceId: string,
  options: DirectSubscription,
): Promise<Stripe.Subscription> {
  const stripe = stripeOf(context);
  const customer = await ensureCustomer(context, workspaceId, {
    address: { country: options.country ?? 'US' },
    ...(options.email === undefined ? {} : { email: options.email }),
  });
  const method = await stripe.paymentMethods.attach(options.paymentMethod ?? 'pm_card_visa', { customer });
  await stripe.customers.update(customer, { invoice_settings: { default_payment_method: method.id } });
  const [price] = (await stripe.prices.list({ lookup_keys: [options.lookupKey], active: true })).data;
  if (price === undefined) throw new Error(`no price ${options.lookupKey}: run npm run stripe:setup`);
  const subscription = await stripe.subscriptions.create({
    customer,
    items: [{ price: price.id, quantity: options.quantity }],
    default_payment_method: method.id,
    automatic_tax: { enabled: true },
    metadata: { workspaceId },
  });
  await syncStripeSubscription(context.db, stripe, subscription.id);
  return subscription;
}
