import type { BillingModel, MemberStatus, PaymentSource, SpacePlan, UserPlan } from '../plans/plans';
import { isPaidUserPlan, isSupportManagedPaymentSource } from '../plans/plans';
import { canSendInvitation, canTransferOwnership } from '../roles/permissions';
import type { Role } from '../roles/roles';
import { hasRoleAtLeast } from '../roles/roles';
import { MEMBER_MESSAGES } from './messages';

/** Who acts on the members of a space. */
export type MemberActor = {
  userId: string;
  role: Role;
  workspacePlan: SpacePlan | null;
  billingModel: BillingModel;
  /** The space's manageUserRoles feature. */
  manageUserRoles?: boolean;
  /** The INVITATION rollout restriction is active for the actor (spec 000 §6). */
  isInvitationRestricted?: boolean;
  /** Payment source of the space's subscription, when it has one. */
  paymentSource?: PaymentSource | null;
};

/** A member acted upon. */
export type MemberTarget = {
  userId: string | null;
  role: Role;
  status: MemberStatus;
  userPlan: UserPlan;
};

/**
 * A rule's answer. A refusal may point at a way out: 'CONTACT_US' (spec 002 §8 "'Your current plan
 * allows a maximum of N paid users.' with a contact-us link") — the screens render the link.
 */
export type Verdict = { ok: true } | { ok: false; message: string; link?: 'CONTACT_US' };
const allowed: Verdict = { ok: true };
const refused = (message: string): Verdict => ({ ok: false, message });

/** Spec 002 §6: the manage-users UI (add, invite, re-invite, cancel, activate, remove) is for OWNER or ADMIN. */
export const canManageMembers = (actor: Pick<MemberActor, 'role'>): boolean =>
  hasRoleAtLeast(actor.role, 'ADMIN');

/**
 * Spec 000 §6 "Send invitation" plus spec 002 §2.8: hidden when invitations are restricted (the
 * INVITATION rollout flag of the actor).
 */
export const canInviteMembers = (
  actor: Pick<MemberActor, 'role' | 'workspacePlan' | 'isInvitationRestricted'>,
): boolean => canSendInvitation(actor) && actor.isInvitationRestricted !== true;

/**
 * Spec 002 §6 "Removal is disabled when": the owner is selected; a free-trial user is selected; the
 * actor is an admin removing another admin or themselves; the subscription is offline or
 * support-managed; on a legacy plan, paid users are selected. Plain members never remove. The first
 * failing rule gives the message (spec 002 §8 drawer warnings).
 */
export const canRemoveMember = (actor: MemberActor, target: MemberTarget): Verdict => {
  if (!canManageMembers(actor)) return refused(MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS);
  if (target.role === 'OWNER') return refused(MEMBER_MESSAGES.OWNER_CANNOT_BE_REMOVED);
  if (target.status === 'FREE_TRIAL') return refused(MEMBER_MESSAGES.FREE_TRIAL_CANNOT_BE_REMOVED);
  if (target.userId !== null && target.userId === actor.userId)
    return refused(MEMBER_MESSAGES.CANNOT_REMOVE_YOURSELF);
  if (actor.role === 'ADMIN' && target.role === 'ADMIN')
    return refused(MEMBER_MESSAGES.ADMIN_CANNOT_REMOVE_ADMIN);
  if (isSupportManagedPaymentSource(actor.paymentSource))
    return refused(MEMBER_MESSAGES.CONTACT_SUPPORT_FOR_SEATS);
  if (isPaidUserRemovalDeferred(actor) && target.status !== 'PENDING' && isPaidUserPlan(target.userPlan)) {
    return refused(MEMBER_MESSAGES.PAID_USERS_DOWNGRADE_FIRST);
  }
  return allowed;
};

/**
 * Spec 002 §4.6 "Paid users may not be removed in the same cycle. They are first downgraded to free
 * and then removed at the next billing cycle", and §6 "on a legacy plan, paid users are selected on
 * a PRO or PREMIUM plan": the per-user (legacy-model) spaces, whether on a LEGACY plan or already
 * moved to PRO or PREMIUM per user (issue 21). Per-seat spaces pay for seats, not for the people in
 * them: removing a member frees the seat.
 */
const isPaidUserRemovalDeferred = (actor: Pick<MemberActor, 'workspacePlan' | 'billingModel'>): boolean =>
  actor.workspacePlan === 'LEGACY' ||
  (actor.billingModel === 'PER_USER' && (actor.workspacePlan === 'PRO' || actor.workspacePlan === 'PREMIUM'));

/** Spec 002 §4.6: pending members can be re-invited or cancelled, by those who manage members. */
export const canReinviteOrCancel = (actor: MemberActor, target: Pick<MemberTarget, 'status'>): Verdict => {
  if (!canManageMembers(actor)) return refused(MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS);
  if (target.status !== 'PENDING') return refused(MEMBER_MESSAGES.NOT_PENDING);
  return allowed;
};

/** Spec 002 §4.6: disabled members can be activated, by those who manage members. */
export const canActivateMember = (actor: MemberActor, target: Pick<MemberTarget, 'status'>): Verdict => {
  if (!canManageMembers(actor)) return refused(MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS);
  if (target.status !== 'DISABLED') return refused(MEMBER_MESSAGES.NOT_DISABLED);
  return allowed;
};

/**
 * Spec 002 §5 "Role change": offered only when the plan is not FREE, the actor is the owner with
 * the manage-roles feature; disabled on a legacy plan. (Spec 000 §6 says ADMIN and up; the more
 * specific spec 002 wins: owner only.)
 */
