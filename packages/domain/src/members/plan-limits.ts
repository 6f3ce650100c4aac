import type { UserPlan } from '../plans/plans';
import { isPaidUserPlan } from '../plans/plans';
import { freeUserLimitTooltip, legacyUserLimitMessage, maxUsersTooltip, MEMBER_MESSAGES } from './messages';
import type { Verdict } from './permissions';
import { canAddMembersToSeats, countPaidUserSeats, summarizeSeats, type PaidUserHolder } from './seats';

/**
 * The per-user (legacy model) plan's user limits (spec 002 §5 "Plan user limits"): the free-user
 * maximum (features.FREE.allowedUserCount) and the paid-user maximum (features.PRO), -1 unlimited.
 */
export type PerUserLimits = { freeLimit: number; paidLimit: number };

const allowed: Verdict = { ok: true };

/** Free users that count against the free-user limit: joined or invited, not disabled, not paid. */
const countFreeUsers = (members: readonly PaidUserHolder[]): number =>
  members.filter((member) => member.status !== 'DISABLED' && !isPaidUserPlan(member.userPlan)).length;

/**
 * Spec 002 §8 disabled-user tooltip and §4.6 "Disabled members can be activated": in a per-user
 * space, activating disabled users must fit the plan's limits — the free ones under the free-user
 * limit ('Your current plan does not allow more than N free user(s). Remove active users to
 * re-activate disabled users.'), the paid ones under the paid-user licences (counted as billing
 * counts them, members/seats countPaidUserSeats). The server refuses with this verdict's message and
 * the legacy screen disables Activate with it up front (issue 21).
 */
export const activationLimitVerdict = (
  limits: PerUserLimits,
  members: readonly PaidUserHolder[],
  joining: readonly { userPlan: UserPlan }[],
): Verdict => {
  const joiningFree = joining.filter((member) => !isPaidUserPlan(member.userPlan)).length;
  const activeFree = members.filter(
    (member) =>
      member.status !== 'DISABLED' && member.status !== 'PENDING' && !isPaidUserPlan(member.userPlan),
  ).length;
  if (limits.freeLimit >= 0 && joiningFree > 0 && activeFree + joiningFree > limits.freeLimit) {
    return { ok: false, message: freeUserLimitTooltip(limits.freeLimit) };
  }
  const joiningPaid = joining.length - joiningFree;
  const licences = summarizeSeats(countPaidUserSeats(limits.paidLimit, members));
  if (joiningPaid > 0 && !canAddMembersToSeats(licences, joiningPaid)) {
    return { ok: false, message: legacyUserLimitMessage(limits.paidLimit) };
  }
  return allowed;
};

/**
 * Spec 002 §5 "Invite" in a per-user space (invited users join free): room for `count` more free
 * users under the free-user limit? The server answers 'You cannot go over your current plan user
 * limit (N).' per address when not.
 */
export const hasRoomForFreeUsers = (
  freeLimit: number,
  members: readonly PaidUserHolder[],
  count: number,
): boolean => freeLimit < 0 || countFreeUsers(members) + count <= freeLimit;

/**
 * Spec 002 §8 add-button tooltips on the legacy 'Invite users' (issue 21): at the free-user limit
 * the button is disabled with 'Your current plan does not allow more than N users.', or — on a plan
 * that allows no other user at all (a limit of 0 or 1, the owner alone: legacy PERSONAL and
 * PROFESSIONAL) — 'Your current plan does not allow you to add other users.'
 */
export const inviteLimitVerdict = (freeLimit: number, members: readonly PaidUserHolder[]): Verdict => {
  if (hasRoomForFreeUsers(freeLimit, members, 1)) return allowed;
  return {
    ok: false,
    message: freeLimit <= 1 ? MEMBER_MESSAGES.ADD_NOT_ALLOWED : maxUsersTooltip(freeLimit),
  };
};
