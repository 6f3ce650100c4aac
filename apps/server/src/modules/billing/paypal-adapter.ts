/**
 * PayPal, for the legacy licences still paid through it (spec 001 §2 "Stop automatic renewal").
 * The server only ever stops the automatic renewal of a billing agreement. The one adapter today is
 * the local stand-in (PAYPAL_ADAPTER=local, the default): it keeps the agreements it was told to
 * stop in memory and answers like PayPal's "cancel subscription" call. A production adapter on
 * PayPal's REST API (POST /v1/billing/subscriptions/{id}/cancel) implements the same interface.
 */
export type PayPalAdapter = {
  /** Stops the automatic renewal of the agreement; throws when PayPal refuses. */
  cancelAutoRenewal: (agreementId: string, reason: string) => Promise<void>;
};

/** Agreement ids of the local stand-in that PayPal refuses, to show the failure page ('…ocurred'). */
export const LOCAL_PAYPAL_REFUSED_PREFIX = 'I-REFUSED';

export function createLocalPayPalAdapter(): PayPalAdapter & { cancelled: ReadonlySet<string> } {
  const cancelled = new Set<string>();
  return {
    cancelled,
    cancelAutoRenewal: (agreementId) => {
      if (agreementId.startsWith(LOCAL_PAYPAL_REFUSED_PREFIX)) {
        return Promise.reject(new Error(`PayPal refused to cancel ${agreementId} (local stand-in)`));
      }
      cancelled.add(agreementId);
      return Promise.resolve();
    },
  };
}
