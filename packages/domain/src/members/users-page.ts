import type { SpacePlan, UserPlan } from '../plans/plans';

/**
 * Spec 002 §2.1: the users page "is blank for free-plan users". Our reading: a user on the FREE
 * user plan in a space on a paid plan (a free member of a PRO or PREMIUM space) gets a blank page;
 * in a FREE space everybody is on the free plan and the page is its members list.
 */
export const isUsersPageBlank = (user: { userPlan: UserPlan; workspacePlan: SpacePlan | null }): boolean =>
  user.userPlan === 'FREE' && user.workspacePlan !== null && user.workspacePlan !== 'FREE';
