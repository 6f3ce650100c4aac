import type { MemberStatus, UserPlan } from '../plans/plans';
import { isPaidUserPlan, userPlanLabel } from '../plans/plans';
import { normalizeTrialEnd } from '../quotas/quotas';
import { isGmailAddress } from '../users/email';

/** What the legacy Manage Users screen reads of a user (spec 002 §3 "Legacy user"). */
export type LegacyUser = {
  email: string;
  plan: UserPlan;
  status: MemberStatus;
  /** The raw trial end: null (no trial), a timestamp, or the huge sentinel (unlimited trial). */
  freeTrialEndTimestamp: number | null;
};

/** A user is in trial while a trial end exists (a timestamp or -1 for an unlimited trial). */
export const isTrialUser = (user: Pick<LegacyUser, 'freeTrialEndTimestamp'>): boolean =>
  normalizeTrialEnd(user.freeTrialEndTimestamp) !== null;

/** The Type column (spec 002 §2.8): 'Trial' during a trial, else the plan's label (Free, Pro, …). */
export const legacyUserType = (user: Pick<LegacyUser, 'plan' | 'freeTrialEndTimestamp'>): string =>
  isTrialUser(user) ? 'Trial' : userPlanLabel(user.plan);

export type LegacyUsersSummary = {
  total: number;
  paid: number;
  gmailPaid: number;
  trial: number;
  free: number;
  disabled: number;
};

/**
 * The summary line of spec 002 §2.8: total users with counts of paid, @gmail.com paid, trial, free
 * and disabled. Our reading: disabled users count only as disabled; the others are in trial (a trial
 * end exists), paid (a paid plan) or free; '@gmail.com paid' are the paid ones with a Gmail address.
 */
export const summarizeLegacyUsers = (users: readonly LegacyUser[]): LegacyUsersSummary => {
  const summary: LegacyUsersSummary = {
    total: users.length,
    paid: 0,
    gmailPaid: 0,
    trial: 0,
    free: 0,
    disabled: 0,
  };
  for (const user of users) {
    if (user.status === 'DISABLED') summary.disabled += 1;
    else if (isTrialUser(user)) summary.trial += 1;
    else if (isPaidUserPlan(user.plan)) {
      summary.paid += 1;
      if (isGmailAddress(user.email)) summary.gmailPaid += 1;
    } else summary.free += 1;
  }
  return summary;
};

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** '9 users: 4 paid (1 @gmail.com paid), 1 trial, 2 free, 1 disabled' (wording ours). */
export const legacyUsersSummaryText = (summary: LegacyUsersSummary): string =>
  `${plural(summary.total, 'user', 'users')}: ${summary.paid} paid (${summary.gmailPaid} @gmail.com paid), ` +
  `${summary.trial} trial, ${summary.free} free, ${summary.disabled} disabled`;

/**
 * Spec 002 §5 "Legacy add": the selection plus the current paid count may not exceed the plan's
 * paid-user limit (allowedUserCount; -1 means unlimited).
 */
export const exceedsLegacyUserLimit = (paidCount: number, selectionCount: number, limit: number): boolean =>
  limit !== -1 && paidCount + selectionCount > limit;

/** Spec 002 §2.8: a legacy plan with no seat left: 'Add members' points to support instead. */
export const hasNoLegacySeatLeft = (paidCount: number, limit: number): boolean =>
  limit !== -1 && paidCount >= limit;
