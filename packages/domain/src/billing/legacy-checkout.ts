import { exceedsLegacyUserLimit } from '../members/legacy-users';
import { legacyUserLimitMessage, maxPaidUsersMessage } from '../members/messages';
import type { UserPlan } from '../plans/plans';
import { paidUserPlanFor } from '../plans/plans';
import type { Role } from '../roles/roles';
import { emailDomain, isGmailAddress } from '../users/email';

/**
 * The per-user (legacy) model's checkout rules (spec 001 §2 options step, legacy users page and
 * cannot-downgrade page, §4 options step, §5 Add users modal; spec 002 §4.6 and §5 "Type change").
 * One rule for the web's screens and the server's checks.
 */

/** Why a user's 'paid' radio is disabled (spec 001 §4 "Paid-user radio restrictions"). */
export type PaidRestriction = 'max_users_reached' | 'already_paid_user';

/** Spec 001 §2 cannot-downgrade page and §4: the error code the server answers (409). */
export const CANNOT_DOWNGRADE_REASON = 'cannot-downgrade';

export const LEGACY_CHECKOUT_MESSAGES = {
  /** Spec 001 §4 'already_paid_user', verbatim. */
  ALREADY_PAID_USER: 'User is already a paid user in another space.',
  /** Spec 001 §2 cannot-downgrade page, verbatim. */
  CANNOT_DOWNGRADE_TITLE: 'You have users from multiple domains in your space.',
  CANNOT_DOWNGRADE_TEXT: 'The Pro plan only allows users from the same domain as the owner.',
  /** Spec 001 §8 billing options error, verbatim. */
  OPTIONS_ERROR: 'An error occurred.',
  /** Ours: the server's answers the spec does not show. */
  NO_PAID_USER: 'At least one user must be paid.',
  UNKNOWN_USER: 'This user is not a member of this space.',
  DISABLED_USER: 'A disabled user cannot become paid. Activate the user first.',
  DOWNGRADE_SCHEDULED: 'This user is already scheduled to become free at the end of the billing period.',
  NOT_PER_USER: 'Users are made paid or free only in spaces billed per user.',
  UPGRADE_LEGACY_ONLY: 'Only a legacy licence paid by card can be switched to the new plans.',
  /** Ours: the downgrade to the free plan (spec 001 §4 DOWNGRADE to FREE, §7 downgradeToFree). */
  FREE_ONLY_PRO_OR_PREMIUM:
    'Only a Pro or Premium subscription paid by card moves to the free plan this way.',
  FREE_ALREADY_SCHEDULED:
    'Your subscription already ends at the renewal: the space then moves to the free plan.',
  FREE_NOT_SCHEDULED: 'No move to the free plan is scheduled.',
  FREE_SCHEDULED:
    'Your space moves to the free plan at the renewal. Keep your plan first to change your subscription.',
  FREE_ALONE: 'A move to the free plan is made on its own, without other changes.',
  FREE_NOT_A_PURCHASE: 'A move to the free plan takes no payment: confirm it from the review instead.',
} as const;

/** The message of a paid-radio restriction (spec 001 §4). */
export const paidRestrictionMessage = (restriction: PaidRestriction, paidUserLimit: number): string =>
  restriction === 'max_users_reached'
    ? maxPaidUsersMessage(paidUserLimit)
    : LEGACY_CHECKOUT_MESSAGES.ALREADY_PAID_USER;

/** What the options step reads of a checkout user (spec 001 §3 "Checkout user entry"). */
export type CheckoutUserLike = {
  id: string;
  email: string;
  role: Role;
  /** Paid now (a paid plan, not in trial). */
  isPaid: boolean;
  status: 'ACTIVE' | 'ACCEPTED' | 'PENDING' | 'DISABLED';
  /** Paid in another space (spec 002 §8 'already_paid_user'). */
  isPaidElsewhere: boolean;
};

/** Paid flags of the options step by checkout user id. */
export type PaidSelection = Readonly<Record<string, boolean>>;

/**
 * Spec 001 §4 "Paid flag per checkout user": true if already paid in the current selection; else
 * the stored selection; else paid if the plan is not FREE.
 */
export const initialPaidFlag = (input: {
  inCurrentSelection: boolean | undefined;
  stored: boolean | undefined;
  plan: UserPlan;
}): boolean => {
  if (input.inCurrentSelection === true) return true;
  if (input.stored !== undefined) return input.stored;
  return input.plan !== 'FREE';
};

