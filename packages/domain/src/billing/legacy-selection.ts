import type { CheckoutUser, WorkspaceUserPlan } from '../api/billing';
import type { PaidSelection } from './legacy-checkout';
import { initialPaidFlag, paidCount, targetUserPlan, userPlanChanges } from './legacy-checkout';

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
