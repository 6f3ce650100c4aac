import {
  RECIPIENT_CSV_HEADER,
  RECIPIENT_FILTER_KEYS,
  RECIPIENT_LIMIT_MESSAGE,
  RECIPIENT_SEARCH_TOO_LONG_MESSAGE,
  RECIPIENT_SORT_KEYS,
  RECIPIENT_STATUS_FILTER_MESSAGE,
  recipientCsvRow,
  type CampaignLinkStats,
  type CampaignRecipient,
  type CampaignRecipientList,
} from '@mergedesk/domain/api/campaign-recipients';
import { parseListQuery, type ListQuery } from '@mergedesk/domain/api/list-query';
import {
  RECIPIENT_EXPORT_CHUNK,
  RECIPIENT_FILTERS,
  RECIPIENT_PAGE_MAX,
  RECIPIENT_PAGE_SIZE,
  RECIPIENT_SEARCH_MAX,
  RECIPIENT_TOTAL_CAP,
  recipientFlags,
  recipientStatus,
  type RecipientFilter,
  type RecipientMoments,
} from '@mergedesk/domain/campaigns/recipient-status';
import type { FieldError } from '@mergedesk/domain/errors/error-codes';
import type { Database } from '../../db/client';
import type { SpaceMembership } from '../../lib/access';
import { csvLines } from '../../lib/csv-export';
import { containsPattern, listQueryFailed, singleFilterValue } from '../../lib/list-query';
import {
  epochMs,
  listLinkClicks,
  listRecipientActivity,
  listRecipients,
  recipientExportBatch,
  type RecipientActivity,
  type RecipientExportRow,
  type RecipientPageQuery,
  type RecipientQuery,
  type RecipientRow,
} from './campaign-recipients.repo';
import { requireCampaign } from './campaigns.service';

/**
 * GET /api/v1/users/me/campaigns/{id}/recipients (issue 9): one page of the merge's recipients with
 * their flags, shown status, first and last opens and clicks, and the links they clicked.
 */
export async function getCampaignRecipients(
  db: Database,
  membership: SpaceMembership,
  campaignId: string,
  query: ListQuery,
): Promise<CampaignRecipientList> {
  const campaign = await requireCampaign(db, membership, campaignId);
  const parsed = parseRecipientQuery(query, campaign.id);
  const { rows, total } = await listRecipients(db, parsed, RECIPIENT_TOTAL_CAP);
  return { items: await withActivity(db, rows), total };
}

/** GET /api/v1/users/me/campaigns/{id}/links: clicks and unique clickers per link. */
export async function getCampaignLinkStats(
  db: Database,
  membership: SpaceMembership,
  campaignId: string,
): Promise<CampaignLinkStats> {
  const campaign = await requireCampaign(db, membership, campaignId);
  return { items: await listLinkClicks(db, campaign.id) };
}

/**
 * GET /api/v1/users/me/campaigns/{id}/recipients/export: the parameters are checked (and the merge
 * found) before anything is sent, so every refusal is a JSON error; the CSV lines then follow
 * page by page (keyset on the address), never the whole merge in memory.
 */
export async function exportCampaignRecipients(
  db: Database,
  membership: SpaceMembership,
  campaignId: string,
  query: ListQuery,
): Promise<AsyncGenerator<string>> {
  const campaign = await requireCampaign(db, membership, campaignId);
  const { status, search } = parseRecipientQuery(query, campaign.id);
  return recipientCsvLines(db, { campaignId: campaign.id, status, search });
}

/**
 * The export's CSV, batch by batch (keyset on the address; issue 11): each batch is one statement
 * that brings the recipients with their opens and clicks, and the next batch is asked for as soon
 * as this one has arrived, so PostgreSQL reads it while this one is written out. At most two
 * batches are in memory; a slow client holds no database connection between them.
 */
async function* recipientCsvLines(db: Database, query: RecipientQuery): AsyncGenerator<string> {
  yield csvLines([RECIPIENT_CSV_HEADER]);
  const fetchAfter = (after: RecipientExportRow | undefined) =>
    recipientExportBatch(db, query, after, RECIPIENT_EXPORT_CHUNK);
  let next: Promise<RecipientExportRow[]> | undefined = fetchAfter(undefined);
  try {
    while (next) {
      const rows: RecipientExportRow[] = await next;
      const last = rows[rows.length - 1];
      next = last && rows.length === RECIPIENT_EXPORT_CHUNK ? fetchAfter(last) : undefined;
      if (rows.length > 0) yield csvLines(rows.map((row) => recipientCsvRow(exportedRecipient(row))));
    }
  } finally {
    // The download ended early (client gone): the batch asked for ahead is not wanted.
    next?.catch(() => undefined);
  }
}

/** A row of the export as the list's recipient (flags and status by the domain's rules). */
function exportedRecipient(row: RecipientExportRow): CampaignRecipient {
  const moments: RecipientMoments = {
    sentTimestamp: epochMs(row.sentAt),
    firstOpenedTimestamp: epochMs(row.firstOpenedAt),
    firstClickedTimestamp: epochMs(row.firstClickedAt),
    repliedTimestamp: row.formAnsweredAt === null ? epochMs(row.respondedAt) : null,
    respondedTimestamp: epochMs(row.formAnsweredAt),
    unsubscribedTimestamp: epochMs(row.unsubscribedAt),
    bouncedTimestamp: epochMs(row.bouncedAt),
  };
  return recipientOf(row, moments, {
    // The export's columns are the spec's; the engine's delivery is the list's only.
    delivery: null,
    lastOpenedTimestamp: epochMs(row.lastOpenedAt),
    lastClickedTimestamp: epochMs(row.lastClickedAt),
    clickCount: row.clickCount,
    clickedLinks: (row.links ?? []).map(([url, clicks]) => ({ url, clicks })).sort(byClicksThenUrl),
  });
}

