import { hasRoomForFreeUsers } from '@mergedesk/domain/members/plan-limits';
import type { AddMembersResponse, ValidityResponse } from '@mergedesk/domain/api/members';
import type { AcceptInvitationResponse } from '@mergedesk/domain/api/invitations';
import { PRODUCT_NAME } from '@mergedesk/domain/constants';
import {
  INVITATION_ERROR_REASONS,
  INVITATION_LIFETIME_DAYS,
  INVITATION_LIFETIME_MS,
  INVITATION_MESSAGES,
  invitationPath,
  isInvitationActive,
} from '@mergedesk/domain/invitations/invitations';
import { legacyUserLimitMessage, MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import {
  canInviteMembers,
  canManageMembers,
  canReinviteOrCancel,
  isAllowedDomain,
} from '@mergedesk/domain/members/permissions';
import {
  canAddMembersToSeats,
  countPaidUserSeats,
  hasSeatForJoiningMember,
  holdsSeat,
  notEnoughSeatsMessage,
  summarizeSeats,
} from '@mergedesk/domain/members/seats';
import {
  ALREADY_PAID_ERROR_CODE,
  paidElsewhereOutcome,
  paidElsewhereRefusal,
} from '@mergedesk/domain/members/multiple-payment';
import { ADDED_SEAT_TYPE, PENDING_SEAT_TYPE } from '@mergedesk/domain/members/status';
import { isPaidUserPlan, paidUserPlanFor, type UserPlan } from '@mergedesk/domain/plans/plans';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashInvitationToken, newInvitationToken } from '../../lib/invitation-token';
import type { MailAdapter } from '../../mail/mail-adapter';
import type { UserRecord } from '../../db/records';
import { domainsOf } from '../workspaces/workspaces.views';
import { callerRestrictions, memberActorOf, type AdminCaller } from './admin-context';
import {
  cancelInvitationsOfMembers,
  findPendingInvitationsOfMembers,
  insertInvitations,
  lockInvitationByTokenHash,
  markInvitationAccepted,
  rotateInvitationToken,
} from './invitations.repo';
import {
  activateJoiningMember,
  deleteMembers,
  findMemberById,
  findMembersByEmails,
  findMembersByUserIds,
  insertPendingMembers,
  listSeatHolders,
  lockSpace,
  type AdminMemberRow,
  type LockedSpace,
} from './members.repo';
import { findPaidElsewhere } from './member-plans.repo';
import { loadSeatSummary } from './seats.service';

/** Where invitation e-mails go out and what their links point at. */
export type InvitationMailer = { mail: MailAdapter; publicUrl: string };

/**
 * The three ways a member is added (spec 002 §7): the seat model's 'Add members' (POST users/v1),
 * 'Invite users' (POST invitations) and the legacy team's 'Add users' (POST members). Each creates
 * PENDING member rows with an e-mailed invitation; they differ in who may call them and in the user
 * plan the newcomer gets.
 */
export type AddMode = 'SEAT_ADD' | 'INVITE' | 'LEGACY_ADD';

/** One address of an add: the refusal (null: added), and the spec's errorCode when there is one. */
type AddressCheck = { email: string; error: string | null; code?: typeof ALREADY_PAID_ERROR_CODE };
type SentInvitation = { email: string; token: string };

