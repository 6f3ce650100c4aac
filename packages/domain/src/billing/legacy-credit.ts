/**
 * Issue 22 "legacy switch credit": a space leaving a legacy licence for a new plan is credited the
 * unused part of what it paid for the licence's current period, tax included, in proportion to the
 * time left (by the second, as Stripe prorates). A card licence gets it through Stripe's proration
 * when it is cancelled; a PayPal licence as a Stripe credit balance of this amount. The credit is
 * taken off the space's next Stripe invoices. Only in the new plan's currency (Stripe balances are
 * per currency): none across currencies.
 */
export type LicenceCreditInput = {
  /** What the licence's current period cost, tax included (minor units). */
  paidAmount: number;
  periodStart: number;
  periodEnd: number;
  /** When the switch happens (same unit as the period bounds). */
  at: number;
  licenceCurrency: string;
  newCurrency: string;
};

export const unusedLicenceCredit = (input: LicenceCreditInput): number => {
  if (input.licenceCurrency.toUpperCase() !== input.newCurrency.toUpperCase()) return 0;
  const length = input.periodEnd - input.periodStart;
  if (length <= 0 || input.at >= input.periodEnd || input.paidAmount <= 0) return 0;
  const left = input.periodEnd - Math.max(input.at, input.periodStart);
  return Math.round((input.paidAmount * left) / length);
};

/** The review page's line (ours). */
export const legacyCreditText = (formattedAmount: string): string =>
  `Credit for your licence's unused time: ${formattedAmount}, taken off your next invoices.`;

/** The review's line when a credit balance pays part of today's charge (ours). */
export const creditAppliedText = (formattedAmount: string): string =>
  `Your credit balance pays ${formattedAmount} of it.`;
