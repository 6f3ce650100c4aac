import type { ChangeRoleBody, SeatMember, TransferOwnershipBody } from '@mergedesk/domain/api/members';
import { SEAT_MEMBER_FILTER_KEYS, SEAT_MEMBER_SORT_KEYS } from '@mergedesk/domain/api/members';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import { MEMBER_MESSAGES, transferLegacyMessage } from '@mergedesk/domain/members/messages';
import { activationLimitVerdict } from '@mergedesk/domain/members/plan-limits';
import {
  canActivateMember,
  canChangeRoleOf,
  canManageMembers,
  canRemoveMember,
  isOwnerCandidate,
  transferAvailability,
} from '@mergedesk/domain/members/permissions';
import { seatMemberStatus } from '@mergedesk/domain/members/status';
import { PRODUCT_NAME } from '@mergedesk/domain/constants';
import { memberStatusSchema } from '@mergedesk/domain/plans/plans';
import { canAccessUsers } from '@mergedesk/domain/roles/permissions';
import { roleSchema } from '@mergedesk/domain/roles/roles';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { entitlementsOf } from '../../lib/access';
import { callerRestrictions, memberActorOf, type AdminCaller } from './admin-context';
import { lockAndCheckOwnedSpaces } from './memberships.service';
import { cancelInvitationsOfMembers } from './invitations.repo';
import {
  deleteMembers,
  findMembersByEmails,
  findMembersByUserIds,
  listSeatHolders,
  listSeatMembers,
  lockSpace,
  findOldestOwnedSpace,
  setMemberRole,
  setMemberStatus,
  type AdminMemberRow,
  type SeatMemberFilters,
  type SeatMemberRow,
} from './members.repo';
import { findPaidElsewhere } from './member-plans.repo';
import { parseCheckedListQuery } from './members.service';

/** Spec 000 §6 "Access to users": the member lists are for members of a current plan, admins on LEGACY. */
function assertMayReadMembers(caller: AdminCaller): void {
  const { membership } = caller;
  if (!canAccessUsers({ role: membership.role, workspacePlan: membership.workspace.plan })) {
    throw new AppError('FORBIDDEN', 'Only an admin or the owner of this space can see its members.');
  }
}

const seatFilterSchemas = {
  userStatus: memberStatusSchema,
  userRole: roleSchema,
  search: z.string().max(200),
};

/** GET /workspaces/{id}/users/v1 (spec 002 §7): the seat model's member list. */
export async function getSeatMembers(
  db: Executor,
  caller: AdminCaller,
  query: ListQuery,
): Promise<{ items: SeatMember[]; total: number }> {
  assertMayReadMembers(caller);
  const parsed = parseCheckedListQuery<
    (typeof SEAT_MEMBER_FILTER_KEYS)[number],
    (typeof SEAT_MEMBER_SORT_KEYS)[number],
    { userStatus?: string[]; userRole?: string[]; search?: string[] }
  >(query, SEAT_MEMBER_FILTER_KEYS, SEAT_MEMBER_SORT_KEYS, seatFilterSchemas);
  const filters: SeatMemberFilters = {
    ...(parsed.filters.userStatus
      ? { userStatus: memberStatusSchema.array().parse(parsed.filters.userStatus) }
      : {}),
    ...(parsed.filters.userRole ? { userRole: roleSchema.array().parse(parsed.filters.userRole) } : {}),
    ...(parsed.filters.search ? { search: parsed.filters.search.join(' ') } : {}),
  };
  const workspaceId = caller.membership.workspace.id;
  const { rows, total } = await listSeatMembers(db, workspaceId, { ...parsed, filters });
  return { items: rows.map((row) => toSeatMember(workspaceId, row)), total };
}

function toSeatMember(workspaceId: string, row: SeatMemberRow): SeatMember {
  const freeTrialEndTimestamp = row.freeTrialEndTimestamp?.getTime() ?? null;
  return {
    workspaceId,
    userEmail: row.email,
    seatType: row.seatType,
    userId: row.userId,
    userName: row.userName ?? '',
    userRole: row.role,
    userPlan: row.userPlan,
    userStatus: seatMemberStatus({ freeTrialEndTimestamp, seatType: row.seatType, status: row.status }),
    createTimestamp: row.createdAt.getTime(),
    lastUpdateTimestamp: row.updatedAt.getTime(),
    lastBecomePaidTimestamp: row.lastBecomePaidTimestamp?.getTime() ?? null,
    isPersonal: isGmailAddress(row.email),
    freeTrialEndTimestamp,
  };
}

