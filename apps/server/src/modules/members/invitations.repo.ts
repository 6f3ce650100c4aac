import type { InvitationStatus } from '@mergedesk/domain/invitations/invitations';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invitations } from '../../db/schema';
import { workspaceView } from '../workspaces/workspaces.views';

export type InvitationRow = {
  id: string;
  workspaceId: string;
  memberId: string | null;
  email: string;
  status: InvitationStatus;
  expiresAt: Date;
};

const invitationColumns = {
  id: invitations.id,
  workspaceId: invitations.workspaceId,
  memberId: invitations.memberId,
  email: invitations.email,
  status: invitations.status,
  expiresAt: invitations.expiresAt,
};

export type NewInvitation = {
  workspaceId: string;
  memberId: string | null;
  email: string;
  tokenHash: string;
  expiresAt: Date;
  invitedByUserId: string | null;
  status?: InvitationStatus;
  acceptedByUserId?: string | null;
  acceptedAt?: Date | null;
  cancelledAt?: Date | null;
  lastSentAt?: Date;
  createdAt?: Date;
};

export async function insertInvitations(tx: Executor, rows: readonly NewInvitation[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(invitations).values([...rows]);
}

/** The invitation a token names (by its hash), locked for the accepting transaction. */
export async function lockInvitationByTokenHash(
  tx: Executor,
  tokenHash: string,
): Promise<(InvitationRow & { workspaceName: string }) | undefined> {
  const [row] = await tx
    .select({ ...invitationColumns, workspaceName: workspaceView.name })
    .from(invitations)
    .innerJoin(workspaceView, eq(workspaceView.id, invitations.workspaceId))
    .where(eq(invitations.tokenHash, tokenHash))
    .for('update', { of: invitations });
  return row;
}

/** The PENDING invitations of the given member rows. */
export async function findPendingInvitationsOfMembers(
  db: Executor,
  memberIds: readonly string[],
): Promise<InvitationRow[]> {
  if (memberIds.length === 0) return [];
  return db
    .select(invitationColumns)
    .from(invitations)
    .where(and(inArray(invitations.memberId, [...memberIds]), eq(invitations.status, 'PENDING')));
}

/** Re-invite: a new token (the old one stops working) and a new expiry. */
export async function rotateInvitationToken(
  tx: Executor,
  invitationId: string,
  values: { tokenHash: string; expiresAt: Date; invitedByUserId: string },
): Promise<void> {
  await tx
    .update(invitations)
    .set({ ...values, lastSentAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(invitations.id, invitationId));
}

export async function cancelInvitationsOfMembers(tx: Executor, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return;
  await tx
    .update(invitations)
    .set({ status: 'CANCELLED', cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(invitations.memberId, [...memberIds]), eq(invitations.status, 'PENDING')));
}

export async function markInvitationAccepted(
  tx: Executor,
  invitationId: string,
  userId: string,
): Promise<void> {
  await tx
    .update(invitations)
    .set({ status: 'ACCEPTED', acceptedByUserId: userId, acceptedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(invitations.id, invitationId));
}

/** Pending invitations of the space (or of one address) are cancelled: their links stop working. */
export async function cancelPendingInvitations(
  tx: Executor,
  workspaceId: string,
  email?: string,
): Promise<void> {
  await tx
    .update(invitations)
    .set({ status: 'CANCELLED', cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        eq(invitations.status, 'PENDING'),
        email === undefined ? undefined : eq(invitations.email, email),
      ),
    );
}
