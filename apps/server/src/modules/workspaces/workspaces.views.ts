import { asc, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { BillingModel, SpacePlan } from '@mergedesk/domain/plans/plans';
import type { Executor } from '../../db/client';
import { workspaceColumns, type WorkspaceRecord } from '../../db/records';
import { workspaceDomains, workspaces } from '../../db/schema';

/*
 * The workspaces module's published reads of what it owns (docs/decisions/364-table-owners.md): other
 * modules read spaces' domains here; only workspaces writes them.
 */

/** The domain names of a space. */
export async function domainsOf(db: Executor, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ domainName: workspaceDomains.domainName })
    .from(workspaceDomains)
    .where(eq(workspaceDomains.workspaceId, workspaceId))
    .orderBy(asc(workspaceDomains.domainName));
  return rows.map((row) => row.domainName);
}

/** The id of the space named `name` (the demo's billing set-up finds its spaces by name). */
export async function spaceIdByName(db: Executor, name: string): Promise<string | undefined> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.name, name));
  return row?.id;
}

/** Spaces with their names and age, for joins (space-life's deleted spaces and landing space). */
export const workspaceView = new QueryBuilder()
  .select({ id: workspaces.id, name: workspaces.name, createdAt: workspaces.createdAt })
  .from(workspaces)
  .as('workspace_view');

/** What the seat and administration rules read of a space. */
export type SeatSpaceRow = {
  id: string;
  name: string;
  plan: SpacePlan;
  billingModel: BillingModel;
  seatTotal: number | null;
  freeAllowedUserCount: number;
  proAllowedUserCount: number;
};

const seatSpaceColumns = {
  id: workspaces.id,
  name: workspaces.name,
  plan: workspaces.plan,
  billingModel: workspaces.billingModel,
  seatTotal: workspaces.seatTotal,
  freeAllowedUserCount: workspaces.freeAllowedUserCount,
  proAllowedUserCount: workspaces.proAllowedUserCount,
};

/**
 * Locks the space row (FOR UPDATE) until the transaction ends: every change of who holds a seat
 * or is in the space (members, billing, space-life) takes this lock first, so counts read
 * afterwards cannot be outdated. The space, or undefined when it is gone.
 */
export async function lockWorkspaceRow(tx: Executor, workspaceId: string): Promise<SeatSpaceRow | undefined> {
  const [row] = await tx
    .select(seatSpaceColumns)
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  return row;
}

/** The space as the seat rules read it, without a lock; undefined when it is gone. */
export async function seatSpaceOf(db: Executor, workspaceId: string): Promise<SeatSpaceRow | undefined> {
  const [row] = await db.select(seatSpaceColumns).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row;
}

/** Spaces as a WorkspaceRecord (db/records.ts), for joins such as the access look-up's one statement. */
export const workspaceRecordView = new QueryBuilder()
  .select({
    ...workspaceColumns,
    subscriptionState: workspaceColumns.subscriptionState.as('subscription_state'),
  })
  .from(workspaces)
  .as('workspace_record_view');

/** The columns of a WorkspaceRecord read through workspaceRecordView. */
export const workspaceRecordViewColumns = {
  id: workspaceRecordView.id,
  name: workspaceRecordView.name,
  slug: workspaceRecordView.slug,
  plan: workspaceRecordView.plan,
  legacyType: workspaceRecordView.legacyType,
  billingModel: workspaceRecordView.billingModel,
  status: workspaceRecordView.status,
  memberInviteUser: workspaceRecordView.memberInviteUser,
  hasMultiDomain: workspaceRecordView.hasMultiDomain,
  freeAllowedUserCount: workspaceRecordView.freeAllowedUserCount,
  proAllowedUserCount: workspaceRecordView.proAllowedUserCount,
  createdAt: workspaceRecordView.createdAt,
  subscriptionState: workspaceRecordView.subscriptionState,
} satisfies Record<keyof WorkspaceRecord, unknown>;
