import { typeChangeTarget } from '../billing/legacy-checkout';
import type { SpacePlan } from '../plans/plans';
import { MEMBER_MESSAGES, maxPaidUsersMessage } from './messages';
import type { Verdict } from './permissions';

/**
 * The Type change of the legacy Manage Users drawer (spec 002 §5 "Type change", §8 drawer
 * warnings; spec 001 §2 "From summary with from=users"): selected users who are all paid become
 * free, all free become paid, through the checkout's review. Offered on a per-user Pro or Premium
 * plan (a legacy licence switches to a new plan first; the free plan buys from billing).
 */
export type TypeChange =
  { target: 'PAID' | 'FREE'; verdict: Verdict } | { target: null; verdict: { ok: false; message: string } };

export type TypeChangeInput = {
  workspacePlan: SpacePlan;
  selected: readonly { isPaid: boolean; isScheduledToBeDowngraded: boolean }[];
  /** Paid users of the space now (not counting those already scheduled to become free). */
  paidCount: number;
  /** The plan's paid-user maximum (-1 unlimited). */
  paidUserLimit: number;
};

const offersTypeChange = (workspacePlan: SpacePlan): boolean =>
  workspacePlan === 'PRO' || workspacePlan === 'PREMIUM';

export const typeChange = (input: TypeChangeInput): TypeChange | null => {
  if (!offersTypeChange(input.workspacePlan) || input.selected.length === 0) return null;
  const target = typeChangeTarget(input.selected);
  if (target === null)
    return { target: null, verdict: { ok: false, message: MEMBER_MESSAGES.SAME_TYPE_REQUIRED } };
  const count = input.selected.length;
  if (target === 'FREE' && input.paidCount - count < 1) {
    return { target, verdict: { ok: false, message: MEMBER_MESSAGES.CANNOT_DOWNGRADE_LAST_PAID } };
  }
  if (target === 'PAID' && input.paidUserLimit !== -1 && input.paidCount + count > input.paidUserLimit) {
    // Spec 002 §8: the maximum comes 'with a contact-us link' (more paid users are a plan change).
    return {
      target,
      verdict: { ok: false, message: maxPaidUsersMessage(input.paidUserLimit), link: 'CONTACT_US' },
    };
  }
  return { target, verdict: { ok: true } };
};
