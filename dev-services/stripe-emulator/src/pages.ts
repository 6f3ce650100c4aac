import { escapeHtml } from '@mergedesk/identity-provider/html';

import type { Api } from './api';
import type { Billing } from './billing';
import { isValidCardNumber } from './cards';
import { StripeError } from './params';
import { displayMoney } from './rules';
import type { CheckoutSession, Customer, Invoice, PaymentIntent } from './state';
import { blankCustomer, newId } from './state';

/**
 * The hosted pages a customer meets in the browser: Checkout (/c/pay/{session}), the 3-D Secure
 * challenge (/3ds/{payment_intent}), the hosted invoice (/i/{invoice}) and the customer portal
 * (/p/session/{portal_session}). Plain HTML forms, labelled for people and for Playwright.
 */

export type PageResult = { status: number; html?: string; redirect?: string };

const style = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1f36;background:#f6f9fc;display:flex;justify-content:center;padding:2rem 1rem}
main{width:100%;max-width:32rem;background:#fff;border-radius:.75rem;padding:2rem;box-shadow:0 2px 8px rgba(50,50,93,.12)}
h1{font-size:1.4rem;margin:0 0 1rem}h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
table{width:100%;border-collapse:collapse;margin:.5rem 0}td,th{padding:.35rem 0;text-align:left}td:last-child,th:last-child{text-align:right}
tr.total td{font-weight:600;border-top:1px solid #e3e8ee}
label{display:block;font-size:.9rem;margin:.75rem 0 .25rem}input,select{width:100%;padding:.55rem;border:1px solid #cfd7df;border-radius:.4rem;font:inherit}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:.4rem;background:#635bff;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#e3e8ee;color:#1a1f36}
.error{color:#df1b41;font-weight:500}.note{color:#697386;font-size:.875rem}.badge{font-size:.8rem;background:#ffde92;padding:.1rem .4rem;border-radius:.3rem}
a{color:#635bff}`;

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><main><p class="note"><span class="badge">TEST MODE</span> Stripe emulator</p>${body}</main></body></html>`;

const money = (amount: number, currency: string): string => displayMoney(amount, currency);

const date = (seconds: number): string =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const cardFields = (): string => `
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row">
  <div><label for="card-expiry">Expiration date (MM / YY)</label><input id="card-expiry" name="expiry" placeholder="MM / YY" required></div>
  <div><label for="card-cvc">CVC</label><input id="card-cvc" name="cvc" inputmode="numeric" placeholder="CVC" required></div>
</div>
<label for="card-name">Cardholder name</label>
<input id="card-name" name="cardholderName" autocomplete="cc-name" required>`;

const errorLine = (error: string | undefined): string =>
  error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>`;

type CardForm = { cardNumber?: string; expiry?: string; cvc?: string; cardholderName?: string };

/** Reads the card form; the error message Stripe's page would show, or the parsed card. */
const readCard = (
  form: CardForm,
): { error: string } | { number: string; month: number; year: number; name: string } => {
  const number = (form.cardNumber ?? '').replace(/\s+/g, '');
  if (!isValidCardNumber(number)) return { error: 'Your card number is invalid.' };
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
  if (expiry === null) return { error: "Your card's expiration date is incomplete." };
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  const now = new Date();
  if (
    month < 1 ||
    month > 12 ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    return { error: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(form.cvc ?? '')) return { error: "Your card's security code is incomplete." };
  const name = (form.cardholderName ?? '').trim();
  if (name === '') return { error: 'Enter the name on your card.' };
  return { number, month, year, name };
};

const withQuery = (url: string, query: Record<string, string>): string => {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.toString();
};

export class Pages {
  constructor(
    private readonly billing: Billing,
    private readonly api: Api,
  ) {}

  private get state() {
    return this.billing.state;
  }

  /** Route a hosted-page request; null when the path is not a page. */
  handle(method: string, pathname: string, form: Record<string, string>): PageResult | null {
    const parts = pathname.split('/').filter((part) => part !== '');
    try {
      if (parts[0] === 'c' && parts[1] === 'pay' && parts[2] !== undefined)
        return this.checkout(method, parts[2], parts[3], form);
      if (parts[0] === '3ds' && parts[1] !== undefined) return this.challenge(method, parts[1], form);
      if (parts[0] === 'i' && parts[1] !== undefined) return this.invoicePage(method, parts[1], form);
      if (parts[0] === 'p' && parts[1] === 'session' && parts[2] !== undefined)
        return this.portal(method, parts[2], parts[3], form);
    } catch (error) {
      if (error instanceof StripeError)
        return {
          status: 404,
          html: page('Not found', `<h1>Not found</h1><p>${escapeHtml(error.message)}</p>`),
        };
      throw error;
    }
    return null;
  }

  // ---------------------------------------------------------------- Checkout

  private checkout(
    method: string,
    id: string,
    action: string | undefined,
    form: Record<string, string>,
  ): PageResult {
    const session = this.api.checkoutSession(id);
    if (session.status === 'complete' && session.success_url !== null) {
      return { status: 303, redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
    }
    if (session.status === 'expired')
      return { status: 410, html: page('Expired', '<h1>This checkout session has expired.</h1>') };
    if (action === 'return') return this.checkoutReturn(session);
    if (method === 'POST') return this.checkoutPay(session, form);
    return { status: 200, html: this.checkoutHtml(session) };
  }

  private checkoutHtml(session: CheckoutSession, error?: string): string {
    const customer = session.customer === null ? undefined : this.state.customers[session.customer];
    const lines = this.api.lineItems(session.id).data;
    const tax =
      session.automatic_tax.enabled && customer !== undefined
        ? this.billing.customerTax(customer)
        : { rate: 0, reason: '' };
    const subtotal = lines.reduce((sum, line) => sum + line.amount_subtotal, 0);
    const taxAmount = Math.round((subtotal * tax.rate) / 100);
    const interval = lines[0]?.price.recurring.interval ?? 'year';
    const cancel =
      session.cancel_url === null ? '' : `<p><a href="${escapeHtml(session.cancel_url)}">← Back</a></p>`;
    const rows = lines
      .map(
        (line) =>
          `<tr><td>${escapeHtml(line.description)} × ${line.quantity}</td><td>${money(line.amount_subtotal, line.currency)}</td></tr>`,
      )
      .join('');
    const taxRow = session.automatic_tax.enabled
      ? `<tr><td>${tax.reason === 'reverse_charge' ? 'VAT (reverse charge)' : `Tax (${tax.rate}%)`}</td><td>${money(taxAmount, session.currency)}</td></tr>`
      : '';
    const countryField =
      customer?.address?.country == null
        ? `<label for="country">Country</label><input id="country" name="country" maxlength="2" placeholder="US" required>`
        : '';
    const emailField =
      customer === undefined
        ? `<label for="email">Email</label><input id="email" name="email" type="email" value="${escapeHtml(session.customer_email ?? '')}" required>`
        : `<p class="note">${escapeHtml(customer.email ?? '')}</p>`;
    return page(
      'Checkout',
      `${cancel}<h1>Subscribe</h1>
<table aria-label="Order summary"><tbody>${rows}
<tr><td>Subtotal</td><td>${money(subtotal, session.currency)}</td></tr>${taxRow}
<tr class="total"><td>Total due today</td><td>${money(subtotal + taxAmount, session.currency)}</td></tr></tbody></table>
<p class="note">Billed every ${interval}.</p>
<form method="post" action="/c/pay/${escapeHtml(session.id)}">
<h2>Payment details</h2>${errorLine(error)}${emailField}${cardFields()}${countryField}
<button type="submit">Subscribe</button></form>`,
    );
  }

  private checkoutPay(session: CheckoutSession, form: Record<string, string>): PageResult {
    const card = readCard(form);
    if ('error' in card) return { status: 402, html: this.checkoutHtml(session, card.error) };
    const customer = this.checkoutCustomer(session, form);
    if (typeof customer === 'string') return { status: 400, html: this.checkoutHtml(session, customer) };
    const details = this.state.checkoutDetails[session.id]!;
    const paymentMethod = this.api.addCard(customer, card.number, card.month, card.year, card.name);
    const previousSubscription =
      session.subscription === null ? undefined : this.state.subscriptions[session.subscription];
    if (previousSubscription?.status === 'incomplete') this.billing.cancelSubscription(previousSubscription);
    const subscription = this.billing.createSubscription({
      customer,
      items: details.items,
      defaultPaymentMethod: paymentMethod.id,
      metadata: details.subscriptionMetadata,
      automaticTax: session.automatic_tax.enabled,
      paymentBehavior: 'allow_incomplete',
      onSession: true,
    });
    session.subscription = subscription.id;
    session.invoice = subscription.latest_invoice;
    return this.checkoutOutcome(session);
  }

  private checkoutCustomer(session: CheckoutSession, form: Record<string, string>): Customer | string {
    let customer = session.customer === null ? undefined : this.state.customers[session.customer];
    if (customer === undefined) {
      const email = (form.email ?? '').trim();
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) return 'Your email is incomplete.';
      customer = {
        ...blankCustomer(newId('cus'), this.billing.now()),
        email,
        name: form.cardholderName ?? null,
      };
      this.state.customers[customer.id] = customer;
      this.billing.emit('customer.created', customer);
      session.customer = customer.id;
    }
    if (customer.address?.country == null) {
      const country = (form.country ?? '').trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(country)) return 'Your country is incomplete.';
      customer.address = { city: null, country, line1: null, line2: null, postal_code: null, state: null };
    }
    return customer;
  }

  private checkoutOutcome(session: CheckoutSession): PageResult {
    const subscription =
      session.subscription === null ? undefined : this.state.subscriptions[session.subscription];
    const invoice =
      subscription?.latest_invoice == null ? undefined : this.state.invoices[subscription.latest_invoice];
    const intent = invoice === undefined ? undefined : this.billing.invoiceIntent(invoice);
    if (subscription?.status === 'active') {
      session.status = 'complete';
      session.payment_status = 'paid';
      session.url = null;
      this.billing.emit('checkout.session.completed', session);
      return { status: 303, redirect: session.success_url!.replace('{CHECKOUT_SESSION_ID}', session.id) };
    }
    if (intent?.status === 'requires_action') {
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${this.billing.publicUrl}/3ds/${intent.id}`,
          return_url: `${this.billing.publicUrl}/c/pay/${session.id}/return`,
        },
      };
      return { status: 303, redirect: `/3ds/${intent.id}` };
    }
    if (subscription !== undefined) this.billing.cancelSubscription(subscription);
    session.subscription = null;
    const message =
      intent?.last_payment_error?.code === 'payment_intent_authentication_failure'
        ? 'We are unable to authenticate your payment method. Please choose a different payment method and try again.'
        : 'Your card was declined.';
    return { status: 402, html: this.checkoutHtml(session, message) };
  }

  private checkoutReturn(session: CheckoutSession): PageResult {
    return this.checkoutOutcome(session);
  }

  // ---------------------------------------------------------------- 3-D Secure

  private challenge(method: string, id: string, form: Record<string, string>): PageResult {
    const intent = this.state.paymentIntents[id];
    if (intent === undefined)
      throw new StripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`);
    const returnUrl = intent.next_action?.redirect_to_url.return_url ?? form.return_url ?? null;
    if (method === 'POST') {
      const succeeded = form.action === 'complete';
      this.billing.authenticate(intent, succeeded);
      if (returnUrl === null || returnUrl === '') {
        return {
          status: 200,
          html: page(
            '3D Secure',
            `<h1>Authentication ${succeeded ? 'completed' : 'failed'}</h1><p>You can close this window.</p>`,
          ),
        };
      }
      return {
        status: 303,
        redirect: withQuery(returnUrl, {
          payment_intent: intent.id,
          payment_intent_client_secret: intent.client_secret,
          redirect_status: intent.status === 'succeeded' ? 'succeeded' : 'failed',
        }),
      };
    }
    if (intent.status !== 'requires_action') {
      return {
        status: 200,
        html: page(
          '3D Secure',
          `<h1>Nothing to authenticate</h1><p>This payment is ${escapeHtml(intent.status)}.</p>`,
        ),
      };
    }
    return { status: 200, html: this.challengeHtml(intent) };
  }

  private challengeHtml(intent: PaymentIntent): string {
    return page(
      '3D Secure authentication',
      `<h1>3D Secure 2 test page</h1>
<p>Your bank asks you to confirm the payment of <strong>${money(intent.amount, intent.currency)}</strong>.</p>
<form method="post" action="/3ds/${escapeHtml(intent.id)}">
<button type="submit" name="action" value="complete">Complete authentication</button>
<button type="submit" name="action" value="fail" class="secondary">Fail authentication</button></form>`,
    );
  }

  // ---------------------------------------------------------------- hosted invoice

  private invoicePage(method: string, id: string, form: Record<string, string>): PageResult {
    const invoice = this.state.invoices[id];
    if (invoice === undefined)
      throw new StripeError(404, 'invalid_request_error', `No such invoice: '${id}'`);
    if (method === 'POST' && invoice.status === 'open') {
      const card = readCard(form);
      if ('error' in card) return { status: 402, html: this.invoiceHtml(invoice, card.error) };
      const customer = this.billing.customer(invoice.customer);
      const paymentMethod = this.api.addCard(customer, card.number, card.month, card.year, card.name);
      const outcome = this.billing.payInvoice(invoice, paymentMethod.id, true);
      const intent = this.billing.invoiceIntent(invoice);
      if (outcome === 'requires_action' && intent !== undefined && intent.next_action !== null) {
        intent.next_action.redirect_to_url.return_url = `${this.billing.publicUrl}/i/${invoice.id}`;
        return { status: 303, redirect: `/3ds/${intent.id}` };
      }
      if (outcome === 'declined')
        return { status: 402, html: this.invoiceHtml(invoice, 'Your card was declined.') };
      return { status: 303, redirect: `/i/${invoice.id}` };
    }
    return { status: 200, html: this.invoiceHtml(invoice) };
  }

  private invoiceHtml(invoice: Invoice, error?: string): string {
    const intent = this.billing.invoiceIntent(invoice);
    const rows = invoice.lines.data
      .map(
        (line) =>
          `<tr><td>${escapeHtml(line.description)}</td><td>${money(line.amount, line.currency)}</td></tr>`,
      )
      .join('');
    const taxes = invoice.total_taxes.reduce((sum, tax) => sum + tax.amount, 0);
    const action =
      invoice.status !== 'open'
        ? `<p><strong>${invoice.status === 'paid' ? 'Paid' : escapeHtml(invoice.status)}</strong></p>`
        : intent?.status === 'requires_action'
          ? `<p>This payment needs to be confirmed.</p><p><a href="/3ds/${escapeHtml(intent.id)}">Confirm payment</a></p>`
          : `<form method="post" action="/i/${escapeHtml(invoice.id)}"><h2>Pay with a card</h2>${errorLine(error)}${cardFields()}<button type="submit">Pay ${money(invoice.amount_remaining, invoice.currency)}</button></form>`;
    return page(
      'Invoice',
      `<h1>Invoice ${escapeHtml(invoice.id)}</h1>
<table aria-label="Invoice lines"><tbody>${rows}
<tr><td>Tax</td><td>${money(taxes, invoice.currency)}</td></tr>
<tr class="total"><td>Amount due</td><td>${money(invoice.amount_due, invoice.currency)}</td></tr></tbody></table>${action}`,
    );
  }

  // ---------------------------------------------------------------- customer portal

  private portal(
    method: string,
    id: string,
    action: string | undefined,
    form: Record<string, string>,
  ): PageResult {
    const session = this.state.portalSessions[id];
    if (session === undefined)
      throw new StripeError(404, 'invalid_request_error', `No such billing portal session: '${id}'`);
    const customer = this.billing.customer(session.customer);
    const subscription = Object.values(this.state.subscriptions).find(
      (entry) => entry.customer === customer.id && !['canceled', 'incomplete_expired'].includes(entry.status),
    );
    if (method === 'POST' && subscription !== undefined) {
      if (action === 'cancel' || action === 'renew') {
        this.billing.updateSubscription(subscription, { cancelAtPeriodEnd: action === 'cancel' });
      } else if (action === 'card') {
        const card = readCard(form);
        if ('error' in card) return { status: 402, html: this.portalHtml(session.id, customer, card.error) };
        const paymentMethod = this.api.addCard(customer, card.number, card.month, card.year, card.name);
        this.billing.updateSubscription(subscription, { defaultPaymentMethod: paymentMethod.id });
        for (const invoice of Object.values(this.state.invoices)) {
          if (
            invoice.status === 'open' &&
            this.billing.invoiceSubscription(invoice)?.id === subscription.id
          ) {
            this.billing.payInvoice(invoice, paymentMethod.id, true);
          }
        }
      }
      return { status: 303, redirect: `/p/session/${session.id}` };
    }
    return { status: 200, html: this.portalHtml(session.id, customer) };
  }

  private portalHtml(sessionId: string, customer: Customer, error?: string): string {
    const session = this.state.portalSessions[sessionId]!;
    const subscription = Object.values(this.state.subscriptions).find(
      (entry) => entry.customer === customer.id && !['canceled', 'incomplete_expired'].includes(entry.status),
    );
    const method =
      customer.invoice_settings.default_payment_method === null
        ? undefined
        : this.state.paymentMethods[customer.invoice_settings.default_payment_method];
    const back =
      session.return_url === null ? '' : `<p><a href="${escapeHtml(session.return_url)}">← Return</a></p>`;
    const invoices = Object.values(this.state.invoices)
      .filter((invoice) => invoice.customer === customer.id)
      .sort((a, b) => b.created - a.created)
      .map(
        (invoice) =>
          `<tr><td><a href="/i/${escapeHtml(invoice.id)}">${date(invoice.created)}</a></td><td>${money(invoice.total, invoice.currency)} · ${escapeHtml(invoice.status)}</td></tr>`,
      )
      .join('');
    let plan = '<p>No active subscription.</p>';
    if (subscription !== undefined) {
      const item = subscription.items.data[0]!;
      const ends = subscription.cancel_at_period_end ? 'Ends on' : 'Renews on';
      plan = `<p><strong>${escapeHtml(this.billing.productName(item.price))}</strong> × ${item.quantity}, billed every ${item.price.recurring.interval}</p>
<p>${ends} ${date(item.current_period_end)}${subscription.status === 'past_due' ? ' · <span class="error">Payment failed</span>' : ''}</p>
<form method="post" action="/p/session/${escapeHtml(sessionId)}/${subscription.cancel_at_period_end ? 'renew' : 'cancel'}">
<button type="submit" class="secondary">${subscription.cancel_at_period_end ? 'Renew subscription' : 'Cancel subscription'}</button></form>`;
    }
    return page(
      'Billing portal',
      `${back}<h1>Manage billing</h1><p class="note">${escapeHtml(customer.email ?? customer.id)}</p>
<h2>Current plan</h2>${plan}
<h2>Payment method</h2><p>${method === undefined ? 'None' : `${escapeHtml(method.card.brand)} •••• ${escapeHtml(method.card.last4)}`}</p>
<form method="post" action="/p/session/${escapeHtml(sessionId)}/card">${errorLine(error)}${cardFields()}<button type="submit">Update payment method</button></form>
<h2>Invoice history</h2><table aria-label="Invoice history"><tbody>${invoices}</tbody></table>`,
    );
  }
}
