import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { PayPalAdapter } from './paypal-adapter';

/** What the billing services work with: the database, the Stripe client (null: no key) and our origin. */
export type BillingContext = {
  db: Database;
  stripe: Stripe | null;
  /** PUBLIC_URL: success, cancel and return urls must be pages of this origin. */
  publicUrl: string;
  paypal: PayPalAdapter;
};

/** Spec 001 §8: no payment client → 'An internal error occurred. Please try again later.' (500). */
export function stripeOf(context: BillingContext): Stripe {
  if (context.stripe === null) throw new AppError('INTERNAL', BILLING_MESSAGES.PAYMENT_CLIENT_MISSING);
  return context.stripe;
}

/** A url of our own web app (same origin as PUBLIC_URL), or a 400 field error on `field`. */
export function ownUrl(context: BillingContext, value: string, field: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value, context.publicUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || url.origin !== new URL(context.publicUrl).origin) {
    throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.NOT_OUR_URL, {
      fieldErrors: [{ field, message: BILLING_MESSAGES.NOT_OUR_URL }],
    });
  }
  return url.toString();
}
