import { MAX_SEATS } from '../members/seats';
import type { LegacyType } from '../plans/plans';
import type { BillingInterval, LegalEntity } from './prices';

/** Checkout flow types and their steps (spec 001 §2 "Checkout routes", §4, §5, §9). */

export type PerSeatFlowType = 'DOMAIN_PURCHASE' | 'GMAIL_PURCHASE' | 'ADDITIONAL_SEATS' | 'REMOVE_SEATS';

/** Spec 001 §4: add-seats / remove-seats by path, then Gmail versus domain users. */
export const perSeatFlowType = (pathname: string, isGmailUser: boolean): PerSeatFlowType => {
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith('/add-seats')) return 'ADDITIONAL_SEATS';
  if (path.endsWith('/remove-seats')) return 'REMOVE_SEATS';
  return isGmailUser ? 'GMAIL_PURCHASE' : 'DOMAIN_PURCHASE';
};

/** Spec 001 §2 "Per-seat flow steps", verbatim. */
export const PER_SEAT_FLOW_STEPS = {
  DOMAIN_PURCHASE: ['Billing details', 'Billing information', 'Checkout'],
  GMAIL_PURCHASE: ['Billing information', 'Checkout'],
  ADDITIONAL_SEATS: ['Add seats'],
  REMOVE_SEATS: ['Remove unused seats'],
} as const satisfies Record<PerSeatFlowType, readonly string[]>;

/**
 * Spec 001 §2 "Redirects": the first page of a per-seat purchase, under {prefix}/checkout —
 * Gmail-type users skip the seat page and start at the billing information.
 */
export const purchaseFirstStep = (isGmailUser: boolean): '/details' | '/information' =>
  isGmailUser ? '/information' : '/details';

export type LegacyModelFlowType =
  | 'PURCHASE'
  | 'UPGRADE'
  | 'DOWNGRADE'
  | 'UPGRADE_LEGACY_BE'
  | 'UPGRADE_LEGACY_US'
  | 'UPGRADE_LEGACY_BE_INDIVIDUAL'
  | 'UPGRADE_LEGACY_US_INDIVIDUAL';

export type LegacyModelFlowInput = {
  /** Current space plan; null when there is no subscription. */
  currentPlan: 'FREE' | 'PRO' | 'PREMIUM' | 'LEGACY' | 'OFFLINE' | null;
  legacyType?: LegacyType | null;
  legalEntity?: LegalEntity | null;
  targetPlan: 'FREE' | 'PRO' | 'PREMIUM';
};

/**
 * Spec 001 §4 "Legacy-model flow type": FREE or no subscription gives PURCHASE; LEGACY gives
 * UPGRADE_LEGACY_{BE|US} for legacy type TEAM, the _INDIVIDUAL variants for the other types;
 * PREMIUM moving to PRO or FREE gives DOWNGRADE (and, ours, PRO moving to FREE); anything else
 * UPGRADE. A legacy subscription with
 * no known legal entity is treated as US (the default seller).
 */
export const legacyModelFlowType = (input: LegacyModelFlowInput): LegacyModelFlowType => {
  if (input.currentPlan === null || input.currentPlan === 'FREE') return 'PURCHASE';
  if (input.currentPlan === 'LEGACY') {
    const entity = input.legalEntity === 'BE' ? 'BE' : 'US';
    return input.legacyType === 'TEAM' ? `UPGRADE_LEGACY_${entity}` : `UPGRADE_LEGACY_${entity}_INDIVIDUAL`;
  }
  if (input.currentPlan === 'PREMIUM' && input.targetPlan !== 'PREMIUM') return 'DOWNGRADE';
  // Ours: the spec names PREMIUM → FREE only; any paid plan moving to FREE is a downgrade too.
  if (input.targetPlan === 'FREE') return 'DOWNGRADE';
  return 'UPGRADE';
};

/** Spec 001 §2 "Legacy-model flow steps". Billing options only appear with more than one user. */
export const legacyModelFlowSteps = (flowType: LegacyModelFlowType, userCount: number): string[] => {
  switch (flowType) {
    case 'PURCHASE':
      return [...(userCount > 1 ? ['Billing options'] : []), 'Billing information', 'Checkout'];
    case 'UPGRADE':
      return ['Review'];
    case 'DOWNGRADE':
      return ['Billing options', 'Review'];
    default:
      return [];
  }
};

export type OptionsNextStep = 'summary' | 'information' | 'server-error';

/** Spec 001 §4: where the billing-options step goes next. */
export const optionsNextStep = (flowType: LegacyModelFlowType): OptionsNextStep => {
  if (flowType === 'UPGRADE' || flowType === 'DOWNGRADE') return 'summary';
  if (flowType === 'UPGRADE_LEGACY_BE' || flowType === 'UPGRADE_LEGACY_BE_INDIVIDUAL') return 'server-error';
  return 'information';
};

