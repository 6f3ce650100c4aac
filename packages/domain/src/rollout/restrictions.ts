import { z } from 'zod';

/**
 * Rollout flags (spec 000 §6). A flag is a RESTRICTION: it is on while the user's
 * `lastActivatedStep` falls inside its range, and an active restriction hides or disables the
 * feature. A user with no rollout status, or a step past every range, has no restriction.
 */
export const RESTRICTION_FLAGS = [
  'USERS_PAGE',
  'TRANSFER_WORKSPACE',
  'PREMIUM_PLAN',
  'INVITATION',
  'SHARED_UNSUBS',
  'SHARED_BOUNCES',
  'MULTIPLE_PAYMENT',
  'MONTHLY_BILLING',
  'WORKSPACE_DASHBOARD',
] as const;
export type RestrictionFlag = (typeof RESTRICTION_FLAGS)[number];
export const restrictionFlagSchema = z.enum(RESTRICTION_FLAGS);

/** Inclusive range of `lastActivatedStep` values. */
type StepRange = { readonly from: number; readonly to: number };

const steps = (from: number, to: number = from): StepRange => ({ from, to });

/** The table of spec 000 §6, both columns, verbatim. */
const RESTRICTION_STEP_RANGES = {
  USERS_PAGE: { nonGmail: steps(1), gmail: steps(1, 2) },
  TRANSFER_WORKSPACE: { nonGmail: steps(1), gmail: steps(1, 3) },
  PREMIUM_PLAN: { nonGmail: steps(1, 3), gmail: steps(1, 3) },
  INVITATION: { nonGmail: steps(1), gmail: steps(1, 3) },
  SHARED_UNSUBS: { nonGmail: steps(1, 3), gmail: steps(1, 3) },
  SHARED_BOUNCES: { nonGmail: steps(1, 3), gmail: steps(1, 3) },
  MULTIPLE_PAYMENT: { nonGmail: steps(1, 2), gmail: steps(1, 2) },
  MONTHLY_BILLING: { nonGmail: steps(1, 6), gmail: steps(1, 6) },
  WORKSPACE_DASHBOARD: { nonGmail: steps(1), gmail: steps(1) },
} as const satisfies Record<RestrictionFlag, { nonGmail: StepRange; gmail: StepRange }>;

const isInRange = (step: number, range: StepRange): boolean => step >= range.from && step <= range.to;

/** Is `flag` active (feature hidden/disabled) for a user at `lastActivatedStep`? */
export const isRestricted = (
  flag: RestrictionFlag,
  lastActivatedStep: number | null | undefined,
  isGmailUser: boolean,
): boolean => {
  if (lastActivatedStep == null || !Number.isFinite(lastActivatedStep)) return false;
  const ranges = RESTRICTION_STEP_RANGES[flag];
  return isInRange(lastActivatedStep, isGmailUser ? ranges.gmail : ranges.nonGmail);
};

/** Every restriction that is active for a user at `lastActivatedStep`. */
export const activeRestrictions = (
  lastActivatedStep: number | null | undefined,
  isGmailUser: boolean,
): Set<RestrictionFlag> =>
  new Set(RESTRICTION_FLAGS.filter((flag) => isRestricted(flag, lastActivatedStep, isGmailUser)));

/** The same as a record of booleans, e.g. for an API payload. */
export const restrictionRecord = (
  lastActivatedStep: number | null | undefined,
  isGmailUser: boolean,
): Record<RestrictionFlag, boolean> => {
  const record = {} as Record<RestrictionFlag, boolean>;
  for (const flag of RESTRICTION_FLAGS) record[flag] = isRestricted(flag, lastActivatedStep, isGmailUser);
  return record;
};
