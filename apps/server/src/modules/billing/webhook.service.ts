import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isEventRecorded, recordEvent } from './billing.repo';
import type { PayPalAdapter } from './paypal-adapter';
import { voidAbandonedChangeInvoice } from './seat-changes.service';
import { idOf, syncStripeSubscription } from './stripe-sync.service';

export const BAD_SIGNATURE_MESSAGE = 'The webhook signature could not be verified.';

/** The subscription an event is about (null: an event we have nothing to apply for). */
function subscriptionIdOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown> & { object?: string };
  switch (object.object) {
    case 'checkout.session':
      return idOf((object as unknown as Stripe.Checkout.Session).subscription);
    case 'subscription':
      return (object as unknown as Stripe.Subscription).id;
    case 'invoice':
      return idOf((object as unknown as Stripe.Invoice).parent?.subscription_details?.subscription);
    case 'subscription_schedule': {
      const schedule = object as unknown as Stripe.SubscriptionSchedule;
      return idOf(schedule.subscription) ?? schedule.released_subscription;
    }
    default:
      return null;
  }
}

/** Verifies the signature over the raw body (400 in the error shape when it does not hold). */
export function verifyEvent(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  try {
    return stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch (error) {
    throw new AppError('BAD_REQUEST', BAD_SIGNATURE_MESSAGE, { cause: error });
  }
}

/**
 * Applies one verified event: a replay of a recorded event does nothing; otherwise the
 * subscription it concerns is re-read and applied, then the event id is recorded. Any failure
 * propagates (500), so Stripe delivers the event again; applying twice gives the same state.
 */
export async function handleStripeEvent(
  db: Database,
  stripe: Stripe,
  event: Stripe.Event,
  paypal?: PayPalAdapter,
): Promise<{ received: true; replay: boolean }> {
  if (await isEventRecorded(db, event.id)) return { received: true, replay: true };
  const subscriptionId = subscriptionIdOfEvent(event);
  if (subscriptionId !== null && event.type === 'customer.subscription.pending_update_expired') {
    // The change was discarded: its invoice must not stay payable (issue 22).
    await voidAbandonedChangeInvoice(stripe, await stripe.subscriptions.retrieve(subscriptionId));
  }
  if (subscriptionId !== null) await syncStripeSubscription(db, stripe, subscriptionId, paypal);
  await recordEvent(db, event.id, event.type);
  return { received: true, replay: false };
}
