import type { SpacePlan } from '../plans/plans';
import { alreadyPaidWarning } from './messages';

/** Spec 002 §8: the add response's errorCode for a person already paid in another space. */
export const ALREADY_PAID_ERROR_CODE = 'already_paid_user';

export type PaidElsewhereInput = {
  /** The newcomer would take a paid seat (or paid licence) in this space. */
  becomesPaid: boolean;
  /** The person is a paid member (joined, not in a free trial) of another space. */
  isPaidElsewhere: boolean;
  workspacePlan: SpacePlan;
  /** The MULTIPLE_PAYMENT rollout restriction of the person adding (spec 000 §6). */
  isMultiplePaymentRestricted: boolean;
};

/**
 * Adding someone who is already paid in another space (spec 001 §6 "Member-add restrictions come
 * from rollout flag MULTIPLE_PAYMENT (not for LEGACY)"; spec 002 §8 "errorCode 'already_paid_user'
 * … warns '{email} is already a paid user in another space.'"):
 * - 'REFUSE' while the adder's MULTIPLE_PAYMENT restriction is on, outside LEGACY spaces: paying
 *   for one person in two spaces is not rolled out to them yet;
 * - 'WARN' otherwise: the person is added, and the adder is told they will be paid twice;
 * - 'OK' when the newcomer takes no paid seat here or is paid nowhere else.
 */
export const paidElsewhereOutcome = (input: PaidElsewhereInput): 'OK' | 'WARN' | 'REFUSE' => {
  if (!input.becomesPaid || !input.isPaidElsewhere) return 'OK';
  return input.isMultiplePaymentRestricted && input.workspacePlan !== 'LEGACY' ? 'REFUSE' : 'WARN';
};

/** The per-address refusal (the spec's warning text, as the reason on the address's tag). */
export const paidElsewhereRefusal = (email: string): string => alreadyPaidWarning([email]);
