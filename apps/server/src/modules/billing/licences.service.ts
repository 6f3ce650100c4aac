import { STOP_RENEWAL_MESSAGES, type CancellationLicence } from '@mergedesk/domain/api/billing';
import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import type { UserRecord } from '../../db/records';
import { AppError } from '../../lib/app-error';
import type { BillingContext } from './billing-context';
import { findOwnedLicence, lockBillingOf, updateSubscriptionRow } from './billing.repo';

/**
 * The stop-automatic-renewal page (spec 001 §2): the signed-in person's PayPal-paid licence (an
 * ACTIVE PAYPAL subscription of a space they own) and stopping its automatic renewal through the
 * PayPal adapter. The licence then ends at its end date ('Ends on').
 */

export const PAYPAL_REFUSED_MESSAGE = 'PayPal could not stop the automatic renewal. Please try again later.';

export async function getCancellationLicence(
  context: BillingContext,
  user: UserRecord,
): Promise<CancellationLicence> {
  const licence = await findOwnedLicence(context.db, user.id, 'PAYPAL');
  if (licence === undefined) throw new AppError('NOT_FOUND', BILLING_MESSAGES.NO_LICENCE);
  return { subscriptionId: licence.id, paymentSource: licence.paymentSource, autoRenew: licence.autoRenew };
}

export async function cancelAutoRenewal(
  context: BillingContext,
  user: UserRecord,
  subscriptionId: string,
): Promise<{ success: boolean }> {
  const licence = await findOwnedLicence(context.db, user.id, 'PAYPAL');
  if (licence === undefined || licence.id !== subscriptionId) {
    throw new AppError('NOT_FOUND', BILLING_MESSAGES.NO_LICENCE);
  }
  if (!licence.autoRenew) throw new AppError('CONFLICT', STOP_RENEWAL_MESSAGES.alreadyStopped);
  await context.db.transaction(async (tx) => {
    await lockBillingOf(tx, licence.workspaceId);
    await updateSubscriptionRow(tx, licence.id, { autoRenew: false });
    // Inside the transaction: when PayPal refuses, the licence keeps renewing here too.
    try {
      await context.paypal.cancelAutoRenewal(licence.externalId ?? '', `Stopped by ${user.email}`);
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', PAYPAL_REFUSED_MESSAGE, { cause: error });
    }
  });
  return { success: true };
}
