import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { billingCustomers } from '../../db/schema';
import { spaceIdByName } from '../workspaces/workspaces.views';
import { listSpaceMembers } from '../members/member-plans.service';
import { updateWorkspaceBilling } from '../workspaces/space-plan.service';
import { stripeOf, type BillingContext } from './billing-context';
import { findActiveSubscription, findCustomerId, lockBillingOf } from './billing.repo';
import { ensureCustomer } from './customers.service';
import { isPaidMember } from './legacy-users.service';
import { paidMembersMetadata } from './paid-members';
import { applySubscriptionValues, syncStripeSubscription } from './stripe-sync.service';

export type DirectSubscription = {
  lookupKey: string;
  quantity: number;
  /** A Stripe test payment method (pm_card_visa, pm_card_authenticationRequired, …). */
  paymentMethod?: string;
  country?: string;
  email?: string;
  /** Metadata of the subscription besides the space id (a per-user subscription's paid members). */
  metadata?: Record<string, string>;
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
    metadata: { ...options.metadata, workspaceId },
  });
  await syncStripeSubscription(context.db, stripe, subscription.id);
  return subscription;
}

/**
 * The demo spaces' Stripe subscriptions (shared/demo-data.md "Spaces", and Global Team of
 * docs/decisions/218-demo-spaces-for-billing.md). `perUser`: the subscription names its paid members
 * (the space's seeded paid users, paid-members.ts) and counts them as its quantity.
 */
const DEMO_STRIPE_SUBSCRIPTIONS: ReadonlyArray<
  { space: string; perUser?: true } & Omit<DirectSubscription, 'metadata'>
> = [
  { space: 'Acme Sales', lookupKey: 'pro_yearly_usd', quantity: 10, email: 'olivia@acme.test' },
  { space: 'Acme Premium', lookupKey: 'premium_yearly_usd', quantity: 3, email: 'olivia@acme.test' },
  { space: 'Legacy Team', lookupKey: 'legacy_team_10_yearly_usd', quantity: 1, email: 'leo@legacy.test' },
  {
    space: 'Global Team',
    lookupKey: 'premium_yearly_usd',
    quantity: 3,
    email: 'gwen@global.test',
    perUser: true,
  },
];
const DEMO_PAYPAL_SPACE = "Penny's space";
/** The demo's PayPal billing agreement (the local PayPal stand-in accepts it). */
const DEMO_PAYPAL_AGREEMENT = 'I-PENNY0DEMO';
/** The demo's space billed outside the product (spec 001 §1: SUPPORT and OFFLINE are managed by support). */
const DEMO_OFFLINE_SPACE = 'Offline Team';
/** The demo's space whose subscription support gave (payment source SUPPORT, per seat). */
export const DEMO_SUPPORT_SPACE = 'Support Team';

/**
 * The demo's subscriptions that no card provider bills, recorded as they are: Penny's PayPal
 * licence (she can stop its renewal), Offline Team's contract paid offline (the billing page
 * shows 'Custom', Manage Users the offline-subscription notice) and Support Team's plan given by
 * support ('Custom', seat changes through support).
 */
const DEMO_DIRECT_SUBSCRIPTIONS = [
  {
    space: DEMO_PAYPAL_SPACE,
    externalId: DEMO_PAYPAL_AGREEMENT,
    paymentSource: 'PAYPAL',
    workspacePlan: 'LEGACY',
    legacyType: 'PERSONAL',
    userPlan: 'PRO_PERSONAL',
    purchaseType: 'B2C',
    quantity: 1,
    amount: 3600,
    spacePlan: null,
  },
  {
    space: DEMO_OFFLINE_SPACE,
    externalId: 'OFFLINE-CONTRACT-DEMO',
    paymentSource: 'OFFLINE',
    workspacePlan: 'PRO',
    legacyType: null,
    userPlan: 'PRO',
    purchaseType: 'B2B',
    quantity: 25,
    amount: 90000,
    // A contract made by support: the space's plan is OFFLINE (spec 000 §3), its user limits stay.
    spacePlan: 'OFFLINE',
  },
  {
    // Pro per seat given by support (a partner's plan): the space stays PRO with its 20 seats.
    space: DEMO_SUPPORT_SPACE,
    externalId: 'SUPPORT-GRANT-DEMO',
    paymentSource: 'SUPPORT',
    workspacePlan: 'PRO',
    legacyType: null,
    userPlan: 'PRO',
    purchaseType: 'B2B',
    quantity: 20,
    amount: 0,
    spacePlan: null,
  },
] as const;

/** What the demo billing did: the spaces it subscribed, and those it left alone with the reason. */
export type DemoBillingReport = { arranged: string[]; skipped: Array<{ space: string; reason: string }> };

/** Where `npm start` prints the demo billing's report (the console; a test passes its own). */
export type DemoBillingLog = { log: (line: string) => void; warn: (line: string) => void };

/**
 * `npm start`'s lines about the demo billing: the spaces it set up, then one warning per space it
 * skipped, with the reason (never silent).
 */