/**
 * Removes members (PATCH users/v1 by e-mail; DELETE members by user id). Every target is checked by
 * the removal rule first (403 with its message), then all go in one transaction: their rows, their
 * pending invitations, and an add-on space pointing here is moved to a space they own. What they
 * sent stays in the space's history (docs/decisions/165-removing-a-member.md).
 */
export async function removeMembers(
  db: Database,
  caller: AdminCaller,
  target: { emails: readonly string[] } | { userIds: readonly string[] },
): Promise<{ success: boolean }> {
  const actor = await memberActorOf(db, caller);
  if (!canManageMembers(actor)) throw new AppError('FORBIDDEN', MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS);
  const workspaceId = caller.membership.workspace.id;
  await db.transaction(async (tx) => {
    await lockSpace(tx, workspaceId);
    const rows = await findTargets(tx, workspaceId, target);
    for (const row of rows) {
      const verdict = canRemoveMember(actor, row);
      if (!verdict.ok) throw new AppError('FORBIDDEN', verdict.message);
    }
    const ids = rows.map((row) => row.id);
    await cancelInvitationsOfMembers(tx, ids);
    await deleteMembers(tx, ids);
    for (const row of rows) {
      if (row.userId === null) continue;
      const fallback = await findOldestOwnedSpace(tx, row.userId);
      await caller.accounts.moveAddonSpace(tx, row.userId, workspaceId, fallback);
    }
  });
  return { success: true };
}

async function findTargets(
  db: Executor,
  workspaceId: string,
  target: { emails: readonly string[] } | { userIds: readonly string[] },
): Promise<AdminMemberRow[]> {
  const wanted = new Set('emails' in target ? target.emails : target.userIds);
  const rows =
    'emails' in target
      ? await findMembersByEmails(db, workspaceId, [...wanted])
      : await findMembersByUserIds(db, workspaceId, [...wanted]);
  if (rows.length !== wanted.size) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.NOT_A_MEMBER);
  return rows;
}

/**
 * PUT /workspaces/{id}/members/activate: disabled members become ACTIVE. On a per-user plan the
 * plan's user limit for their plan must leave room (spec 002 §8 disabled-user tooltip); in the
 * seat model a disabled member kept the seat.
 */
export async function activateMembers(
  db: Database,
  caller: AdminCaller,
  userIds: readonly string[],
): Promise<{ success: boolean }> {
  const actor = await memberActorOf(db, caller);
  if (!canManageMembers(actor)) throw new AppError('FORBIDDEN', MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS);
  await db.transaction(async (tx) => {
    const space = await lockSpace(tx, caller.membership.workspace.id);
    const rows = await findTargets(tx, space.id, { userIds });
    for (const row of rows) {
      const verdict = canActivateMember(actor, row);
      if (!verdict.ok) throw new AppError('CONFLICT', verdict.message);
    }
    if (space.billingModel === 'PER_USER') {
      const members = await listSeatHolders(tx, space.id);
      const limits = { freeLimit: space.freeAllowedUserCount, paidLimit: space.proAllowedUserCount };
      const verdict = activationLimitVerdict(limits, members, rows);
      if (!verdict.ok) throw new AppError('CONFLICT', verdict.message);
    }
    await setMemberStatus(
      tx,
      rows.map((row) => row.id),
      'ACTIVE',
    );
  });
  return { success: true };
}

/** PUT /workspaces/{id}/members/change-role: ADMIN ↔ MEMBER by the owner where the plan allows it. */
export async function changeRoles(
  db: Database,
  caller: AdminCaller,
  body: ChangeRoleBody,
): Promise<{ success: boolean }> {
  const actor = await memberActorOf(db, caller);
  await db.transaction(async (tx) => {
    await lockSpace(tx, caller.membership.workspace.id);
    const rows = await findTargets(tx, caller.membership.workspace.id, {
      userIds: body.memberRoles.map((change) => change.userId),
    });
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    for (const change of body.memberRoles) {
      const row = byUser.get(change.userId);
      if (!row) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.NOT_A_MEMBER);
      const verdict = canChangeRoleOf(actor, row);
      if (!verdict.ok) throw new AppError('FORBIDDEN', verdict.message);
      if (row.role !== change.userRole) await setMemberRole(tx, row.id, change.userRole);
    }
  });
  return { success: true };
}

