import type { SpacePlan } from '../plans/plans';
import type { BillingInterval } from './prices';
import { DEFAULT_BILLING_INTERVAL } from './prices';

/**
 * The plan and billing interval a per-user (legacy model) checkout is for (spec 001 §2 "Checkout
 * query": plan PRO or PREMIUM, interval or cycle YEARLY or MONTHLY; "Plan and interval are
 * initialised from the current subscription when parameters are missing"; §9 defaults PRO and
 * YEARLY). A monthly interval is not offered while MONTHLY_BILLING is restricted.
 */
export type CheckoutTarget = { plan: 'PRO' | 'PREMIUM'; interval: BillingInterval };

export type CheckoutTargetInput = {
  query: { get(name: string): string | null };
  /** The running subscription, or null on the free plan. */
  current: { workspacePlan: SpacePlan; billingInterval: BillingInterval } | null;
  isMonthlyBillingRestricted: boolean;
};

const PLANS = ['PRO', 'PREMIUM'] as const;
const INTERVALS = ['YEARLY', 'MONTHLY'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | null =>
  values.find((candidate) => candidate === value?.toUpperCase()) ?? null;

export const checkoutTarget = ({
  query,
  current,
  isMonthlyBillingRestricted,
}: CheckoutTargetInput): CheckoutTarget => {
  const plan = oneOf(PLANS, query.get('plan')) ?? oneOf(PLANS, current?.workspacePlan) ?? 'PRO';
  const asked = oneOf(INTERVALS, query.get('interval') ?? query.get('cycle'));
  const interval = asked ?? current?.billingInterval ?? DEFAULT_BILLING_INTERVAL;
  return {
    plan,
    interval: interval === 'MONTHLY' && isMonthlyBillingRestricted ? 'YEARLY' : interval,
  };
};

/** The query that carries a target along the steps (plan=…&interval=…). */
export const checkoutTargetQuery = (target: CheckoutTarget): string =>
  `plan=${target.plan}&interval=${target.interval}`;
