import type { GiveSeatsResponse } from '@mergedesk/domain/api/members';
import { giveSeatServerVerdict } from '@mergedesk/domain/members/give-seat';
import { MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import { ALREADY_PAID_ERROR_CODE } from '@mergedesk/domain/members/multiple-payment';
import { canManageMembers } from '@mergedesk/domain/members/permissions';
import { paidUserPlanFor } from '@mergedesk/domain/plans/plans';
import { ADDED_SEAT_TYPE } from '@mergedesk/domain/members/status';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workspaceMembers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { callerRestrictions, memberActorOf, type AdminCaller } from './admin-context';
import { findPaidElsewhere } from './member-plans.repo';
import { findMembersByUserIds, lockSpace } from './members.repo';
import { loadSeatSummary } from './seats.service';

/**
 * PUT /workspaces/{id}/members/seats (ours, issue 21 "Seats reach members already in the space"):
 * free members who joined get one of the seats the space already pays for — the drawer's 'Give a
 * seat'. One transaction with the space locked, so the seats counted stay true until the members
 * hold them (members/seats.ts: a seat is a paid user plan). The domain's giveSeatServerVerdict decides;
 * someone paid in another space is refused while the caller's MULTIPLE_PAYMENT restriction is on,
 * otherwise given the seat with already_paid_user, as adding them would.
 */
export async function giveSeats(
  db: Database,
  caller: AdminCaller,
  userIds: readonly string[],
): Promise<GiveSeatsResponse> {
  const actor = await memberActorOf(db, caller);
  if (!canManageMembers(actor)) throw new AppError('FORBIDDEN', MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS);
  const restrictions = await callerRestrictions(db, caller.user);
  const workspaceId = caller.membership.workspace.id;
  return db.transaction(async (tx) => {
    const space = await lockSpace(tx, workspaceId);
    const wanted = new Set(userIds);
    const rows = await findMembersByUserIds(tx, workspaceId, [...wanted]);
    if (rows.length !== wanted.size) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.NOT_A_MEMBER);
    // One query at a time on the transaction's client; the locked space row is the seat space.
    const seats = await loadSeatSummary(tx, workspaceId, space);
    const paidElsewhere = await findPaidElsewhere(tx, workspaceId, 'userId', [...wanted]);
    const verdict = giveSeatServerVerdict({
      actor: { ...actor, workspacePlan: space.plan, billingModel: space.billingModel },
      targets: rows.map((row) => ({
        email: row.email,
        status: row.status,
        userPlan: row.userPlan,
        isPaidElsewhere: row.userId !== null && paidElsewhere.has(row.userId),
      })),
      availableSeats: seats.availableSeats,
      isMultiplePaymentRestricted: restrictions.multiplePayment,
    });
    if (!verdict.ok) throw new AppError('CONFLICT', verdict.message);
    for (const row of rows) {
      await tx
        .update(workspaceMembers)
        .set({
          userPlan: paidUserPlanFor(isGmailAddress(row.email)),
          seatType: ADDED_SEAT_TYPE,
          lastBecomePaidTimestamp: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(workspaceMembers.id, row.id));
    }
    return {
      success: true,
      results: rows.map((row) => ({
        userId: row.userId!,
        userEmail: row.email,
        errorCode: row.userId !== null && paidElsewhere.has(row.userId) ? ALREADY_PAID_ERROR_CODE : null,
      })),
    };
  });
}