/** Spec 001 §4 "Button labels". */
export const optionsButtonLabel = (flowType: LegacyModelFlowType): string => {
  if (
    flowType === 'PURCHASE' ||
    flowType === 'UPGRADE_LEGACY_US' ||
    flowType === 'UPGRADE_LEGACY_US_INDIVIDUAL'
  ) {
    return 'Next: Billing information';
  }
  if (flowType === 'UPGRADE_LEGACY_BE' || flowType === 'UPGRADE_LEGACY_BE_INDIVIDUAL')
    return 'Confirm the plan switch';
  return 'Next: Review';
};

/** Spec 001 §9: team purchases start at 2 seats; the maximum is the members rules' MAX_SEATS. */
const MIN_TEAM_SEATS = 2;
export const MORE_SEATS_MESSAGE = 'Need more than 100 seats? Please contact us.';

/** Spec 001 §5 seat quantity message for an allowed range. */
const seatRangeMessage = (min: number, max: number): string =>
  min === max ? `The only allowed number is ${min}.` : `The number must be between ${min} and ${max}.`;

/** Null when `value` is an integer within [min, max]; the §5 message otherwise. */
export const seatQuantityError = (value: number, min: number, max: number): string | null =>
  Number.isInteger(value) && value >= min && value <= max ? null : seatRangeMessage(min, max);

/** Spec 001 §5 "Add seats: min 1, max = maximum seats minus current total, clamped". */
export const addSeatsRange = (currentTotal: number): { min: number; max: number } => ({
  min: 1,
  max: Math.max(0, Math.min(MAX_SEATS, MAX_SEATS - currentTotal)),
});

/** Spec 001 §2 "Redirect error codes on the billing page". */
const SUBSCRIPTION_UPDATE_ERRORS = [
  'cannot-update-subscription-plan-and-interval',
  'cannot-change-billing-cycle-when-scheduled',
] as const;
export type SubscriptionUpdateError = (typeof SUBSCRIPTION_UPDATE_ERRORS)[number];

/** The query parameter that carries a redirect error code to the billing page (ours). */
export const BILLING_ERROR_QUERY_PARAM = 'error';

/** What the billing page says for each redirect error code (the spec gives codes only; ours). */
export const SUBSCRIPTION_UPDATE_ERROR_MESSAGES = {
  'cannot-update-subscription-plan-and-interval':
    'The plan and the billing cycle cannot be changed together. Change one, then the other.',
  'cannot-change-billing-cycle-when-scheduled':
    'A billing cycle change is already scheduled. Cancel it before changing the billing cycle again.',
} as const satisfies Record<SubscriptionUpdateError, string>;

export const isSubscriptionUpdateError = (value: string | null): value is SubscriptionUpdateError =>
  (SUBSCRIPTION_UPDATE_ERRORS as readonly (string | null)[]).includes(value);

/** Whether a plan/interval change may be made; the error code when it may not. */
export const subscriptionUpdateError = (input: {
  currentPlan: string;
  targetPlan: string;
  currentInterval: BillingInterval;
  targetInterval: BillingInterval;
  hasSubscriptionSchedule: boolean;
}): SubscriptionUpdateError | null => {
  const planChanges = input.currentPlan !== input.targetPlan;
  const intervalChanges = input.currentInterval !== input.targetInterval;
  if (planChanges && intervalChanges) return 'cannot-update-subscription-plan-and-interval';
  if (intervalChanges && input.hasSubscriptionSchedule) return 'cannot-change-billing-cycle-when-scheduled';
  return null;
};

/** Spec 001 §5: a team purchase is 2 seats up to the maximum seat limit. */
export const TEAM_SEATS_RANGE = { min: MIN_TEAM_SEATS, max: MAX_SEATS } as const;

/** Spec 001 §2 seat selection: 'For myself' is one seat; 'For a team' starts at 2. */
export const SEAT_SELECTIONS = { self: 1, team: MIN_TEAM_SEATS } as const;
export type SeatSelection = keyof typeof SEAT_SELECTIONS;

/** Spec 001 §5 "digits only typed or pasted": the digits of what was typed, nothing else. */
export const seatDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, 3);

/**
 * The seats of the seat-selection page and whether they are ready (spec 001 §2: 'For myself' is
 * ready at once; 'For a team' only while the typed quantity is valid).
 */
export const purchaseSeats = (
  selection: SeatSelection,
  typed: string,
): { quantity: number | null; error: string | null } => {
  if (selection === 'self') return { quantity: SEAT_SELECTIONS.self, error: null };
  const value = typed === '' ? Number.NaN : Number(typed);
  const error = seatQuantityError(value, TEAM_SEATS_RANGE.min, TEAM_SEATS_RANGE.max);
  return { quantity: error === null ? value : null, error };
};
