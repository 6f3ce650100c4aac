import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The emulator's objects, shaped like Stripe's (API version of the installed `stripe` SDK: prices
 * and periods on subscription items, taxes in `total_taxes`, payments listed on the invoice).
 * Only the fields MergeDesk reads or the SDK types require are kept.
 */

export type Metadata = Record<string, string>;

export type Address = {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
};

export type Customer = {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  address: Address | null;
  balance: number;
  currency: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
  tax_exempt: 'none' | 'reverse' | 'exempt';
  test_clock: string | null;
  livemode: false;
  deleted?: true;
};

/** A customer with nothing set yet. */
export const blankCustomer = (id: string, created: number, testClock: string | null = null): Customer => ({
  id,
  object: 'customer',
  created,
  email: null,
  name: null,
  address: null,
  balance: 0,
  currency: null,
  metadata: {},
  invoice_settings: { default_payment_method: null },
  tax_exempt: 'none',
  test_clock: testClock,
  livemode: false,
});

export type TaxId = {
  id: string;
  object: 'tax_id';
  country: string | null;
  created: number;
  customer: string;
  type: string;
  value: string;
  verification: {
    status: 'verified' | 'unverified' | 'pending';
    verified_address: null;
    verified_name: null;
  };
  livemode: false;
};

export type PaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  customer: string | null;
  billing_details: { name: string | null; email: string | null; address: Address | null };
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    country: string;
    funding: 'credit';
  };
  metadata: Metadata;
  livemode: false;
};

export type Product = {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  updated: number;
  name: string;
  description: string | null;
  metadata: Metadata;
  livemode: false;
};

export type PriceTierObject = {
  up_to: number | null;
  unit_amount: number | null;
  unit_amount_decimal: string | null;
  flat_amount: number | null;
  flat_amount_decimal: string | null;
};

export type Price = {
  id: string;
  object: 'price';
  active: boolean;
  created: number;
  currency: string;
  product: string;
  lookup_key: string | null;
  nickname: string | null;
  type: 'recurring';
  recurring: { interval: 'month' | 'year'; interval_count: number; usage_type: 'licensed'; meter: null };
  billing_scheme: 'per_unit' | 'tiered';
  tiers_mode: 'graduated' | 'volume' | null;
  tiers?: PriceTierObject[];
  unit_amount: number | null;
  unit_amount_decimal: string | null;
  tax_behavior: 'exclusive' | 'inclusive' | 'unspecified';
  metadata: Metadata;
  livemode: false;
};

type SubscriptionItem = {
  id: string;
  object: 'subscription_item';
  created: number;
  subscription: string;
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  metadata: Metadata;
};

type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'trialing';

type PendingUpdate = {
  expires_at: number;
  subscription_items: { id: string; price: string; quantity: number }[];
};

export type Subscription = {
  id: string;
  object: 'subscription';
  created: number;
  customer: string;
  status: SubscriptionStatus;
  currency: string;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  start_date: number;
  billing_cycle_anchor: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  latest_invoice: string | null;
  default_payment_method: string | null;
  schedule: string | null;
  pending_update: PendingUpdate | null;
  automatic_tax: { enabled: boolean };
  collection_method: 'charge_automatically';
  metadata: Metadata;
  livemode: false;
};

export type InvoiceLine = {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  quantity: number;
  period: { start: number; end: number };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: {
      subscription: string;
      subscription_item: string;
      proration: boolean;
      invoice_item: null;
    };
  } | null;
  metadata: Metadata;
};

type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export type Invoice = {
  id: string;
  object: 'invoice';
  created: number;
  customer: string;
  status: InvoiceStatus;
  billing_reason:
    'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual' | 'upcoming';
  currency: string;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
  } | null;
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; url: string };
  subtotal: number;
  subtotal_excluding_tax: number;
  total_excluding_tax: number;
  total_taxes: {
    amount: number;
    tax_behavior: 'exclusive';
    taxability_reason: string;
    taxable_amount: number;
  }[];
  total: number;
  starting_balance: number;
  ending_balance: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  period_start: number;
  period_end: number;
  hosted_invoice_url: string | null;
  automatic_tax: { enabled: boolean; status: 'complete' | null };
  customer_address: Address | null;
  customer_tax_ids: { type: string; value: string }[];
  customer_tax_exempt: string;
  payments: {
    object: 'list';
    data: {
      id: string;
      object: 'invoice_payment';
      invoice: string;
      amount_paid: number | null;
      amount_requested: number;
      is_default: boolean;
      status: 'open' | 'paid' | 'canceled';
      payment: { type: 'payment_intent'; payment_intent: string };
    }[];
    has_more: false;
    url: string;
  };
  confirmation_secret: { type: 'payment_intent'; client_secret: string } | null;
  status_transitions: {
    finalized_at: number | null;
    paid_at: number | null;
    voided_at: null;
    marked_uncollectible_at: number | null;
  };
  metadata: Metadata;
  livemode: false;
};

