import type { Billing, ItemChange, PaymentBehavior, ProrationBehavior } from './billing';
import { addInterval } from './billing';
import { cardBehaviour, cardBrand, TEST_PAYMENT_METHODS } from './cards';
import type { Raw } from './params';
import { invalidRequest, missingResource, Params, StripeError } from './params';
import { isWellFormedEuVat } from './rules';
import type {
  Address,
  CheckoutSession,
  Customer,
  Invoice,
  PaymentMethod,
  Price,
  PriceTierObject,
  Product,
  Refund,
  SchedulePhase,
  Subscription,
  SubscriptionSchedule,
  TaxId,
  TestClock,
} from './state';
import { blankCustomer, newId } from './state';

/**
 * The REST API (`/v1/…`) for the subset of Stripe that MergeDesk uses. Each handler takes the
 * parsed parameters and returns a Stripe object; `render` then applies `expand[]`.
 */

type Handler = (params: Params, match: string[]) => unknown;
type Route = { method: string; pattern: RegExp; handler: Handler };

const TAX_ID_TYPES = ['eu_vat', 'gb_vat', 'us_ein', 'in_gst', 'ch_vat', 'no_vat', 'au_abn', 'ca_bn'] as const;

const list = <T extends { id: string; created: number }>(items: T[], params: Params, url: string) => {
  const limit = Math.min(100, Math.max(1, params.integer('limit') ?? 10));
  const sorted = [...items].sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  const after = params.string('starting_after');
  const start = after === undefined ? 0 : sorted.findIndex((item) => item.id === after) + 1;
  const data = sorted.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < sorted.length, url };
};

/** A list endpoint: each filter applies when its parameter is given. */
const listWhere = <T extends { id: string; created: number }>(
  items: T[],
  params: Params,
  url: string,
  filters: Record<string, (item: T, value: string) => boolean>,
) =>
  list(
    items.filter((item) =>
      Object.entries(filters).every(([name, keep]) => {
        const value = params.string(name);
        return value === undefined || keep(item, value);
      }),
    ),
    params,
    url,
  );

const readAddress = (params: Params | undefined, current: Address | null): Address | null => {
  if (params === undefined) return current;
  return {
    city: params.string('city') ?? current?.city ?? null,
    country: params.string('country') ?? current?.country ?? null,
    line1: params.string('line1') ?? current?.line1 ?? null,
    line2: params.string('line2') ?? current?.line2 ?? null,
    postal_code: params.string('postal_code') ?? current?.postal_code ?? null,
    state: params.string('state') ?? current?.state ?? null,
  };
};

const vatCountry = (value: string): string => {
  const prefix = value
    .replace(/[\s.-]/g, '')
    .slice(0, 2)
    .toUpperCase();
  return prefix === 'EL' ? 'GR' : prefix;
};

/** Stripe refuses a malformed tax id with `tax_id_invalid`. */
const checkTaxId = (type: string, value: string, param: string): void => {
  if (!(TAX_ID_TYPES as readonly string[]).includes(type)) {
    throw invalidRequest(
      `Invalid ${param.replace('value', 'type')}: must be one of ${TAX_ID_TYPES.join(', ')}`,
      param,
    );
  }
  if (type === 'eu_vat' && !isWellFormedEuVat(value)) {
    throw invalidRequest(`Invalid value for eu_vat.`, param, 'tax_id_invalid');
  }
};

export class Api {
  private readonly routes: Route[] = [];

  constructor(private readonly billing: Billing) {
    this.register();
  }

  private get state() {
    return this.billing.state;
  }

  private route(method: string, path: string, handler: Handler): void {
    const pattern = new RegExp(`^${path.replace(/:(\w+)/g, '([^/]+)')}$`);
    this.routes.push({ method, pattern, handler });
  }

