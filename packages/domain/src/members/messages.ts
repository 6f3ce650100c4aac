import type { MemberStatus } from '../plans/plans';
/** Spec 002 §8 "Member management" and §5/§6: every member-screen message, verbatim. */
export const MEMBER_MESSAGES = {
  WORKSPACE_ID_REQUIRED: 'WorkspaceId is required',
  USER_EMAILS_REQUIRED: 'user emails are required',
  OWNER_CANNOT_BE_REMOVED: 'The owner cannot be removed from the space',
  FREE_TRIAL_CANNOT_BE_REMOVED: 'You cannot remove the user in Free trial',
  CANNOT_REMOVE_YOURSELF: 'You cannot remove yourself from the space',
  ADMIN_CANNOT_REMOVE_ADMIN: 'An admin cannot be removed by another admin from the space',
  PAID_USERS_DOWNGRADE_FIRST:
    'To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.',
  CANNOT_DOWNGRADE_LAST_PAID:
    'You cannot downgrade - At least one user must be paid as long as a subscription is active.',
  SAME_TYPE_REQUIRED: 'To update users Type, select users with the same Type.',
  ADD_PARTIAL_ERROR: "We can't add some email addresses. Hover over them to know why.",
  INVITE_PARTIAL_ERROR: "We can't invite some email addresses. Hover over them to know why.",
  ADD_NOT_ALLOWED: 'Your current plan does not allow you to add other users.',
  LEGACY_PLAN_NOTICE:
    'Your space is currently on a legacy plan. You should contact support to switch to a new plan.',
  OFFLINE_SUBSCRIPTION_NOTICE:
    'You are on an offline managed subscription. Please contact us if you need changes.',
  CONTACT_SUPPORT_FOR_SEATS: 'If you wish to add or remove more seats, please contact support',
  DOWNGRADE_SCHEDULED_NOTICE:
    'If you wish to add or remove more seats, you first need to cancel the scheduled downgrade...',
  DOWNGRADE_CANCELLED: 'You successfully cancelled the previously scheduled downgrade.',
  EMPTY_TITLE: 'Nothing to see here...',
  EMPTY_TEXT: "You don't have any space members.",
  NO_RESULTS_TITLE: 'No results found',
  NO_RESULTS_TEXT: 'Sorry, there is no space member that fits with your search.',
  CONTACT_OWNER_FOR_SEATS: 'please contact the space owner',
  MORE_THAN_100_SEATS: 'Contact us if you need more than 100 seats',
  TRANSFER_FREE_PLAN: 'Transferring ownership is not available in free plan. Upgrade to unlock this feature.',
  TRANSFER_TOO_MANY_SPACES: 'This user already owns too many spaces.',
  REQUIRED_FIELD: 'Please fill in this field.',
  // Not in the spec (our wording, recorded in docs/decisions/120-texts-the-spec-does-not-give.md):
  NOT_A_MEMBER: 'This person is not a member of this space.',
  ALREADY_MEMBER: 'This person is already a member of this space.',
  ALREADY_INVITED: 'This person has already been invited to this space.',
  NOT_PENDING: 'Only pending members can be invited again or cancelled.',
  NOT_DISABLED: 'Only disabled members can be activated.',
  OWNER_ROLE_UNCHANGEABLE:
    "The owner's role cannot be changed. Transfer the ownership from the space settings.",
  CANNOT_MANAGE_MEMBERS: 'Only an admin or the owner of this space can manage its members.',
  CANNOT_CHANGE_ROLES: 'Only the owner of this space can change roles, on a plan that allows it.',
  CANNOT_TRANSFER: 'Only the owner of this space can transfer its ownership.',
  TRANSFER_RESTRICTED: 'Transferring ownership is not available for your account yet.',
  NOT_AN_OWNER_CANDIDATE: 'The new owner must be an active member of this space with a seat.',
  NO_SEAT_AVAILABLE: 'There is no seat available in this space anymore. Ask the space owner to add seats.',
  OUTSIDE_DOMAIN: 'Only members of the space domain can be added.',
  INVITATIONS_RESTRICTED: 'Invitations are not available for your account yet.',
  LEGACY_ADD_ONLY: 'Adding users is only available on legacy team plans. Invite them instead.',
  MAIL_NOT_SENT:
    'The invitation was saved but its e-mail could not be sent. Send it again from the members list.',
} as const;

/** Spec 002 §8: '{email} is already a paid user in another space.' (and N others). */
export const alreadyPaidWarning = (emails: readonly string[]): string => {
  const [first, ...others] = emails;
  if (first === undefined) return '';
  return others.length === 0
    ? `${first} is already a paid user in another space.`
    : `${first} and ${others.length} others are already paid users in another space.`;
};

/** Spec 002 §8: 'Failed to remove {email} from the space'. */
export const failedToRemoveMessage = (email: string): string => `Failed to remove ${email} from the space`;

/** Spec 002 §8: 'Your current plan allows a maximum of N paid users.' */
export const maxPaidUsersMessage = (n: number): string =>
  `Your current plan allows a maximum of ${n} paid users.`;