export const canChangeRoles = (
  actor: Pick<MemberActor, 'role' | 'workspacePlan' | 'manageUserRoles'>,
): boolean =>
  actor.role === 'OWNER' &&
  actor.manageUserRoles === true &&
  actor.workspacePlan !== null &&
  actor.workspacePlan !== 'FREE' &&
  actor.workspacePlan !== 'LEGACY';

/** Roles a role change may set: ADMIN ↔ MEMBER; OWNER only through the ownership transfer. */
export const ASSIGNABLE_ROLES = ['ADMIN', 'MEMBER'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** One member's role change: never on the owner, only for a member who has joined. */
export const canChangeRoleOf = (
  actor: Pick<MemberActor, 'role' | 'workspacePlan' | 'manageUserRoles'>,
  target: Pick<MemberTarget, 'role' | 'status'>,
): Verdict => {
  if (!canChangeRoles(actor)) return refused(MEMBER_MESSAGES.CANNOT_CHANGE_ROLES);
  if (target.role === 'OWNER') return refused(MEMBER_MESSAGES.OWNER_ROLE_UNCHANGEABLE);
  if (target.status === 'PENDING') return refused(MEMBER_MESSAGES.NOT_A_MEMBER);
  return allowed;
};

/** Spec 002 §5: Save of the role change is enabled only if a role actually differs. */
export const hasRoleChanges = (
  current: readonly { userId: string; role: Role }[],
  wanted: readonly { userId: string; userRole: Role }[],
): boolean =>
  wanted.some((change) => current.find((m) => m.userId === change.userId)?.role !== change.userRole);

/** Statuses of a member who has joined and may act (not pending, not in a trial, not disabled). */
const OWNER_CANDIDATE_STATUSES: readonly MemberStatus[] = ['ACTIVE', 'ACCEPTED'];

/** A space on a per-seat Pro or Premium plan: its members use it through a paid seat. */
const needsPaidSeat = (space: Pick<MemberActor, 'billingModel' | 'workspacePlan'>): boolean =>
  space.billingModel === 'PER_SEAT' && (space.workspacePlan === 'PRO' || space.workspacePlan === 'PREMIUM');

/**
 * Spec 002 §5 "New owner", issue 21 "ownership never strands a space": a candidate has joined and
 * is active (not pending, not in a free trial, not disabled) and, where the plan works with seats
 * (per-seat Pro and Premium), holds a paid one — the owner then has everything the space pays for.
 * The seat is read from the user plan (members/seats.ts), not from the row's seatType: the creator
 * of a space and a member given a seat later hold one as much as an invited member. Never the owner.
 */
export const isOwnerCandidate = (
  space: Pick<MemberActor, 'billingModel' | 'workspacePlan'>,
  member: Pick<MemberTarget, 'role' | 'status' | 'userPlan'>,
): boolean => {
  if (member.role === 'OWNER') return false;
  if (!OWNER_CANDIDATE_STATUSES.includes(member.status)) return false;
  return !needsPaidSeat(space) || isPaidUserPlan(member.userPlan);
};

/**
 * Spec 002 §6 ownership transfer: owner only; unavailable on FREE ('…not available in free plan…')
 * and LEGACY ('…only available to new {product} plans…') unless the transferOwnerShip feature allows
 * it; hidden when the TRANSFER_WORKSPACE restriction is on.
 */
export type TransferAvailability =
  | { available: true }
  | { available: false; reason: 'NOT_OWNER' | 'RESTRICTED' | 'FREE_PLAN' | 'LEGACY_PLAN' };

export const transferAvailability = (input: {
  role: Role;
  workspacePlan: SpacePlan | null;
  transferOwnerShip: boolean;
  isTransferRestricted: boolean;
}): TransferAvailability => {
  if (input.role !== 'OWNER') return { available: false, reason: 'NOT_OWNER' };
  if (input.isTransferRestricted) return { available: false, reason: 'RESTRICTED' };
  const user = { ...input, features: { transferOwnerShip: input.transferOwnerShip } };
  if (canTransferOwnership(user)) return { available: true };
  return { available: false, reason: input.workspacePlan === 'LEGACY' ? 'LEGACY_PLAN' : 'FREE_PLAN' };
};

/** Spec 002 §4.7: the dropdown defaults to the current owner; Save is disabled while it is selected. */
export const isTransferSaveDisabled = (selectedUserId: string | null, ownerUserId: string): boolean =>
  selectedUserId === null || selectedUserId === ownerUserId;

/**
 * Spec 002 §6 drawer hint by actor role and model. The owner's hint ('Change their role / Remove
 * them') only where the drawer offers the role change (canChangeRoles): an owner who cannot change
 * roles (FREE plan, no manageUserRoles) gets the removal-only hint, so the hint never promises an
 * action the drawer does not offer (issue 21).
 */
export const drawerHintKind = (
  actor: Pick<MemberActor, 'role' | 'workspacePlan' | 'manageUserRoles'>,
): 'OWNER' | 'ADMIN' | 'LEGACY' | null => {
  if (!hasRoleAtLeast(actor.role, 'ADMIN')) return null;
  if (actor.workspacePlan === 'LEGACY') return 'LEGACY';
  return canChangeRoles(actor) ? 'OWNER' : 'ADMIN';
};

/** Spec 002 §5: only members of the space's domain can be added / invited (without multi-domain). */
export const isAllowedDomain = (
  email: string,
  space: { domains: readonly string[]; hasMultiDomain: boolean },
): boolean => {
  if (space.hasMultiDomain || space.domains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return space.domains.includes(domain);
};
