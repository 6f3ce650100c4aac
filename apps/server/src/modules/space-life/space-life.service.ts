import type { DeletedWorkspace, LeaveWorkspaceResponse } from '@mergedesk/domain/api/space-life';
import {
  canLeaveSpace,
  isDeleteConfirmed,
  isRestorable,
  SPACE_LIFE_MESSAGES,
  spaceEraseAt,
} from '@mergedesk/domain/spaces/space-life';
import { SPACE_LIMIT_WARNING_MESSAGE } from '@mergedesk/domain/spaces/space-name';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { MembershipRecord, UserRecord } from '../../db/records';
import { AppError } from '../../lib/app-error';
import type { BillingContext } from '../billing/billing-context';
import { endSubscriptionBeforeDeletion } from '../billing/space-ending.service';
import {
  cancelPendingInvitations,
  deleteMemberRow,
  deleteMemberRows,
  insertMemberRows,
  listMemberRows,
} from '../members/space-member-rows.service';
import { lockAndCheckOwnedSpaces } from '../members/memberships.service';
import { copyPersonalOptOuts } from '../suppression-lists/suppression-list.service';
import { findAddonSpace, moveAddonSpace } from '../users/users.service';
import { deleteWorkspacesIn, lockWorkspaceRow } from '../workspaces/space-plan.service';
import {
  deleteDeletion,
  dueDeletions,
  findDeletion,
  findLandingSpace,
  insertDeletion,
  listDeletionsOf,
} from './space-life.repo';

/** Ours: the same answer as any space the caller cannot reach (cross-space = 404). */
const SPACE_NOT_FOUND = 'Space not found.';

/**
 * A member leaves the space (issue 21): their row goes (so their seat or licence is free again),
 * their pending invitation is cancelled, their add-on moves to the space they land in, and their
 * personal opt-outs go with them there (copied; the space keeps its history). Shared entries stay
 * with the space. The owner cannot leave (transfer or delete first).
 */
export async function leaveSpace(
  db: Database,
  caller: UserRecord,
  membership: MembershipRecord,
): Promise<LeaveWorkspaceResponse> {
  if (!canLeaveSpace(membership.role)) throw new AppError('CONFLICT', SPACE_LIFE_MESSAGES.OWNER_CANNOT_LEAVE);
  const workspaceId = membership.workspace.id;
  return db.transaction(async (tx) => {
    await lockWorkspaceRow(tx, workspaceId);
    await deleteMemberRow(tx, membership.id);
    await cancelPendingInvitations(tx, workspaceId, membership.email);
    const landing = await findLandingSpace(tx, caller.id, workspaceId);
    await moveAddonSpace(tx, caller.id, workspaceId, landing);
    const addonWorkspaceId = await findAddonSpace(tx, caller.id);
    const optOutsTo = addonWorkspaceId ?? landing;
    if (optOutsTo !== null) await copyPersonalOptOuts(tx, caller.id, workspaceId, optOutsTo);
    return { success: true, addonWorkspaceId };
  });
}

/**
 * The owner deletes the space, typing its name (issue 21; docs/decisions/346-space-deletion.md). In one
 * transaction: the live subscription stops renewing (it ends at its period end), the member rows
 * move to space_deletions (so nobody reaches the space any more, and the owner's count of spaces
 * goes down), pending invitations are cancelled and every member's add-on moves to the space they
 * land in. The data stays until the erase job, SPACE_ERASE_GRACE_DAYS later; until then the owner
 * can restore it.
 */
