import type { CAMPAIGN_FILTER_KEYS, CAMPAIGN_SORT_KEYS } from '@mergedesk/domain/api/campaigns';
import { CAMPAIGN_TOTAL_CAP } from '@mergedesk/domain/api/campaigns';
import type { ParsedListQuery } from '@mergedesk/domain/api/list-query';
import { and, asc, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { campaigns, monthlySentMails, pollResponses, pollResults } from '../../db/schema';
import { userView } from '../users/users.views';
import { cappedTotal, countCapped, ONE, pageWithTotal } from '../../lib/list-query';

type CampaignSortKey = (typeof CAMPAIGN_SORT_KEYS)[number];

type CampaignFilters = {
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
  senderEmail: userView.email,
  senderName: userView.name,
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

/** The columns each sort key's expressions read (the search's matching rows carry them). */
const sortKeyColumns: Record<CampaignSortKey, ReadonlyArray<PgColumn>> = {
  lastUpdateTimestamp: [campaigns.lastUpdateAt],
  createTimestamp: [campaigns.createdAt],
  sheetName: [campaigns.spreadsheetName, campaigns.sheetName],
};

// The same expression as the trigram index campaigns_sheet_names_trgm_idx, so that it is used.
const sheetNames = sql`(${campaigns.spreadsheetName} || ' ' || ${campaigns.sheetName})`;

/**
 * Form-submission notifications are not mail merges: they stay out of the counters (schema) and of
 * every list and count here.
 */
const isMailMerge = eq(campaigns.isFormNotification, false);

/** A search pattern matches the subject or the sheet names (spreadsheet and sheet). */
const subjectMatches = (pattern: string) => sql`${campaigns.subject} ilike ${pattern}`;
const sheetNamesMatch = (pattern: string) => sql`${sheetNames} ilike ${pattern}`;
const searchMatches = (pattern: string) => or(subjectMatches(pattern), sheetNamesMatch(pattern))!;

/** Every condition of the filters but the search patterns. */
function spaceFilters(filters: CampaignFilters): SQL[] {
  return [
    eq(campaigns.workspaceId, filters.workspaceId),
    isMailMerge,
    ...(filters.from ? [gte(campaigns.lastUpdateAt, filters.from)] : []),
    ...(filters.to ? [lte(campaigns.lastUpdateAt, filters.to)] : []),
  ];
}

function whereClause(filters: CampaignFilters): SQL | undefined {
  return and(...spaceFilters(filters), ...filters.search.map(searchMatches));
}

/** For tests: a smaller cap, or the search without its trigram path (the plain OR of both). */
export type CampaignListOptions = { cap?: number; trigramSearch?: boolean };

export async function listCampaigns(
  db: Executor,
  query: CampaignListQuery,
  options: CampaignListOptions = {},
): Promise<{ rows: CampaignRow[]; total: number }> {
  const { page, matching } = campaignListQueries(db, query, options);
  return pageWithTotal(page, query.offset, () =>
    countCapped(db, matching(), options.cap ?? CAMPAIGN_TOTAL_CAP),
  );
}

/**
 * A LIKE pattern the trigram indexes can serve: it holds three letters or digits in a row (pg_trgm
 * takes its trigrams from runs of letters and digits; a pattern without one, like '%su%', would
 * make it read the whole index).
 */
export const hasTrigram = (pattern: string) => /[A-Za-z0-9]{3}/.test(pattern);

/**
 * The page of one list request with the total counted up to the cap in the same statement, and the
 * matching rows (for a page past the end); the plan test holds the page's orders to an index.
 * A search with a trigram goes through searchPage (issue 11).
 */
export function campaignListQueries(
  db: Executor,
  query: CampaignListQuery,
  { cap = CAMPAIGN_TOTAL_CAP, trigramSearch = true }: CampaignListOptions = {},
) {
  const where = whereClause(query.filters);
  const sort =
    query.sort.length > 0
      ? query.sort
      : [{ key: 'lastUpdateTimestamp' as const, direction: 'desc' as const }];
  const order = [
    ...sort.flatMap(({ key, direction }) =>
      sortColumns[key].map((column) => (direction === 'desc' ? desc(column) : asc(column))),
    ),
    desc(campaigns.lastUpdateAt),
    // In the first key's direction: one ascending index (workspace, last update, id) serves the
    // default order both ways.
    sort[0]!.direction === 'desc' ? desc(campaigns.id) : asc(campaigns.id),
  ];
  const matching = () => db.select(ONE).from(campaigns).where(where).$dynamic();
  const indexed = trigramSearch ? query.filters.search.find(hasTrigram) : undefined;
  const page =
    indexed === undefined
      ? db
          .select({ ...campaignColumns, total: cappedTotal(matching(), cap) })
          .from(campaigns)
          .leftJoin(userView, eq(userView.id, campaigns.userId))
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(query.offset)
      : searchPage(db, query, indexed, order, cap);
  return { page, matching };
}

/**
 * A search whose pattern holds a trigram (issue 11). In one statement the matching merges' ids
 * and sort keys are read once, as two disjoint arms — the subject matches; the sheet names match
 * and the subject does not — each of which PostgreSQL plans on its own: an arm whose pattern is
 * rare in the space (PostgreSQL estimates it from the column's histogram) reads its trigram index
 * (campaigns_subject_trgm_idx, campaigns_sheet_names_trgm_idx), an arm that matches most merges
 * reads the space. The capped total is counted from them and the page sorted from them; the
 * merges' columns are read for the page's rows only. The OR of both in one scan let PostgreSQL
 * read every merge of the space twice (the count and the page) for a rare pattern.
 *
 * Each arm stops at the cap. When they reach it (a broad search in a space of more than 10,000
 * merges) the rows read are not all the matches: the page is then read as a search without a
 * trigram is, in the order's index until the page is full (the early stop), and the total is the
 * cap. Both branches are in the statement; PostgreSQL runs only the one the count chose (a
 * one-time filter). Further patterns (several search terms) filter both arms and the fallback.
 */
function searchPage(db: Executor, query: CampaignListQuery, pattern: string, order: SQL[], cap: number) {
  const { filters, limit, offset } = query;
  const others = filters.search.filter((other) => other !== pattern).map(searchMatches);
  const base = [...spaceFilters(filters), ...others];
  // The columns the order reads, and the id: what the page is sorted by, nothing more.
  const keys = sql.join(
    [campaigns.id, campaigns.lastUpdateAt, ...query.sort.flatMap(({ key }) => sortKeyColumns[key])].filter(
      (column, index, all) => all.indexOf(column) === index,
    ),
    sql`, `,
  );
  const orderBy = sql.join(order, sql`, `);
  const counted = sql`(select total from counted)`;
  const pageIds = sql`(
    with matching as materialized (
      (select ${keys} from ${campaigns} where ${and(...base, subjectMatches(pattern))} limit ${cap})
      union all
      (select ${keys} from ${campaigns}
        where ${and(...base, sheetNamesMatch(pattern), sql`(${subjectMatches(pattern)}) is not true`)}
        limit ${cap})
    ),
    counted as (select least(count(*), ${cap})::int as total from matching)
    select page.id, ${counted} as total from (
      -- The order's columns name the table: the matching rows are read under its name.
      (select ${campaigns.id} from matching as ${campaigns} where ${counted} < ${cap}
        order by ${orderBy} limit ${limit} offset ${offset})
      union all
      (select ${campaigns.id} from ${campaigns} where ${counted} >= ${cap} and ${and(...base, searchMatches(pattern))}
        order by ${orderBy} limit ${limit} offset ${offset})
    ) page
  ) as search_page`;
  return db
    .select({ ...campaignColumns, total: sql<number>`search_page.total` })
    .from(campaigns)
    .innerJoin(pageIds, sql`search_page.id = ${campaigns.id}`)
    .leftJoin(userView, eq(userView.id, campaigns.userId))
    .orderBy(...order);
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
    .leftJoin(userView, eq(userView.id, campaigns.userId))
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

/** A sender's e-mails sent in a space in one month (the me call's counters, the team report). */
export type MonthlySentMailsRow = {
  workspaceId: string;
  userId: string;
  year: number;
  month: number;
  count: number;
};

export async function insertMonthlySentMails(db: Executor, rows: MonthlySentMailsRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(monthlySentMails).values(rows);
}
