import type { CheckoutForm } from '@mergedesk/domain/billing/checkout-form';
import { CHECKOUT_DEFAULTS } from '@mergedesk/domain/billing/checkout-form';
import { trackEvent } from '../../../lib/analytics';
import { readStorage, writeStorage } from '../../../lib/storage';

/**
 * The checkout's session-stored state (spec 001 §3 "Session-stored: checkout form, seat quantity"):
 * kept per space for the tab, so Back and the hosted page's '← Back' find the form filled in.
 * Reading or saving failure is reported and the default used.
 */

export type StoredCheckoutForm = {
  country: string;
  isBusinessPurchase: boolean;
  vatNumber: string;
  companyName: string;
  name: string;
  street: string;
  city: string;
  state: string;
  code: string;
};

const DEFAULT_CHECKOUT_FORM: StoredCheckoutForm = {
  country: CHECKOUT_DEFAULTS.country,
  isBusinessPurchase: false,
  vatNumber: '',
  companyName: '',
  name: '',
  street: '',
  city: '',
  state: '',
  code: '',
};

const formKey = (workspaceId: string) => `mergedesk.checkout.form.${workspaceId}`;
const seatsKey = (workspaceId: string) => `mergedesk.checkout.seats.${workspaceId}`;

const report = (message: string) => trackEvent({ event_type: 'webapp_error', message });

export function readCheckoutForm(workspaceId: string): StoredCheckoutForm {
  const raw = readStorage(formKey(workspaceId), 'session');
  if (raw === null) return DEFAULT_CHECKOUT_FORM;
  try {
    const parsed = JSON.parse(raw) as Partial<Record<keyof StoredCheckoutForm, unknown>>;
    const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
    return {
      country: text(parsed.country, DEFAULT_CHECKOUT_FORM.country),
      isBusinessPurchase: parsed.isBusinessPurchase === true,
      vatNumber: text(parsed.vatNumber, ''),
      companyName: text(parsed.companyName, ''),
      name: text(parsed.name, ''),
      street: text(parsed.street, ''),
      city: text(parsed.city, ''),
      state: text(parsed.state, ''),
      code: text(parsed.code, ''),
    };
  } catch {
    report('checkout: the stored billing form could not be read');
    return DEFAULT_CHECKOUT_FORM;
  }
}

export function saveCheckoutForm(workspaceId: string, form: CheckoutForm | StoredCheckoutForm): void {
  if (!writeStorage(formKey(workspaceId), JSON.stringify(form), 'session')) {
    report('checkout: the billing form could not be saved');
  }
}

/** The stored seat quantity, or the default of 1 (spec 001 §3). */
export function readSeatQuantity(workspaceId: string): number {
  const raw = readStorage(seatsKey(workspaceId), 'session');
  const value = raw === null ? Number.NaN : Number(raw);
  if (raw !== null && !Number.isInteger(value))
    report('checkout: the stored seat quantity could not be read');
  return Number.isInteger(value) && value >= 1 ? value : CHECKOUT_DEFAULTS.seatQuantity;
}

export function saveSeatQuantity(workspaceId: string, quantity: number): void {
  if (!writeStorage(seatsKey(workspaceId), String(quantity), 'session')) {
    report('checkout: the seat quantity could not be saved');
  }
}