export async function addMembers(
  db: Database,
  mailer: InvitationMailer,
  caller: AdminCaller,
  mode: AddMode,
  emails: readonly string[],
  options: { onlyCheckValidity: boolean },
): Promise<AddressCheck[]> {
  await assertMayAdd(db, caller, mode);
  const workspaceId = caller.membership.workspace.id;
  const unique = [...new Set(emails)];
  if (options.onlyCheckValidity) return checkAddresses(db, caller, mode, unique);
  const { checks, sent } = await db.transaction(async (tx) => {
    const space = await lockSpace(tx, workspaceId);
    const checked = await checkAddresses(tx, caller, mode, unique, space);
    const valid = checked.filter((check) => check.error === null).map((check) => check.email);
    const rows = await insertPendingMembers(
      tx,
      workspaceId,
      valid.map((email) => ({
        email,
        userPlan: newcomerPlan(space, mode, email),
        seatType: space.billingModel === 'PER_SEAT' ? PENDING_SEAT_TYPE : null,
      })),
    );
    const invitations = await createInvitations(tx, caller.user, workspaceId, rows);
    return { checks: checked, sent: invitations };
  });
  const failed = await sendInvitationMails(mailer, caller, sent);
  return checks.map((check) =>
    failed.has(check.email) ? { ...check, error: MEMBER_MESSAGES.MAIL_NOT_SENT } : check,
  );
}

export function toAddResponse(checks: readonly AddressCheck[]): AddMembersResponse {
  return {
    success: checks.every((check) => check.error === null),
    results: checks.map((check) => ({
      userEmail: check.email,
      errorDetails: check.error,
      errorCode: check.code ?? null,
    })),
  };
}

export function toValidityResponse(checks: readonly AddressCheck[]): ValidityResponse {
  return { items: checks.map((check) => ({ email: check.email, errorMsg: check.error })) };
}

async function assertMayAdd(db: Executor, caller: AdminCaller, mode: AddMode): Promise<void> {
  const actor = await memberActorOf(db, caller);
  if (!canManageMembers(actor)) throw new AppError('FORBIDDEN', MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS);
  if (mode === 'INVITE' && !canInviteMembers(actor)) {
    throw new AppError('FORBIDDEN', MEMBER_MESSAGES.INVITATIONS_RESTRICTED);
  }
  const { workspace } = caller.membership;
  if (mode === 'LEGACY_ADD' && !(workspace.plan === 'LEGACY' && workspace.legacyType === 'TEAM')) {
    throw new AppError('FORBIDDEN', MEMBER_MESSAGES.LEGACY_ADD_ONLY);
  }
}

/** The user plan a newcomer gets: paid in a paid per-seat space and on the legacy 'Add users'. */
function newcomerPlan(
  space: Pick<LockedSpace, 'plan' | 'billingModel'>,
  mode: AddMode,
  email: string,
): UserPlan {
  const paid = space.billingModel === 'PER_SEAT' ? space.plan !== 'FREE' : mode === 'LEGACY_ADD';
  return paid ? paidUserPlanFor(isGmailAddress(email)) : 'FREE';
}

/**
 * Spec 002 §5: each address must be on the space's domain (without multi-domain) and not already
 * a member or invited; then the whole batch must fit the seats (per seat) or the plan's user limit
 * for the newcomers' plan (per user, allowedUserCount, -1 unlimited).
 */
