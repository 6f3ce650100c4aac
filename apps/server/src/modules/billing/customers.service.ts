import type Stripe from 'stripe';
import { stripeOf, type BillingContext } from './billing-context';
import { findCustomerId, insertCustomer, lockBillingOf } from './billing.repo';
import { idempotencyKey } from './idempotency';

/**
 * The Stripe customer of a space (the customer belongs to the space, issue 8): created on first
 * need with the space id in its metadata, its id stored, then reused and updated with the latest
 * billing details. Creation runs under the space's billing lock, so two checkouts at once make one
 * customer.
 */
export async function ensureCustomer(
  context: BillingContext,
  workspaceId: string,
  details: Stripe.CustomerUpdateParams = {},
): Promise<string> {
  const stripe = stripeOf(context);
  const known = await findCustomerId(context.db, workspaceId);
  if (known !== undefined) {
    if (Object.keys(details).length > 0) await stripe.customers.update(known, details);
    return known;
  }
  return context.db.transaction(async (tx) => {
    await lockBillingOf(tx, workspaceId);
    const again = await findCustomerId(tx, workspaceId);
    if (again !== undefined) return again;
    const { metadata, ...rest } = details;
    const params: Stripe.CustomerCreateParams = {
      ...(rest as Stripe.CustomerCreateParams),
      metadata: { ...metadata, workspaceId },
    };
    // One customer per space, also when our transaction fails after Stripe made it.
    const customer = await stripe.customers.create(params, {
      idempotencyKey: idempotencyKey('customer', { workspaceId, params }),
    });
    await insertCustomer(tx, workspaceId, customer.id);
    return customer.id;
  });
}
