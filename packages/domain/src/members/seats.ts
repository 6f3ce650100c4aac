import type { MemberStatus, UserPlan } from '../plans/plans';
import { isPaidUserPlan } from '../plans/plans';

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
export const reservesSeat = (member: SeatHolder): boolean =>
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

/** Spec 002 §9: about 100 seats or paid users at most ('Contact us if you need more than 100 seats'). */
export const MAX_SEATS = 100;