async function checkAddresses(
  db: Executor,
  caller: AdminCaller,
  mode: AddMode,
  emails: readonly string[],
  locked?: LockedSpace,
): Promise<AddressCheck[]> {
  const { workspace } = caller.membership;
  const space = locked ?? {
    ...workspace,
    seatTotal: undefined,
  };
  // One after the other: `db` may be the add's transaction, one connection, where node-postgres
  // only queues parallel queries (deprecated, and gone in pg 9).
  const domains = await domainsOf(db, workspace.id);
  const existing = await findMembersByEmails(db, workspace.id, emails);
  const restrictions = await callerRestrictions(db, caller.user);
  const byEmail = new Map(existing.map((row) => [row.email, row]));
  const paidElsewhere = await findPaidElsewhere(
    db,
    workspace.id,
    'email',
    emails.filter((email) => !byEmail.has(email)),
  );
  const checks = emails.map((email): AddressCheck => {
    const row = byEmail.get(email);
    if (row)
      return {
        email,
        error: row.status === 'PENDING' ? MEMBER_MESSAGES.ALREADY_INVITED : MEMBER_MESSAGES.ALREADY_MEMBER,
      };
    if (!isAllowedDomain(email, { domains, hasMultiDomain: workspace.hasMultiDomain })) {
      return { email, error: MEMBER_MESSAGES.OUTSIDE_DOMAIN };
    }
    // Spec 001 §6 MULTIPLE_PAYMENT, spec 002 §8 already_paid_user (members/multiple-payment).
    const outcome = paidElsewhereOutcome({
      becomesPaid: isPaidUserPlan(newcomerPlan(space, mode, email)),
      isPaidElsewhere: paidElsewhere.has(email),
      workspacePlan: workspace.plan,
      isMultiplePaymentRestricted: restrictions.multiplePayment,
    });
    if (outcome === 'REFUSE')
      return { email, error: paidElsewhereRefusal(email), code: ALREADY_PAID_ERROR_CODE };
    return outcome === 'WARN'
      ? { email, error: null, code: ALREADY_PAID_ERROR_CODE }
      : { email, error: null };
  });
  const valid = checks.filter((check) => check.error === null);
  const limitError = await batchLimitError(db, space, mode, valid.length);
  return limitError === null
    ? checks
    : checks.map((check) => (check.error === null ? { ...check, error: limitError } : check));
}

async function batchLimitError(
  db: Executor,
  space: Pick<
    LockedSpace,
    'id' | 'plan' | 'billingModel' | 'freeAllowedUserCount' | 'proAllowedUserCount'
  > & {
    seatTotal?: number | null | undefined;
  },
  mode: AddMode,
  count: number,
): Promise<string | null> {
  if (count === 0) return null;
  if (space.billingModel === 'PER_SEAT') {
    if (space.plan === 'FREE') return null;
    const seats = await loadSeatSummary(
      db,
      space.id,
      space.seatTotal === undefined ? undefined : { ...space, seatTotal: space.seatTotal },
    );
    if (seats.availableSeats === null || count <= seats.availableSeats) return null;
    return notEnoughSeatsMessage(seats.availableSeats);
  }
  const members = await listSeatHolders(db, space.id);
  if (mode === 'LEGACY_ADD') {
    // The paid-user licences as billing counts them (members/seats countPaidUserSeats): members in a
    // free trial or disabled are not paid; pending paid members hold theirs.
    const seats = summarizeSeats(countPaidUserSeats(space.proAllowedUserCount, members));
    return canAddMembersToSeats(seats, count) ? null : legacyUserLimitMessage(space.proAllowedUserCount);
  }
  const limit = space.freeAllowedUserCount;
  return hasRoomForFreeUsers(limit, members, count) ? null : legacyUserLimitMessage(limit);
}

async function createInvitations(
  tx: Executor,
  inviter: UserRecord,
  workspaceId: string,
  rows: readonly Pick<AdminMemberRow, 'id' | 'email'>[],
): Promise<SentInvitation[]> {
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  const tokens = rows.map((row) => ({ row, token: newInvitationToken() }));
  await insertInvitations(
    tx,
    tokens.map(({ row, token }) => ({
      workspaceId,
      memberId: row.id,
      email: row.email,
      tokenHash: hashInvitationToken(token),
      expiresAt,
      invitedByUserId: inviter.id,
    })),
  );
  return tokens.map(({ row, token }) => ({ email: row.email, token }));
}