type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export type PaymentIntent = {
  id: string;
  object: 'payment_intent';
  created: number;
  amount: number;
  amount_received: number;
  currency: string;
  customer: string;
  status: PaymentIntentStatus;
  client_secret: string;
  payment_method: string | null;
  description: string | null;
  next_action: {
    type: 'redirect_to_url';
    redirect_to_url: { url: string; return_url: string | null };
  } | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  metadata: Metadata;
  livemode: false;
};

/** A refund of a payment intent's charge (https://docs.stripe.com/api/refunds/object). */
export type Refund = {
  id: string;
  object: 'refund';
  created: number;
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  status: 'succeeded';
  metadata: Metadata;
};

export type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  created: number;
  expires_at: number;
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: boolean; status: 'complete' | null };
  tax_id_collection: { enabled: boolean; required: 'never' };
  subscription: string | null;
  invoice: string | null;
  metadata: Metadata;
  livemode: false;
};

export type SchedulePhase = {
  start_date: number;
  end_date: number;
  items: { price: string; quantity: number; metadata: Metadata }[];
  proration_behavior: 'create_prorations' | 'none' | 'always_invoice';
  metadata: Metadata;
};

export type SubscriptionSchedule = {
  id: string;
  object: 'subscription_schedule';
  created: number;
  customer: string;
  subscription: string | null;
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  end_behavior: 'release' | 'cancel';
  phases: SchedulePhase[];
  current_phase: { start_date: number; end_date: number } | null;
  released_at: number | null;
  released_subscription: string | null;
  canceled_at: number | null;
  completed_at: number | null;
  test_clock: string | null;
  metadata: Metadata;
  livemode: false;
};

export type TestClock = {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  name: string | null;
  status: 'ready' | 'advancing';
  livemode: false;
};

type PortalSession = {
  id: string;
  object: 'billing_portal.session';
  created: number;
  customer: string;
  return_url: string | null;
  url: string;
  livemode: false;
};

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown; previous_attributes?: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};

export type State = {
  customers: Record<string, Customer>;
  taxIds: Record<string, TaxId>;
  paymentMethods: Record<string, PaymentMethod>;
  products: Record<string, Product>;
  prices: Record<string, Price>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  paymentIntents: Record<string, PaymentIntent>;
  refunds: Record<string, Refund>;
  checkoutSessions: Record<string, CheckoutSession>;
  /** Line items and subscription data of each Checkout Session (not part of the session object). */
  checkoutDetails: Record<
    string,
    { items: { price: string; quantity: number }[]; subscriptionMetadata: Metadata }
  >;
  schedules: Record<string, SubscriptionSchedule>;
  testClocks: Record<string, TestClock>;
  portalSessions: Record<string, PortalSession>;
  /** Prorations waiting for the next invoice of each subscription (proration_behavior create_prorations). */
  pendingLines: Record<string, InvoiceLine[]>;
  events: StripeEvent[];
  /** Seconds added to the wall clock by POST /_emulator/clock/advance. */
  clockOffset: number;
};

export const emptyState = (): State => ({
  customers: {},
  taxIds: {},
  paymentMethods: {},
  products: {},
  prices: {},
  subscriptions: {},
  invoices: {},
  paymentIntents: {},
  refunds: {},
  checkoutSessions: {},
  checkoutDetails: {},
  schedules: {},
  testClocks: {},
  portalSessions: {},
  pendingLines: {},
  events: [],
  clockOffset: 0,
});

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like Stripe's: prefix, underscore, 24 letters and digits ('cus_…', 'sub_…'). */
export const newId = (prefix: string): string => {
  const bytes = randomBytes(24);
  let suffix = '';
  for (const byte of bytes) suffix += alphabet[byte % alphabet.length];
  return `${prefix}_${suffix}`;
};

/** Reads the state file if there is one; writes it atomically after changes. */
export class StateFile {
  constructor(private readonly file: string | undefined) {}

  load(): State {
    if (this.file === undefined) return emptyState();
    try {
      return { ...emptyState(), ...(JSON.parse(readFileSync(this.file, 'utf8')) as Partial<State>) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyState();
      throw error;
    }
  }

  save(state: State): void {
    if (this.file === undefined) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, this.file);
  }
}
