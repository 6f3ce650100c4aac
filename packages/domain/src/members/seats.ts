import type { BillingModel, MemberStatus, SpacePlan, UserPlan } from '../plans/plans';
import { isPaidUserPlan } from '../plans/plans';
import { isTrialUser } from './legacy-users';

/**
 * Seat arithmetic of the per-seat model (spec 002 §2.7, §3 "Subscription seat", §5). One place for
 * every screen and call: the members screen, the add modal, the invitation acceptance and billing.
 *
 * - totalSeats: the seats the space pays for. It comes from the space's subscription (billing
 *   feeds it); null means seats are unlimited (a FREE space: members join as free users).
 * - assignedSeats: seats held by members (a paid user plan, any status but PENDING).
 * - unavailableSeats: seats reserved by pending members (invited, not yet joined).
 * - availableSeats: what is left, never below 0 (seats can drop below use when a removal applies).
 */
export type SeatCounts = {
  totalSeats: number | null;
  assignedSeats: number;
  unavailableSeats: number;
};

export type SeatSummary = {
  totalSeats: number | null;
  assignedSeats: number;
  availableSeats: number | null;
  unavailableSeats: number;
  unlimited: boolean;
  /** (assigned + unavailable) / total, rounded, 0–100; null when unlimited. */
  usagePercentage: number | null;
};

export type SeatHolder = { status: MemberStatus; userPlan: UserPlan };

/** A member holds a seat when their user plan is paid and they have joined (not PENDING). */
export const holdsSeat = (member: SeatHolder): boolean =>
  member.status !== 'PENDING' && isPaidUserPlan(member.userPlan);

/** A pending member with a paid user plan reserves a seat until they join or are cancelled. */
const reservesSeat = (member: SeatHolder): boolean =>
  member.status === 'PENDING' && isPaidUserPlan(member.userPlan);

/** The seat counts of a list of members, for a space with `totalSeats` (null: unlimited). */
export const countSeats = (totalSeats: number | null, members: readonly SeatHolder[]): SeatCounts => ({
  totalSeats,
  assignedSeats: members.filter(holdsSeat).length,
  unavailableSeats: members.filter(reservesSeat).length,
});

export const summarizeSeats = ({ totalSeats, assignedSeats, unavailableSeats }: SeatCounts): SeatSummary => {
  if (totalSeats === null) {
    return {
      totalSeats: null,
      assignedSeats,
      availableSeats: null,
      unavailableSeats,
      unlimited: true,
      usagePercentage: null,
    };
  }
  const used = assignedSeats + unavailableSeats;
  return {
    totalSeats,
    assignedSeats,
    availableSeats: Math.max(0, totalSeats - used),
    unavailableSeats,
    unlimited: false,
    usagePercentage: totalSeats === 0 ? 100 : Math.min(100, Math.round((used / totalSeats) * 100)),
  };
};

/**
 * Spec 002 §2.7: 'X of Y seats used', or only the count when seats are unlimited. Used seats are
 * the assigned ones plus those reserved by pending members.
 */
export const seatsUsedText = (summary: SeatSummary): string => {
  const used = summary.assignedSeats + summary.unavailableSeats;
  return summary.unlimited || summary.totalSeats === null
    ? `${used}`
    : `${used} of ${summary.totalSeats} seats used`;
};

/**
 * The members screen's counter (spec 002 §2.7 "or only a count when seats are unlimited"; spec 000
 * §6 "Owner of a FREE space sees the member count as the seat count"): on a plan without a seat
 * limit (Free) the count is of the space's members, named, never a bare number (issue 21).
 */
export const seatCounterText = (summary: SeatSummary, memberCount: number): string =>
  summary.unlimited || summary.totalSeats === null
    ? memberCount === 1
      ? '1 member'
      : `${memberCount} members`
    : seatsUsedText(summary);

/** Spec 002 §5: adding is blocked when the e-mails exceed the available seats (unless unlimited). */
export const canAddMembersToSeats = (summary: SeatSummary, emailCount: number): boolean =>
  summary.unlimited || summary.availableSeats === null || emailCount <= summary.availableSeats;

/** Spec 002 §5, the message of a blocked add, singular or plural by N. */
export const notEnoughSeatsMessage = (availableSeats: number): string =>
  availableSeats === 1
    ? 'There is 1 available seat in this space so you can add 1 member. To add more members you need to add more seats to the space first.'
    : `There are ${availableSeats} available seats in this space so you can add ${availableSeats} members. To add more members you need to add more seats to the space first.`;

/**
 * Whether one more member can take a seat when a pending member joins (the acceptance re-check,
 * done inside the accepting transaction): the seats held by others must leave one free. Pending
 * reservations do not count here: the joining member's own reservation turns into the seat.
 */
export const hasSeatForJoiningMember = (totalSeats: number | null, assignedSeats: number): boolean =>
  totalSeats === null || assignedSeats < totalSeats;