/** Sends each invitation e-mail; answers the addresses whose e-mail could not be sent. */
async function sendInvitationMails(
  mailer: InvitationMailer,
  caller: AdminCaller,
  sent: readonly SentInvitation[],
): Promise<Set<string>> {
  const failed = new Set<string>();
  const spaceName = caller.membership.workspace.name;
  for (const { email, token } of sent) {
    const link = new URL(invitationPath(token, 'accept'), mailer.publicUrl).toString();
    try {
      await mailer.mail.sendMail(caller.user, {
        to: email,
        subject: `${caller.user.name} invited you to ${spaceName} on ${PRODUCT_NAME}`,
        text: [
          'Hello,',
          '',
          `${caller.user.name} (${caller.user.email}) invited you to join the space "${spaceName}" on ${PRODUCT_NAME}.`,
          '',
          `Accept the invitation: ${link}`,
          '',
          `The link works for ${INVITATION_LIFETIME_DAYS} days, for ${email} only. If you did not expect this invitation, you can ignore this e-mail.`,
        ].join('\n'),
      });
    } catch {
      // The invitation stays valid; the owner can send it again from the members list.
      failed.add(email);
    }
  }
  return failed;
}

/** The pending member rows named by e-mail, each checked by the re-invite/cancel rule. */
async function pendingTargets(
  db: Executor,
  caller: AdminCaller,
  emails: readonly string[],
): Promise<AdminMemberRow[]> {
  const actor = await memberActorOf(db, caller);
  if (!canManageMembers(actor)) throw new AppError('FORBIDDEN', MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS);
  const rows = await findMembersByEmails(db, caller.membership.workspace.id, [...new Set(emails)]);
  if (rows.length !== new Set(emails).size) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.NOT_A_MEMBER);
  for (const row of rows) {
    const verdict = canReinviteOrCancel(actor, row);
    if (!verdict.ok) throw new AppError('CONFLICT', verdict.message);
  }
  return rows;
}

/** PUT /workspaces/{id}/invitations/resend: a new token and 14 more days for each pending member. */
export async function resendInvitations(
  db: Database,
  mailer: InvitationMailer,
  caller: AdminCaller,
  emails: readonly string[],
): Promise<{ success: boolean }> {
  const sent = await db.transaction(async (tx) => {
    await lockSpace(tx, caller.membership.workspace.id);
    const rows = await pendingTargets(tx, caller, emails);
    const existing = await findPendingInvitationsOfMembers(
      tx,
      rows.map((row) => row.id),
    );
    const invited = new Map(existing.map((invitation) => [invitation.memberId, invitation]));
    const rotated: SentInvitation[] = [];
    for (const row of rows) {
      const invitation = invited.get(row.id);
      if (!invitation) continue;
      const token = newInvitationToken();
      await rotateInvitationToken(tx, invitation.id, {
        tokenHash: hashInvitationToken(token),
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
        invitedByUserId: caller.user.id,
      });
      rotated.push({ email: row.email, token });
    }
    // Members added before invitations existed (no invitation yet) get their first one.
    const created = await createInvitations(
      tx,
      caller.user,
      caller.membership.workspace.id,
      rows.filter((row) => !invited.has(row.id)),
    );
    return [...rotated, ...created];
  });
  const failed = await sendInvitationMails(mailer, caller, sent);
  return { success: failed.size === 0 };
}

/** DELETE /workspaces/{id}/invitations: the pending members leave the list; their links stop working. */
export async function cancelInvitations(
  db: Database,
  caller: AdminCaller,
  emails: readonly string[],
): Promise<{ success: boolean }> {
  await db.transaction(async (tx) => {
    await lockSpace(tx, caller.membership.workspace.id);
    const rows = await pendingTargets(tx, caller, emails);
    const ids = rows.map((row) => row.id);
    await cancelInvitationsOfMembers(tx, ids);
    await deleteMembers(tx, ids);
  });
  return { success: true };
}

/**
 * PUT /invitations/{token}/accept (spec 002 §4.8, §8). In one transaction, with the invitation and
 * the space row locked: the link must exist (404), the INVITATION restriction must be off for the
 * person (409 invitation_restricted), the account must be the invited address (403 wrong_account),
 * the invitation must be pending and not expired (409 invitation_is_not_active), the person must not
 * be a member yet (409 user_already_exists) and, for a seat, one must be free (409
 * no_seat_available). Then the pending member becomes ACTIVE and the invitation ACCEPTED.
 */