/** Spec 002 §8 disabled-user tooltip (free-user limit). */
export const freeUserLimitTooltip = (n: number): string =>
  `Your current plan does not allow more than ${n} free user(s). Remove active users to re-activate disabled users.`;

/** Spec 002 §8 disabled-user tooltip (domain limit). */
const DIFFERENT_DOMAIN_TOOLTIP =
  'Your current plan does not allow users from a different domain. Upgrade your space to re-activate them.';

/** Spec 002 §8 status tooltip. */
const domainOnlyTooltip = (domain: string): string =>
  `Your current plan only allows user from domain ${domain}.`;

/**
 * Spec 002 §8 tooltips of the per-user users table's Status badge (docs/decisions/368-status-tooltip-of-a-user-outside-the-domain.md). A disabled user
 * gets the reason it cannot be re-activated: the free-user limit when in the space's domain, the
 * domain rule otherwise. A user outside the space's domains who is not disabled (kept from before the
 * plan restricted domains, or invited on another plan) gets the domain rule of a plan that allows one
 * domain only. Everyone else has no tooltip, and so does everyone when the plan's features are not known.
 */
export const memberStatusTooltip = (member: {
  status: MemberStatus;
  isUserInDomain: boolean;
  freeLimit: number;
  /** The space's domains (`workspaceDomains`). */
  domains: readonly string[];
  /** The space's plan features (`workspaceFeatures`); none known means the rule is unknown. */
  features: readonly { hasMultiDomain: boolean }[];
}): string | null => {
  if (member.status === 'DISABLED') {
    return member.isUserInDomain
      ? freeUserLimitTooltip(Math.max(member.freeLimit, 0))
      : DIFFERENT_DOMAIN_TOOLTIP;
  }
  const oneDomainOnly =
    member.features.length > 0 && member.features.every((feature) => !feature.hasMultiDomain);
  if (member.isUserInDomain || !oneDomainOnly || member.domains.length === 0) return null;
  return domainOnlyTooltip(member.domains.join(', '));
};

/** Spec 002 §8 add-button tooltip. */
export const maxUsersTooltip = (n: number): string =>
  `Your current plan does not allow more than ${n} users.`;

/** Spec 002 §5 legacy add: 'You cannot go over your current plan user limit (N).' */
export const legacyUserLimitMessage = (n: number): string =>
  `You cannot go over your current plan user limit (${n}).`;

/** Spec 002 §6: transfer unavailable on legacy plans. */
export const transferLegacyMessage = (product: string): string =>
  `Transferring ownership is only available to new ${product} plans. Switch to a new plan to unlock this feature.`;

/** Spec 002 §2.9: the confirmation dialog. */
export const transferConfirmTitle = (space: string, member: string): string =>
  `Transfer ${space} ownership to ${member}?`;
export const TRANSFER_CONFIRM_TEXT = 'You cannot undo this action.';
export const TRANSFER_CONFIRM_YES = 'Yes, proceed';
export const TRANSFER_CONFIRM_NO = 'No, cancel';

/** Spec 002 §6 drawer hints and role options. */
export const DRAWER_HINTS = {
  OWNER: 'Select member to: Change their role / Remove them from the space',
  ADMIN: 'Select member to remove them from the space.',
  LEGACY: 'Select member to remove them from the space.',
} as const;

export const ROLE_OPTIONS = {
  seat: {
    MEMBER: {
      label: 'Member',
      description: 'Admins can manage members. Ownership transfer is available from the space settings.',
    },
    ADMIN: { label: 'Admin', description: 'Can manage members' },
  },
  legacy: {
    MEMBER: { label: 'User', description: '' },
    ADMIN: { label: 'Admin', description: 'Can manage users and billing' },
  },
} as const;

/** Role names of the member screens (spec 002 §6 role options; the legacy screens say User). */
export const roleLabel = (role: 'OWNER' | 'ADMIN' | 'MEMBER', legacy = false): string =>
  role === 'OWNER' ? 'Owner' : ROLE_OPTIONS[legacy ? 'legacy' : 'seat'][role].label;

/**
 * Success banners (spec 002 §8 says they exist in singular and plural forms, wording not shown):
 * our wording, by action and count.
 */
export type MemberSuccessAction =
  'added' | 'roleUpdated' | 'removed' | 'invited' | 'reinvited' | 'cancelled' | 'activated';

export const memberSuccessBanner = (action: MemberSuccessAction, count: number): string => {
  const one = count === 1;
  const who = one ? '1 member' : `${count} members`;
  switch (action) {
    case 'added':
      return one ? '1 member successfully added.' : `${count} members successfully added.`;
    case 'roleUpdated':
      return one ? 'Role successfully updated.' : 'Roles successfully updated.';
    case 'removed':
      return `${who} successfully removed from the space.`;
    case 'invited':
      return one ? 'Invitation successfully sent.' : `${count} invitations successfully sent.`;
    case 'reinvited':
      return one ? 'Invitation successfully sent again.' : `${count} invitations successfully sent again.`;
    case 'cancelled':
      return one ? 'Invitation successfully cancelled.' : `${count} invitations successfully cancelled.`;
    case 'activated':
      return `${who} successfully activated.`;
  }
};
