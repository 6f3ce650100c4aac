import type {
  BillingModel,
  LegacyType,
  MemberStatus,
  PaymentSource,
  SpacePlan,
  UserPlan,
} from '../plans/plans';
import type { SubscriptionState } from '../plans/entitlements';
import { isSupportManagedPaymentSource } from '../plans/plans';
import type { Role } from './roles';
import { hasRoleAtLeast } from './roles';

/** Feature flags of a user in a space (spec 000 §3 workspaceUserFeature.otherFeatures; spelling as in the spec). */
export type SpaceFeatureFlags = {
  teamAnalyticsDashboard: boolean;
  manageUserRoles: boolean;
  transferOwnerShip: boolean;
  shareUnsubscribesAcrossWorkspace: boolean;
  shareBouncesAccrossWorkspace: boolean;
};

/**
 * What the capability rules need to know about a user in a space. Each predicate takes only the
 * fields it reads (a `Pick` of this type), so callers can pass a partial description.
 */
export type UserInSpace = {
  role: Role;
  userPlan: UserPlan;
  /** null when the space has no plan (yet). */
  workspacePlan: SpacePlan | null;
  legacyType?: LegacyType | null;
  billingModel: BillingModel;
  status?: MemberStatus | null;
  /** Payment source of the space's subscription; null/undefined when there is none. */
  paymentSource?: PaymentSource | null;
  /** The space's subscription state (plans/entitlements.ts); null/undefined when none is recorded. */
  subscriptionState?: SubscriptionState;
  /** The member's entitlements under the API's names (derived: plans/entitlements.ts). */
  features?: Partial<SpaceFeatureFlags> | null;
};

const hasFeature = (user: Pick<UserInSpace, 'features'>, flag: keyof SpaceFeatureFlags): boolean =>
  user.features?.[flag] === true;

/** Spec 000 §6: General settings are OWNER only. */
export const canAccessGeneralSettings = (user: Pick<UserInSpace, 'role'>): boolean => user.role === 'OWNER';

/**
 * Issue 24: the space's Gmail bulk-sender meter (merges.gmailMeter) is for its OWNER, who answers
 * for the space's sending domain; the server refuses others and the web app does not ask for them.
 */
export const canSeeGmailMeter = (user: Pick<UserInSpace, 'role'>): boolean => user.role === 'OWNER';

/**
 * Spec 000 §6: the space has a plan (LEGACY, FREE, PRO or PREMIUM) and the user is ADMIN or OWNER.
 * OFFLINE is not in the spec's list and so does not qualify. The INVITATION rollout restriction is a
 * separate check (rollout/restrictions).
 */
export const canSendInvitation = (user: Pick<UserInSpace, 'role' | 'workspacePlan'>): boolean =>
  (user.workspacePlan === 'LEGACY' ||
    user.workspacePlan === 'FREE' ||
    user.workspacePlan === 'PRO' ||
    user.workspacePlan === 'PREMIUM') &&
  hasRoleAtLeast(user.role, 'ADMIN');

/**
 * Spec 000 §6 "A space plan, or a legacy plan with ADMIN or OWNER". Our reading: in a space on a
 * current plan (FREE, PRO, PREMIUM, OFFLINE) every member may open the users page (plain members get
 * a read-only list, spec 002 §6); in a LEGACY space only ADMIN and OWNER may; no plan, no access.
 */
export const canAccessUsers = (user: Pick<UserInSpace, 'role' | 'workspacePlan'>): boolean => {
  if (user.workspacePlan == null) return false;
  if (user.workspacePlan === 'LEGACY') return hasRoleAtLeast(user.role, 'ADMIN');
  return true;
};

/** Spec 000 §6: workspace access is for roles above MEMBER. */
export const canAccessWorkspace = (user: Pick<UserInSpace, 'role'>): boolean =>
  hasRoleAtLeast(user.role, 'ADMIN');

/**
 * Spec 000 §6 / spec 001 "Billing access": ADMIN and OWNER in per-user (legacy-model) spaces; in
 * per-seat spaces only the OWNER. The spec calls the per-seat rule "one reading" and mentions a
 * feature flag (canAccessWorkspaceBilling); we take this function as the single source of that
 * flag, so the server reports canAccessWorkspaceBilling = canAccessBilling(...).
 */
