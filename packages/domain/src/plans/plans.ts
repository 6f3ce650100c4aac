import { z } from 'zod';

/** Plan of a user inside a space (spec 000 §1, §3). */
export const USER_PLANS = ['FREE', 'PRO', 'PRO_PERSONAL'] as const;
export type UserPlan = (typeof USER_PLANS)[number];
export const userPlanSchema = z.enum(USER_PLANS);

/** Plan of a space. OFFLINE appears only in the workspace details (spec 000 §3). */
export const SPACE_PLANS = ['FREE', 'PRO', 'PREMIUM', 'LEGACY', 'OFFLINE'] as const;
export type SpacePlan = (typeof SPACE_PLANS)[number];
export const spacePlanSchema = z.enum(SPACE_PLANS);

/** The plans a space pays for (a subscription's plan, spec 001 §3). */
export const PAID_SPACE_PLANS = ['PRO', 'PREMIUM', 'LEGACY'] as const satisfies readonly SpacePlan[];

/** Sub-type of a LEGACY space (spec 000 §1). */
export const LEGACY_TYPES = ['TEAM', 'UNLIMITED', 'PROFESSIONAL', 'PERSONAL'] as const;
export type LegacyType = (typeof LEGACY_TYPES)[number];
export const legacyTypeSchema = z.enum(LEGACY_TYPES);

/** Status of a user in a space (spec 002 "User in space"). */
export const MEMBER_STATUSES = ['ACTIVE', 'DISABLED', 'PENDING', 'ACCEPTED', 'LEGACY', 'FREE_TRIAL'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const memberStatusSchema = z.enum(MEMBER_STATUSES);

/** Status of a space (spec 000 §3 "Workspace"). */
export const SPACE_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const spaceStatusSchema = z.enum(SPACE_STATUSES);

/** STANDARD = personal mailbox (Gmail) user, BUSINESS = user on their own domain (spec 000 §1, §3). */
export const USER_TYPES = ['STANDARD', 'BUSINESS'] as const;
export const userTypeSchema = z.enum(USER_TYPES);

/** Newer spaces are billed per seat, older (legacy-era) spaces per user (spec 000 §1). */
export const BILLING_MODELS = ['PER_SEAT', 'PER_USER'] as const;
export type BillingModel = (typeof BILLING_MODELS)[number];

/**
 * Where a subscription is paid from (spec 001 "Subscription"). SUPPORT and OFFLINE are managed by
 * the provider's support and cannot be changed by the user.
 */
export const PAYMENT_SOURCES = ['STRIPE', 'PAYPAL', 'SUPPORT', 'OFFLINE'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
export const paymentSourceSchema = z.enum(PAYMENT_SOURCES);

/** SUPPORT and OFFLINE subscriptions show as 'Custom' and cannot be changed by the user (spec 001). */
export const isSupportManagedPaymentSource = (source: PaymentSource | null | undefined): boolean =>
  source === 'SUPPORT' || source === 'OFFLINE';

/** Spec 000 §3: personal-domain (Gmail) users get PRO_PERSONAL, everybody else PRO. */
export const paidUserPlanFor = (isGmailUser: boolean): UserPlan => (isGmailUser ? 'PRO_PERSONAL' : 'PRO');

const USER_PLAN_LABELS = {
  FREE: 'Free',
  PRO: 'Pro',
  PRO_PERSONAL: 'Pro (Personal)',
} as const satisfies Record<UserPlan, string>;

export const SPACE_PLAN_LABELS = {
  FREE: 'Free',
  PRO: 'Pro',
  PREMIUM: 'Premium',
  LEGACY: 'Legacy',
  OFFLINE: 'Offline',
} as const satisfies Record<SpacePlan, string>;

const LEGACY_TYPE_LABELS = {
  TEAM: 'Team (legacy)',
  UNLIMITED: 'Unlimited (legacy)',
  PROFESSIONAL: 'Professional (legacy)',
  PERSONAL: 'Personal (legacy)',
} as const satisfies Record<LegacyType, string>;

const CUSTOM_PLAN_LABEL = 'Custom';

export type SpacePlanLabelOptions = {
  legacyType?: LegacyType | null;
  /** The subscription is given by support or managed offline (payment source SUPPORT or OFFLINE). */
  isCustom?: boolean;
};

/**
 * Display name of a space plan (spec 000 §3, spec 001 "Current plan card").
 * A support/offline subscription shows 'Custom' whatever the plan; a LEGACY space with a known
 * legacy type shows e.g. 'Team (legacy)', and plain 'Legacy' otherwise.
 */
export const spacePlanLabel = (plan: SpacePlan, options: SpacePlanLabelOptions = {}): string => {
  if (options.isCustom === true) return CUSTOM_PLAN_LABEL;
  if (plan === 'LEGACY' && options.legacyType != null) return LEGACY_TYPE_LABELS[options.legacyType];
  return SPACE_PLAN_LABELS[plan];
};

export const userPlanLabel = (plan: UserPlan): string => USER_PLAN_LABELS[plan];

export const isPaidUserPlan = (plan: UserPlan): boolean => plan !== 'FREE';