export const paidCount = (selection: PaidSelection): number =>
  Object.values(selection).filter(Boolean).length;

/**
 * Spec 001 §4: may this user's 'paid' radio be chosen? A user already selected paid keeps it; a
 * user paid in another space cannot ('already_paid_user') — unless they hold a paid licence in this
 * space now: keeping it is no new payment (the server refuses only users newly made paid), so one
 * who was unticked can be ticked again (issue 22: the owner paid elsewhere was locked out); nobody
 * else once the plan's paid-user limit is reached ('max_users_reached'; -1 = unlimited).
 */
export const paidRadioRestriction = (
  user: Pick<CheckoutUserLike, 'id' | 'isPaidElsewhere' | 'isPaid'>,
  selection: PaidSelection,
  paidUserLimit: number,
): PaidRestriction | null => {
  if (selection[user.id] === true) return null;
  if (user.isPaidElsewhere && !user.isPaid) return 'already_paid_user';
  if (paidUserLimit !== -1 && paidCount(selection) >= paidUserLimit) return 'max_users_reached';
  return null;
};

const ownerOf = <U extends Pick<CheckoutUserLike, 'role'>>(users: readonly U[]): U | undefined =>
  users.find((user) => user.role === 'OWNER');

/** Spec 001 §4: the owner's radio is disabled when the owner is the only paid user. */
export const isOwnerRadioDisabled = (
  users: readonly Pick<CheckoutUserLike, 'id' | 'role'>[],
  selection: PaidSelection,
): boolean => {
  const owner = ownerOf(users);
  return owner !== undefined && selection[owner.id] === true && paidCount(selection) === 1;
};

/** Spec 001 §4: marks one user paid or free; removing the last paid user forces the owner to paid. */
export const setUserPaid = (
  users: readonly Pick<CheckoutUserLike, 'id' | 'role'>[],
  selection: PaidSelection,
  userId: string,
  paid: boolean,
): PaidSelection => {
  const next = { ...selection, [userId]: paid };
  const owner = ownerOf(users);
  if (paidCount(next) === 0 && owner !== undefined) next[owner.id] = true;
  return next;
};

/** Spec 001 §4: the options step submits itself (replace) when only one user is available. */
export const shouldAutoSubmitOptions = (users: readonly Pick<CheckoutUserLike, 'status'>[]): boolean =>
  users.filter((user) => user.status !== 'DISABLED').length === 1;

/**
 * Spec 001 §4 / §2 cannot-downgrade: on the PRO plan every paid user must be on the owner's domain
 * ('The Pro plan only allows users from the same domain as the owner.'). Personal (Gmail) owners
 * have no domain to share: only they themselves may be paid.
 */
export const cannotDowngrade = (input: {
  targetPlan: 'PRO' | 'PREMIUM' | 'FREE';
  ownerEmail: string;
  paidEmails: readonly string[];
}): boolean => {
  if (input.targetPlan !== 'PRO') return false;
  const owner = input.ownerEmail.toLowerCase();
  if (isGmailAddress(owner)) return input.paidEmails.some((email) => email.toLowerCase() !== owner);
  const domain = emailDomain(owner);
  return input.paidEmails.some((email) => emailDomain(email) !== domain);
};

/**
 * Spec 001 §2 legacy users page: Next is disabled when the selection is above the maximum PRO user
 * count (-1 unlimited) or below 1.
 */
export const isLegacyUsersNextDisabled = (selected: number, maxProUsers: number): boolean =>
  selected < 1 || (maxProUsers !== -1 && selected > maxProUsers);

/** Spec 001 §5 Add users modal: addresses separated by space or comma, lower-cased, de-duplicated. */
export const parseAddUsersInput = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry.length > 0),
  ),
];

/**
 * Spec 001 §5 / spec 002 §5 "Legacy add": blocked when the selection plus the current paid users
 * exceed the plan's limit: 'You cannot go over your current plan user limit (N).'
 */
export const addUsersLimitError = (selected: number, currentPaid: number, limit: number): string | null =>
  exceedsLegacyUserLimit(currentPaid, selected, limit) ? legacyUserLimitMessage(limit) : null;

