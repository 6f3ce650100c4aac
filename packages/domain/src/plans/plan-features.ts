import type { UserInSpace } from '../roles/permissions';
import { holdsPaidSeat, isPayingSpace } from './entitlements';

/**
 * Spec 002 §9 "Plan features": Pro adds scheduled send and bounce list management (among others);
 * the server refuses these writes on the Free plan and the web app shows the upgrade path.
 * Our reading (issue 10): scheduling is a feature of the sender, so it needs a paid user plan in a
 * space that is not on the Free plan; the bounce list belongs to the space, so managing it needs a
 * space that is not on the Free plan (a free member of a Pro space may). A space without a plan
 * has neither. Reading the list stays open to every member. Both are the entitlements' own rules
 * (entitlements.ts: scheduling = holdsPaidSeat, bounceListManagement = isPayingSpace).
 */
export const canScheduleMerges = (
  user: Pick<UserInSpace, 'userPlan' | 'workspacePlan' | 'subscriptionState'>,
): boolean => holdsPaidSeat(user);

export const canManageBounceList = (
  user: Pick<UserInSpace, 'workspacePlan' | 'subscriptionState'>,
): boolean => isPayingSpace(user);

export const SCHEDULING_NEEDS_PRO_MESSAGE =
  'Scheduled sending is a Pro feature. Upgrade to schedule mail merges.';
export const BOUNCE_LIST_NEEDS_PRO_MESSAGE =
  'Bounce list management is a Pro feature. Ask the space owner to upgrade to manage the bounce list.';