export const canAccessBilling = (user: Pick<UserInSpace, 'role' | 'billingModel'>): boolean =>
  user.billingModel === 'PER_SEAT' ? user.role === 'OWNER' : hasRoleAtLeast(user.role, 'ADMIN');

/** Spec 000 §6: ADMIN and up, plus the manageUserRoles feature. */
export const canManageUserRoles = (user: Pick<UserInSpace, 'role' | 'features'>): boolean =>
  hasRoleAtLeast(user.role, 'ADMIN') && hasFeature(user, 'manageUserRoles');

/** Spec 000 §6: the shareUnsubscribesAcrossWorkspace feature and a user plan other than FREE. */
export const hasSharedUnsubscribes = (user: Pick<UserInSpace, 'userPlan' | 'features'>): boolean =>
  hasFeature(user, 'shareUnsubscribesAcrossWorkspace') && user.userPlan !== 'FREE';

/** Spec 000 §6: the shareBouncesAccrossWorkspace feature and a user plan other than FREE. */
export const hasSharedBounces = (user: Pick<UserInSpace, 'userPlan' | 'features'>): boolean =>
  hasFeature(user, 'shareBouncesAccrossWorkspace') && user.userPlan !== 'FREE';

/** Spec 000 §6: the team report follows the teamAnalyticsDashboard feature (canAccessTeamReport). */
export const canAccessTeamReport = (user: Pick<UserInSpace, 'features'>): boolean =>
  hasFeature(user, 'teamAnalyticsDashboard');

/** Spec 000 §6 / spec 001 "Warning banners": ADMIN and OWNER per-user; OWNER only per-seat. */
export const canSeeBillingWarnings = (user: Pick<UserInSpace, 'role' | 'billingModel'>): boolean =>
  user.billingModel === 'PER_SEAT' ? user.role === 'OWNER' : hasRoleAtLeast(user.role, 'ADMIN');

/** Spec 000 §6: members never query subscriptions. */
export const canQuerySubscriptions = (user: Pick<UserInSpace, 'role'>): boolean => user.role !== 'MEMBER';

/**
 * Spec 000 §6 / spec 001: a PRO space, a non-member role and a payment source other than SUPPORT or
 * OFFLINE. A space without a subscription (no payment source) has no seats to remove, so it does
 * not qualify either.
 */
export const canScheduleSeatRemovals = (
  user: Pick<UserInSpace, 'role' | 'workspacePlan' | 'paymentSource'>,
): boolean =>
  user.workspacePlan === 'PRO' &&
  user.role !== 'MEMBER' &&
  user.paymentSource != null &&
  !isSupportManagedPaymentSource(user.paymentSource);

/**
 * Spec 002 §6: only the owner may transfer ownership; it is unavailable on FREE and LEGACY spaces
 * "unless the user's features allow it": the transferOwnerShip feature, which the entitlements
 * derive from the plan and its subscription (plans/entitlements.ts), decides. The
 * TRANSFER_WORKSPACE rollout restriction (which hides it) is a separate check.
 */
export const canTransferOwnership = (user: Pick<UserInSpace, 'role' | 'features'>): boolean =>
  user.role === 'OWNER' && hasFeature(user, 'transferOwnerShip');

/** Spec 000 §6: a MEMBER whose user plan is FREE in a PRO space. */
export const isFreeMemberInProSpace = (
  user: Pick<UserInSpace, 'role' | 'userPlan' | 'workspacePlan'>,
): boolean => user.role === 'MEMBER' && user.userPlan === 'FREE' && user.workspacePlan === 'PRO';

/** Spec 000 §2: a DISABLED user sees the disabled page and a disabled menu. */
export const isDisabled = (user: Pick<UserInSpace, 'status'>): boolean => user.status === 'DISABLED';

/**
 * The member statuses that make a member row a member of its space (the server's access layer,
 * apps/server/src/lib/access.ts): DISABLED members are refused (403), and PENDING rows have not
 * been taken up yet (the row is linked and turned ACTIVE when the person creates the account).
 */
const MEMBER_STATUSES_WITH_ACCESS: ReadonlySet<MemberStatus> = new Set<MemberStatus>([
  'ACTIVE',
  'ACCEPTED',
  'LEGACY',
  'FREE_TRIAL',
]);

