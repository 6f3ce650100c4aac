import type { BillingInterval, Currency, PriceTier } from './prices';
import { graduatedTotal } from './prices';

/**
 * How prices and proration are shown (spec 001 §2 "Plan definitions", §4 "Summary", §9).
 * Amounts are in minor units.
 */

/**
 * Currency sign: spec 001 §9 "EUR gives €, otherwise $". INR is shown with ₹ (our choice,
 * docs/decisions/130-currency-sign.md): a rupee amount shown with $ would misstate the charge.
 */
const CURRENCY_SYMBOLS = { USD: '$', EUR: '€', INR: '₹' } as const satisfies Record<Currency, string>;

/** '$60.00', '€1,234.50': two decimals, sign in front (spec 001 §9 "Prices show 2 decimals"). */
export const formatMoney = (amountMinor: number, currency: Currency): string => {
  const value = (Number.isFinite(amountMinor) ? amountMinor : 0) / 100;
  const sign = value < 0 ? '-' : '';
  const digits = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${sign}${CURRENCY_SYMBOLS[currency]}${digits}`;
};

/** Stripe coupon durations; only forever or repeating coupons count for the displayed rate (§9). */
type CouponDuration = 'forever' | 'repeating' | 'once';
export type DisplayCoupon = { percentOff: number; duration: CouponDuration };

export type UnitRateInput = {
  tiers: readonly PriceTier[];
  /** Seats the rate is averaged over (at least 1). */
  quantity: number;
  billingInterval: BillingInterval;
  taxRate: number;
  coupon?: DisplayCoupon | null;
};

/** The amount after a forever or repeating coupon (a once coupon does not change the rate). */
export const applyCoupon = (amount: number, coupon: DisplayCoupon | null | undefined): number =>
  coupon != null && coupon.duration !== 'once' ? (amount * (100 - coupon.percentOff)) / 100 : amount;

/**
 * Spec 001 §9: "Monthly unit rate shown is the annual tier average after coupon (only forever or
 * repeating coupons count) and tax, divided by 12". For a monthly price the tier average is
 * already monthly. Result in minor units, rounded to a whole cent.
 */
export const monthlyUnitRate = ({
  tiers,
  quantity,
  billingInterval,
  taxRate,
  coupon,
}: UnitRateInput): number => {
  const seats = Math.max(1, Math.floor(quantity));
  const average = graduatedTotal(tiers, seats) / seats;
  const taxed = applyCoupon(average, coupon) * (1 + taxRate / 100);
  return Math.round(billingInterval === 'YEARLY' ? taxed / 12 : taxed);
};

/** The total per billing period for `quantity` seats, after coupon and tax (the 'annual total'). */
export const periodTotal = ({
  tiers,
  quantity,
  taxRate,
  coupon,
}: Omit<UnitRateInput, 'billingInterval'>): number =>
  Math.round(
    applyCoupon(graduatedTotal(tiers, Math.max(1, Math.floor(quantity))), coupon) * (1 + taxRate / 100),
  );

export type SummaryTitle = 'CYCLE_CHANGE' | 'UPGRADE' | 'DOWNGRADE';

/** The heading of each summary (the spec names the titles only; the words are ours). */
export const SUMMARY_TITLE_TEXT = {
  CYCLE_CHANGE: 'Change your billing cycle',
  UPGRADE: 'Upgrade your plan',
  DOWNGRADE: 'Downgrade your plan',
} as const satisfies Record<SummaryTitle, string>;

/** Spec 001 §8: the summary's error. */
export const SUMMARY_ERROR = {
  title: 'An error occurred',
  description: 'Please try again, if error persist contact our support.',
} as const;

export type PlanChange = {
  currentPlan: string;
  targetPlan: string;
  currentInterval: BillingInterval;
  targetInterval: BillingInterval;
  /** Price per period before and after the change (minor units). */
  currentBasePrice: number;
  targetBasePrice: number;
};

/**
 * Spec 001 §4: "CYCLE_CHANGE when billing cycle changes; else DOWNGRADE if plan goes from
 * PREMIUM or the base price drops, else UPGRADE".
 */
export const summaryTitle = (change: PlanChange): SummaryTitle => {
  if (change.currentInterval !== change.targetInterval) return 'CYCLE_CHANGE';
  const leavesPremium = change.currentPlan === 'PREMIUM' && change.targetPlan !== 'PREMIUM';
  if (leavesPremium || change.targetBasePrice < change.currentBasePrice) return 'DOWNGRADE';
  return 'UPGRADE';
};

export type ChangeTiming = 'END_OF_CYCLE' | 'CHARGED_NOW' | 'AT_RENEWAL';

/**
 * Spec 001 §4 "Timing": YEARLY to MONTHLY is applied at the end of the current cycle; a positive
 * prorated charge is taken now; otherwise the change applies at renewal day.
 */
export const changeTiming = (input: {
  currentInterval: BillingInterval;
  targetInterval: BillingInterval;
  chargedToday: number;
}): ChangeTiming => {
  if (input.currentInterval === 'YEARLY' && input.targetInterval === 'MONTHLY') return 'END_OF_CYCLE';
  return input.chargedToday > 0 ? 'CHARGED_NOW' : 'AT_RENEWAL';
};

/**
 * The proration sentence of the summary and the add-seats page. The spec gives its start ('you will
 * be charged X (pro-rated…)'); the rest is ours (docs/decisions/131-proration-sentence.md).
 */
export const prorationText = (input: {
  timing: ChangeTiming;
  chargedToday: number;
  proratedDays: number;
  currency: Currency;
}): string => {
  switch (input.timing) {
    case 'CHARGED_NOW': {
      const days = `${input.proratedDays} day${input.proratedDays === 1 ? '' : 's'}`;
      return `Today you will be charged ${formatMoney(input.chargedToday, input.currency)} (pro-rated for the ${days} left in your current billing period).`;
    }
    case 'END_OF_CYCLE':
      return 'The change will be applied at the end of your current billing cycle.';
    case 'AT_RENEWAL':
      return 'The change will be applied at your renewal day.';
  }
};
