import { parseListQuery, type ListQuery } from '@mergedesk/domain/api/list-query';
import {
  SCHEDULED_CAMPAIGN_FILTER_KEYS,
  SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE,
  SCHEDULED_CAMPAIGN_SORT_KEYS,
  type ScheduledCampaign,
  type ScheduledCampaignList,
} from '@mergedesk/domain/api/scheduled-campaigns';
import type { Database } from '../../db/client';
import type { SpaceMembership } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { listQueryFailed } from '../../lib/list-query';
import { logUsageEvent } from '../events/events.service';
import type { UserRecord } from '../../db/records';
import {
  countScheduledCampaigns,
  deleteOwnScheduledCampaign,
  findOwnScheduledCampaign,
  listScheduledCampaigns,
  type ScheduledCampaignRow,
  type ScheduledListQuery,
} from './scheduled-campaigns.repo';

// The add-on's and the sending engine's writes to scheduled_campaigns, which this module owns
// (docs/decisions/364-table-owners.md); the engine deletes the row of a merge it has sent.
export {
  deleteOwnScheduledCampaign,
  findOwnScheduledCampaignWorkspace,
  insertScheduledCampaign,
  recordScheduledProgress,
  updateOwnScheduledCampaign,
  type ScheduledCampaignRow,
  type ScheduledCampaignValues,
} from './scheduled-campaigns.repo';

/** Spec 002 §7 "Other": usage event logged when a scheduled merge is cancelled. */
export const CANCELLED_SCHEDULED_MERGE_EVENT = 'cancelled scheduled merge';

/**
 * GET /api/v1/users/me/scheduled-campaigns (spec 002 §2.2, §7). A scheduled merge belongs to its
 * sender (it sends from their Gmail draft and quota), so the list holds the caller's own merges in
 * the space.
 */
export async function getScheduledCampaigns(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  query: ListQuery,
): Promise<ScheduledCampaignList> {
  const parsed = parseListQuery(query, {
    filterKeys: SCHEDULED_CAMPAIGN_FILTER_KEYS,
    sortKeys: SCHEDULED_CAMPAIGN_SORT_KEYS,
  });
  if (!parsed.ok) throw listQueryFailed(parsed.issues);
  // filterBy workspaceId named the space; the access layer resolved it.
  const { filters: _space, ...rest } = parsed.value;
  const listQuery: ScheduledListQuery = {
    ...rest,
    filters: { workspaceId: membership.workspace.id, userId: caller.id },
  };
  const { rows, total } = await listScheduledCampaigns(db, listQuery);
  return { items: rows.map(toScheduledCampaign), total };
}

/** The number of the caller's scheduled merges in the space (the Scheduled tab's stat card). */
export function countOwnScheduledCampaigns(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
): Promise<number> {
  return countScheduledCampaigns(db, membership.workspace.id, caller.id);
}

/** GET /api/v1/users/me/scheduled-campaigns/{id}: the caller's own merge, else 404. */
export async function getScheduledCampaign(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  id: string,
): Promise<ScheduledCampaign> {
  return toScheduledCampaign(await requireOwnScheduledCampaign(db, caller, membership, id));
}

/**
 * DELETE /api/v1/users/me/scheduledCampaigns/{scheduledMergeId} (spec 002 §4.1 "Cancel"): deletes the
 * caller's own merge (the scheduler no longer finds it) and logs the usage event of §7 "Other".
 * Another user's merge is answered 404 and left untouched.
 */
export async function cancelScheduledCampaign(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const merge = await requireOwnScheduledCampaign(tx, caller, membership, id);
    if (!(await deleteOwnScheduledCampaign(tx, merge.id, caller.id))) throw scheduledNotFound();
    await logUsageEvent(tx, {
      userId: caller.id,
      eventType: CANCELLED_SCHEDULED_MERGE_EVENT,
      payload: { workspaceId: merge.workspaceId, scheduledMergeId: merge.id, status: merge.status },
    });
  });
}

async function requireOwnScheduledCampaign(
  db: Parameters<typeof findOwnScheduledCampaign>[0],
  caller: UserRecord,
  membership: SpaceMembership,
  id: string,
): Promise<ScheduledCampaignRow> {
  const merge = await findOwnScheduledCampaign(db, id, caller.id);
  if (!merge || merge.workspaceId !== membership.workspace.id) throw scheduledNotFound();
  return merge;
}

function scheduledNotFound(): AppError {
  return new AppError('NOT_FOUND', SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE);
}

function toScheduledCampaign(row: ScheduledCampaignRow): ScheduledCampaign {
  return {
    id: row.id,
    mergeSourceSheetKey: row.mergeSourceSheetKey,
    mergeSourceSpreadSheetName: row.spreadsheetName,
    mergeSourceSheetName: row.sheetName,
    createTimestamp: row.createdAt.getTime(),
    nextScheduledRunTimestamp: row.nextScheduledRunAt?.getTime() ?? null,
    eventCounts: { toSendCount: row.toSendCount, sentCount: row.sentCount },
    status: row.status,
    errorDetails: {
      error: row.error,
      errorDetails: row.errorDetails,
      recoverableErrorRetries: row.recoverableErrorRetries,
      recoverableErrorLastRetryTimestamp: row.recoverableErrorLastRetryAt?.getTime() ?? null,
    },
  };
}