export const hasMemberAccess = (status: MemberStatus): boolean => MEMBER_STATUSES_WITH_ACCESS.has(status);

// ---------------------------------------------------------------------------------------------
// Sidebar rules (spec 000 §2)
// ---------------------------------------------------------------------------------------------

/**
 * Spec 000 §2 Sidebar: the Bounces entry is hidden when the space plan is PRO and the user plan is
 * not FREE. (Odd but verbatim: paid users of a PRO space manage bounces from the add-on.)
 */
export const isBouncesEntryHidden = (user: Pick<UserInSpace, 'workspacePlan' | 'userPlan'>): boolean =>
  user.workspacePlan === 'PRO' && user.userPlan !== 'FREE';

/** Spec 000 §2 Sidebar: an upgrade button for a FREE-plan space, to non-members, except on the billing page. */
export const shouldShowUpgradeButton = (
  user: Pick<UserInSpace, 'workspacePlan' | 'role'>,
  isBillingPage: boolean,
): boolean => user.workspacePlan === 'FREE' && user.role !== 'MEMBER' && !isBillingPage;

export type UsersEntryContext = Pick<UserInSpace, 'workspacePlan' | 'legacyType' | 'userPlan'> & {
  /** The USERS_PAGE rollout restriction is active for this user. */
  isUsersPageRestricted: boolean;
  /** The user's address is on a personal domain (gmail.com / googlemail.com). */
  isGmailUser: boolean;
};

/**
 * Spec 000 §2 Sidebar, the Users entry. Our reading, taken literally:
 * 1. shown when the USERS_PAGE restriction is set (the spec says so, although restrictions
 *    elsewhere hide features — spec 002 §6 says the users page is blocked by the restriction;
 *    the page itself must still check that);
 * 2. shown for a LEGACY space with legacyType PERSONAL or PROFESSIONAL;
 * 3. otherwise only for users on a non-personal domain whose *user* plan is FREE or PRO
 *    ("PRO plan in some cases" read as: PRO counts too; PRO_PERSONAL never applies because it is
 *    the plan of personal-domain users). The per-seat difference is not shown, so it is ignored.
 */
export const isUsersEntryShown = (context: UsersEntryContext): boolean => {
  if (context.isUsersPageRestricted) return true;
  if (
    context.workspacePlan === 'LEGACY' &&
    (context.legacyType === 'PERSONAL' || context.legacyType === 'PROFESSIONAL')
  ) {
    return true;
  }
  return !context.isGmailUser && (context.userPlan === 'FREE' || context.userPlan === 'PRO');
};

export type SpaceSettingsPage = 'general' | 'users' | 'billing';

/**
 * Spec 000 §2: the /space base route sends owners to general; everybody else to billing when the
 * users page is restricted, otherwise to users.
 */
export const spaceBaseRedirect = (role: Role, isUsersPageRestricted: boolean): SpaceSettingsPage => {
  if (role === 'OWNER') return 'general';
  return isUsersPageRestricted ? 'billing' : 'users';
};

/**
 * Spec 000 §5: the seat-count line in the account area shows only for a positive seat count, a
 * legacyType other than PERSONAL, PROFESSIONAL or TEAM, and a user who is not a Gmail user.
 */
export const seatCountLineVisible = (input: {
  seatCount: number | null | undefined;
  legacyType?: LegacyType | null;
  isGmailUser: boolean;
}): boolean =>
  input.seatCount != null &&
  input.seatCount > 0 &&
  input.legacyType !== 'PERSONAL' &&
  input.legacyType !== 'PROFESSIONAL' &&
  input.legacyType !== 'TEAM' &&
  !input.isGmailUser;

/**
 * Spec 000 §6: the owner of a FREE space sees the member count as the seat count; otherwise the
 * seats come from the first subscription payment plan's totalSeats (null when there is none).
 */
export const displayedSeatCount = (input: {
  role: Role;
  workspacePlan: SpacePlan | null;
  memberCount: number | null | undefined;
  firstPaymentPlanTotalSeats: number | null | undefined;
}): number | null =>
  input.role === 'OWNER' && input.workspacePlan === 'FREE'
    ? (input.memberCount ?? null)
    : (input.firstPaymentPlanTotalSeats ?? null);