  /** The handler's result, or null when no route matches. */
  handle(method: string, pathname: string, raw: Raw): unknown {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(pathname);
      if (match === null) continue;
      const params = new Params(raw);
      const result = route.handler(
        params,
        match.slice(1).map((part) => decodeURIComponent(part)),
      );
      return this.render(result, new Set(params.stringList('expand')), '');
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${pathname}).`);
  }

  // ---------------------------------------------------------------- expansion

  private lookup(id: string): unknown {
    const state = this.state;
    const stores: Record<string, unknown>[] = [
      state.schedules,
      state.subscriptions,
      state.customers,
      state.invoices,
      state.paymentIntents,
      state.paymentMethods,
      state.prices,
      state.products,
      state.taxIds,
      state.testClocks,
      state.checkoutSessions,
    ];
    for (const store of stores) if (Object.hasOwn(store, id)) return store[id];
    return undefined;
  }

  /** Stripe's `expand[]`: replace ids by objects at the named paths; price tiers only when expanded. */
  render(value: unknown, expand: Set<string>, path: string): unknown {
    if (typeof value === 'string') {
      if (path !== '' && [...expand].some((entry) => entry === path || entry.startsWith(`${path}.`))) {
        return this.render(this.lookup(value) ?? value, expand, path);
      }
      return value;
    }
    if (Array.isArray(value)) return value.map((entry) => this.render(entry, expand, path));
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      const next = path === '' ? key : `${path}.${key}`;
      if (key === 'tiers' && (value as { object?: string }).object === 'price' && !expand.has(next)) continue;
      out[key] = key === 'metadata' ? entry : this.render(entry, expand, next);
    }
    if (out.object === 'checkout.session' && expand.has(path === '' ? 'line_items' : `${path}.line_items`)) {
      out.line_items = this.lineItems(out.id as string);
    }
    return out;
  }

  // ---------------------------------------------------------------- resources

  /** One group of routes per Stripe resource, tried in this order: a fixed path (`/v1/customers/search`) before `:id`. */
  private register(): void {
    this.registerCustomerRoutes();
    this.registerPaymentMethodRoutes();
    this.registerProductRoutes();
    this.registerCheckoutRoutes();
    this.registerSubscriptionRoutes();
    this.registerScheduleRoutes();
    this.registerInvoiceRoutes();
    this.registerPaymentIntentRoutes();
    this.registerPortalRoutes();
    this.registerEventRoutes();
    this.registerTestClockRoutes();
  }

  /** Stripe's customers, their balance transactions and tax ids. */
  private registerCustomerRoutes(): void {
    const billing = this.billing;
    const state = this.state;
    this.route('POST', '/v1/customers', (p) => this.saveCustomer(undefined, p));
    this.route('GET', '/v1/customers', (p) =>
      listWhere(
        Object.values(state.customers).filter((c) => c.deleted !== true),
        p,
        '/v1/customers',
        { email: (c, email) => c.email === email, test_clock: (c, clock) => c.test_clock === clock },
      ),
    );
    this.route('GET', '/v1/customers/search', (p) => {
      const query = p.requiredString('query');
      const clauses = [...query.matchAll(/(metadata\['([^']+)'\]|email|name):\s*'([^']*)'/g)];
      if (clauses.length === 0)
        throw invalidRequest(`The query is not supported by the emulator: ${query}`, 'query');
      const data = Object.values(state.customers).filter(
        (c) =>
          c.deleted !== true &&
          clauses.every(([, field, metaKey, expected]) =>
            metaKey !== undefined
              ? c.metadata[metaKey] === expected
              : field === 'email'
                ? c.email === expected
                : c.name === expected,
          ),
      );
      return { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/customers/search' };
    });
    this.route('GET', '/v1/customers/:id', (_p, [id]) => {
      const customer = state.customers[id!];
      if (customer === undefined) throw missingResource('customer', id!);
      return customer.deleted === true ? { id, object: 'customer', deleted: true } : customer;
    });
    this.route('POST', '/v1/customers/:id', (p, [id]) => this.saveCustomer(billing.customer(id!, 'id'), p));
    this.route('DELETE', '/v1/customers/:id', (_p, [id]) => {
      const customer = billing.customer(id!, 'id');
      for (const subscription of Object.values(state.subscriptions)) {
        if (subscription.customer === customer.id) billing.cancelSubscription(subscription);
      }
      customer.deleted = true;
      billing.emit('customer.deleted', customer);
      return { id, object: 'customer', deleted: true };
    });
    // https://docs.stripe.com/api/customer_balance_transactions/create: a negative amount is a
    // credit, taken off the customer's next invoices.
    this.route('POST', '/v1/customers/:id/balance_transactions', (p, [id]) => {
      const customer = billing.customer(id!, 'id');
      const amount = p.integer('amount');
      if (amount === undefined) throw invalidRequest('Missing required param: amount.', 'amount');
      const currency = p.requiredString('currency').toLowerCase();
      const startingBalance = customer.balance;
      customer.balance += amount;
      const transaction = {
        id: newId('cbtxn'),
        object: 'customer_balance_transaction',
        created: billing.now(customer.id),
        customer: customer.id,
        amount,
        currency,
        description: p.string('description') ?? null,
        ending_balance: customer.balance,
        type: 'adjustment',
        metadata: p.metadata(),
        livemode: false,
      };
      billing.emit('customer.updated', customer, { balance: startingBalance });
      return transaction;
    });
    this.route('POST', '/v1/customers/:id/tax_ids', (p, [id]) =>
      this.createTaxId(
        billing.customer(id!, 'id'),
        p.requiredString('type'),
        p.requiredString('value'),
        'value',
      ),
    );
    this.route('GET', '/v1/customers/:id/tax_ids', (p, [id]) =>
      list(
        Object.values(state.taxIds).filter((t) => t.customer === id),
        p,
        `/v1/customers/${id}/tax_ids`,
      ),
    );
    this.route('GET', '/v1/customers/:id/tax_ids/:tax', (_p, [id, tax]) => {
      const taxId = state.taxIds[tax!];
      if (taxId === undefined || taxId.customer !== id) throw missingResource('tax_id', tax!);
      return taxId;
    });
    this.route('DELETE', '/v1/customers/:id/tax_ids/:tax', (_p, [id, tax]) => {
      const taxId = state.taxIds[tax!];
      if (taxId === undefined || taxId.customer !== id) throw missingResource('tax_id', tax!);
      delete state.taxIds[tax!];
      billing.emit('customer.tax_id.deleted', taxId);
      return { id: tax, object: 'tax_id', deleted: true };
    });
    this.route('GET', '/v1/customers/:id/payment_methods', (p, [id]) =>
      list(
        Object.values(state.paymentMethods).filter((m) => m.customer === id),
        p,
        `/v1/customers/${id}/payment_methods`,
      ),
    );
  }

  /** Stripe's payment methods. */
  private registerPaymentMethodRoutes(): void {
    const billing = this.billing;
    const state = this.state;
    this.route('POST', '/v1/payment_methods/:id/attach', (p, [id]) =>
      this.attachPaymentMethod(id!, billing.customer(p.requiredString('customer'))),
    );
    this.route('POST', '/v1/payment_methods/:id/detach', (_p, [id]) => {
      const method = state.paymentMethods[id!];
      if (method === undefined) throw missingResource('payment_method', id!);
      method.customer = null;
      billing.emit('payment_method.detached', method);
      return method;
    });
    this.route('GET', '/v1/payment_methods/:id', (_p, [id]) => {
      const method = state.paymentMethods[id!];
      if (method === undefined) throw missingResource('payment_method', id!);
      return method;
    });
  }

  /** Stripe's products and prices. */
  private registerProductRoutes(): void {
    const billing = this.billing;
    const state = this.state;
    this.route('POST', '/v1/products', (p) => {
      const id = p.string('id') ?? newId('prod');
      if (state.products[id] !== undefined) {
        throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
      }
      const at = billing.now();
      const product: Product = {
        id,
        object: 'product',
        active: p.boolean('active') ?? true,
        created: at,
        updated: at,
        name: p.requiredString('name'),
        description: p.string('description') ?? null,
        metadata: p.metadata(),
        livemode: false,
      };
      state.products[id] = product;
      billing.emit('product.created', product);
      return product;
    });
    this.route('GET', '/v1/products', (p) => {
      const ids = p.stringList('ids');
      return listWhere(
        Object.values(state.products).filter((x) => ids.length === 0 || ids.includes(x.id)),
        p,
        '/v1/products',
        { active: (x, active) => String(x.active) === active },
      );
    });
    this.route('GET', '/v1/products/:id', (_p, [id]) => this.product(id!));
    this.route('POST', '/v1/products/:id', (p, [id]) => {
      const product = this.product(id!);
      product.name = p.string('name') ?? product.name;
      product.description = p.string('description') ?? product.description;
      product.active = p.boolean('active') ?? product.active;
      product.metadata = p.metadata(product.metadata);
      product.updated = billing.now();
      billing.emit('product.updated', product);
      return product;
    });
    this.route('POST', '/v1/prices', (p) => this.createPrice(p));
    this.route('GET', '/v1/prices', (p) => {
      const keys = p.stringList('lookup_keys');
      return listWhere(
        Object.values(state.prices).filter(
          (price) => keys.length === 0 || (price.lookup_key !== null && keys.includes(price.lookup_key)),
        ),
        p,
        '/v1/prices',
        {
          product: (price, product) => price.product === product,
          active: (price, active) => String(price.active) === active,
          currency: (price, currency) => price.currency === currency.toLowerCase(),
        },
      );
    });
    this.route('GET', '/v1/prices/:id', (_p, [id]) => billing.price(id!, 'id'));
    this.route('POST', '/v1/prices/:id', (p, [id]) => {
      const price = billing.price(id!, 'id');
      const lookupKey = p.string('lookup_key');
      if (lookupKey !== undefined) this.claimLookupKey(lookupKey, p.boolean('transfer_lookup_key') ?? false);
      price.lookup_key = lookupKey === undefined ? price.lookup_key : lookupKey === '' ? null : lookupKey;
      price.active = p.boolean('active') ?? price.active;
      price.nickname = p.string('nickname') ?? price.nickname;
      price.metadata = p.metadata(price.metadata);
      billing.emit('price.updated', price);
      return price;
    });
  }

  /** Stripe's Checkout Sessions. */
  private registerCheckoutRoutes(): void {
    const billing = this.billing;
    const state = this.state;
    this.route('POST', '/v1/checkout/sessions', (p) => this.createCheckoutSession(p));
    this.route('GET', '/v1/checkout/sessions', (p) =>
      listWhere(Object.values(state.checkoutSessions), p, '/v1/checkout/sessions', {
        customer: (s, customer) => s.customer === customer,
        subscription: (s, subscription) => s.subscription === subscription,
        status: (s, status) => s.status === status,
      }),
    );
    this.route('GET', '/v1/checkout/sessions/:id', (_p, [id]) => this.checkoutSession(id!));
    this.route('GET', '/v1/checkout/sessions/:id/line_items', (_p, [id]) => {
      this.checkoutSession(id!);
      return this.lineItems(id!);
    });
    this.route('POST', '/v1/checkout/sessions/:id/expire', (_p, [id]) => {
      const session = this.checkoutSession(id!);
      if (session.status !== 'open') {
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired.`,
          undefined,
          'checkout_session_not_open',
        );
      }
      session.status = 'expired';
      session.url = null;
      billing.emit('checkout.session.expired', session);
      return session;
    });
  }

  /** Stripe's subscriptions and subscription items. */
  private registerSubscriptionRoutes(): void {
    const billing = this.billing;
    const state = this.state;
    this.route('POST', '/v1/subscriptions', (p) => {
      const customer = billing.customer(p.requiredString('customer'));
      return billing.createSubscription({
        customer,
        items: p.list('items').map((item) => ({
          price: item.requiredString('price'),
          quantity: item.integer('quantity') ?? 1,
          metadata: item.metadata(),
        })),
        defaultPaymentMethod: this.ownPaymentMethod(p.string('default_payment_method'), customer),
        metadata: p.metadata(),
        automaticTax: p.object('automatic_tax')?.boolean('enabled') ?? false,
        paymentBehavior:
          p.oneOf<PaymentBehavior>('payment_behavior', [
            'allow_incomplete',
            'default_incomplete',
            'error_if_incomplete',
            'pending_if_incomplete',
          ]) ?? 'allow_incomplete',
        onSession: false,
      });
    });
    this.route('GET', '/v1/subscriptions', (p) => {
      const ended = ['canceled', 'incomplete_expired'];
      return listWhere(
        Object.values(state.subscriptions).filter((s) => p.has('status') || !ended.includes(s.status)),
        p,
        '/v1/subscriptions',
        {
          customer: (s, customer) => s.customer === customer,
          status: (s, status) => status === 'all' || s.status === status,
          price: (s, price) => s.items.data.some((item) => item.price.id === price),
        },
      );
    });
    this.route('GET', '/v1/subscriptions/:id', (_p, [id]) => billing.subscription(id!, 'id'));
    this.route('POST', '/v1/subscriptions/:id', (p, [id]) =>
      this.updateSubscription(
        billing.subscription(id!, 'id'),
        p,
        p.list('items').map((item) => this.itemChange(item)),
      ),
    );
    this.route('DELETE', '/v1/subscriptions/:id', (p, [id]) => {
      const subscription = billing.subscription(id!, 'id');
      return billing.cancelSubscription(subscription, billing.now(subscription.customer), {
        prorate: p.boolean('prorate') === true,
        invoiceNow: p.boolean('invoice_now') === true,
      });
    });
    this.route('POST', '/v1/subscription_items/:id', (p, [id]) => {
      const subscription = Object.values(state.subscriptions).find((s) =>
        s.items.data.some((item) => item.id === id),
      );
      if (subscription === undefined) throw missingResource('subscription_item', id!);
      this.updateSubscription(subscription, p, [
        { id, price: p.string('price'), quantity: p.integer('quantity') },
      ]);
      return subscription.items.data.find((item) => item.id === id);
    });
  }

  /** Stripe's subscription schedules. */
  private registerScheduleRoutes(): void {
    const billing = this.billing;
    const state = this.state;
    this.route('POST', '/v1/subscription_schedules', (p) => this.createSchedule(p));
    this.route('GET', '/v1/subscription_schedules', (p) =>
      listWhere(Object.values(state.schedules), p, '/v1/subscription_schedules', {
        customer: (s, customer) => s.customer === customer,
      }),
    );
    this.route('GET', '/v1/subscription_schedules/:id', (_p, [id]) => this.schedule(id!));
    this.route('POST', '/v1/subscription_schedules/:id', (p, [id]) =>
      this.updateSchedule(this.schedule(id!), p),
    );
    this.route('POST', '/v1/subscription_schedules/:id/release', (_p, [id]) => {
      const schedule = this.activeSchedule(id!);
      billing.releaseSchedule(schedule);
      return schedule;
    });
    this.route('POST', '/v1/subscription_schedules/:id/cancel', (_p, [id]) => {
      const schedule = this.activeSchedule(id!);
      const subscription =
        schedule.subscription === null ? undefined : state.subscriptions[schedule.subscription];
      schedule.status = 'canceled';
      schedule.canceled_at = billing.now(schedule.customer);
      billing.emit('subscription_schedule.canceled', schedule);
      if (subscription !== undefined) billing.cancelSubscription(subscription);
      return schedule;
    });
  }

  /** Stripe's invoices. */
  private registerInvoiceRoutes(): void {
    const billing = this.billing;
    const state = this.state;
    this.route('POST', '/v1/invoices/create_preview', (p) => this.previewInvoice(p));
    this.route('GET', '/v1/invoices', (p) =>
      listWhere(Object.values(state.invoices), p, '/v1/invoices', {
        customer: (i, customer) => i.customer === customer,
        subscription: (i, subscription) => i.parent?.subscription_details.subscription === subscription,
        status: (i, status) => i.status === status,
      }),
    );
    this.route('GET', '/v1/invoices/:id', (_p, [id]) => this.invoice(id!));
    this.route('POST', '/v1/invoices/:id/pay', (p, [id]) => {
      const invoice = this.invoice(id!);
      const customer = billing.customer(invoice.customer);
      const subscription = billing.invoiceSubscription(invoice);
      const method =
        this.ownPaymentMethod(p.string('payment_method'), customer) ??
        subscription?.default_payment_method ??
        customer.invoice_settings.default_payment_method;
      const outcome = billing.payInvoice(invoice, method, p.boolean('off_session') === false);
      if (outcome === 'declined') {
        throw new StripeError(402, 'card_error', 'Your card was declined.', {
          code: 'card_declined',
          decline_code: 'generic_decline',
        });
      }
      return invoice;
    });

    // https://docs.stripe.com/api/invoices/void: only an open (or uncollectible) invoice; its
    // payment is canceled and it can no longer be paid.
    this.route('POST', '/v1/invoices/:id/void', (_p, [id]) => {
      const invoice = this.invoice(id!);
      if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
        throw invalidRequest(
          `You can only pass in open or uncollectible invoices. This invoice is ${invoice.status}.`,
          undefined,
          'invoice_not_open',
        );
      }
      invoice.status = 'void';
      invoice.next_payment_attempt = null;
      const intent = billing.invoiceIntent(invoice);
      if (intent !== undefined && intent.status !== 'succeeded') {
        intent.status = 'canceled';
        intent.next_action = null;
      }
      billing.emit('invoice.voided', invoice);
      return invoice;
    });
  }

  /** Stripe's payment intents and refunds. */
  private registerPaymentIntentRoutes(): void {
    const billing = this.billing;
    const state = this.state;
    this.route('GET', '/v1/payment_intents/:id', (_p, [id]) => this.paymentIntent(id!));
    this.route('POST', '/v1/payment_intents/:id/confirm', (p, [id]) => {
      const intent = this.paymentIntent(id!);
      const returnUrl = p.string('return_url');
      if (intent.status === 'requires_action' && intent.next_action !== null && returnUrl !== undefined) {
        intent.next_action.redirect_to_url.return_url = returnUrl;
        return intent;
      }
      const invoice = Object.values(state.invoices).find(
        (entry) => billing.invoiceIntent(entry)?.id === intent.id,
      );
      if (
        invoice === undefined ||
        !['requires_payment_method', 'requires_confirmation'].includes(intent.status)
      ) {
        throw invalidRequest(
          `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      }
      const method =
        this.ownPaymentMethod(p.string('payment_method'), billing.customer(intent.customer)) ??
        intent.payment_method;
      if (returnUrl !== undefined)
        intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: '', return_url: returnUrl } };
      billing.payInvoice(invoice, method, p.boolean('off_session') !== true);
      return intent;
    });

    // refunds (https://docs.stripe.com/api/refunds/create): of a succeeded payment intent, in
    // full unless an amount is given, never more than what is left to refund.
    this.route('POST', '/v1/refunds', (p) => {
      const intentId = p.string('payment_intent');
      if (intentId === undefined) throw invalidRequest('You must provide a payment_intent or a charge.');
      const intent = this.paymentIntent(intentId);
      if (intent.status !== 'succeeded') {
        throw invalidRequest(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          'payment_intent',
          'charge_not_refundable',
        );
      }
      const refunded = Object.values(state.refunds)
        .filter((refund) => refund.payment_intent === intent.id)
        .reduce((sum, refund) => sum + refund.amount, 0);
      const left = intent.amount_received - refunded;
      if (left <= 0) {
        throw invalidRequest(
          `Charge for PaymentIntent ${intent.id} has already been refunded.`,
          undefined,
          'charge_already_refunded',
        );
      }
      const amount = p.integer('amount') ?? left;
      if (amount <= 0 || amount > left) {
        throw invalidRequest(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'amount',
          'amount_too_large',
        );
      }
      const reason = p.string('reason');
      if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason))
        throw invalidRequest(
          `Invalid reason: must be one of duplicate, fraudulent, requested_by_customer`,
          'reason',
        );
      const refund: Refund = {
        id: newId('re'),
        object: 'refund',
        created: billing.now(intent.customer),
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: null,
        reason: (reason as Refund['reason'] | undefined) ?? null,
        status: 'succeeded',
        metadata: p.metadata(),
      };
      state.refunds[refund.id] = refund;
      billing.emit('refund.created', refund);
      return refund;
    });
    this.route('GET', '/v1/refunds', (p) =>
      listWhere(Object.values(state.refunds), p, '/v1/refunds', {
        payment_intent: (refund, intent) => refund.payment_intent === intent,
      }),
    );
    this.route('GET', '/v1/refunds/:id', (_p, [id]) => {
      const refund = state.refunds[id!];
      if (refund === undefined) throw missingResource('refund', id!);
      return refund;
    });
  }

  /** Stripe's customer portal sessions. */
  private registerPortalRoutes(): void {
    const billing = this.billing;
    const state = this.state;
    this.route('POST', '/v1/billing_portal/sessions', (p) => {
      const customer = billing.customer(p.requiredString('customer'));
      const id = newId('bps');
      const session = {
        id,
        object: 'billing_portal.session' as const,
        created: billing.now(customer.id),
        customer: customer.id,
        return_url: p.string('return_url') ?? null,
        url: `${billing.publicUrl}/p/session/${id}`,
        livemode: false as const,
      };
      state.portalSessions[id] = session;
      return session;
    });
  }

  /** Stripe's events. */
  private registerEventRoutes(): void {
    const state = this.state;
    this.route('GET', '/v1/events', (p) =>
      listWhere(state.events, p, '/v1/events', { type: (e, type) => e.type === type }),
    );
    this.route('GET', '/v1/events/:id', (_p, [id]) => {
      const event = state.events.find((e) => e.id === id);
      if (event === undefined) throw missingResource('event', id!);
      return event;
    });
  }

  /** Stripe's test clocks. */
  private registerTestClockRoutes(): void {
    const billing = this.billing;
    const state = this.state;
    this.route('POST', '/v1/test_helpers/test_clocks', (p) => {
      const frozen = p.integer('frozen_time');
      if (frozen === undefined)
        throw invalidRequest('Missing required param: frozen_time.', 'frozen_time', 'parameter_missing');
      const clock: TestClock = {
        id: newId('clock'),
        object: 'test_helpers.test_clock',
        created: billing.now(),
        deletes_after: billing.now() + 30 * 86_400,
        frozen_time: frozen,
        name: p.string('name') ?? null,
        status: 'ready',
        livemode: false,
      };
      state.testClocks[clock.id] = clock;
      return clock;
    });
    this.route('GET', '/v1/test_helpers/test_clocks/:id', (_p, [id]) => this.testClock(id!));
    this.route('POST', '/v1/test_helpers/test_clocks/:id/advance', (p, [id]) => {
      const clock = this.testClock(id!);
      const frozen = p.integer('frozen_time');
      if (frozen === undefined)
        throw invalidRequest('Missing required param: frozen_time.', 'frozen_time', 'parameter_missing');
      if (frozen < clock.frozen_time) {
        throw invalidRequest('The frozen time must be later than the current frozen time.', 'frozen_time');
      }
      this.advanceTestClock(clock, frozen);
      return clock;
    });
    this.route('DELETE', '/v1/test_helpers/test_clocks/:id', (_p, [id]) => {
      this.testClock(id!);
      delete state.testClocks[id!];
      for (const customer of Object.values(state.customers))
        if (customer.test_clock === id) customer.deleted = true;
      return { id, object: 'test_helpers.test_clock', deleted: true };
    });
  }

  // ---------------------------------------------------------------- helpers

  /** Advance a test clock step by step so that every period end on the way is processed at its time. */
  advanceTestClock(clock: TestClock, to: number): void {
    clock.status = 'advancing';
    clock.frozen_time = to;
    this.billing.processDue(clock.id);
    clock.status = 'ready';
  }

  private product(id: string): Product {
    const product = this.state.products[id];
    if (product === undefined) throw missingResource('product', id, 'product');
    return product;
  }

  private invoice(id: string): Invoice {
    const invoice = this.state.invoices[id];
    if (invoice === undefined) throw missingResource('invoice', id);
    return invoice;
  }

  private paymentIntent(id: string) {
    const intent = this.state.paymentIntents[id];
    if (intent === undefined) throw missingResource('payment_intent', id, 'intent');
    return intent;
  }

  private testClock(id: string): TestClock {
    const clock = this.state.testClocks[id];
    if (clock === undefined) throw missingResource('test_helpers.test_clock', id);
    return clock;
  }

  checkoutSession(id: string): CheckoutSession {
    const session = this.state.checkoutSessions[id];
    if (session === undefined) throw missingResource('checkout.session', id, 'session');
    return session;
  }

  private schedule(id: string): SubscriptionSchedule {
    const schedule = this.state.schedules[id];
    if (schedule === undefined) throw missingResource('subscription_schedule', id, 'schedule');
    return schedule;
  }

  private activeSchedule(id: string): SubscriptionSchedule {
    const schedule = this.schedule(id);
    if (schedule.status !== 'active' && schedule.status !== 'not_started') {
      throw invalidRequest(
        `You cannot release a subscription schedule that is currently ${schedule.status}.`,
        undefined,
        'subscription_schedule_invalid_status',
      );
    }
    return schedule;
  }

  lineItems(sessionId: string) {
    const details = this.state.checkoutDetails[sessionId];
    const data = (details?.items ?? []).map((item) => {
      const price = this.billing.price(item.price);
      const amount = this.billing.amountFor(price, item.quantity);
      return {
        id: newId('li'),
        object: 'item',
        amount_subtotal: amount,
        amount_total: amount,
        currency: price.currency,
        description: this.billing.productName(price),
        price,
        quantity: item.quantity,
      };
    });
    return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${sessionId}/line_items` };
  }

  private saveCustomer(existing: Customer | undefined, p: Params): Customer {
    const billing = this.billing;
    const clock = p.string('test_clock');
    if (clock !== undefined) this.testClock(clock);
    const taxIds = p.list('tax_id_data').map((entry, index) => ({
      type: entry.requiredString('type'),
      value: entry.requiredString('value'),
      param: `tax_id_data[${index}][value]`,
    }));
    for (const taxId of taxIds) checkTaxId(taxId.type, taxId.value, taxId.param);
    const customer: Customer =
      existing ??
      blankCustomer(
        newId('cus'),
        clock === undefined ? billing.now() : this.testClock(clock).frozen_time,
        clock ?? null,
      );
    const previous = structuredClone(customer);
    customer.email = p.string('email') ?? customer.email;
    customer.name = p.string('name') ?? customer.name;
    customer.address = readAddress(p.object('address'), customer.address);
    customer.metadata = p.metadata(customer.metadata);
    customer.tax_exempt =
      p.oneOf('tax_exempt', ['none', 'reverse', 'exempt'] as const) ?? customer.tax_exempt;
    if (existing === undefined) {
      this.state.customers[customer.id] = customer;
      billing.emit('customer.created', customer);
    }
    const paymentMethod = p.string('payment_method');
    if (paymentMethod !== undefined) this.attachPaymentMethod(paymentMethod, customer);
    const defaultMethod = p.object('invoice_settings')?.string('default_payment_method');
    if (defaultMethod !== undefined) {
      customer.invoice_settings.default_payment_method =
        this.ownPaymentMethod(defaultMethod, customer) ?? null;
    }
    for (const taxId of taxIds) this.createTaxId(customer, taxId.type, taxId.value, taxId.param);
    if (existing !== undefined) {
      const changed = Object.fromEntries(
        Object.entries(previous).filter(
          ([key, value]) => JSON.stringify(value) !== JSON.stringify(customer[key as keyof Customer]),
        ),
      );
      if (Object.keys(changed).length > 0) billing.emit('customer.updated', customer, changed);
    }
    return customer;
  }

  createTaxId(customer: Customer, type: string, value: string, param: string): TaxId {
    checkTaxId(type, value, param);
    const taxId: TaxId = {
      id: newId('txi'),
      object: 'tax_id',
      country: type === 'eu_vat' ? vatCountry(value) : null,
      created: this.billing.now(customer.id),
      customer: customer.id,
      type,
      value: value.replace(/[\s.-]/g, '').toUpperCase(),
      verification: { status: 'verified', verified_address: null, verified_name: null },
      livemode: false,
    };
    this.state.taxIds[taxId.id] = taxId;
    this.billing.emit('customer.tax_id.created', taxId);
    return taxId;
  }

  /** A card payment method from a number (hosted pages) for `customer`, made its default. */
  addCard(
    customer: Customer,
    number: string,
    expMonth: number,
    expYear: number,
    name: string | null,
  ): PaymentMethod {
    const digits = number.replace(/\s+/g, '');
    const method: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: this.billing.now(customer.id),
      customer: customer.id,
      billing_details: { name, email: customer.email, address: customer.address },
      card: {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        exp_month: expMonth,
        exp_year: expYear,
        country: 'US',
        funding: 'credit',
      },
      metadata: {},
      livemode: false,
    };
    this.state.paymentMethods[method.id] = method;
    customer.invoice_settings.default_payment_method = method.id;
    this.billing.emit('payment_method.attached', method);
    return method;
  }

  private attachPaymentMethod(id: string, customer: Customer): PaymentMethod {
    const number = TEST_PAYMENT_METHODS[id];
    if (number !== undefined && cardBehaviour(number.slice(-4)) === 'declined') {
      // attaching runs a card check, which the declined card fails (as with Stripe)
      throw new StripeError(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        param: '',
      });
    }
    if (number !== undefined) {
      const previousDefault = customer.invoice_settings.default_payment_method;
      const method = this.addCard(customer, number, 12, new Date().getUTCFullYear() + 3, null);
      customer.invoice_settings.default_payment_method = previousDefault;
      return method;
    }
    const method = this.state.paymentMethods[id];
    if (method === undefined) throw missingResource('payment_method', id, 'payment_method');
    method.customer = customer.id;
    this.billing.emit('payment_method.attached', method);
    return method;
  }

  private ownPaymentMethod(id: string | undefined, customer: Customer): string | null {
    if (id === undefined || id === '') return null;
    const method = this.state.paymentMethods[id];
    if (method === undefined) throw missingResource('payment_method', id, 'payment_method');
    if (method.customer !== customer.id) {
      throw invalidRequest(
        `The payment method ${id} does not belong to the customer ${customer.id}.`,
        'payment_method',
      );
    }
    return id;
  }

  private claimLookupKey(key: string, transfer: boolean): void {
    const holder = Object.values(this.state.prices).find((price) => price.lookup_key === key);
    if (holder === undefined) return;
    if (!transfer) {
      throw invalidRequest(
        `A price (\`${holder.id}\`) already uses that lookup key. Pass transfer_lookup_key=true to move it to this price.`,
        'lookup_key',
        'lookup_key_already_exists',
      );
    }
    holder.lookup_key = null;
  }

  private createPrice(p: Params): Price {
    const billing = this.billing;
    let productId = p.string('product');
    const productData = p.object('product_data');
    if (productId === undefined && productData !== undefined) {
      const product: Product = {
        id: newId('prod'),
        object: 'product',
        active: true,
        created: billing.now(),
        updated: billing.now(),
        name: productData.requiredString('name'),
        description: null,
        metadata: productData.metadata(),
        livemode: false,
      };
      this.state.products[product.id] = product;
      productId = product.id;
    }
    if (productId === undefined)
      throw invalidRequest('Missing required param: product.', 'product', 'parameter_missing');
    this.product(productId);
    const recurring = p.object('recurring');
    if (recurring === undefined) {
      throw invalidRequest(
        'The emulator supports recurring prices only: recurring[interval] is required.',
        'recurring',
        'parameter_missing',
      );
    }
    const interval = recurring.oneOf('interval', ['month', 'year'] as const);
    if (interval === undefined)
      throw invalidRequest(
        'Missing required param: recurring[interval].',
        'recurring[interval]',
        'parameter_missing',
      );
    const scheme = p.oneOf('billing_scheme', ['per_unit', 'tiered'] as const) ?? 'per_unit';
    let tiers: PriceTierObject[] | undefined;
    if (scheme === 'tiered') {
      tiers = p.list('tiers').map((tier) => {
        const upTo = tier.requiredString('up_to');
        const amount = tier.integer('unit_amount') ?? 0;
        return {
          up_to: upTo === 'inf' ? null : Number(upTo),
          unit_amount: amount,
          unit_amount_decimal: String(amount),
          flat_amount: null,
          flat_amount_decimal: null,
        };
      });
      if (tiers.length === 0 || tiers.at(-1)!.up_to !== null) {
        throw invalidRequest('The last tier must have up_to=inf.', 'tiers');
      }
    }
    const unitAmount = scheme === 'per_unit' ? p.integer('unit_amount') : undefined;
    if (scheme === 'per_unit' && unitAmount === undefined) {
      throw invalidRequest('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
    }
    const lookupKey = p.string('lookup_key');
    if (lookupKey !== undefined) this.claimLookupKey(lookupKey, p.boolean('transfer_lookup_key') ?? false);
    const price: Price = {
      id: newId('price'),
      object: 'price',
      active: p.boolean('active') ?? true,
      created: billing.now(),
      currency: p.requiredString('currency').toLowerCase(),
      product: productId,
      lookup_key: lookupKey ?? null,
      nickname: p.string('nickname') ?? null,
      type: 'recurring',
      recurring: {
        interval,
        interval_count: recurring.integer('interval_count') ?? 1,
        usage_type: 'licensed',
        meter: null,
      },
      billing_scheme: scheme,
      tiers_mode:
        scheme === 'tiered' ? (p.oneOf('tiers_mode', ['graduated', 'volume'] as const) ?? 'graduated') : null,
      ...(tiers === undefined ? {} : { tiers }),
      unit_amount: unitAmount ?? null,
      unit_amount_decimal: unitAmount === undefined ? null : String(unitAmount),
      tax_behavior:
        p.oneOf('tax_behavior', ['exclusive', 'inclusive', 'unspecified'] as const) ?? 'unspecified',
      metadata: p.metadata(),
      livemode: false,
    };
    this.state.prices[price.id] = price;
    billing.emit('price.created', price);
    return price;
  }

  private createCheckoutSession(p: Params): CheckoutSession {
    const billing = this.billing;
    const mode = p.requiredString('mode');
    if (mode !== 'subscription')
      throw invalidRequest('The emulator supports mode=subscription only.', 'mode');
    const customerId = p.string('customer');
    const customer = customerId === undefined ? undefined : billing.customer(customerId);
    const items = p
      .list('line_items')
      .map((item) => ({ price: item.requiredString('price'), quantity: item.integer('quantity') ?? 1 }));
    if (items.length === 0)
      throw invalidRequest('Missing required param: line_items.', 'line_items', 'parameter_missing');
    const prices = items.map((item, index) => billing.price(item.price, `line_items[${index}][price]`));
    const successUrl = p.requiredString('success_url');
    const automaticTax = p.object('automatic_tax')?.boolean('enabled') ?? false;
    const subtotal = items.reduce(
      (sum, item, index) => sum + billing.amountFor(prices[index]!, item.quantity),
      0,
    );
    const tax =
      automaticTax && customer !== undefined
        ? billing.customerTax(customer)
        : { rate: 0, reason: 'not_collecting' };
    const at = billing.now(customer?.id);
    const id = newId('cs_test');
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      created: at,
      expires_at: at + 24 * 3600,
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `${billing.publicUrl}/c/pay/${id}`,
      success_url: successUrl,
      cancel_url: p.string('cancel_url') ?? null,
      customer: customer?.id ?? null,
      customer_email: p.string('customer_email') ?? customer?.email ?? null,
      client_reference_id: p.string('client_reference_id') ?? null,
      currency: prices[0]!.currency,
      amount_subtotal: subtotal,
      amount_total: subtotal + Math.round((subtotal * tax.rate) / 100),
      automatic_tax: { enabled: automaticTax, status: automaticTax ? 'complete' : null },
      tax_id_collection: {
        enabled: p.object('tax_id_collection')?.boolean('enabled') ?? false,
        required: 'never',
      },
      subscription: null,
      invoice: null,
      metadata: p.metadata(),
      livemode: false,
    };
    this.state.checkoutSessions[id] = session;
    this.state.checkoutDetails[id] = {
      items,
      subscriptionMetadata: p.object('subscription_data')?.metadata() ?? {},
    };
    return session;
  }

  private itemChange(item: Params): ItemChange {
    return {
      id: item.string('id'),
      price: item.string('price'),
      quantity: item.integer('quantity'),
      deleted: item.boolean('deleted'),
    };
  }

  private updateSubscription(subscription: Subscription, p: Params, items: ItemChange[]): Subscription {
    const customer = this.billing.customer(subscription.customer);
    const defaultMethod = p.string('default_payment_method');
    return this.billing.updateSubscription(subscription, {
      items,
      prorationBehavior: p.oneOf<ProrationBehavior>('proration_behavior', [
        'create_prorations',
        'always_invoice',
        'none',
      ]),
      prorationDate: p.integer('proration_date'),
      paymentBehavior: p.oneOf<PaymentBehavior>('payment_behavior', [
        'allow_incomplete',
        'default_incomplete',
        'error_if_incomplete',
        'pending_if_incomplete',
      ]),
      cancelAtPeriodEnd: p.boolean('cancel_at_period_end'),
      metadata: p.has('metadata') ? p.metadata(subscription.metadata) : undefined,
      defaultPaymentMethod:
        defaultMethod === undefined ? undefined : this.ownPaymentMethod(defaultMethod, customer),
      automaticTax: p.object('automatic_tax')?.boolean('enabled'),
    });
  }

  private readPhases(p: Params, firstStart: number): SchedulePhase[] {
    let start = firstStart;
    return p.list('phases').map((phase) => {
      const items = phase.list('items').map((item) => ({
        price: item.requiredString('price'),
        quantity: item.integer('quantity') ?? 1,
        metadata: item.metadata(),
      }));
      for (const [index, item] of items.entries())
        this.billing.price(item.price, `phases[items][${index}][price]`);
      const givenStart = phase.integer('start_date');
      const phaseStart = givenStart ?? start;
      const duration = phase.object('duration');
      const durationInterval = duration?.oneOf('interval', ['month', 'year'] as const);
      const end =
        phase.integer('end_date') ??
        (durationInterval === undefined
          ? this.billing.phaseEnd(phaseStart, items, phase.integer('iterations') ?? 1)
          : addInterval(phaseStart, durationInterval, duration?.integer('interval_count') ?? 1));
      start = end;
      return {
        start_date: phaseStart,
        end_date: end,
        items,
        proration_behavior:
          phase.oneOf('proration_behavior', ['create_prorations', 'none', 'always_invoice'] as const) ??
          'create_prorations',
        metadata: phase.metadata(),
      };
    });
  }

  private createSchedule(p: Params): SubscriptionSchedule {
    const billing = this.billing;
    const from = p.string('from_subscription');
    if (from === undefined) {
      throw invalidRequest(
        'The emulator creates subscription schedules from_subscription only.',
        'from_subscription',
        'parameter_missing',
      );
    }
    const subscription = billing.subscription(from, 'from_subscription');
    if (subscription.schedule !== null) {
      throw invalidRequest(
        `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
        'from_subscription',
      );
    }
    const item = subscription.items.data[0]!;
    const schedule: SubscriptionSchedule = {
      id: newId('sub_sched'),
      object: 'subscription_schedule',
      created: billing.now(subscription.customer),
      customer: subscription.customer,
      subscription: subscription.id,
      status: 'active',
      end_behavior: 'release',
      phases: [
        {
          start_date: item.current_period_start,
          end_date: item.current_period_end,
          items: subscription.items.data.map((entry) => ({
            price: entry.price.id,
            quantity: entry.quantity,
            metadata: {},
          })),
          proration_behavior: 'create_prorations',
          metadata: {},
        },
      ],
      current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
      released_at: null,
      released_subscription: null,
      canceled_at: null,
      completed_at: null,
      test_clock: billing.state.customers[subscription.customer]?.test_clock ?? null,
      metadata: p.metadata(),
      livemode: false,
    };
    this.state.schedules[schedule.id] = schedule;
    subscription.schedule = schedule.id;
    billing.emit('subscription_schedule.created', schedule);
    billing.emit('customer.subscription.updated', subscription, { schedule: null });
    return schedule;
  }

  private updateSchedule(schedule: SubscriptionSchedule, p: Params): SubscriptionSchedule {
    if (schedule.status !== 'active' && schedule.status !== 'not_started') {
      throw invalidRequest(
        `You cannot update a subscription schedule that is currently ${schedule.status}.`,
        undefined,
        'subscription_schedule_invalid_status',
      );
    }
    const previous = structuredClone({
      phases: schedule.phases,
      end_behavior: schedule.end_behavior,
      metadata: schedule.metadata,
    });
    if (p.has('phases')) {
      const phases = this.readPhases(
        p,
        schedule.phases[0]?.start_date ?? this.billing.now(schedule.customer),
      );
      if (phases.length === 0)
        throw invalidRequest('Missing required param: phases.', 'phases', 'parameter_missing');
      const subscription =
        schedule.subscription === null ? undefined : this.state.subscriptions[schedule.subscription];
      const current = phases[0]!;
      if (subscription !== undefined) {
        const same =
          current.items.length === subscription.items.data.length &&
          current.items.every((item, index) => {
            const existing = subscription.items.data[index];
            return existing?.price.id === item.price && existing.quantity === item.quantity;
          });
        if (!same) {
          this.billing.updateSubscription(subscription, {
            items: [
              ...subscription.items.data.map((entry) => ({ id: entry.id, deleted: true })),
              ...current.items.map((item) => ({ price: item.price, quantity: item.quantity })),
            ],
            prorationBehavior: current.proration_behavior,
          });
        }
      }
      schedule.phases = phases;
      schedule.current_phase = { start_date: current.start_date, end_date: current.end_date };
    }
    schedule.end_behavior = p.oneOf('end_behavior', ['release', 'cancel'] as const) ?? schedule.end_behavior;
    schedule.metadata = p.metadata(schedule.metadata);
    this.billing.emit('subscription_schedule.updated', schedule, previous);
    return schedule;
  }

  /** `invoices.createPreview`: the first invoice of new items, or the next/immediate invoice of a change. */
  private previewInvoice(p: Params): Invoice {
    const billing = this.billing;
    const details = p.object('subscription_details');
    const customerDetails = p.object('customer_details');
    const subscriptionId = p.string('subscription');
    const subscription = subscriptionId === undefined ? undefined : billing.subscription(subscriptionId);
    const customerId = p.string('customer') ?? subscription?.customer;
    const base: Customer =
      customerId === undefined
        ? blankCustomer('cus_preview', billing.now())
        : structuredClone(billing.customer(customerId));
    const customer: Customer = {
      ...base,
      address: readAddress(customerDetails?.object('address'), base.address),
    };
    const detailTaxIds = customerDetails?.list('tax_ids') ?? [];
    detailTaxIds.forEach((taxId, index) =>
      checkTaxId(
        taxId.requiredString('type'),
        taxId.requiredString('value'),
        `customer_details[tax_ids][${index}][value]`,
      ),
    );
    const hasVatId =
      detailTaxIds.some((taxId) => taxId.string('type') === 'eu_vat') ||
      Object.values(this.state.taxIds).some(
        (taxId) => taxId.customer === customer.id && taxId.type === 'eu_vat',
      );
    const tax = billing.taxFor(customer.address?.country, hasVatId, customer.tax_exempt !== 'none');
    const automaticTax =
      p.object('automatic_tax')?.boolean('enabled') ?? subscription?.automatic_tax.enabled ?? false;
    const changes = (details?.list('items') ?? []).map((item) => this.itemChange(item));
    const at = details?.integer('proration_date') ?? billing.now(customer.id);
    if (subscription === undefined) {
      if (changes.length === 0)
        throw invalidRequest(
          'Missing required param: subscription_details[items].',
          'subscription_details[items]',
          'parameter_missing',
        );
      const prices = changes.map((change, index) =>
        billing.price(change.price ?? '', `subscription_details[items][${index}][price]`),
      );
      const end = addInterval(at, prices[0]!.recurring.interval);
      return billing.buildInvoice({
        customer,
        subscription: null,
        lines: prices.map((price, index) =>
          billing.periodLine(price, changes[index]!.quantity ?? 1, at, end, null, null),
        ),
        billingReason: 'upcoming',
        periodStart: at,
        periodEnd: at,
        currency: prices[0]!.currency,
        automaticTax,
        tax,
        preview: true,
      });
    }
    const behavior =
      details?.oneOf<ProrationBehavior>('proration_behavior', [
        'create_prorations',
        'always_invoice',
        'none',
      ]) ?? 'create_prorations';
    const draft = structuredClone(subscription);
    const next =
      changes.length === 0
        ? draft.items.data.map((item) => ({ id: item.id, price: item.price.id, quantity: item.quantity }))
        : billing.resolveItems(draft, changes);
    const prorations = behavior === 'none' ? [] : billing.prorationLines(draft, next, at);
    const pending = this.state.pendingLines[subscription.id] ?? [];
    const periodEnd = draft.items.data[0]!.current_period_end;
    if (behavior === 'always_invoice') {
      return billing.buildInvoice({
        customer,
        subscription,
        lines: [...pending, ...prorations],
        billingReason: 'subscription_update',
        periodStart: at,
        periodEnd: at,
        currency: subscription.currency,
        automaticTax,
        tax,
        preview: true,
      });
    }
    const schedule = subscription.schedule === null ? undefined : this.state.schedules[subscription.schedule];
    const nextPhase = schedule?.phases.find((phase) => phase.start_date === periodEnd);
    const renewalItems = changes.length === 0 && nextPhase !== undefined ? nextPhase.items : next;
    const renewalPrices = renewalItems.map((item) => billing.price(item.price));
    const renewalEnd = addInterval(periodEnd, renewalPrices[0]!.recurring.interval);
    return billing.buildInvoice({
      customer,
      subscription,
      lines: [
        ...pending,
        ...prorations,
        ...renewalItems.map((item, index) =>
          billing.periodLine(
            renewalPrices[index]!,
            item.quantity,
            periodEnd,
            renewalEnd,
            subscription.id,
            null,
          ),
        ),
      ],
      billingReason: 'upcoming',
      periodStart: periodEnd,
      periodEnd: periodEnd,
      currency: renewalPrices[0]!.currency,
      automaticTax,
      tax,
      preview: true,
    });
  }
}
