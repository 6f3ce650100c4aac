import type { CheckoutUser, WorkspaceUserPlan } from '../api/billing';
import type { SummaryTitle } from './display';
import { summaryTitle } from './display';
import type { PaidSelection } from './legacy-checkout';
import { initialPaidFlag, paidCount, targetUserPlan, userPlanChanges } from './legacy-checkout';
import type { BillingInterval } from './prices';

/**
 * The paid/free choice of the per-user checkout screens (options step, legacy users page, summary;
 * spec 001 §2, §4), over the checkout users of …/stripe/checkout/v1/users.
 */

/**
 * The users whose licence can be chosen: everybody but disabled users (they cannot become paid)
 * and users already scheduled to become free at the renewal (spec 002 §4.6: their change is made).
 */
export const isChoosableCheckoutUser = (user: Pick<CheckoutUser, 'status' | 'toBeRemoved'>): boolean =>
  user.status !== 'DISABLED' && !user.toBeRemoved;

/** The users listed by the options step and the legacy users page (disabled users are not). */
export const listedCheckoutUsers = <U extends Pick<CheckoutUser, 'status'>>(users: readonly U[]): U[] =>
  users.filter((user) => user.status !== 'DISABLED');

/**
 * The paid flags a step starts from (spec 001 §4 "Paid flag per checkout user"): the stored
 * selection of this tab (by e-mail), else the user's plan (a user in trial is not paid). Users who
 * cannot be chosen are left out, so they never count as a change. Somebody is always paid (§4:
 * "removing the last paid user forces the owner to paid"): with nobody paid yet — a purchase from
 * the free plan — the owner starts paid.
 */
export const initialCheckoutSelection = (
  users: readonly CheckoutUser[],
  storedByEmail: Readonly<Record<string, boolean>>,
): PaidSelection => {
  const choosable = users.filter(isChoosableCheckoutUser);
  const selection: Record<string, boolean> = Object.fromEntries(
    choosable.map((user) => [
      user.id,
      initialPaidFlag({
        inCurrentSelection: undefined,
        stored: storedByEmail[user.email],
        plan: user.isPaid ? user.plan : 'FREE',
      }),
    ]),
  );
  const owner = choosable.find((user) => user.role === 'OWNER');
  if (owner && paidCount(selection) === 0) selection[owner.id] = true;
  return selection;
};

/** The selection as it is stored for the tab: e-mail → paid. */
export const selectionByEmail = (
  users: readonly Pick<CheckoutUser, 'id' | 'email'>[],
  selection: PaidSelection,
): Record<string, boolean> =>
  Object.fromEntries(
    users.flatMap((user) =>
      selection[user.id] === undefined ? [] : [[user.email, selection[user.id] === true] as const],
    ),
  );

/**
 * The `userUpdates` / `workspaceUserPlans` a step sends: for a change of a running subscription
 * only the users whose licence changes; for a purchase (or a legacy licence switched to a new plan)
 * every user chosen paid.
 */
export const selectionUserPlans = (
  users: readonly CheckoutUser[],
  selection: PaidSelection,
  isChange: boolean,
): WorkspaceUserPlan[] =>
  isChange
    ? userPlanChanges(users, selection)
    : users
        .filter((user) => selection[user.id] === true)
        .map((user) => ({ userId: user.id, userPlan: targetUserPlan(user.email, true) }));

/**
 * The paid users of a per-user subscription before and after a choice: those paid now (not the
 * ones already scheduled to become free) and those paid from the renewal on.
 */
export const paidUsersAfterChoice = (
  users: readonly CheckoutUser[],
  selection: PaidSelection,
): { before: number; after: number } => {
  const payingNow = users.filter((user) => user.isPaid && !user.toBeRemoved);
  const after = users.filter((user) =>
    selection[user.id] === undefined ? user.isPaid && !user.toBeRemoved : selection[user.id] === true,
  );
  return { before: payingNow.length, after: after.length };
};

/**
 * Spec 001 §4 summary title of a per-user change: "CYCLE_CHANGE when billing cycle changes; else
 * DOWNGRADE if plan goes from PREMIUM or the base price drops, else UPGRADE". On the same plan the
 * base price follows the number of paid users from the renewal on (users made free stay paid until
 * then, so today's prorated preview cannot tell); across plans the preview's amounts compare.
 */
export const perUserSummaryTitle = (input: {
  currentPlan: string;
  targetPlan: string;
  currentInterval: BillingInterval;
  targetInterval: BillingInterval;
  paidUsers: { before: number; after: number };
  amounts: { current: number; target: number };
}): SummaryTitle => {
  const samePlan = input.currentPlan === input.targetPlan && input.currentInterval === input.targetInterval;
  return summaryTitle({
    currentPlan: input.currentPlan,
    targetPlan: input.targetPlan,
    currentInterval: input.currentInterval,
    targetInterval: input.targetInterval,
    currentBasePrice: samePlan ? input.paidUsers.before : input.amounts.current,
    targetBasePrice: samePlan ? input.paidUsers.after : input.amounts.target,
  });
};
