import type { CAMPAIGN_FILTER_KEYS, CAMPAIGN_SORT_KEYS } from '@mergedesk/domain/api/campaigns';
import { CAMPAIGN_TOTAL_CAP } from '@mergedesk/domain/api/campaigns';
import type { ParsedListQuery } from '@mergedesk/domain/api/list-query';
import { and, asc, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { campaigns, pollResponses, pollResults, users } from '../../db/schema';
import { cappedTotal, countCapped, ONE, pageWithTotal } from '../../lib/list-query';

type CampaignSortKey = (typeof CAMPAIGN_SORT_KEYS)[number];

export type CampaignFilters = {
  workspaceId: string;
  /** LIKE patterns (already escaped), all of which must match */
  search: string[];
  from?: Date;
  to?: Date;
};

export type CampaignListQuery = Omit<
  ParsedListQuery<(typeof CAMPAIGN_FILTER_KEYS)[number], CampaignSortKey>,
  'filters'
> & { filters: CampaignFilters };

const campaignColumns = {
  id: campaigns.id,
  workspaceId: campaigns.workspaceId,
  userId: campaigns.userId,
  senderEmail: users.email,
  senderName: users.name,
  subject: campaigns.subject,
  mergeSourceSheetKey: campaigns.mergeSourceSheetKey,
  spreadsheetName: campaigns.spreadsheetName,
  sheetName: campaigns.sheetName,
  createdAt: campaigns.createdAt,
  lastUpdateAt: campaigns.lastUpdateAt,
  lastEmailSentAt: campaigns.lastEmailSentAt,
  sentCount: campaigns.sentCount,
  openedCount: campaigns.openedCount,
  clickedCount: campaigns.clickedCount,
  bouncedCount: campaigns.bouncedCount,
  unsubscribedCount: campaigns.unsubscribedCount,
  respondedCount: campaigns.respondedCount,
};

export type CampaignRow = {
  id: string;
  workspaceId: string;
  userId: string | null;
  senderEmail: string | null;
  senderName: string | null;
  subject: string | null;
  mergeSourceSheetKey: string;
  spreadsheetName: string;
  sheetName: string;
  createdAt: Date;
  lastUpdateAt: Date;
  lastEmailSentAt: Date | null;
  sentCount: number;
  openedCount: number;
  clickedCount: number;
  bouncedCount: number;
  unsubscribedCount: number;
  respondedCount: number;
};

/**
 * Sheet Name sorts by what the column shows (issue 9): the spreadsheet name, then the sheet (tab)
 * name; the index campaigns_workspace_sheet_title_idx has the same expressions.
 */
const sortColumns: Record<CampaignSortKey, ReadonlyArray<SQL | typeof campaigns.lastUpdateAt>> = {
  lastUpdateTimestamp: [campaigns.lastUpdateAt],
  createTimestamp: [sql`${campaigns.createdAt}`],
  sheetName: [sql`lower(${campaigns.spreadsheetName})`, sql`lower(${campaigns.sheetName})`],
};

// The same expression as the trigram index campaigns_sheet_names_trgm_idx, so that it is used.
const sheetNames = sql`(${campaigns.spreadsheetName} || ' ' || ${campaigns.sheetName})`;

/**
 * Form-submission notifications are not mail merges: they stay out of the counters (schema) and of
 * every list and count here.
 */
const isMailMerge = eq(campaigns.isFormNotification, false);

function whereClause(filters: CampaignFilters): SQL | undefined {
  return and(
    eq(campaigns.workspaceId, filters.workspaceId),
    isMailMerge,
    ...filters.search.map((pattern) =>
      or(sql`${campaigns.subject} ilike ${pattern}`, sql`${sheetNames} ilike ${pattern}`),
    ),
    filters.from ? gte(campaigns.lastUpdateAt, filters.from) : undefined,
    filters.to ? lte(campaigns.lastUpdateAt, filters.to) : undefined,
  );
}

export async function listCampaigns(
  db: Executor,
  query: CampaignListQuery,
): Promise<{ rows: CampaignRow[]; total: number }> {
  const { page, matching } = campaignListQueries(db, query);
  return pageWithTotal(page, query.offset, () => countCapped(db, matching(), CAMPAIGN_TOTAL_CAP));
}

/**
 * The page of one list request with the total counted up to the cap in the same statement, and the
 * matching rows (for a page past the end); the plan test holds the page's orders to an index.
 */
export function campaignListQueries(db: Executor, query: CampaignListQuery) {
  const where = whereClause(query.filters);
  const sort =
    query.sort.length > 0
      ? query.sort
      : [{ key: 'lastUpdateTimestamp' as const, direction: 'desc' as const }];
  const matching = () => db.select(ONE).from(campaigns).where(where).$dynamic();
  const page = db
    .select({ ...campaignColumns, total: cappedTotal(matching(), CAMPAIGN_TOTAL_CAP) })
    .from(campaigns)
    .leftJoin(users, eq(users.id, campaigns.userId))
    .where(where)
    .orderBy(
      ...sort.flatMap(({ key, direction }) =>
        sortColumns[key].map((column) => (direction === 'desc' ? desc(column) : asc(column))),
      ),
      desc(campaigns.lastUpdateAt),
      // In the first key's direction: one ascending index (workspace, last update, id) serves the
      // default order both ways.
      sort[0]!.direction === 'desc' ? desc(campaigns.id) : asc(campaigns.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  return { page, matching };
}

/** A mail merge of a space by id. */
export async function findCampaign(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select(campaignColumns)
    .from(campaigns)
    .leftJoin(users, eq(users.id, campaigns.userId))
    .where(and(eq(campaigns.id, id), eq(campaigns.workspaceId, workspaceId), isMailMerge));
  return row;
}

/** The space of a mail merge (for the access layer), whoever sent it. */
export async function findCampaignWorkspace(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ workspaceId: campaigns.workspaceId })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), isMailMerge));
  return row?.workspaceId;
}

export async function countCampaigns(db: Executor, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), isMailMerge));
  return row?.value ?? 0;
}

export async function listPollResults(
  db: Executor,
  campaignId: string,
): Promise<Array<{ info: string; count: number }>> {
  return db
    .select({ info: pollResults.info, count: pollResults.count })
    .from(pollResults)
    .where(eq(pollResults.campaignId, campaignId))
    .orderBy(desc(pollResults.count), asc(pollResults.info));
}

/** The newest poll responses first, at most `limit`. */
export async function listPollResponses(
  db: Executor,
  campaignId: string,
  limit: number,
): Promise<Array<{ value: string }>> {
  return db
    .select({ value: pollResponses.value })
    .from(pollResponses)
    .where(eq(pollResponses.campaignId, campaignId))
    .orderBy(desc(pollResponses.createdAt), desc(pollResponses.id))
    .limit(limit);
}

export type NewCampaign = Omit<typeof campaigns.$inferInsert, 'id'>;

export async function insertCampaigns(db: Executor, values: readonly NewCampaign[]): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(campaigns)
    .values([...values])
    .returning({ id: campaigns.id });
  return rows.map((row) => row.id);
}

export async function insertPollResults(
  db: Executor,
  values: ReadonlyArray<typeof pollResults.$inferInsert>,
): Promise<void> {
  if (values.length > 0) await db.insert(pollResults).values([...values]);
}

export async function insertPollResponses(
  db: Executor,
  values: ReadonlyArray<typeof pollResponses.$inferInsert>,
): Promise<void> {
  if (values.length > 0) await db.insert(pollResponses).values([...values]);
}
