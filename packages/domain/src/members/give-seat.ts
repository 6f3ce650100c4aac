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

/** Ours: the drawer and the server when a selected member has not joined (or is disabled). */
export const GIVE_SEAT_NOT_JOINED_MESSAGE = 'Only members who have joined the space can be given a seat.';
/** Ours: the server when a selected member already holds a seat (the drawer does not offer it). */
export const GIVE_SEAT_ALREADY_PAID_MESSAGE = 'This member already has a seat.';
/** Ours: the server when the space has no seats to give (the drawer does not offer it). */
export const GIVE_SEAT_NOT_OFFERED_MESSAGE =
  'Seats can only be given in a space with a Pro or Premium plan billed per seat.';

/** Ours, in the words of spec 002 §5's seat message: the selection needs more seats than are free. */
export const notEnoughSeatsToGiveMessage = (availableSeats: number): string =>
  `There ${availableSeats === 1 ? 'is 1 available seat' : `are ${availableSeats} available seats`} in this space. To give more members a seat you need to add more seats to the space first.`;

/** The drawer offers 'Give a seat' to those who manage members of a per-seat Pro or Premium space. */
export const offersGiveSeat = (
  actor: Pick<MemberActor, 'role' | 'workspacePlan' | 'billingModel'>,
): boolean =>
  canManageMembers(actor) &&
  actor.billingModel === 'PER_SEAT' &&
  (actor.workspacePlan === 'PRO' || actor.workspacePlan === 'PREMIUM');

type GiveSeatTarget = {
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
 * Whether free members of a space that offers it may be given seats, the first failing rule's
 * message otherwise: every member has joined (active), the seats left cover them all, and nobody is
 * already paid in another space while the actor's MULTIPLE_PAYMENT restriction is on (the add rule,
 * members/multiple-payment.ts).
 */
export const giveSeatVerdict = (input: GiveSeatInput): Verdict => {
  const refusal = (message: string): Verdict => ({ ok: false, message });
  if (input.targets.some((target) => target.status !== 'ACTIVE' && target.status !== 'ACCEPTED'))
    return refusal(GIVE_SEAT_NOT_JOINED_MESSAGE);
  if (input.availableSeats !== null && input.targets.length > input.availableSeats)
    return refusal(notEnoughSeatsToGiveMessage(input.availableSeats));
  const refused = input.targets.find(
    (target) =>
      paidElsewhereOutcome({
        becomesPaid: true,
        isPaidElsewhere: target.isPaidElsewhere,
        workspacePlan: input.actor.workspacePlan ?? 'FREE',
        isMultiplePaymentRestricted: input.isMultiplePaymentRestricted,
      }) === 'REFUSE',
  );
  return refused ? refusal(paidElsewhereRefusal(refused.email)) : { ok: true };
};

/**
 * The server's full check: the space offers it and every member is free (the drawer offers it only
 * then, so its messages stay out of the web app), then giveSeatVerdict.
 */
export const giveSeatServerVerdict = (input: GiveSeatInput): Verdict => {
  if (!offersGiveSeat(input.actor)) return { ok: false, message: GIVE_SEAT_NOT_OFFERED_MESSAGE };
  if (input.targets.some((target) => isPaidUserPlan(target.userPlan)))
    return { ok: false, message: GIVE_SEAT_ALREADY_PAID_MESSAGE };
  return giveSeatVerdict(input);
};
