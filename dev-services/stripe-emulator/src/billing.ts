import { cardBehaviour } from './cards';
import { invalidRequest, missingResource, StripeError } from './params';
import type {
  Customer,
  Invoice,
  InvoiceLine,
  Metadata,
  PaymentIntent,
  Price,
  State,
  StripeEvent,
  Subscription,
  SubscriptionSchedule,
} from './state';
import { stripeTax, tieredAmount } from './rules';
import { newId } from './state';

/**
 * The billing engine: invoices, payments, subscriptions, schedules and the passing of time.
 * Everything here mutates `state` and reports what happened as Stripe events.
 */

const DAY = 86_400;
/** Renewal payments that fail are retried 3, 5 and 7 days after the previous attempt. */
const RETRY_DELAYS_DAYS = [3, 5, 7];
/** An incomplete subscription expires after 23 hours, as Stripe's do. */
const INCOMPLETE_EXPIRY = 23 * 3600;

/** `t` plus one month or one year, on the same day of the month (clamped to the month's end), in UTC. */
export const addInterval = (t: number, interval: 'month' | 'year', count = 1): number => {
  const date = new Date(t * 1000);
  const months = (interval === 'year' ? 12 : 1) * count;
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
};

const clone = <T>(value: T): T => structuredClone(value);

export type ItemChange = { id?: string; price?: string; quantity?: number; deleted?: boolean };
export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none';
export type PaymentBehavior =
  'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete' | 'pending_if_incomplete';

export type BillingOptions = {
  publicUrl: string;
  apiVersion: string;
  onEvent: (event: StripeEvent) => void;
};

export class Billing {
  /** While due work runs, the time it was due at (so that what it schedules counts from then). */
  private processingAt: number | null = null;

  constructor(
    readonly state: State,
    private readonly options: BillingOptions,
  ) {}

  get publicUrl(): string {
    return this.options.publicUrl;
  }

  // ---------------------------------------------------------------- time and events

  /** The current time of a customer: its test clock's frozen time, or the (advanced) wall clock. */
  now(customerId?: string | null): number {
    if (this.processingAt !== null) return this.processingAt;
    const customer = customerId == null ? undefined : this.state.customers[customerId];
    const clock = customer?.test_clock == null ? undefined : this.state.testClocks[customer.test_clock];
    if (clock !== undefined) return clock.frozen_time;
    return Math.floor(Date.now() / 1000) + this.state.clockOffset;
  }

  emit(type: string, object: unknown, previousAttributes?: Record<string, unknown>): void {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.options.apiVersion,
      created: this.processingAt ?? Math.floor(Date.now() / 1000) + this.state.clockOffset,
      type,
      data: {
        object: clone(object),
        ...(previousAttributes === undefined ? {} : { previous_attributes: previousAttributes }),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
    };
    this.state.events.push(event);
    this.options.onEvent(event);
  }

  // ---------------------------------------------------------------- lookups

  customer(id: string, param = 'customer'): Customer {
    const customer = this.state.customers[id];
    if (customer === undefined || customer.deleted === true) throw missingResource('customer', id, param);
    return customer;
  }

  price(id: string, param = 'price'): Price {
    const price = this.state.prices[id];
    if (price === undefined) throw missingResource('price', id, param);
    return price;
  }

  subscription(id: string, param = 'subscription'): Subscription {
    const subscription = this.state.subscriptions[id];
    if (subscription === undefined) throw missingResource('subscription', id, param);
    return subscription;
  }

  invoiceSubscription(invoice: Invoice): Subscription | undefined {
    const id = invoice.parent?.subscription_details.subscription;
    return id === undefined ? undefined : this.state.subscriptions[id];
  }

  // ---------------------------------------------------------------- amounts and tax

  amountFor(price: Price, quantity: number): number {
    if (price.billing_scheme === 'per_unit') return (price.unit_amount ?? 0) * quantity;
    const tiers = (price.tiers ?? []).map((tier) => ({
      upTo: tier.up_to,
      unitAmount: tier.unit_amount ?? 0,
      flatAmount: tier.flat_amount,
    }));
    return tieredAmount(tiers, price.tiers_mode ?? 'graduated', quantity);
  }

  /** Automatic tax as Stripe Tax computes it for the seller's EU registration (rules.ts). */
  taxFor(
    country: string | null | undefined,
    hasVatId: boolean,
    exempt = false,
  ): { rate: number; reason: string } {
    if (exempt) return { rate: 0, reason: 'customer_exempt' };
    return stripeTax(country, hasVatId);
  }

