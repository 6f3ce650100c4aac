import type { SpaceFeatureFlags } from '../roles/permissions';
import { dailyRecipientQuota } from '../quotas/quotas';
import type { LegacyType, SpacePlan, UserPlan } from './plans';
import { isPaidUserPlan } from './plans';

/**
 * The state of a space's subscription as billing last recorded it (spec 001 §3): ACTIVE covers a
 * failed renewal that is still being retried ('Your last payment attempt failed': the subscription
 * stays active until its end date), CANCELED is a subscription that ended ('All payment attempts
 * failed', or cancelled at the period end). null: no subscription is recorded (a space on the Free
 * plan, or a plan arranged without one).
 */
export type SubscriptionState = 'ACTIVE' | 'CANCELED' | null;

/** What the entitlements of a member in a space are derived from (issue 21: never stored). */
export type EntitlementInput = {
  workspacePlan: SpacePlan | null;
  legacyType?: LegacyType | null;
  /** The space's latest subscription, an ACTIVE one first; null or undefined: none recorded. */
  subscriptionState?: SubscriptionState;
  /** The member the entitlements are for: their user plan is their seat (paid) or none (FREE). */
  member: { userPlan: UserPlan };
  /** The account's own free quota, when the server set one (spec 000 §9). */
  freeUserQuota?: number | null;
};

/** Every plan feature of spec 001 §3 / spec 002 §9 for one member of one space. */
export type Entitlements = {
  /** Change roles ADMIN ↔ MEMBER (spec 002 §5; the owner alone uses it). */
  manageUserRoles: boolean;
  /** The team report (spec 002 §6 canAccessTeamReport). */
  teamReport: boolean;
  /** Hand the space to another member (spec 002 §4.7; the owner alone uses it). */
  transferOwnership: boolean;
  /** The space shares its unsubscriptions across its members (Premium). */
  sharedUnsubscriptions: boolean;
  /** The space shares its bounce list across its members (Premium). */
  sharedBounces: boolean;
  /** Adding and deleting bounce list entries (Pro and up). */
  bounceListManagement: boolean;
  /** Scheduling mail merges: a paid seat (user plan) in a paying space. */
  scheduling: boolean;
  /** Recipients a day (spec 000 §9), by the user plan the member really has here. */
  dailyQuota: number;
};

/** The plans of today's team offer (spec 001 §3): role management and ownership transfer come with them. */
const TEAM_PLANS: readonly SpacePlan[] = ['PRO', 'PREMIUM', 'OFFLINE'];
/** Legacy editions made for a team: they keep their team report (spec 002 §9 "workspace dashboard"). */
const LEGACY_TEAM_TYPES: readonly LegacyType[] = ['TEAM', 'UNLIMITED'];

/**
 * A space pays when it is on a plan other than Free and its subscription has not ended. The plan is
 * what billing sets from the ACTIVE subscription (in the transaction that records it); a recorded
 * subscription that has ended takes everything away even before the plan follows.
 */
export const isPayingSpace = (
  input: Pick<EntitlementInput, 'workspacePlan' | 'subscriptionState'>,
): boolean =>
  input.workspacePlan != null && input.workspacePlan !== 'FREE' && input.subscriptionState !== 'CANCELED';

/** A paid seat (user plan) in a paying space: what scheduling and the paid quota need. */
export const holdsPaidSeat = (
  input: Pick<EntitlementInput, 'workspacePlan' | 'subscriptionState'> & { userPlan: UserPlan },
): boolean => isPayingSpace(input) && isPaidUserPlan(input.userPlan);

/**
 * The one rule behind every plan feature (issue 21): derived from the space's plan, its
 * subscription state and the member's seat (user plan), on every read, so a purchase, a downgrade,
 * a failed renewal or a seat change takes effect with the record billing writes — nothing is set by
 * hand, not even by the demo seed.
 *
 * - Pro, Premium and offline contracts (the current team plans, any billing model) bring role
 *   management, ownership transfer and the team report; legacy Team and Unlimited editions keep
 *   their team report, legacy Personal and Professional (one user) have none (spec 002 §6: transfer
 *   is "only available to new plans", role change "disabled on a legacy plan").
 * - Premium adds shared unsubscriptions and the shared bounce list (spec 002 §9).
 * - Any paying plan manages its bounce list; scheduling also needs the member's paid seat.
 * - The daily quota is that of the member's user plan in a paying space, the Free quota otherwise.
 */
export function deriveEntitlements(input: EntitlementInput): Entitlements {
  const paying = isPayingSpace(input);
  const plan = input.workspacePlan;
  const onTeamPlan = paying && plan !== null && TEAM_PLANS.includes(plan);
  const legacyTeam =
    paying && plan === 'LEGACY' && input.legacyType != null && LEGACY_TEAM_TYPES.includes(input.legacyType);
  const premium = paying && plan === 'PREMIUM';
  const paidSeat = holdsPaidSeat({ ...input, userPlan: input.member.userPlan });
  return {
    manageUserRoles: onTeamPlan,
    teamReport: onTeamPlan || legacyTeam,
    transferOwnership: onTeamPlan,
    sharedUnsubscriptions: premium,
    sharedBounces: premium,
    bounceListManagement: paying,
    scheduling: paidSeat,
    dailyQuota: dailyRecipientQuota(paidSeat ? input.member.userPlan : 'FREE', input.freeUserQuota),
  };
}

/** The entitlements under the API's names (spec 000 §3 `otherFeatures`, spelling as in the spec). */
export const toOtherFeatures = (entitlements: Entitlements): SpaceFeatureFlags => ({
  teamAnalyticsDashboard: entitlements.teamReport,
  manageUserRoles: entitlements.manageUserRoles,
  transferOwnerShip: entitlements.transferOwnership,
  shareUnsubscribesAcrossWorkspace: entitlements.sharedUnsubscriptions,
  shareBouncesAccrossWorkspace: entitlements.sharedBounces,
});