export async function acceptInvitation(
  db: Database,
  user: UserRecord,
  token: string,
): Promise<AcceptInvitationResponse> {
  const restrictions = await callerRestrictions(db, user);
  return db.transaction(async (tx) => {
    const invitation = await lockInvitationByTokenHash(tx, hashInvitationToken(token));
    if (!invitation)
      throw new AppError('NOT_FOUND', INVITATION_MESSAGES.INVALID, {
        reason: INVITATION_ERROR_REASONS.INVALID,
      });
    if (restrictions.invitation) {
      throw new AppError('CONFLICT', INVITATION_MESSAGES.RESTRICTED, {
        reason: INVITATION_ERROR_REASONS.RESTRICTED,
      });
    }
    if (invitation.email !== user.email.toLowerCase()) {
      throw new AppError('FORBIDDEN', INVITATION_MESSAGES.WRONG_ACCOUNT, {
        reason: INVITATION_ERROR_REASONS.WRONG_ACCOUNT,
      });
    }
    const space = await lockSpace(tx, invitation.workspaceId);
    const [own] = await findMembersByUserIds(tx, space.id, [user.id]);
    const pending = invitation.memberId === null ? undefined : await findMemberById(tx, invitation.memberId);
    if ((own && own.id !== pending?.id) || (pending && pending.status !== 'PENDING')) {
      throw new AppError('CONFLICT', INVITATION_MESSAGES.ALREADY_MEMBER, {
        reason: INVITATION_ERROR_REASONS.ALREADY_MEMBER,
      });
    }
    if (
      !pending ||
      !isInvitationActive(
        { status: invitation.status, expiresAt: invitation.expiresAt.getTime() },
        Date.now(),
      )
    ) {
      throw new AppError('CONFLICT', INVITATION_MESSAGES.NOT_ACTIVE, {
        reason: INVITATION_ERROR_REASONS.NOT_ACTIVE,
      });
    }
    if (!(await hasPlaceFor(tx, space, pending))) {
      throw new AppError('CONFLICT', INVITATION_MESSAGES.NO_SEAT, {
        reason: INVITATION_ERROR_REASONS.NO_SEAT,
      });
    }
    await activateJoiningMember(tx, pending.id, {
      userId: user.id,
      seatType: space.billingModel === 'PER_SEAT' ? ADDED_SEAT_TYPE : null,
      becomesPaid: isPaidUserPlan(pending.userPlan),
    });
    await markInvitationAccepted(tx, invitation.id, user.id);
    return { workspaceId: space.id, workspaceName: space.name };
  });
}

/**
 * The seat re-check of a join (members/seats hasSeatForJoiningMember): per seat, the members
 * holding seats must leave one; per user, the plan's allowedUserCount for the newcomer's plan.
 */
async function hasPlaceFor(tx: Executor, space: LockedSpace, joining: AdminMemberRow): Promise<boolean> {
  const others = (await listSeatHolders(tx, space.id)).filter((member) => member.id !== joining.id);
  const paid = isPaidUserPlan(joining.userPlan);
  if (space.billingModel === 'PER_SEAT') {
    if (!paid) return true;
    return hasSeatForJoiningMember(space.seatTotal, others.filter(holdsSeat).length);
  }
  if (paid) {
    // The paid-user licences held by the others, as billing counts them (countPaidUserSeats).
    const seats = countPaidUserSeats(space.proAllowedUserCount, others);
    return hasSeatForJoiningMember(seats.totalSeats, seats.assignedSeats);
  }
  const limit = space.freeAllowedUserCount;
  const used = others.filter(
    (member) =>
      member.status !== 'PENDING' && member.status !== 'DISABLED' && !isPaidUserPlan(member.userPlan),
  ).length;
  return hasSeatForJoiningMember(limit < 0 ? null : limit, used);
}
