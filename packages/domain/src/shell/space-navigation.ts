import type { LegacyType, MemberStatus, PaymentSource, SpacePlan, UserPlan } from '../plans/plans';
import { isSupportManagedPaymentSource } from '../plans/plans';
import type { SpaceFeatureFlags } from '../roles/permissions';
import {
  canAccessBilling,
  canAccessGeneralSettings,
  canAccessTeamReport,
  canAccessUsers,
  isBouncesEntryHidden,
  isDisabled,
  isFreeMemberInProSpace,
  isUsersEntryShown,
  shouldShowUpgradeButton,
} from '../roles/permissions';
import type { Role } from '../roles/roles';
import type { RestrictionFlag } from '../rollout/restrictions';

/** What the space shell knows about the signed-in user in the selected space. */
export type SpaceNavigationInput = {
  role: Role;
  userPlan: UserPlan;
  workspacePlan: SpacePlan;
  legacyType: LegacyType | null;
  /** per-seat (newer) billing model, else per-user (older) */
  isPerSeat: boolean;
  status: MemberStatus;
  features: Partial<SpaceFeatureFlags>;
  isGmailUser: boolean;
  /** active rollout restrictions of the user (rollout/restrictions) */
  restrictions: ReadonlySet<RestrictionFlag>;
  /** the me call's installationTimestamp is set */
  hasInstallationTimestamp: boolean;
};

/** Which space pages the user may open (route guards) and which sidebar entries are listed. */
export type SpaceNavigation = {
  disabled: boolean;
  bounces: boolean;
  teamReport: boolean;
  general: boolean;
  /** the /space/users route is available */
  users: boolean;
  /** the Users/Members sidebar entry is listed */
  usersEntry: boolean;
  billing: boolean;
  /** the install tutorial (sidebar card and /get-started) */
  tutorial: boolean;
};

/**
 * The access rules of the space shell (spec 000 §2 "Space shell routes" and "Sidebar", spec 002
 * §2.1, §6), composed from roles/permissions and rollout/restrictions. Our readings:
 * - Bounces: "hidden when the bounces page is restricted" has no rollout flag of its own (the nine
 *   flags of spec 000 §6 have none for the bounces page), so the restriction is the sidebar's plan
 *   rule: hidden when the space plan is PRO and the user plan is not FREE.
 * - Team report: canAccessTeamReport, and hidden while the WORKSPACE_DASHBOARD restriction (the team
 *   dashboard) is active — an active restriction hides its feature (ARCHITECTURE.md).
 * - Users: the route needs the USERS_PAGE restriction off and canAccessUsers (spec 002 §2.1), and
 *   the sidebar entry's rule isUsersEntryShown (issue 21): entry and route are one decision, so a
 *   hidden entry is not reachable by address and a listed entry never redirects away.
 * - Billing: canAccessBilling (OWNER in per-seat spaces, ADMIN and up in per-user spaces).
 */
export const spaceNavigation = (input: SpaceNavigationInput): SpaceNavigation => {
  const billingModel = input.isPerSeat ? 'PER_SEAT' : 'PER_USER';
  const isUsersPageRestricted = input.restrictions.has('USERS_PAGE');
  // Issue 21: the route is open only where the sidebar lists the entry, so a page the sidebar hides
  // (a Gmail owner's Free space) cannot be reached by typing its address either.
  const users =
    !isUsersPageRestricted &&
    canAccessUsers(input) &&
    isUsersEntryShown({
      workspacePlan: input.workspacePlan,
      legacyType: input.legacyType,
      userPlan: input.userPlan,
      isUsersPageRestricted,
      isGmailUser: input.isGmailUser,
    });
  return {
    disabled: isDisabled(input),
    bounces: !isBouncesEntryHidden(input),
    teamReport: canAccessTeamReport(input) && !input.restrictions.has('WORKSPACE_DASHBOARD'),
    general: canAccessGeneralSettings(input),
    users,
    usersEntry: users,
    billing: canAccessBilling({ role: input.role, billingModel }),
    tutorial: !input.hasInstallationTimestamp,
  };
};