  customerTax(customer: Customer): { rate: number; reason: string } {
    const hasVatId = Object.values(this.state.taxIds).some(
      (taxId) => taxId.customer === customer.id && taxId.type === 'eu_vat',
    );
    return this.taxFor(customer.address?.country, hasVatId, customer.tax_exempt !== 'none');
  }

  // ---------------------------------------------------------------- invoices

  line(input: {
    price: Price;
    quantity: number;
    amount: number;
    start: number;
    end: number;
    description: string;
    subscription: string | null;
    item: string | null;
    proration: boolean;
  }): InvoiceLine {
    return {
      id: newId('il'),
      object: 'line_item',
      amount: input.amount,
      currency: input.price.currency,
      description: input.description,
      quantity: input.quantity,
      period: { start: input.start, end: input.end },
      pricing: {
        type: 'price_details',
        price_details: { price: input.price.id, product: input.price.product },
        unit_amount_decimal: String(input.quantity === 0 ? 0 : input.amount / input.quantity),
      },
      parent:
        input.subscription === null
          ? null
          : {
              type: 'subscription_item_details',
              subscription_item_details: {
                subscription: input.subscription,
                subscription_item: input.item ?? '',
                proration: input.proration,
                invoice_item: null,
              },
            },
      metadata: {},
    };
  }

  productName(price: Price): string {
    return this.state.products[price.product]?.name ?? price.product;
  }

  periodLine(
    price: Price,
    quantity: number,
    start: number,
    end: number,
    subscription: string | null,
    item: string | null,
  ): InvoiceLine {
    return this.line({
      price,
      quantity,
      amount: this.amountFor(price, quantity),
      start,
      end,
      description: `${quantity} × ${this.productName(price)} (per ${price.recurring.interval})`,
      subscription,
      item,
      proration: false,
    });
  }

  /** Build an invoice (not stored). Tax comes from the customer unless `tax` is given (previews). */
  buildInvoice(input: {
    customer: Customer;
    subscription: Subscription | null;
    lines: InvoiceLine[];
    billingReason: Invoice['billing_reason'];
    periodStart: number;
    periodEnd: number;
    currency: string;
    automaticTax: boolean;
    tax?: { rate: number; reason: string };
    preview?: boolean;
  }): Invoice {
    const { customer } = input;
    const subtotal = input.lines.reduce((sum, line) => sum + line.amount, 0);
    const tax = input.automaticTax
      ? (input.tax ?? this.customerTax(customer))
      : { rate: 0, reason: 'not_collecting' };
    const taxAmount = Math.round((subtotal * tax.rate) / 100);
    const total = subtotal + taxAmount;
    const startingBalance = customer.balance;
    const due = total + startingBalance;
    const amountDue = Math.max(0, due);
    const id = input.preview === true ? newId('upcoming_in') : newId('in');
    return {
      id,
      object: 'invoice',
      created: this.now(customer.id),
      customer: customer.id,
      status: 'draft',
      billing_reason: input.billingReason,
      currency: input.currency,
      parent:
        input.subscription === null
          ? null
          : {
              type: 'subscription_details',
              subscription_details: {
                subscription: input.subscription.id,
                metadata: clone(input.subscription.metadata),
              },
            },
      lines: { object: 'list', data: input.lines, has_more: false, url: `/v1/invoices/${id}/lines` },
      subtotal,
      subtotal_excluding_tax: subtotal,
      total_excluding_tax: subtotal,
      total_taxes: input.automaticTax
        ? [
            {
              amount: taxAmount,
              tax_behavior: 'exclusive',
              taxability_reason: tax.reason,
              taxable_amount: subtotal,
            },
          ]
        : [],
      total,
      starting_balance: startingBalance,
      ending_balance: Math.min(0, due),
      amount_due: amountDue,
      amount_paid: 0,
      amount_remaining: amountDue,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      hosted_invoice_url: input.preview === true ? null : `${this.options.publicUrl}/i/${id}`,
      automatic_tax: { enabled: input.automaticTax, status: input.automaticTax ? 'complete' : null },
      customer_address: clone(customer.address),
      customer_tax_ids: Object.values(this.state.taxIds)
        .filter((taxId) => taxId.customer === customer.id)
        .map((taxId) => ({ type: taxId.type, value: taxId.value })),
      customer_tax_exempt: customer.tax_exempt,
      payments: { object: 'list', data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
      confirmation_secret: null,
      status_transitions: {
        finalized_at: null,
        paid_at: null,
        voided_at: null,
        marked_uncollectible_at: null,
      },
      metadata: {},
      livemode: false,
    };
  }

  /** Store and finalize an invoice: a PaymentIntent for the amount due, or paid at once when nothing is due. */
  finalizeInvoice(invoice: Invoice): Invoice {
    const customer = this.customer(invoice.customer);
    const at = this.now(customer.id);
    customer.balance = invoice.ending_balance;
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = at;
    this.state.invoices[invoice.id] = invoice;
    this.emit('invoice.created', invoice);
    if (invoice.amount_due === 0) {
      this.markPaid(invoice);
      return invoice;
    }
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      created: at,
      amount: invoice.amount_due,
      amount_received: 0,
      currency: invoice.currency,
      customer: customer.id,
      status: 'requires_payment_method',
      client_secret: '',
      payment_method: null,
      description:
        invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      next_action: null,
      last_payment_error: null,
      metadata: {},
      livemode: false,
    };
    intent.client_secret = `${intent.id}_secret_${newId('s').slice(2)}`;
    this.state.paymentIntents[intent.id] = intent;
    invoice.payments.data.push({
      id: newId('inpay'),
      object: 'invoice_payment',
      invoice: invoice.id,
      amount_paid: null,
      amount_requested: invoice.amount_due,
      is_default: true,
      status: 'open',
      payment: { type: 'payment_intent', payment_intent: intent.id },
    });
    invoice.confirmation_secret = { type: 'payment_intent', client_secret: intent.client_secret };
    this.emit('invoice.finalized', invoice);
    this.emit('payment_intent.created', intent);
    return invoice;
  }

