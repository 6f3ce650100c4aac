import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { billingCustomers, workspaces } from '../../db/schema';
import { stripeOf, type BillingContext } from './billing-context';
import { findActiveSubscription, findCustomerId, lockBillingOf } from './billing.repo';
import { ensureCustomer } from './customers.service';
import { applySubscriptionValues, syncStripeSubscription } from './stripe-sync.service';

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

/** The demo spaces' billing (shared/demo-data.md "Spaces"): Stripe subscriptions and a PayPal licence. */
export const DEMO_STRIPE_SUBSCRIPTIONS: ReadonlyArray<{ space: string } & DirectSubscription> = [
  { space: 'Acme Sales', lookupKey: 'pro_yearly_usd', quantity: 10, email: 'olivia@acme.test' },
  { space: 'Acme Premium', lookupKey: 'premium_yearly_usd', quantity: 3, email: 'olivia@acme.test' },
  { space: 'Legacy Team', lookupKey: 'legacy_team_10_yearly_usd', quantity: 1, email: 'leo@legacy.test' },
];
export const DEMO_PAYPAL_SPACE = "Penny's space";
/** The demo's PayPal billing agreement (the local PayPal stand-in accepts it). */
export const DEMO_PAYPAL_AGREEMENT = 'I-PENNY0DEMO';

const DAY_MS = 24 * 60 * 60 * 1000;

async function spaceIdByName(context: BillingContext, name: string): Promise<string | undefined> {
  const [row] = await context.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.name, name));
  return row?.id;
}

/** True when the space's ACTIVE subscription is still there (a STRIPE one still in Stripe). */
async function stillSubscribed(
  stripe: Stripe | null,
  context: BillingContext,
  workspaceId: string,
): Promise<boolean> {
  const active = await findActiveSubscription(context.db, workspaceId);
  if (active === undefined) return false;
  if (active.stripeSubscriptionId === null || stripe === null) return true;
  try {
    const subscription = await stripe.subscriptions.retrieve(active.stripeSubscriptionId);
    return subscription.status !== 'canceled';
  } catch {
    return false;
  }
}

/**
 * `npm start`'s demo billing, idempotent across restarts (the emulator keeps its data file, the
 * database its rows): each demo space that has no live subscription gets its Stripe subscription
 * (paid off-session with the test card 4242), Penny's space its PAYPAL licence. A customer id the
 * payment provider no longer knows (emulator data removed) is forgotten first.
 */
export async function setUpDemoBilling(context: BillingContext): Promise<string[]> {
  const done: string[] = [];
  const { stripe } = context;
  if (stripe !== null) {
    for (const demo of DEMO_STRIPE_SUBSCRIPTIONS) {
      const workspaceId = await spaceIdByName(context, demo.space);
      if (workspaceId === undefined || (await stillSubscribed(stripe, context, workspaceId))) continue;
      const customer = await findCustomerId(context.db, workspaceId);
      if (customer !== undefined) {
        const known = await stripe.customers.retrieve(customer).catch(() => undefined);
        if (known === undefined || known.deleted === true) {
          await context.db.delete(billingCustomers).where(eq(billingCustomers.workspaceId, workspaceId));
        }
      }
      await subscribeSpaceDirectly(context, workspaceId, demo);
      done.push(demo.space);
    }
  }
  const penny = await spaceIdByName(context, DEMO_PAYPAL_SPACE);
  if (penny !== undefined && (await findActiveSubscription(context.db, penny)) === undefined) {
    const now = new Date();
    await context.db.transaction(async (tx) => {
      await lockBillingOf(tx, penny);
      await applySubscriptionValues(tx, {
        workspaceId: penny,
        stripeSubscriptionId: null,
        externalId: DEMO_PAYPAL_AGREEMENT,
        status: 'ACTIVE',
        providerStatus: null,
        paymentSource: 'PAYPAL',
        workspacePlan: 'LEGACY',
        legacyType: 'PERSONAL',
        userPlan: 'PRO_PERSONAL',
        billingInterval: 'YEARLY',
        currency: 'USD',
        country: 'US',
        purchaseType: 'B2C',
        taxRate: 0,
        quantity: 1,
        amount: 3600,
        autoRenew: true,
        startedAt: new Date(now.getTime() - 400 * DAY_MS),
        currentPeriodStart: new Date(now.getTime() - 35 * DAY_MS),
        currentPeriodEnd: new Date(now.getTime() + 330 * DAY_MS),
      });
    });
    done.push(DEMO_PAYPAL_SPACE);
  }
  return done;
}
