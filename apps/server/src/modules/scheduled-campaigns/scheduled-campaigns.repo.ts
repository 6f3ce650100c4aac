import type { ParsedListQuery } from '@mergedesk/domain/api/list-query';
import {
  SCHEDULED_CAMPAIGN_TOTAL_CAP,
  type SCHEDULED_CAMPAIGN_FILTER_KEYS,
  type SCHEDULED_CAMPAIGN_SORT_KEYS,
} from '@mergedesk/domain/api/scheduled-campaigns';
import type { ScheduledStatus } from '@mergedesk/domain/campaigns/scheduled-status';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { scheduledCampaigns } from '../../db/schema';
import { ONE, pageWithCappedTotal } from '../../lib/list-query';

type ScheduledSortKey = (typeof SCHEDULED_CAMPAIGN_SORT_KEYS)[number];

export type ScheduledListQuery = Omit<
  ParsedListQuery<(typeof SCHEDULED_CAMPAIGN_FILTER_KEYS)[number], ScheduledSortKey>,
  'filters'
> & { filters: { workspaceId: string; userId: string } };

const scheduledColumns = {
  id: scheduledCampaigns.id,
  workspaceId: scheduledCampaigns.workspaceId,
  userId: scheduledCampaigns.userId,
  mergeSourceSheetKey: scheduledCampaigns.mergeSourceSheetKey,
  spreadsheetName: scheduledCampaigns.spreadsheetName,
  sheetName: scheduledCampaigns.sheetName,
  status: scheduledCampaigns.status,
  nextScheduledRunAt: scheduledCampaigns.nextScheduledRunAt,
  toSendCount: scheduledCampaigns.toSendCount,
  sentCount: scheduledCampaigns.sentCount,
  error: scheduledCampaigns.error,
  errorDetails: scheduledCampaigns.errorDetails,
  recoverableErrorRetries: scheduledCampaigns.recoverableErrorRetries,
  recoverableErrorLastRetryAt: scheduledCampaigns.recoverableErrorLastRetryAt,
  createdAt: scheduledCampaigns.createdAt,
};

export type ScheduledCampaignRow = {
  id: string;
  workspaceId: string;
  userId: string;
  mergeSourceSheetKey: string;
  spreadsheetName: string;
  sheetName: string;
  status: ScheduledStatus;
  nextScheduledRunAt: Date | null;
  toSendCount: number;
  sentCount: number;
  error: string | null;
  errorDetails: string | null;
  recoverableErrorRetries: number;
  recoverableErrorLastRetryAt: Date | null;
  createdAt: Date;
};

/** Sheet Name sorts by what the column shows (issue 9): the spreadsheet name, then the sheet name. */
const sortColumns: Record<ScheduledSortKey, readonly SQL[]> = {
  nextScheduledRunTimestamp: [sql`${scheduledCampaigns.nextScheduledRunAt}`],
  createTimestamp: [sql`${scheduledCampaigns.createdAt}`],
  mergeSourceSheetName: [
    sql`lower(${scheduledCampaigns.spreadsheetName})`,
    sql`lower(${scheduledCampaigns.sheetName})`,
  ],
};

function whereClause(filters: ScheduledListQuery['filters']): SQL | undefined {
  return and(
    eq(scheduledCampaigns.workspaceId, filters.workspaceId),
    eq(scheduledCampaigns.userId, filters.userId),
  );
}

/**
 * The sender's scheduled merges in a space. Default order: the next run first; out-of-quota merges
 * (no next run time) and failed ones after those, newest first.
 */
export async function listScheduledCampaigns(
  db: Executor,
  query: ScheduledListQuery,
): Promise<{ rows: ScheduledCampaignRow[]; total: number }> {
  const where = whereClause(query.filters);
  const sort =
    query.sort.length > 0
      ? query.sort
      : [{ key: 'nextScheduledRunTimestamp' as const, direction: 'asc' as const }];
  const rowsQuery = db
    .select(scheduledColumns)
    .from(scheduledCampaigns)
    .where(where)
    .orderBy(
      ...sort.flatMap(({ key, direction }) =>
        sortColumns[key].map((column) =>
          direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
        ),
      ),
      sql`${scheduledCampaigns.createdAt} desc`,
      sql`${scheduledCampaigns.id} asc`,
    )
    .limit(query.limit)
    .offset(query.offset);
  const matching = db.select(ONE).from(scheduledCampaigns).where(where).$dynamic();
  return pageWithCappedTotal(db, rowsQuery, matching, SCHEDULED_CAMPAIGN_TOTAL_CAP);
}