export type SettingsGroupLabels = { title: string; users: string };

/**
 * Spec 000 §2: the settings group is 'Space settings' with 'Users' in the older (per-user) variant,
 * 'Settings' with 'Members' in the newer (per-seat) one.
 */
export const settingsGroupLabels = (isPerSeat: boolean): SettingsGroupLabels =>
  isPerSeat ? { title: 'Settings', users: 'Members' } : { title: 'Space settings', users: 'Users' };

/** Spec 000 §2: a settings group with no accessible child. */
export const EMPTY_SETTINGS_MESSAGE =
  'You cannot manage settings if you are not an owner or admin of the selected space.';

/** Spec 000 §2: the page a DISABLED member sees. */
export const DISABLED_ACCOUNT_MESSAGE =
  'Sorry, your account is disabled. Contact your space administrator to solve this issue.';

/**
 * Spec 000 §2 "Account menu": the active-space card goes to the general page for the owner, to the
 * users page for others, when the space allows access to users; otherwise it is not a link.
 */
export const activeSpaceCardTarget = (
  role: Role,
  navigation: Pick<SpaceNavigation, 'users' | 'general' | 'disabled'>,
): 'general' | 'users' | null => {
  if (navigation.disabled || !navigation.users) return null;
  return role === 'OWNER' && navigation.general ? 'general' : 'users';
};

/**
 * Spec 000 §2 "Account menu": 'Manage billing' needs billing access and is hidden for legacy,
 * offline and support-given (custom) subscriptions. The payment source is only known once the
 * subscriptions are loaded; without it the plan decides (LEGACY and OFFLINE hide the entry).
 */
export const isManageBillingShown = (input: {
  workspacePlan: SpacePlan;
  canAccessBilling: boolean;
  disabled: boolean;
  paymentSource?: PaymentSource | null;
}): boolean =>
  input.canAccessBilling &&
  !input.disabled &&
  input.workspacePlan !== 'LEGACY' &&
  input.workspacePlan !== 'OFFLINE' &&
  !isSupportManagedPaymentSource(input.paymentSource);

/**
 * The pages where the checkout's upgrade links (top bar and sidebar) are left out: the billing page
 * (spec 000 §2) and the checkout's steps, where the user is upgrading already
 * (docs/decisions/282-no-upgrade-while-checking-out.md).
 * `page` is the path after the space prefix, e.g. '/checkout/details'.
 */
export const isUpgradeLinkHiddenOn = (page: string): boolean =>
  ['/space/billing', '/checkout'].some((hidden) => page === hidden || page.startsWith(`${hidden}/`));

/**
 * Spec 000 §2 "Top bar": free members of a PRO space get an 'Upgrade' button opening the upgrade
 * info modal; owners and admins of a FREE space get the 'Upgrade' link to the checkout (not on the
 * billing page, as for the sidebar's upgrade button); everybody else nothing.
 */
export const topBarUpgrade = (
  user: { role: Role; userPlan: UserPlan; workspacePlan: SpacePlan; status: MemberStatus },
  isBillingPage: boolean,
): 'info-modal' | 'checkout' | null => {
  if (isDisabled(user)) return null;
  if (isFreeMemberInProSpace(user)) return 'info-modal';
  return shouldShowUpgradeButton(user, isBillingPage) ? 'checkout' : null;
};

/** Spec 000 §2 "Sidebar": the upgrade button (FREE space, ADMIN/OWNER, not on the billing page). */
export const sidebarUpgradeVisible = (
  user: { role: Role; workspacePlan: SpacePlan; status: MemberStatus },
  isBillingPage: boolean,
): boolean => !isDisabled(user) && shouldShowUpgradeButton(user, isBillingPage);