  invoiceIntent(invoice: Invoice): PaymentIntent | undefined {
    const payment = invoice.payments.data.find((entry) => entry.is_default);
    return payment === undefined ? undefined : this.state.paymentIntents[payment.payment.payment_intent];
  }

  private markPaid(invoice: Invoice): void {
    const at = this.now(invoice.customer);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = at;
    for (const payment of invoice.payments.data) {
      payment.status = 'paid';
      payment.amount_paid = payment.amount_requested;
    }
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    this.afterInvoicePaid(invoice);
  }

  /**
   * Charge an open invoice with a payment method. `onSession` payments are those a customer makes on
   * a hosted page (checkout, 3-D Secure, invoice, portal); renewals and API calls are off-session.
   */
  payInvoice(
    invoice: Invoice,
    paymentMethodId: string | null,
    onSession: boolean,
  ): 'succeeded' | 'requires_action' | 'declined' {
    if (invoice.status === 'paid') return 'succeeded';
    if (invoice.status !== 'open') {
      throw invalidRequest(
        `Invoice ${invoice.id} is ${invoice.status} and cannot be paid.`,
        undefined,
        'invoice_not_editable',
      );
    }
    const intent = this.invoiceIntent(invoice);
    if (intent === undefined) return 'succeeded';
    const paymentMethod = paymentMethodId === null ? undefined : this.state.paymentMethods[paymentMethodId];
    if (paymentMethod === undefined) {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
        undefined,
        'resource_missing',
      );
    }
    const at = this.now(invoice.customer);
    invoice.attempt_count += 1;
    invoice.attempted = true;
    intent.payment_method = paymentMethod.id;
    const behaviour = cardBehaviour(paymentMethod.card.last4);
    const outcome =
      behaviour === 'fails_off_session'
        ? onSession
          ? 'succeeded'
          : 'declined'
        : behaviour === 'succeeds'
          ? 'succeeded'
          : behaviour;
    if (outcome === 'succeeded') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.next_action = null;
      intent.last_payment_error = null;
      this.emit('payment_intent.succeeded', intent);
      this.markPaid(invoice);
    } else if (outcome === 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${this.options.publicUrl}/3ds/${intent.id}`,
          return_url: intent.next_action?.redirect_to_url.return_url ?? null,
        },
      };
      this.scheduleRetry(invoice, at);
      this.emit('payment_intent.requires_action', intent);
      this.emit('invoice.payment_action_required', invoice);
    } else {
      intent.status = 'requires_payment_method';
      intent.next_action = null;
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      this.scheduleRetry(invoice, at);
      this.emit('payment_intent.payment_failed', intent);
      this.emit('invoice.payment_failed', invoice);
    }
    return outcome;
  }

  /** The outcome of the 3-D Secure challenge page. */
  authenticate(intent: PaymentIntent, succeeded: boolean): void {
    if (intent.status !== 'requires_action') return;
    const invoice = Object.values(this.state.invoices).find(
      (entry) => this.invoiceIntent(entry)?.id === intent.id,
    );
    intent.next_action = null;
    if (succeeded) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      this.emit('payment_intent.succeeded', intent);
      if (invoice !== undefined) this.markPaid(invoice);
      return;
    }
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: 'payment_intent_authentication_failure',
      message: 'The provided PaymentMethod has failed authentication.',
    };
    this.emit('payment_intent.payment_failed', intent);
    if (invoice !== undefined) this.emit('invoice.payment_failed', invoice);
  }

  /** Renewal invoices that fail are retried; subscription_create/update invoices are not. */
  private scheduleRetry(invoice: Invoice, at: number): void {
    if (invoice.billing_reason !== 'subscription_cycle') return;
    const delay = RETRY_DELAYS_DAYS[invoice.attempt_count - 1];
    invoice.next_payment_attempt = delay === undefined ? null : at + delay * DAY;
  }

  private afterInvoicePaid(invoice: Invoice): void {
    const subscription = this.invoiceSubscription(invoice);
    if (subscription === undefined) return;
    const previous: Record<string, unknown> = {};
    if (subscription.pending_update !== null) {
      previous.items = clone(subscription.items);
      previous.pending_update = clone(subscription.pending_update);
      this.applyItems(subscription, subscription.pending_update.subscription_items);
      subscription.pending_update = null;
    }
    const otherOpen = Object.values(this.state.invoices).some(
      (entry) =>
        entry.id !== invoice.id &&
        entry.status === 'open' &&
        this.invoiceSubscription(entry)?.id === subscription.id,
    );
    if (['incomplete', 'past_due', 'unpaid'].includes(subscription.status) && !otherOpen) {
      previous.status = subscription.status;
      subscription.status = 'active';
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', subscription, previous);
  }

  // ---------------------------------------------------------------- subscriptions

  private defaultPaymentMethod(subscription: Subscription): string | null {
    return (
      subscription.default_payment_method ??
      this.state.customers[subscription.customer]?.invoice_settings.default_payment_method ??
      null
    );
  }

  private checkPrices(items: { price: string; quantity: number }[]): Price[] {
    if (items.length === 0)
      throw invalidRequest('Missing required param: items.', 'items', 'parameter_missing');
    const prices = items.map((item, index) => this.price(item.price, `items[${index}][price]`));
    const [first] = prices;
    for (const [index, price] of prices.entries()) {
      if (!price.active)
        throw invalidRequest(
          `The price specified is inactive. This field only accepts active prices.`,
          `items[${index}][price]`,
        );
      if (price.currency !== first!.currency) {
        throw invalidRequest(
          'All prices on a subscription must have the same currency.',
          `items[${index}][price]`,
        );
      }
      if (price.recurring.interval !== first!.recurring.interval) {
        throw invalidRequest(
          'All prices on a subscription must have the same recurring.interval.',
          `items[${index}][price]`,
        );
      }
      if (!Number.isInteger(items[index]!.quantity) || items[index]!.quantity < 0) {
        throw invalidRequest(
          'Invalid integer: quantity',
          `items[${index}][quantity]`,
          'parameter_invalid_integer',
        );
      }
    }
    return prices;
  }

  createSubscription(input: {
    customer: Customer;
    items: { price: string; quantity: number; metadata?: Metadata }[];
    defaultPaymentMethod: string | null;
    metadata: Metadata;
    automaticTax: boolean;
    paymentBehavior: PaymentBehavior;
    onSession: boolean;
  }): Subscription {
    const prices = this.checkPrices(input.items);
    const at = this.now(input.customer.id);
    const interval = prices[0]!.recurring.interval;
    const end = addInterval(at, interval);
    const id = newId('sub');
    const paymentMethod =
      input.defaultPaymentMethod ?? input.customer.invoice_settings.default_payment_method;
    if (paymentMethod === null && input.paymentBehavior !== 'default_incomplete') {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
        undefined,
        'resource_missing',
      );
    }
    const subscription: Subscription = {
      id,
      object: 'subscription',
      created: at,
      customer: input.customer.id,
      status: 'incomplete',
      currency: prices[0]!.currency,
      items: {
        object: 'list',
        data: input.items.map((item, index) => ({
          id: newId('si'),
          object: 'subscription_item',
          created: at,
          subscription: id,
          price: clone(prices[index]!),
          quantity: item.quantity,
          current_period_start: at,
          current_period_end: end,
          metadata: item.metadata ?? {},
        })),
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      start_date: at,
      billing_cycle_anchor: at,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      latest_invoice: null,
      default_payment_method: input.defaultPaymentMethod,
      schedule: null,
      pending_update: null,
      automatic_tax: { enabled: input.automaticTax },
      collection_method: 'charge_automatically',
      metadata: input.metadata,
      livemode: false,
    };
    const invoice = this.buildInvoice({
      customer: input.customer,
      subscription,
      lines: subscription.items.data.map((item) =>
        this.periodLine(item.price, item.quantity, at, end, id, item.id),
      ),
      billingReason: 'subscription_create',
      periodStart: at,
      periodEnd: at,
      currency: subscription.currency,
      automaticTax: input.automaticTax,
    });
    if (input.paymentBehavior === 'error_if_incomplete') {
      const paymentMethodRecord =
        paymentMethod === null ? undefined : this.state.paymentMethods[paymentMethod];
      const behaviour =
        paymentMethodRecord === undefined ? 'declined' : cardBehaviour(paymentMethodRecord.card.last4);
      const fails = behaviour === 'declined' || (behaviour === 'fails_off_session' && !input.onSession);
      if (invoice.amount_due > 0 && (fails || behaviour === 'requires_action')) {
        throw new StripeError(
          402,
          'card_error',
          fails ? 'Your card was declined.' : 'This payment requires authentication.',
          {
            code: fails ? 'card_declined' : 'subscription_payment_intent_requires_action',
            ...(fails ? { decline_code: 'generic_decline' } : {}),
          },
        );
      }
    }
    this.state.subscriptions[id] = subscription;
    subscription.latest_invoice = invoice.id;
    this.emit('customer.subscription.created', subscription);
    this.finalizeInvoice(invoice);
    if (invoice.status === 'open' && input.paymentBehavior !== 'default_incomplete') {
      this.payInvoice(invoice, paymentMethod, input.onSession);
    }
    return subscription;
  }

  private currentPeriod(subscription: Subscription): { start: number; end: number } {
    const item = subscription.items.data[0];
    return {
      start: item?.current_period_start ?? subscription.start_date,
      end: item?.current_period_end ?? subscription.start_date,
    };
  }

  /** The items after applying `changes` (by id: update or delete; without id: add). */
  resolveItems(
    subscription: Subscription,
    changes: ItemChange[],
  ): { id: string; price: string; quantity: number }[] {
    const items = subscription.items.data.map((item) => ({
      id: item.id,
      price: item.price.id,
      quantity: item.quantity,
    }));
    changes.forEach((change, index) => {
      if (change.id !== undefined) {
        const existing = items.find((item) => item.id === change.id);
        if (existing === undefined)
          throw missingResource('subscription item', change.id, `items[${index}][id]`);
        if (change.deleted === true) items.splice(items.indexOf(existing), 1);
        else {
          if (change.price !== undefined) existing.price = change.price;
          if (change.quantity !== undefined) existing.quantity = change.quantity;
        }
      } else {
        if (change.price === undefined)
          throw invalidRequest(
            'Missing required param: items[price].',
            `items[${index}][price]`,
            'parameter_missing',
          );
        items.push({ id: newId('si'), price: change.price, quantity: change.quantity ?? 1 });
      }
    });
    this.checkPrices(items);
    return items;
  }

  private applyItems(
    subscription: Subscription,
    items: { id: string; price: string; quantity: number }[],
    period?: { start: number; end: number },
  ): void {
    const current = period ?? this.currentPeriod(subscription);
    const at = this.now(subscription.customer);
    subscription.items.data = items.map((item) => {
      const existing = subscription.items.data.find((entry) => entry.id === item.id);
      return {
        id: item.id,
        object: 'subscription_item',
        created: existing?.created ?? at,
        subscription: subscription.id,
        price: clone(this.price(item.price)),
        quantity: item.quantity,
        current_period_start: current.start,
        current_period_end: current.end,
        metadata: existing?.metadata ?? {},
      };
    });
  }

  /** Proration lines for moving from the current items to `next` at `at` within the current period. */
  prorationLines(
    subscription: Subscription,
    next: { id: string; price: string; quantity: number }[],
    at: number,
    newPeriodEnd?: number,
  ): InvoiceLine[] {
    const { start, end } = this.currentPeriod(subscription);
    const remaining = Math.max(0, end - at) / Math.max(1, end - start);
    const lines: InvoiceLine[] = [];
    const date = new Date(at * 1000).toISOString().slice(0, 10);
    for (const item of subscription.items.data) {
      const after = next.find((entry) => entry.id === item.id);
      if (
        after !== undefined &&
        after.price === item.price.id &&
        after.quantity === item.quantity &&
        newPeriodEnd === undefined
      )
        continue;
      const credit = Math.round(this.amountFor(item.price, item.quantity) * remaining);
      if (credit !== 0) {
        lines.push(
          this.line({
            price: item.price,
            quantity: item.quantity,
            amount: -credit,
            start: at,
            end,
            description: `Unused time on ${item.quantity} × ${this.productName(item.price)} after ${date}`,
            subscription: subscription.id,
            item: item.id,
            proration: true,
          }),
        );
      }
    }
    for (const item of next) {
      const before = subscription.items.data.find((entry) => entry.id === item.id);
      if (
        before !== undefined &&
        before.price.id === item.price &&
        before.quantity === item.quantity &&
        newPeriodEnd === undefined
      )
        continue;
      const price = this.price(item.price);
      const amount =
        newPeriodEnd === undefined
          ? Math.round(this.amountFor(price, item.quantity) * remaining)
          : this.amountFor(price, item.quantity);
      lines.push(
        this.line({
          price,
          quantity: item.quantity,
          amount,
          start: at,
          end: newPeriodEnd ?? end,
          description: `${newPeriodEnd === undefined ? 'Remaining time on ' : ''}${item.quantity} × ${this.productName(price)}${newPeriodEnd === undefined ? ` after ${date}` : ''}`,
          subscription: subscription.id,
          item: item.id,
          proration: newPeriodEnd === undefined,
        }),
      );
    }
    return lines;
  }

  updateSubscription(
    subscription: Subscription,
    input: {
      items?: ItemChange[];
      prorationBehavior?: ProrationBehavior;
      prorationDate?: number;
      paymentBehavior?: PaymentBehavior;
      cancelAtPeriodEnd?: boolean;
      metadata?: Metadata;
      defaultPaymentMethod?: string | null;
      automaticTax?: boolean;
    },
  ): Subscription {
    if (['canceled', 'incomplete_expired'].includes(subscription.status)) {
      throw invalidRequest(
        `A canceled subscription can only update its cancellation_details and metadata.`,
        undefined,
        'resource_missing',
      );
    }
    const previous: Record<string, unknown> = {};
    const set = <K extends keyof Subscription>(key: K, value: Subscription[K]): void => {
      if (JSON.stringify(subscription[key]) === JSON.stringify(value)) return;
      previous[key] = clone(subscription[key]);
      subscription[key] = value;
    };
    if (input.metadata !== undefined) set('metadata', input.metadata);
    if (input.defaultPaymentMethod !== undefined) set('default_payment_method', input.defaultPaymentMethod);
    if (input.automaticTax !== undefined) set('automatic_tax', { enabled: input.automaticTax });
    if (input.cancelAtPeriodEnd !== undefined) {
      set('cancel_at_period_end', input.cancelAtPeriodEnd);
      set('cancel_at', input.cancelAtPeriodEnd ? this.currentPeriod(subscription).end : null);
    }
    if (input.items !== undefined && input.items.length > 0) {
      const next = this.resolveItems(subscription, input.items);
      const at = input.prorationDate ?? this.now(subscription.customer);
      const behavior = input.prorationBehavior ?? 'create_prorations';
      const oldInterval = subscription.items.data[0]!.price.recurring.interval;
      const newInterval = this.price(next[0]!.price).recurring.interval;
      const intervalChange = oldInterval !== newInterval;
      const newPeriod = intervalChange ? { start: at, end: addInterval(at, newInterval) } : undefined;
      let lines = this.prorationLines(subscription, next, at, newPeriod?.end);
      if (behavior === 'none' && !intervalChange) lines = [];
      if (behavior === 'none' && intervalChange) lines = lines.filter((line) => line.amount > 0);
      const invoiceNow = lines.length > 0 && (behavior === 'always_invoice' || intervalChange);
      const previousItems = clone(subscription.items);
      const previousLatestInvoice = subscription.latest_invoice;
      const previousPendingLines = this.state.pendingLines[subscription.id];
      if (invoiceNow) {
        const customer = this.customer(subscription.customer);
        const invoice = this.buildInvoice({
          customer,
          subscription,
          lines: [...(this.state.pendingLines[subscription.id] ?? []), ...lines],
          billingReason: 'subscription_update',
          periodStart: at,
          periodEnd: at,
          currency: subscription.currency,
          automaticTax: subscription.automatic_tax.enabled,
        });
        delete this.state.pendingLines[subscription.id];
        const paymentBehavior = input.paymentBehavior ?? 'allow_incomplete';
        if (paymentBehavior === 'pending_if_incomplete') {
          subscription.pending_update = { expires_at: at + INCOMPLETE_EXPIRY, subscription_items: next };
        } else {
          this.applyItems(subscription, next, newPeriod);
        }
        subscription.latest_invoice = invoice.id;
        previous.latest_invoice = null;
        this.finalizeInvoice(invoice);
        if (invoice.status === 'open') {
          const outcome = this.payInvoice(invoice, this.defaultPaymentMethod(subscription), false);
          if (outcome !== 'succeeded' && paymentBehavior === 'error_if_incomplete') {
            // Stripe makes the whole update or none of it: metadata and the rest are restored too.
            Object.assign(subscription, previous);
            subscription.items = previousItems;
            subscription.latest_invoice = previousLatestInvoice;
            if (previousPendingLines !== undefined)
              this.state.pendingLines[subscription.id] = previousPendingLines;
            invoice.status = 'void';
            throw new StripeError(402, 'card_error', 'Your card was declined.', {
              code: 'card_declined',
              decline_code: 'generic_decline',
            });
          }
        }
      } else {
        if (lines.length > 0)
          this.state.pendingLines[subscription.id] = [
            ...(this.state.pendingLines[subscription.id] ?? []),
            ...lines,
          ];
        this.applyItems(subscription, next, newPeriod);
      }
      if (JSON.stringify(previousItems) !== JSON.stringify(subscription.items))
        previous.items = previousItems;
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  /**
   * Cancels at once. `prorate` credits the unused time of the current period
   * (https://docs.stripe.com/api/subscriptions/cancel); with `invoiceNow` the credit goes on a final
   * invoice at once, whose negative total becomes the customer's credit balance, taken off the
   * customer's next invoice. (Stripe keeps a credit without invoice_now as a pending invoice item of
   * the customer; the emulator asks for invoice_now instead.)
   */
  cancelSubscription(
    subscription: Subscription,
    at = this.now(subscription.customer),
    options: { prorate?: boolean; invoiceNow?: boolean } = {},
  ): Subscription {
    if (subscription.status === 'canceled') return subscription;
    if (options.prorate === true && subscription.status !== 'incomplete') {
      if (options.invoiceNow !== true) {
        throw invalidRequest(
          'The emulator credits a prorated cancellation only with invoice_now=true.',
          'invoice_now',
        );
      }
      const lines = this.prorationLines(subscription, [], at);
      if (lines.length > 0) {
        const invoice = this.buildInvoice({
          customer: this.customer(subscription.customer),
          subscription,
          lines,
          billingReason: 'subscription_update',
          periodStart: at,
          periodEnd: at,
          currency: subscription.currency,
          automaticTax: subscription.automatic_tax.enabled,
        });
        this.finalizeInvoice(invoice);
      }
    }
    subscription.status = 'canceled';
    subscription.canceled_at = subscription.canceled_at ?? at;
    subscription.ended_at = at;
    const schedule = subscription.schedule === null ? undefined : this.state.schedules[subscription.schedule];
    if (schedule !== undefined && schedule.status === 'active') {
      schedule.status = 'canceled';
      schedule.canceled_at = at;
      this.emit('subscription_schedule.canceled', schedule);
    }
    for (const invoice of Object.values(this.state.invoices)) {
      if (invoice.status === 'open' && this.invoiceSubscription(invoice)?.id === subscription.id)
        invoice.next_payment_attempt = null;
    }
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  // ---------------------------------------------------------------- schedules

  phaseEnd(start: number, items: { price: string }[], iterations: number): number {
    const price = this.price(items[0]!.price);
    return addInterval(start, price.recurring.interval, iterations);
  }

  releaseSchedule(schedule: SubscriptionSchedule): void {
    const at = this.now(schedule.customer);
    const subscription =
      schedule.subscription === null ? undefined : this.state.subscriptions[schedule.subscription];
    schedule.status = 'released';
    schedule.released_at = at;
    schedule.released_subscription = schedule.subscription;
    schedule.subscription = null;
    schedule.current_phase = null;
    if (subscription !== undefined) {
      subscription.schedule = null;
      this.emit('customer.subscription.updated', subscription, { schedule: schedule.id });
    }
    this.emit('subscription_schedule.released', schedule);
  }

  // ---------------------------------------------------------------- the passing of time

  /**
   * Run everything that falls due up to the current time of the customers on `clockId` (null: the
   * customers without a test clock): renewals, scheduled phase changes, period-end cancellations,
   * payment retries and expiries, in time order.
   */
  processDue(clockId: string | null): void {
    for (let guard = 0; guard < 10_000; guard += 1) {
      const next = this.nextDue(clockId);
      if (next === null) return;
      this.processingAt = next.at;
      try {
        next.run();
      } finally {
        this.processingAt = null;
      }
    }
  }

  private onClock(customerId: string, clockId: string | null): boolean {
    return (this.state.customers[customerId]?.test_clock ?? null) === clockId;
  }

  private nextDue(clockId: string | null): { at: number; run: () => void } | null {
    let best: { at: number; run: () => void } | null = null;
    const consider = (at: number, run: () => void, now: number) => {
      if (at <= now && (best === null || at < best.at)) best = { at, run };
    };
    for (const subscription of Object.values(this.state.subscriptions)) {
      if (!this.onClock(subscription.customer, clockId)) continue;
      const now = this.now(subscription.customer);
      if (subscription.status === 'incomplete') {
        consider(subscription.created + INCOMPLETE_EXPIRY, () => this.expireIncomplete(subscription), now);
        continue;
      }
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
      const { end } = this.currentPeriod(subscription);
      consider(end, () => this.endPeriod(subscription, end), now);
      if (subscription.pending_update !== null) {
        const pending = subscription.pending_update;
        consider(
          pending.expires_at,
          () => {
            subscription.pending_update = null;
            this.emit('customer.subscription.pending_update_expired', subscription, {
              pending_update: pending,
            });
          },
          now,
        );
      }
    }
    for (const invoice of Object.values(this.state.invoices)) {
      if (
        invoice.status !== 'open' ||
        invoice.next_payment_attempt === null ||
        !this.onClock(invoice.customer, clockId)
      )
        continue;
      const at = invoice.next_payment_attempt;
      consider(at, () => this.retryInvoice(invoice), this.now(invoice.customer));
    }
    return best;
  }

  private expireIncomplete(subscription: Subscription): void {
    subscription.status = 'incomplete_expired';
    subscription.ended_at = subscription.created + INCOMPLETE_EXPIRY;
    const invoice =
      subscription.latest_invoice === null ? undefined : this.state.invoices[subscription.latest_invoice];
    if (invoice !== undefined && invoice.status === 'open') invoice.status = 'void';
    this.emit('customer.subscription.deleted', subscription, { status: 'incomplete' });
  }

  /** The end of a billing period: cancel at period end, move to the next schedule phase, renew. */
  private endPeriod(subscription: Subscription, at: number): void {
    if (subscription.cancel_at_period_end) {
      this.cancelSubscription(subscription, at);
      return;
    }
    const previous: Record<string, unknown> = { items: clone(subscription.items) };
    const schedule = subscription.schedule === null ? undefined : this.state.schedules[subscription.schedule];
    if (schedule !== undefined && schedule.status === 'active') {
      const phase = schedule.phases.find((entry) => entry.start_date <= at && at < entry.end_date);
      if (phase === undefined) {
        if (schedule.end_behavior === 'cancel') {
          schedule.status = 'completed';
          schedule.completed_at = at;
          this.emit('subscription_schedule.completed', schedule);
          this.cancelSubscription(subscription, at);
          return;
        }
        this.releaseSchedule(schedule);
      } else {
        schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
        const items = phase.items.map((item) => {
          const same = subscription.items.data.find((entry) => entry.price.id === item.price);
          return { id: same?.id ?? newId('si'), price: item.price, quantity: item.quantity };
        });
        this.applyItems(subscription, items);
        // Stripe: entering a phase sets its metadata on the subscription (new keys added,
        // existing keys replaced).
        if (Object.keys(phase.metadata).length > 0) {
          previous.metadata = clone(subscription.metadata);
          subscription.metadata = { ...subscription.metadata, ...phase.metadata };
        }
        this.emit('subscription_schedule.updated', schedule);
      }
    }
    const interval = subscription.items.data[0]!.price.recurring.interval;
    const end = addInterval(at, interval);
    for (const item of subscription.items.data) {
      item.current_period_start = at;
      item.current_period_end = end;
    }
    const customer = this.customer(subscription.customer);
    const invoice = this.buildInvoice({
      customer,
      subscription,
      lines: [
        ...(this.state.pendingLines[subscription.id] ?? []),
        ...subscription.items.data.map((item) =>
          this.periodLine(item.price, item.quantity, at, end, subscription.id, item.id),
        ),
      ],
      billingReason: 'subscription_cycle',
      periodStart: at,
      periodEnd: at,
      currency: subscription.currency,
      automaticTax: subscription.automatic_tax.enabled,
    });
    delete this.state.pendingLines[subscription.id];
    subscription.latest_invoice = invoice.id;
    this.emit('customer.subscription.updated', subscription, previous);
    this.finalizeInvoice(invoice);
    if (invoice.status !== 'open') return;
    const outcome = this.payInvoice(invoice, this.defaultPaymentMethod(subscription), false);
    if (outcome !== 'succeeded' && subscription.status === 'active') {
      subscription.status = 'past_due';
      this.emit('customer.subscription.updated', subscription, { status: 'active' });
    }
  }

  private retryInvoice(invoice: Invoice): void {
    const subscription = this.invoiceSubscription(invoice);
    const paymentMethod = subscription === undefined ? null : this.defaultPaymentMethod(subscription);
    invoice.next_payment_attempt = null;
    const outcome = paymentMethod === null ? 'declined' : this.payInvoice(invoice, paymentMethod, false);
    if (outcome !== 'succeeded' && invoice.next_payment_attempt === null && subscription !== undefined) {
      // every attempt failed: the subscription is canceled (spec 001 'All payment attempts failed')
      this.cancelSubscription(subscription, this.now(invoice.customer));
    }
  }
}