/** A scheduled merge of `userId` by id; undefined when missing or someone else's. */
export async function findOwnScheduledCampaign(
  db: Executor,
  id: string,
  userId: string,
): Promise<ScheduledCampaignRow | undefined> {
  const [row] = await db
    .select(scheduledColumns)
    .from(scheduledCampaigns)
    .where(and(eq(scheduledCampaigns.id, id), eq(scheduledCampaigns.userId, userId)));
  return row;
}

export async function countScheduledCampaigns(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(scheduledCampaigns)
    .where(whereClause({ workspaceId, userId }));
  return row?.value ?? 0;
}

/** Deletes the merge when it is still `userId`'s; true when a row was deleted. */
export async function deleteOwnScheduledCampaign(db: Executor, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(scheduledCampaigns)
    .where(and(eq(scheduledCampaigns.id, id), eq(scheduledCampaigns.userId, userId)))
    .returning({ id: scheduledCampaigns.id });
  return rows.length > 0;
}

export type NewScheduledCampaign = Omit<typeof scheduledCampaigns.$inferInsert, 'id' | 'updatedAt'>;

export async function insertScheduledCampaigns(
  db: Executor,
  values: readonly NewScheduledCampaign[],
): Promise<void> {
  if (values.length > 0) await db.insert(scheduledCampaigns).values([...values]);
}

export type ScheduledCampaignValues = Partial<
  Pick<
    ScheduledCampaignRow,
    | 'status'
    | 'nextScheduledRunAt'
    | 'toSendCount'
    | 'sentCount'
    | 'error'
    | 'errorDetails'
    | 'recoverableErrorRetries'
    | 'recoverableErrorLastRetryAt'
  >
>;

export async function insertScheduledCampaign(
  db: Executor,
  values: {
    workspaceId: string;
    userId: string;
    mergeSourceSheetKey: string;
    spreadsheetName: string;
    sheetName: string;
    draftMessageId: string | null;
  } & ScheduledCampaignValues,
): Promise<ScheduledCampaignRow> {
  const [row] = await db.insert(scheduledCampaigns).values(values).returning(scheduledColumns);
  if (!row) throw new Error('insert into scheduled_campaigns returned no row');
  return row;
}

/** Updates a scheduled merge of the user; undefined when it is not theirs (or gone). */
export async function updateOwnScheduledCampaign(
  db: Executor,
  id: string,
  userId: string,
  values: ScheduledCampaignValues,
): Promise<ScheduledCampaignRow | undefined> {
  // The counts after the update must stay consistent (campaigns/scheduled-progress.ts): a count
  // not sent is the stored one; checked in the statement, so no concurrent update slips between.
  const sentCount = values.sentCount ?? scheduledCampaigns.sentCount;
  const toSendCount = values.toSendCount ?? scheduledCampaigns.toSendCount;
  const [row] = await db
    .update(scheduledCampaigns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(scheduledCampaigns.id, id),
        eq(scheduledCampaigns.userId, userId),
        sql`${sentCount} <= ${toSendCount}`,
      ),
    )
    .returning(scheduledColumns);
  return row;
}

export async function findOwnScheduledCampaignWorkspace(
  db: Executor,
  id: string,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ workspaceId: scheduledCampaigns.workspaceId })
    .from(scheduledCampaigns)
    .where(and(eq(scheduledCampaigns.id, id), eq(scheduledCampaigns.userId, userId)))
    .limit(1);
  return row?.workspaceId;
}

/**
 * The sending engine's progress on a scheduled merge it sends (issue 24): `sent` more messages,
 * and the status, next run and error fields as given.
 */
export async function recordScheduledProgress(
  db: Executor,
  id: string,
  progress: ScheduledCampaignValues & { sent?: number },
): Promise<void> {
  const { sent = 0, ...values } = progress;
  await db
    .update(scheduledCampaigns)
    .set({
      ...values,
      ...(sent === 0
        ? {}
        : {
            sentCount: sql`least(${scheduledCampaigns.sentCount} + ${sent}, ${scheduledCampaigns.toSendCount})`,
          }),
      updatedAt: sql`now()`,
    })
    .where(eq(scheduledCampaigns.id, id));
}
