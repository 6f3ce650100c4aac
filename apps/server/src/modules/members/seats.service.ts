import type { SeatSummaryResponse } from '@mergedesk/domain/api/members';
import { countSeats, summarizeSeats, type SeatSummary } from '@mergedesk/domain/members/seats';
import type { Executor } from '../../db/client';
import type { MembershipRecord } from '../../db/records';
import { scheduledSeatRemovalOf } from '../billing/space-billing.service';
import { findSeatTotal, listSeatHolders } from './members.repo';

/**
 * The seats of a space, from the one rule (members/seats): the total is the subscription's seat
 * quantity kept on the space (billing writes it), the rest is counted from the member rows. Pass a
 * transaction that locked the space (lockSpace) to get counts that stay true until it commits.
 */
export async function loadSeatSummary(
  db: Executor,
  workspaceId: string,
  seatTotal?: number | null,
): Promise<SeatSummary> {
  const [total, members] = await Promise.all([
    seatTotal === undefined ? findSeatTotal(db, workspaceId) : Promise.resolve(seatTotal),
    listSeatHolders(db, workspaceId),
  ]);
  return summarizeSeats(countSeats(total, members));
}

/** GET /api/workspaces/{workspaceId}/seats: any member may read the seat counter (spec 002 §2.7). */
export async function getSeats(db: Executor, membership: MembershipRecord): Promise<SeatSummaryResponse> {
  const [summary, scheduledRemoval] = await Promise.all([
    loadSeatSummary(db, membership.workspace.id),
    scheduledSeatRemovalOf(db, membership.workspace.id),
  ]);
  return { ...summary, scheduledRemoval };
}
