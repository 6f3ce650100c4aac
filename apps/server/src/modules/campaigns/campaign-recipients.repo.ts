import type { RecipientSortKey } from '@mergedesk/domain/api/campaign-recipients';
import type { RecipientFilter, RecipientStatus } from '@mergedesk/domain/campaigns/recipient-status';
import { and, asc, desc, eq, inArray, isNotNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { campaignEvents, campaignRecipients, pollResponses } from '../../db/schema';
import { ONE, pageWithCappedTotal } from '../../lib/list-query';
import { recipientDeliveryView } from '../sending/sending.views';

/**
 * The recipients of one mail merge (issue 9 "Who opened, who clicked"). Flags and first moments
 * are the recipient row's (kept by the aggregation job, jobs/aggregate-events.ts); last moments,
 * click counts and clicked links are read from the events of the page's recipients only.
 */

export type RecipientQuery = {
  campaignId: string;
  status: RecipientFilter;
  /** LIKE pattern (already escaped) on the address */
  search?: string;
};

export type RecipientRow = {
  id: string;
  email: string;
  sentAt: Date | null;
  firstOpenedAt: Date | null;
  firstClickedAt: Date | null;
  respondedAt: Date | null;
  /** When the recipient answered the merge's form or poll (their poll_responses row). */
  formAnsweredAt: Date | null;
  unsubscribedAt: Date | null;
  bouncedAt: Date | null;
  /** The sending engine's delivery of the recipient (issue 24); null for merges the add-on sent. */
  delivery: { status: string; reason: string | null; attempts: number } | null;
};

export type RecipientActivity = {
  recipientId: string;
  type: 'opened' | 'clicked';
  url: string | null;
  count: number;
  first: Date;
  last: Date;
};

const r = campaignRecipients;
const d = recipientDeliveryView;

const recipientColumns = {
  id: r.id,
  email: r.email,
  sentAt: r.sentAt,
  firstOpenedAt: r.firstOpenedAt,
  firstClickedAt: r.firstClickedAt,
  respondedAt: r.respondedAt,
  // Written out: in a one-table select Drizzle leaves columns unqualified, and the subquery would
  // read `id` as its own.
  formAnsweredAt:
    sql<Date | null>`(select p.created_at from poll_responses p where p.recipient_id = campaign_recipients.id)`.mapWith(
      pollResponses.createdAt,
    ),
  unsubscribedAt: r.unsubscribedAt,
  bouncedAt: r.bouncedAt,
};

/**
 * A 'responded' event comes from the add-on's reply report and from a form answer alike; a
 * recipient with a form answer (poll_responses row, unique per recipient) has responded, one
 * without has replied. Only these two filters look at poll_responses, so the others count and page
 * on campaign_recipients alone.
 */
const answeredForm = sql`exists (select 1 from ${pollResponses} where ${pollResponses.recipientId} = ${r.id})`;

/** The SQL of each status filter, the flags of packages/domain recipientFlags. */
const STATUS_CONDITIONS: Record<RecipientStatus, SQL> = {
  sent: isNotNull(r.sentAt),
  opened: or(isNotNull(r.firstOpenedAt), isNotNull(r.firstClickedAt))!,
  clicked: isNotNull(r.firstClickedAt),
  replied: and(isNotNull(r.respondedAt), not(answeredForm))!,
  responded: answeredForm,
  unsubscribed: isNotNull(r.unsubscribedAt),
  bounced: isNotNull(r.bouncedAt),
};

function whereClause(query: RecipientQuery): SQL | undefined {
  return and(
    eq(r.campaignId, query.campaignId),
    query.status === 'all' ? undefined : STATUS_CONDITIONS[query.status],
    query.search === undefined ? undefined : sql`${r.email} ilike ${query.search}`,
  );
}

const SORT_COLUMNS = {
  email: r.email,
  firstOpenedTimestamp: r.firstOpenedAt,
  firstClickedTimestamp: r.firstClickedAt,
} as const satisfies Record<RecipientSortKey, unknown>;

export type RecipientPageQuery = RecipientQuery & {
  sort: { key: RecipientSortKey; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
};

/** The SELECT of one page (exported for the benchmark's EXPLAIN ANALYZE). */
export function recipientPageQuery(db: Executor, query: RecipientPageQuery) {
  const column = SORT_COLUMNS[query.sort.key];
  const order =
    query.sort.key === 'email'
      ? [query.sort.direction === 'desc' ? desc(column) : asc(column)]
      : [sql`${column} ${sql.raw(query.sort.direction)} nulls last`, asc(r.email)];
  return (
    db
      .select({
        ...recipientColumns,
        delivery: sql<
          RecipientRow['delivery']
        >`case when ${d.id} is null then null else json_build_object('status', ${d.status}, 'reason', ${d.reason}, 'attempts', ${d.attempts}) end`,
      })
      .from(r)
      // The engine's recipients share the campaign recipients' ids: one primary-key probe a row.
      .leftJoin(d, eq(d.id, r.id))
      .where(whereClause(query))
      .orderBy(...order, asc(r.id))
      .limit(query.limit)
      .offset(query.offset)
  );
}

/** The matching recipients, for the capped total. */
export function recipientMatchingQuery(db: Executor, query: RecipientQuery) {
  return db.select(ONE).from(r).where(whereClause(query)).$dynamic();
}

/** One page of the merge's recipients, sorted in SQL (missing moments last), and the capped total. */
export async function listRecipients(
  db: Executor,
  query: RecipientPageQuery,
  cap: number,
): Promise<{ rows: RecipientRow[]; total: number }> {
  return pageWithCappedTotal(db, recipientPageQuery(db, query), recipientMatchingQuery(db, query), cap);
}

/**
 * A recipient of the export with its opens and clicks folded in by PostgreSQL: the moments as
 * PostgreSQL's timestamptz text (as node-postgres under Drizzle gives them; epochMs reads them),
 * the first and last opens and clicks already merged with the recipient row's own (an event the
 * aggregation job has not folded in yet counts), and the clicked links with their clicks, unsorted.
 */
export type RecipientExportRow = {
  id: string;
  email: string;
  sentAt: string | null;
  firstOpenedAt: string | null;
  lastOpenedAt: string | null;
  firstClickedAt: string | null;
  lastClickedAt: string | null;
  respondedAt: string | null;
  formAnsweredAt: string | null;
  unsubscribedAt: string | null;
  bouncedAt: string | null;
  clickCount: number;
  /** [url, clicks] of each link clicked; null without a click */
  links: Array<[url: string, clicks: number]> | null;
};

/**
 * One batch of the export (issue 11): the next `limit` recipients after (email, id) in address
 * order, each with its opens and clicks computed in the same statement — a lateral aggregate over
 * campaign_events_recipient_type_idx (an index-only scan per recipient), and the per-link click
 * counts only for those who clicked. Exported for the benchmark's EXPLAIN ANALYZE.
 */
function recipientExportSql(
  query: RecipientQuery,
  after: { email: string; id: string } | undefined,
  limit: number,
): SQL {
  const where = and(
    whereClause(query),
    // The row comparison is an index condition on (campaign_id, email) (issue 11); the
    // equivalent `email > a or (email = a and id > b)` is not, and every batch rescanned the
    // merge from the cursor on.
    after === undefined
      ? undefined
      : sql`(${r.email}, ${r.id}) > (${after.email}, cast(${after.id} as uuid))`,
  );
  // The batch is cut first and its activity read after: with the limit outside, PostgreSQL
  // underestimates the rows left after the cursor near the end of a merge, sorts them all and
  // reads the activity of every one (9,000 instead of 1,000 at 70 % of a 30,000-recipient merge).
  return sql`
    select r.id as "id", r.email as "email",
      r.sent_at as "sentAt",
      least(r.first_opened_at, activity.first_activity) as "firstOpenedAt",
      greatest(r.first_opened_at, activity.last_activity) as "lastOpenedAt",
      least(r.first_clicked_at, activity.first_click) as "firstClickedAt",
      greatest(r.first_clicked_at, activity.last_click) as "lastClickedAt",
      r.responded_at as "respondedAt",
      (select p.created_at from poll_responses p where p.recipient_id = r.id) as "formAnsweredAt",
      r.unsubscribed_at as "unsubscribedAt",
      r.bounced_at as "bouncedAt",
      activity.click_count as "clickCount",
      case when activity.click_count > 0 then (
        select json_agg(json_build_array(l.url, l.clicks)) from (
          select e.url, count(*)::int as clicks from campaign_events e
          where e.recipient_id = r.id and e.type = 'clicked' and e.url is not null
          group by e.url
        ) l
      ) end as "links"
    from (
      select ${r.id} as id, ${r.email} as email, ${r.sentAt} as sent_at,
        ${r.firstOpenedAt} as first_opened_at, ${r.firstClickedAt} as first_clicked_at,
        ${r.respondedAt} as responded_at, ${r.unsubscribedAt} as unsubscribed_at, ${r.bouncedAt} as bounced_at
      from ${r}
      where ${where}
      order by ${r.email}, ${r.id}
      limit ${limit}
    ) r
    left join lateral (
      -- A click is an open too (the pixel is often blocked), as the counters count it.
      select min(e.occurred_at) as first_activity, max(e.occurred_at) as last_activity,
        min(e.occurred_at) filter (where e.type = 'clicked') as first_click,
        max(e.occurred_at) filter (where e.type = 'clicked') as last_click,
        (count(*) filter (where e.type = 'clicked'))::int as click_count
      from campaign_events e
      where e.recipient_id = r.id and e.type in ('opened', 'clicked')
    ) activity on true
    order by r.email, r.id`;
}

/**
 * A timestamptz of a raw statement in epoch milliseconds, read as Drizzle reads its timestamp
 * columns (`new Date(text)`), so the export writes the list's moments exactly.
 */
export const epochMs = (text: string | null): number | null =>
  text === null ? null : new Date(text).getTime();

/** One batch of the export's rows (recipientExportSql). */
export async function recipientExportBatch(
  db: Executor,
  query: RecipientQuery,
  after: { email: string; id: string } | undefined,
  limit: number,
): Promise<RecipientExportRow[]> {
  const result = await db.execute<RecipientExportRow>(recipientExportSql(query, after, limit));
  return result.rows;
}

/** The opens and clicks of the given recipients, grouped by recipient, type and link. */
export function recipientActivityQuery(db: Executor, recipientIds: readonly string[]) {
  const e = campaignEvents;
  return db
    .select({
      recipientId: e.recipientId,
      type: e.type,
      url: e.url,
      count: sql<number>`count(*)::int`,
      first: sql<Date>`min(${e.occurredAt})`.mapWith(e.occurredAt),
      last: sql<Date>`max(${e.occurredAt})`.mapWith(e.occurredAt),
    })
    .from(e)
    .where(and(inArray(e.recipientId, [...recipientIds]), inArray(e.type, ['opened', 'clicked'])))
    .groupBy(e.recipientId, e.type, e.url);
}

/**
 * Opens and clicks of the given recipients, per recipient, type and link (index
 * campaign_events_recipient_type_idx).
 */
export async function listRecipientActivity(
  db: Executor,
  recipientIds: readonly string[],
): Promise<RecipientActivity[]> {
  if (recipientIds.length === 0) return [];
  const rows = await recipientActivityQuery(db, recipientIds);
  return rows.flatMap((row) =>
    row.recipientId !== null && (row.type === 'opened' || row.type === 'clicked')
      ? [{ ...row, recipientId: row.recipientId, type: row.type }]
      : [],
  );
}

/**
 * Clicks per link of a merge: every link that was sent (campaign_links) and every link clicked,
 * with all clicks and the recipients who clicked (index campaign_events_campaign_clicks_idx).
 */
export async function listLinkClicks(
  db: Executor,
  campaignId: string,
): Promise<Array<{ url: string; clicks: number; uniqueClickers: number }>> {
  const result = await db.execute<{ url: string; clicks: number; unique_clickers: number }>(
    linkClicksSql(campaignId),
  );
  return result.rows.map((row) => ({
    url: row.url,
    clicks: Number(row.clicks),
    uniqueClickers: Number(row.unique_clickers),
  }));
}

/** The statement of listLinkClicks (exported for the benchmark's EXPLAIN ANALYZE). */
export function linkClicksSql(campaignId: string): SQL {
  return sql`
    with clicks as (
      select url, count(*)::int as clicks, count(distinct recipient_id)::int as unique_clickers
      from campaign_events
      where campaign_id = ${campaignId} and type = 'clicked' and url is not null
      group by url
    ),
    sent as (select distinct url from campaign_links where campaign_id = ${campaignId})
    select coalesce(clicks.url, sent.url) as url,
      coalesce(clicks.clicks, 0) as clicks,
      coalesce(clicks.unique_clickers, 0) as unique_clickers
    from clicks full join sent on sent.url = clicks.url
    order by 2 desc, 1 asc
  `;
}
