import type { MemberStatus, UserPlan } from '../plans/plans';
import { isPaidUserPlan } from '../plans/plans';
import { paidElsewhereOutcome, paidElsewhereRefusal } from './multiple-payment';
import { canManageMembers, type MemberActor, type Verdict } from './permissions';

/**
 * Issue 21 "Seats reach members already in the space": in a per-seat Pro or Premium space, those
 * who manage members give a free member who has joined one of the seats the space pays for (the
 * drawer's 'Give a seat'; spec 002 §4.6 "A member's type can change between free, paid and trial").
 * The seat is one already bought: nothing is charged, the seat count goes up by one.
 */
export const GIVE_SEAT_LABEL = 'Give a seat';

/** Ours: the banner after seats were given. */
export const seatsGivenBanner = (count: number): string =>
  count === 1 ? '1 member now has a seat.' : `${count} members now have a seat.`;

export const GIVE_SEAT_MESSAGES = {
  /** Ours: the drawer and the server when a selected member has not joined (or is disabled). */
  NOT_JOINED: 'Only members who have joined the space can be given a seat.',
  /** Ours: the server when a selected member already holds a seat. */
  ALREADY_PAID: 'This member already has a seat.',
  /** Ours: the server when the space has no seats to give (Free plan, per-user model). */
  NOT_OFFERED: 'Seats can only be given in a space with a Pro or Premium plan billed per seat.',
} as const;

/** Ours, in the words of spec 002 §5's seat message: the selection needs more seats than are free. */
export const notEnoughSeatsToGiveMessage = (availableSeats: number): string =>
  availableSeats === 0
    ? 'There is no available seat in this space. To give members a seat you need to add more seats to the space first.'
    : availableSeats === 1
      ? 'There is 1 available seat in this space so you can give 1 member a seat. To give more members a seat you need to add more seats to the space first.'
      : `There are ${availableSeats} available seats in this space so you can give ${availableSeats} members a seat. To give more members a seat you need to add more seats to the space first.`;

/** The drawer offers 'Give a seat' to those who manage members of a per-seat Pro or Premium space. */
export const offersGiveSeat = (
  actor: Pick<MemberActor, 'role' | 'workspacePlan' | 'billingModel'>,
): boolean =>
  canManageMembers(actor) &&
  actor.billingModel === 'PER_SEAT' &&
  (actor.workspacePlan === 'PRO' || actor.workspacePlan === 'PREMIUM');

export type GiveSeatTarget = {
  email: string;
  status: MemberStatus;
  userPlan: UserPlan;
  /** From promote-validity (spec 002 §7): the member is paid in another space (already_paid_user). */
  isPaidElsewhere: boolean;
};

export type GiveSeatInput = {
  actor: Pick<MemberActor, 'role' | 'workspacePlan' | 'billingModel'>;
  targets: readonly GiveSeatTarget[];
  /** Seats left (members/seats summarizeSeats); null: unlimited. */
  availableSeats: number | null;
  /** The MULTIPLE_PAYMENT rollout restriction of the actor (spec 000 §6). */
  isMultiplePaymentRestricted: boolean;
};

/**
 * Whether the selection may be given seats, the first failing rule's message otherwise: the space
 * offers it, every member is free and has joined (active), the seats left cover them all, and
 * nobody already paid in another space while the actor's MULTIPLE_PAYMENT restriction is on (the
 * add rule, members/multiple-payment.ts).
 */
export const giveSeatVerdict = (input: GiveSeatInput): Verdict => {
  if (!offersGiveSeat(input.actor)) return { ok: false, message: GIVE_SEAT_MESSAGES.NOT_OFFERED };
  if (input.targets.some((target) => isPaidUserPlan(target.userPlan)))
    return { ok: false, message: GIVE_SEAT_MESSAGES.ALREADY_PAID };
  if (input.targets.some((target) => target.status !== 'ACTIVE' && target.status !== 'ACCEPTED'))
    return { ok: false, message: GIVE_SEAT_MESSAGES.NOT_JOINED };
  if (input.availableSeats !== null && input.targets.length > input.availableSeats)
    return { ok: false, message: notEnoughSeatsToGiveMessage(input.availableSeats) };
  const refused = input.targets.find(
    (target) =>
      paidElsewhereOutcome({
        becomesPaid: true,
        isPaidElsewhere: target.isPaidElsewhere,
        workspacePlan: input.actor.workspacePlan ?? 'FREE',
        isMultiplePaymentRestricted: input.isMultiplePaymentRestricted,
      }) === 'REFUSE',
  );
  if (refused) return { ok: false, message: paidElsewhereRefusal(refused.email) };
  return { ok: true };
};