/**
 * GET /workspaces/{id}/members/promote-validity: for each free member who joined, whether they
 * may become paid here; 'already_paid_user' when they are paid in another space (spec 002 §8).
 */
export async function getPromoteValidity(
  db: Executor,
  caller: AdminCaller,
): Promise<{ items: Array<{ userId: string; userEmail: string; errorCode: 'already_paid_user' | null }> }> {
  const actor = await memberActorOf(db, caller);
  if (!canManageMembers(actor)) throw new AppError('FORBIDDEN', MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS);
  const workspaceId = caller.membership.workspace.id;
  const { rows } = await listSeatMembers(db, workspaceId, {
    filters: {},
    sort: [{ key: 'createTimestamp', direction: 'asc' }],
    limit: 30000,
    offset: 0,
  });
  const free = rows.flatMap((row) =>
    row.userPlan === 'FREE' && row.status !== 'PENDING' && row.userId !== null
      ? [{ userId: row.userId, userEmail: row.email }]
      : [],
  );
  const paid = await findPaidElsewhere(
    db,
    workspaceId,
    'userId',
    free.map((member) => member.userId),
  );
  return {
    items: free.map((member) => ({
      ...member,
      errorCode: paid.has(member.userId) ? 'already_paid_user' : null,
    })),
  };
}

/**
 * PUT /workspaces/{id}/owner (spec 002 §2.9, §4.7, §8): the owner hands the space to a candidate
 * member; the previous owner becomes a MEMBER. One transaction with the space and the new owner
 * locked: the new owner must own fewer than 5 spaces (409 user_owns_too_many_workspaces).
 */
export async function transferOwnership(
  db: Database,
  caller: AdminCaller,
  body: TransferOwnershipBody,
): Promise<{ workspaceId: string; ownerUserId: string; ownerEmail: string }> {
  const { workspace } = caller.membership;
  const restrictions = await callerRestrictions(db, caller.user);
  const availability = transferAvailability({
    role: caller.membership.role,
    workspacePlan: workspace.plan,
    transferOwnerShip: entitlementsOf(caller.membership).transferOwnership,
    isTransferRestricted: restrictions.transfer,
  });
  if (!availability.available) {
    const messages = {
      NOT_OWNER: MEMBER_MESSAGES.CANNOT_TRANSFER,
      RESTRICTED: MEMBER_MESSAGES.TRANSFER_RESTRICTED,
      FREE_PLAN: MEMBER_MESSAGES.TRANSFER_FREE_PLAN,
      LEGACY_PLAN: transferLegacyMessage(PRODUCT_NAME),
    } as const;
    throw new AppError('FORBIDDEN', messages[availability.reason]);
  }
  return db.transaction(async (tx) => {
    await lockSpace(tx, workspace.id);
    const [self] = await findMembersByUserIds(tx, workspace.id, [caller.user.id]);
    // Re-read under the lock: a concurrent transfer may already have moved the ownership.
    if (self?.role !== 'OWNER') throw new AppError('FORBIDDEN', MEMBER_MESSAGES.CANNOT_TRANSFER);
    const [target] = await findMembersByUserIds(tx, workspace.id, [body.userId]);
    if (
      !target ||
      target.userId === null ||
      !isOwnerCandidate({ billingModel: workspace.billingModel, workspacePlan: workspace.plan }, target)
    ) {
      throw new AppError('CONFLICT', MEMBER_MESSAGES.NOT_AN_OWNER_CANDIDATE);
    }
    if (!(await lockAndCheckOwnedSpaces(tx, target.userId))) {
      throw new AppError('CONFLICT', MEMBER_MESSAGES.TRANSFER_TOO_MANY_SPACES, {
        reason: 'user_owns_too_many_workspaces',
      });
    }
    // One owner per space (unique index): the old owner steps down first.
    await setMemberRole(tx, self.id, 'MEMBER');
    await setMemberRole(tx, target.id, 'OWNER');
    return { workspaceId: workspace.id, ownerUserId: target.userId, ownerEmail: target.email };
  });
}