/**
 * What a seat removal may leave (spec 001 §2 "Remove seats page": "selectable target totals from
 * total-1 down to the assigned count"; spec 001 §4 "never below assigned seats"). One rule for the
 * remove-seats page and the server's check of the removal.
 *
 * The floor is the **assigned** seats, the seats members hold — not the seats reserved by pending
 * members (spec 002 §3 keeps `assignedSeats` and `unavailableSeats` apart). A reservation is a
 * promise the owner may withdraw: removing the seat leaves the invitation pending, and its invitee
 * finds no seat when accepting (the acceptance re-checks the held seats), until the owner cancels
 * the invitation or adds seats. The page warns of that (`pendingMembersWithoutSeat`). Never below
 * one seat.
 */
export type SeatRemovalInput = { totalSeats: number; assignedSeats: number; unavailableSeats: number };

/** The lowest total a removal may leave: the assigned seats, at least one. */
export const lowestSeatTotal = (seats: Pick<SeatRemovalInput, 'assignedSeats'>): number =>
  Math.max(1, seats.assignedSeats);

/** The totals a removal may leave, from total-1 down to `lowestSeatTotal` (empty: nothing to remove). */
export const seatRemovalTargets = (seats: SeatRemovalInput): number[] => {
  const targets: number[] = [];
  for (let target = seats.totalSeats - 1; target >= lowestSeatTotal(seats); target -= 1) targets.push(target);
  return targets;
};

/** How many pending members would find no seat once the total is `target` (their reservations go first). */
export const pendingMembersWithoutSeat = (seats: SeatRemovalInput, target: number): number =>
  Math.max(0, Math.min(seats.unavailableSeats, seats.assignedSeats + seats.unavailableSeats - target));

/** The remove-seats page's warning for `pendingMembersWithoutSeat` (ours; the spec has no words for it). */
export const pendingWithoutSeatWarning = (count: number): string =>
  count === 1
    ? 'After the removal, 1 pending member will find no seat left when accepting the invitation. Cancel the invitation from the members list, or keep one more seat.'
    : `After the removal, ${count} pending members will find no seat left when accepting their invitations. Cancel invitations from the members list, or keep more seats.`;

/** Spec 002 §9: about 100 seats or paid users at most ('Contact us if you need more than 100 seats'). */
export const MAX_SEATS = 100;

/**
 * What the per-user (legacy) model counts of a member: the seat fields and the free trial (a user
 * in trial holds a paid plan without paying for it).
 */
export type PaidUserHolder = SeatHolder & { freeTrialEndTimestamp: number | null };

/**
 * Per-user model: a member holds a paid licence when their plan is paid, they are not in a free
 * trial (status FREE_TRIAL or a trial end) and not disabled (spec 002 §2.8 counts disabled users
 * apart). One rule for the legacy checkout's paid flag, the licence use on the billing page, the
 * seats of the members screen and the paid-user limit of 'Add users' and of a join.
 */
export const holdsPaidLicence = (member: PaidUserHolder): boolean =>
  isPaidUserPlan(member.userPlan) &&
  member.status !== 'FREE_TRIAL' &&
  member.status !== 'DISABLED' &&
  !isTrialUser(member);

/**
 * The seats of a per-user (legacy model) space on a paid plan (spec 001 §3 "Seat info": "For
 * LEGACY it reads numberOfLicensesUsed and allowedQuantity"; spec 002 §5 "Plan user limits"): the
 * total is the plan's paid-user maximum (features.PRO.allowedUserCount, -1 unlimited), the paid
 * users who joined are assigned, paid users still pending reserve theirs. Billing (seatInfo,
 * numberOfLicensesUsed / allowedQuantity) and the members screen read this one count.
 */
export const countPaidUserSeats = (paidUserLimit: number, members: readonly PaidUserHolder[]): SeatCounts => {
  const paid = members.filter(holdsPaidLicence);
  return {
    totalSeats: paidUserLimit < 0 ? null : paidUserLimit,
    assignedSeats: paid.filter((member) => member.status !== 'PENDING').length,
    unavailableSeats: paid.filter((member) => member.status === 'PENDING').length,
  };
};

/** The paid users of a per-user space's seat counts: assigned plus reserved. */
export const paidUsersOf = (counts: Pick<SeatCounts, 'assignedSeats' | 'unavailableSeats'>): number =>
  counts.assignedSeats + counts.unavailableSeats;

/** What a space's seat count reads of the space. */
export type SeatSpace = {
  billingModel: BillingModel;
  plan: SpacePlan;
  /** Per seat: the subscription's seat quantity (null: unlimited, a FREE space). */
  seatTotal: number | null;
  /** Per user: features.PRO.allowedUserCount (-1 unlimited). */
  proAllowedUserCount: number;
};

/**
 * The seat counts of any space, the one rule the members screen, the billing page and the member
 * limits read: per seat, the subscription's seats and the members holding them; per user, the
 * paid-user licences of the plan (a FREE space has no limit on them: nobody is paid).
 */
export const spaceSeatCounts = (space: SeatSpace, members: readonly PaidUserHolder[]): SeatCounts =>
  space.billingModel === 'PER_USER'
    ? countPaidUserSeats(space.plan === 'FREE' ? -1 : space.proAllowedUserCount, members)
    : countSeats(space.seatTotal, members);