/** A recipient of the list and the export: flags and status from its moments by the domain's rules. */
function recipientOf(
  row: { id: string; email: string },
  moments: RecipientMoments,
  activity: Pick<
    CampaignRecipient,
    'lastOpenedTimestamp' | 'lastClickedTimestamp' | 'clickCount' | 'clickedLinks' | 'delivery'
  >,
): CampaignRecipient {
  const flags = recipientFlags(moments);
  return {
    recipientId: row.id,
    email: row.email,
    status: recipientStatus(flags),
    flags,
    ...moments,
    ...activity,
  };
}

/** The clicked links' order: most clicked first, then by address. */
const byClicksThenUrl = (a: { url: string; clicks: number }, b: { url: string; clicks: number }) =>
  b.clicks - a.clicks || a.url.localeCompare(b.url);

function parseRecipientQuery(query: ListQuery, campaignId: string): RecipientPageQuery {
  const parsed = parseListQuery(query, {
    filterKeys: RECIPIENT_FILTER_KEYS,
    sortKeys: RECIPIENT_SORT_KEYS,
    defaultLimit: RECIPIENT_PAGE_SIZE,
  });
  if (!parsed.ok) throw listQueryFailed(parsed.issues);
  const { filters, sort, limit, offset } = parsed.value;
  const issues: FieldError[] = [];
  const status = singleFilterValue('status', filters.status, issues) ?? 'all';
  const search = singleFilterValue('search', filters.search, issues);
  if (!isRecipientFilter(status))
    issues.push({ field: 'filterBy', message: RECIPIENT_STATUS_FILTER_MESSAGE });
  if (search !== undefined && search.length > RECIPIENT_SEARCH_MAX) {
    issues.push({ field: 'filterBy', message: RECIPIENT_SEARCH_TOO_LONG_MESSAGE });
  }
  if (sort.length > 1) issues.push({ field: 'sortBy', message: 'Sort by one key only.' });
  if (limit > RECIPIENT_PAGE_MAX) issues.push({ field: 'limit', message: RECIPIENT_LIMIT_MESSAGE });
  if (issues.length > 0 || !isRecipientFilter(status)) throw listQueryFailed(issues);
  return {
    campaignId,
    status,
    ...(search === undefined ? {} : { search: containsPattern(search) }),
    sort: sort[0] ?? { key: 'email', direction: 'asc' },
    limit,
    offset,
  };
}

function isRecipientFilter(value: string): value is RecipientFilter {
  return (RECIPIENT_FILTERS as readonly string[]).includes(value);
}

/** The page's rows with their opens and clicks from the events (one query for the page). */
async function withActivity(db: Database, rows: RecipientRow[]): Promise<CampaignRecipient[]> {
  const activity = await listRecipientActivity(
    db,
    rows.map((row) => row.id),
  );
  const byRecipient = new Map<string, RecipientActivity[]>();
  for (const item of activity)
    byRecipient.set(item.recipientId, [...(byRecipient.get(item.recipientId) ?? []), item]);
  return rows.map((row) => toRecipient(row, byRecipient.get(row.id) ?? []));
}

const time = (date: Date | null | undefined): number | null => date?.getTime() ?? null;
const earliest = (...dates: Array<Date | null | undefined>) => extreme(dates, Math.min);
const latest = (...dates: Array<Date | null | undefined>) => extreme(dates, Math.max);
function extreme(
  dates: Array<Date | null | undefined>,
  pick: (...values: number[]) => number,
): number | null {
  const times = dates.flatMap((date) => (date ? [date.getTime()] : []));
  return times.length === 0 ? null : pick(...times);
}

function toRecipient(row: RecipientRow, activity: RecipientActivity[]): CampaignRecipient {
  const opens = activity.filter((item) => item.type === 'opened');
  const clicks = activity.filter((item) => item.type === 'clicked');
  // A click is an open too (the pixel is often blocked), as the counters count it. An event the
  // aggregation job has not folded in yet still shows here.
  const opensAndClicks = [...opens, ...clicks];
  const moments: RecipientMoments = {
    sentTimestamp: time(row.sentAt),
    firstOpenedTimestamp: earliest(row.firstOpenedAt, ...opensAndClicks.map((item) => item.first)),
    firstClickedTimestamp: earliest(row.firstClickedAt, ...clicks.map((item) => item.first)),
    repliedTimestamp: row.formAnsweredAt === null ? time(row.respondedAt) : null,
    respondedTimestamp: time(row.formAnsweredAt),
    unsubscribedTimestamp: time(row.unsubscribedAt),
    bouncedTimestamp: time(row.bouncedAt),
  };
  return recipientOf(row, moments, {
    delivery: row.delivery,
    lastOpenedTimestamp: latest(row.firstOpenedAt, ...opensAndClicks.map((item) => item.last)),
    lastClickedTimestamp: latest(row.firstClickedAt, ...clicks.map((item) => item.last)),
    clickCount: clicks.reduce((sum, item) => sum + item.count, 0),
    clickedLinks: clicks
      .flatMap((item) => (item.url === null ? [] : [{ url: item.url, clicks: item.count }]))
      .sort(byClicksThenUrl),
  });
}
