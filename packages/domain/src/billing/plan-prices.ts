import type { UserPlan } from '../plans/plans';
import { formatMoney, monthlyUnitRate, periodTotal } from './display';
import type { BillingInterval, Currency, PriceTier } from './prices';
import { showsTaxes } from './tax';

/**
 * Prices of the billing page's cards from the payment plans (spec 001 §2 "Prices are shown monthly
 * (yearly divided by 12) plus the annual total; 'per seat' for non-Gmail users; 'Billed annually'.
 * Tax is added by taxRate percent and labelled including or excluding taxes; taxes are shown only
 * for EUR").
 */

export type PricedPlan = {
  workspacePlan: 'PRO' | 'PREMIUM' | 'LEGACY';
  userPlan: UserPlan;
  billingInterval: BillingInterval;
  status: 'ACTIVE' | 'INACTIVE';
  currency: Currency;
  paymentPlanTiers: readonly PriceTier[];
};

/** The active price of a per-seat plan for the buyer's kind of account. */
export const findPaymentPlan = <T extends PricedPlan>(
  plans: readonly T[],
  criteria: { workspacePlan: 'PRO' | 'PREMIUM'; isGmailUser: boolean; billingInterval: BillingInterval },
): T | undefined =>
  plans.find(
    (plan) =>
      plan.status === 'ACTIVE' &&
      plan.workspacePlan === criteria.workspacePlan &&
      plan.userPlan === (criteria.isGmailUser ? 'PRO_PERSONAL' : 'PRO') &&
      plan.billingInterval === criteria.billingInterval,
  );

export type DisplayedPrice = {
  /** e.g. '$5.00', the monthly rate of one seat. */
  monthly: string;
  /** e.g. '$60.00', what one billing period costs for `quantity` seats. */
  periodTotal: string;
  /** 'including taxes' / 'excluding taxes' for EUR, null otherwise. */
  taxLabel: string | null;
};

export const taxLabel = (currency: Currency, taxRate: number): string | null =>
  showsTaxes(currency) ? (taxRate > 0 ? 'including taxes' : 'excluding taxes') : null;

/** The prices of a plan card, tax added for EUR only. */
export const displayedPrice = (input: {
  plan: PricedPlan;
  quantity?: number;
  taxRate: number;
}): DisplayedPrice => {
  const taxRate = showsTaxes(input.plan.currency) ? input.taxRate : 0;
  const quantity = input.quantity ?? 1;
  const tiers = input.plan.paymentPlanTiers;
  return {
    monthly: formatMoney(
      monthlyUnitRate({ tiers, quantity, billingInterval: input.plan.billingInterval, taxRate }),
      input.plan.currency,
    ),
    periodTotal: formatMoney(periodTotal({ tiers, quantity, taxRate }), input.plan.currency),
    taxLabel: taxLabel(input.plan.currency, taxRate),
  };
};