/**
 * Spec 002 §5 "Type change": only for selected users who are all paid or all non-paid, and none
 * scheduled for downgrade. The answer is the type they change to.
 */
export const typeChangeTarget = (
  selected: readonly { isPaid: boolean; isScheduledToBeDowngraded: boolean }[],
): 'PAID' | 'FREE' | null => {
  if (selected.length === 0 || selected.some((user) => user.isScheduledToBeDowngraded)) return null;
  if (selected.every((user) => user.isPaid)) return 'FREE';
  if (selected.every((user) => !user.isPaid)) return 'PAID';
  return null;
};

/** A user's plan when made paid or free: Pro (Personal) for Gmail addresses, Pro otherwise. */
export const targetUserPlan = (email: string, paid: boolean): UserPlan =>
  paid ? paidUserPlanFor(isGmailAddress(email)) : 'FREE';

/**
 * The workspaceUserPlans of the PUT (spec 001 §7): the users whose paid flag the selection changes,
 * with their new plan.
 */
export const userPlanChanges = (
  users: readonly Pick<CheckoutUserLike, 'id' | 'email' | 'isPaid'>[],
  selection: PaidSelection,
): { userId: string; userPlan: UserPlan }[] =>
  users
    .filter((user) => selection[user.id] !== undefined && selection[user.id] !== user.isPaid)
    .map((user) => ({ userId: user.id, userPlan: targetUserPlan(user.email, selection[user.id] === true) }));

/**
 * How a change of paid users is billed on a per-user subscription (spec 002 §4.6: paid users are
 * downgraded first and removed at the next cycle): users made paid are paid at once (the quantity
 * rises now, prorated); users made free stay paid until the period end, when the quantity drops.
 */
export type PaidUsersPlan = {
  /** Paid from now on. */
  paidNow: string[];
  /** Paid after the period end. */
  paidAtRenewal: string[];
  /** Users that become paid now. */
  added: string[];
  /** Users that become free at the period end. */
  removedAtRenewal: string[];
};

export const planPaidUsers = (current: readonly string[], target: readonly string[]): PaidUsersPlan => {
  const now = new Set(current);
  const wanted = new Set(target);
  const added = [...wanted].filter((id) => !now.has(id));
  const removedAtRenewal = [...now].filter((id) => !wanted.has(id));
  return {
    paidNow: [...current, ...added],
    paidAtRenewal: [...wanted],
    added,
    removedAtRenewal,
  };
};

/**
 * The downgrade to the free plan of a per-user subscription (spec 001 §4: "PREMIUM moving to PRO
 * or FREE gives DOWNGRADE"; §7 `downgradeToFree`). Ours: every paid user stays paid until the
 * period end, then the subscription ends and the space is on Free (spec 002 §4.6, paid users are
 * downgraded at the next cycle); until then it can be undone ('Keep my plan'). What it needs of the
 * running subscription, and why it cannot be made otherwise.
 */
export type DowngradeToFreeInput = {
  workspacePlan: string;
  paymentSource: string;
  subscriptionStatus: 'ACTIVE' | 'CANCELED';
  autoRenew: boolean;
  /** A scheduled cycle change or removal of paid users (cancel it first). */
  hasScheduledChange: boolean;
};

export type DowngradeToFreeRefusal = 'not-card-pro-or-premium' | 'already-ending' | 'change-scheduled';

export const downgradeToFreeRefusal = (input: DowngradeToFreeInput): DowngradeToFreeRefusal | null => {
  const cardPaid =
    input.subscriptionStatus === 'ACTIVE' &&
    input.paymentSource === 'STRIPE' &&
    (input.workspacePlan === 'PRO' || input.workspacePlan === 'PREMIUM');
  if (!cardPaid) return 'not-card-pro-or-premium';
  if (!input.autoRenew) return 'already-ending';
  if (input.hasScheduledChange) return 'change-scheduled';
  return null;
};

/** Whether a per-user subscription is on its way to the free plan (it ends at the period end). */
export const isMovingToFree = (input: Omit<DowngradeToFreeInput, 'hasScheduledChange'>): boolean =>
  downgradeToFreeRefusal({ ...input, hasScheduledChange: false }) === 'already-ending';

/** The billing card's notice of a scheduled move to the free plan (ours). */
export const movingToFreeNotice = (formattedDate: string): string =>
  `Your space moves to the free plan on ${formattedDate}: every paid user then becomes free.`;