export async function deleteSpace(
  billing: BillingContext,
  caller: UserRecord,
  membership: MembershipRecord,
  typedName: string,
  now = new Date(),
): Promise<DeletedWorkspace> {
  if (membership.role !== 'OWNER') throw new AppError('FORBIDDEN', SPACE_LIFE_MESSAGES.ONLY_OWNER_DELETES);
  const workspaceId = membership.workspace.id;
  const db = billing.db;
  const result = await db.transaction(async (tx) => {
    const space = await lockWorkspaceRow(tx, workspaceId);
    if (space === undefined) throw new AppError('NOT_FOUND', SPACE_NOT_FOUND);
    if (!isDeleteConfirmed(typedName, space.name)) {
      throw new AppError('VALIDATION_FAILED', SPACE_LIFE_MESSAGES.NAME_MISMATCH, {
        fieldErrors: [{ field: 'workspaceName', message: SPACE_LIFE_MESSAGES.NAME_MISMATCH }],
      });
    }
    const members = await listMemberRows(tx, workspaceId);
    await deleteMemberRows(tx, workspaceId);
    await cancelPendingInvitations(tx, workspaceId);
    for (const member of members) {
      if (member.userId === null) continue;
      await moveAddonSpace(
        tx,
        member.userId,
        workspaceId,
        await findLandingSpace(tx, member.userId, workspaceId),
      );
    }
    const eraseAt = spaceEraseAt(now);
    // Last, so that a provider's refusal rolls all of it back.
    const ended = await endSubscriptionBeforeDeletion(
      billing,
      tx,
      workspaceId,
      `Space deleted by ${caller.email}`,
    );
    await insertDeletion(tx, {
      workspaceId,
      deletedByUserId: caller.id,
      deletedAt: now,
      eraseAt,
      subscriptionEndsAt: ended.endsAt,
      members,
    });
    return { name: space.name, eraseAt, ended };
  });
  await result.ended.sync();
  return {
    workspaceId,
    workspaceName: result.name,
    deletedAt: now.getTime(),
    eraseAt: result.eraseAt.getTime(),
    canRestore: true,
    subscriptionEndsAt: result.ended.endsAt?.getTime() ?? null,
  };
}

/** Deleted spaces, not yet erased, the caller was a member of; the owner may restore theirs. */
export async function listDeletedSpaces(
  db: Database,
  caller: UserRecord,
  now = new Date(),
): Promise<DeletedWorkspace[]> {
  const rows = await listDeletionsOf(db, caller.id);
  return rows
    .filter((row) => isRestorable(row.eraseAt, now))
    .map((row) => ({
      workspaceId: row.workspaceId,
      workspaceName: row.workspaceName,
      deletedAt: row.deletedAt.getTime(),
      eraseAt: row.eraseAt.getTime(),
      canRestore: row.members.some((member) => member.userId === caller.id && member.role === 'OWNER'),
      subscriptionEndsAt: row.subscriptionEndsAt?.getTime() ?? null,
    }));
}

/**
 * The owner restores a deleted space before its erase time: the members come back as they were
 * (people whose account is gone stay out), within the owner's limit of 5 spaces. Pending invitations
 * stay cancelled (send them again) and the subscription keeps not renewing (renew from billing).
 */
export async function restoreSpace(
  db: Database,
  caller: UserRecord,
  workspaceId: string,
  now = new Date(),
): Promise<{ success: boolean }> {
  // A malformed id is answered like an unknown one, 404 (ARCHITECTURE.md), never sent to the uuid column.
  if (!z.uuid().safeParse(workspaceId).success) throw new AppError('NOT_FOUND', SPACE_NOT_FOUND);
  await db.transaction(async (tx) => {
    const deletion = await findDeletion(tx, workspaceId);
    const owner = deletion?.members.find((member) => member.role === 'OWNER');
    if (deletion === undefined || owner?.userId !== caller.id)
      throw new AppError('NOT_FOUND', SPACE_NOT_FOUND);
    if (!isRestorable(deletion.eraseAt, now))
      throw new AppError('CONFLICT', SPACE_LIFE_MESSAGES.NOT_RESTORABLE);
    if (!(await lockAndCheckOwnedSpaces(tx, caller.id))) {
      throw new AppError('OWNED_SPACES_LIMIT_REACHED', SPACE_LIMIT_WARNING_MESSAGE);
    }
    await lockWorkspaceRow(tx, workspaceId);
    await insertMemberRows(tx, workspaceId, deletion.members);
    await deleteDeletion(tx, workspaceId);
  });
  return { success: true };
}

/** The erase job's step: spaces whose grace period is over are erased, at most `limit` at a time. */
export async function eraseDeletedSpaces(db: Database, now = new Date(), limit = 20): Promise<string[]> {
  return db.transaction((tx) => deleteWorkspacesIn(tx, dueDeletions(tx, now, limit)));
}
