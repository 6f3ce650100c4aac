import type { SpaceSeatsResponse } from '@mergedesk/domain/api/members';
import {
  spaceSeatCounts,
  summarizeSeats,
  type SeatSpace,
  type SeatSummary,
} from '@mergedesk/domain/members/seats';
import type { Executor } from '../../db/client';
import type { AdminCaller } from './admin-context';
import { findSeatSpace, listSeatHolders } from './members.repo';

/**
 * The seats of a space, from the one rule (members/seats spaceSeatCounts): per seat, the total is
 * the subscription's seat quantity kept on the space (billing writes it); per user, the plan's
 * paid-user licences. The rest is counted from the member rows. Pass the space as a transaction
 * that locked it read it (lockSpace) to get counts that stay true until it commits.
 */
export async function loadSeatSummary(
  db: Executor,
  workspaceId: string,
  space?: SeatSpace,
): Promise<SeatSummary> {
  const [seatSpace, members] = await Promise.all([
    space === undefined ? findSeatSpace(db, workspaceId) : Promise.resolve(space),
    listSeatHolders(db, workspaceId),
  ]);
  return summarizeSeats(spaceSeatCounts(seatSpace, members));
}

/** The seat summary with the space's billing model (billing tells per-user licences from seats). */
export async function loadSpaceSeats(
  db: Executor,
  workspaceId: string,
): Promise<{ billingModel: SeatSpace['billingModel']; summary: SeatSummary }> {
  const space = await findSeatSpace(db, workspaceId);
  return { billingModel: space.billingModel, summary: await loadSeatSummary(db, workspaceId, space) };
}

/**
 * GET /api/workspaces/{workspaceId}/seats: any member may read the seat counter (spec 002 §2.7), with
 * the active subscription's payment source (support-managed seats change only through support) and
 * the number of members (the counter of a space without a seat limit, issue 21).
 */
export async function getSeats(
  db: Executor,
  { membership, billing }: AdminCaller,
): Promise<SpaceSeatsResponse> {
  const [space, members, scheduledRemoval, paymentSource] = await Promise.all([
    findSeatSpace(db, membership.workspace.id),
    listSeatHolders(db, membership.workspace.id),
    billing.scheduledSeatRemovalOf(db, membership.workspace.id),
    billing.paymentSourceOf(db, membership.workspace.id),
  ]);
  const summary = summarizeSeats(spaceSeatCounts(space, members));
  return { ...summary, scheduledRemoval, paymentSource, memberCount: members.length };
}