export function printDemoBillingReport(report: DemoBillingReport, out: DemoBillingLog): void {
  if (report.arranged.length > 0) out.log(`  demo billing set up for: ${report.arranged.join(', ')}`);
  for (const { space, reason } of report.skipped) out.warn(`  demo billing skipped for ${space}: ${reason}`);
}

/** A live Stripe key (`sk_live_…`, `rk_live_…`): the demo never subscribes real customers with it. */
export const isLiveStripeKey = (key: string | undefined): boolean =>
  key !== undefined && /^[sr]k_live_/.test(key);
export const LIVE_KEY_SKIP_REASON = 'STRIPE_SECRET_KEY is a live key; the demo subscribes only in test mode';
export const NO_STRIPE_SKIP_REASON = 'no STRIPE_SECRET_KEY';
export const missingPriceReason = (lookupKey: string): string =>
  `the Stripe account has no price ${lookupKey}: run npm run stripe:setup`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The members of a per-user space who are paid now (its Stripe subscription names them). */
async function seededPaidMembers(context: BillingContext, workspaceId: string): Promise<string[]> {
  return (await listSpaceMembers(context.db, workspaceId)).filter(isPaidMember).map((row) => row.id);
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

/** Why a demo space cannot get its Stripe subscription here, or null when it can. */
async function stripeSkipReason(
  stripe: Stripe | null,
  liveKey: boolean,
  lookupKey: string,
): Promise<string | null> {
  if (stripe === null) return NO_STRIPE_SKIP_REASON;
  if (liveKey) return LIVE_KEY_SKIP_REASON;
  const prices = await stripe.prices.list({ lookup_keys: [lookupKey], active: true });
  return prices.data.length > 0 ? null : missingPriceReason(lookupKey);
}

/**
 * `npm start`'s demo billing, idempotent across restarts (the emulator keeps its data file, the
 * database its rows): each demo space that has no live subscription gets its Stripe subscription
 * (paid off-session with the test card 4242), Penny's space its PAYPAL licence, Offline Team its
 * OFFLINE contract and Support Team its SUPPORT plan. A customer id the payment provider no longer knows (emulator data removed) is
 * forgotten first. With a live key, no key or a missing price the Stripe spaces are skipped and
 * the report says why (never silently).
 */
export async function setUpDemoBilling(
  context: BillingContext,
  options: { liveKey?: boolean } = {},
): Promise<DemoBillingReport> {
  const report: DemoBillingReport = { arranged: [], skipped: [] };
  const { stripe } = context;
  for (const demo of DEMO_STRIPE_SUBSCRIPTIONS) {
    const workspaceId = await spaceIdByName(context.db, demo.space);
    if (workspaceId === undefined || (await stillSubscribed(stripe, context, workspaceId))) continue;
    const skip = await stripeSkipReason(stripe, options.liveKey === true, demo.lookupKey);
    if (stripe === null || skip !== null) {
      report.skipped.push({ space: demo.space, reason: skip ?? NO_STRIPE_SKIP_REASON });
      continue;
    }
    const customer = await findCustomerId(context.db, workspaceId);
    if (customer !== undefined) {
      const known = await stripe.customers.retrieve(customer).catch(() => undefined);
      if (known === undefined || known.deleted === true) {
        await context.db.delete(billingCustomers).where(eq(billingCustomers.workspaceId, workspaceId));
      }
    }
    const paidMembers = demo.perUser ? await seededPaidMembers(context, workspaceId) : undefined;
    await subscribeSpaceDirectly(
      context,
      workspaceId,
      paidMembers === undefined
        ? demo
        : { ...demo, quantity: paidMembers.length, metadata: paidMembersMetadata(paidMembers) },
    );
    report.arranged.push(demo.space);
  }
  for (const demo of DEMO_DIRECT_SUBSCRIPTIONS) {
    const workspaceId = await spaceIdByName(context.db, demo.space);
    if (workspaceId === undefined || (await findActiveSubscription(context.db, workspaceId)) !== undefined)
      continue;
    const now = Date.now();
    await context.db.transaction(async (tx) => {
      await lockBillingOf(tx, workspaceId);
      await applySubscriptionValues(tx, {
        workspaceId,
        stripeSubscriptionId: null,
        externalId: demo.externalId,
        status: 'ACTIVE',
        providerStatus: null,
        paymentSource: demo.paymentSource,
        workspacePlan: demo.workspacePlan,
        legacyType: demo.legacyType,
        userPlan: demo.userPlan,
        billingInterval: 'YEARLY',
        currency: 'USD',
        country: 'US',
        purchaseType: demo.purchaseType,
        taxRate: 0,
        quantity: demo.quantity,
        amount: demo.amount,
        autoRenew: true,
        startedAt: new Date(now - 400 * DAY_MS),
        currentPeriodStart: new Date(now - 35 * DAY_MS),
        currentPeriodEnd: new Date(now + 330 * DAY_MS),
      });
      if (demo.spacePlan !== null) {
        await updateWorkspaceBilling(tx, workspaceId, {
          plan: demo.spacePlan,
          legacyType: null,
          seatTotal: null,
        });
      }
    });
    report.arranged.push(demo.space);
  }
  return report;
}
