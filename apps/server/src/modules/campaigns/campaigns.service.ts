import { clientTimestampMs } from '@mergedesk/domain/text/client-text';
import {
  CAMPAIGN_DATE_FILTER_MESSAGE,
  CAMPAIGN_FILTER_KEYS,
  CAMPAIGN_NOT_FOUND_MESSAGE,
  CAMPAIGN_SORT_KEYS,
  type CampaignCount,
  type PollResponses,
  type PollResults,
  type SentCampaign,
  type SentCampaignList,
} from '@mergedesk/domain/api/campaigns';
import { parseListQuery, type ListQuery } from '@mergedesk/domain/api/list-query';
import type { FieldError } from '@mergedesk/domain/errors/error-codes';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { SpaceMembership } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { countOwnScheduledCampaigns } from '../scheduled-campaigns/scheduled-campaigns.service';
import type { UserRecord } from '../../db/records';
import {
  countCampaigns,
  findCampaign,
  listCampaigns,
  listPollResponses,
  listPollResults,
  type CampaignListQuery,
  type CampaignRow,
} from './campaigns.repo';
import { containsPattern, listQueryFailed, singleFilterValue } from '../../lib/list-query';

/** The poll-responses fallback answers the newest responses, at most this many. */
const POLL_RESPONSES_LIMIT = 1000;

const epochMsSchema = z.coerce.number().pipe(clientTimestampMs());

/**
 * GET /api/v1/users/me/campaigns (spec 002 §2.2, §7). The team shares its space: the list holds the
 * space's mail merges, whoever sent them, for any member (a sender's name is no secret in a team).
 */
export async function getCampaigns(
  db: Database,
  membership: SpaceMembership,
  query: ListQuery,
): Promise<SentCampaignList> {
  const { rows, total } = await listCampaigns(db, parseCampaignListQuery(query, membership.workspace.id));
  return { items: rows.map(toSentCampaign), total };
}

/** GET /api/v1/users/me/campaigns/{id}: 404 unless the caller is a member of the merge's space. */
export async function getCampaign(
  db: Database,
  membership: SpaceMembership,
  id: string,
): Promise<SentCampaign> {
  return toSentCampaign(await requireCampaign(db, membership, id));
}

/** GET /api/v1/users/me/campaigns/{id}/pollResults (spec 002 §4.2). */
export async function getPollResults(
  db: Database,
  membership: SpaceMembership,
  id: string,
): Promise<PollResults> {
  const campaign = await requireCampaign(db, membership, id);
  return { items: await listPollResults(db, campaign.id) };
}

/** GET /api/v1/users/me/campaigns/{id}/pollResponses: the fallback of spec 002 §4.2. */
export async function getPollResponses(
  db: Database,
  membership: SpaceMembership,
  id: string,
): Promise<PollResponses> {
  const campaign = await requireCampaign(db, membership, id);
  return { items: await listPollResponses(db, campaign.id, POLL_RESPONSES_LIMIT) };
}

/**
 * GET /api/v1/users/me/workspaces/{id}/campaigns/count (spec 002 §2.2 stat cards): with
 * isScheduled=true the caller's scheduled merges in the space (the ones the Scheduled tab lists),
 * otherwise the space's sent merges.
 */
export async function getCampaignCount(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  isScheduled: boolean,
): Promise<CampaignCount> {
  const campaignCount = isScheduled
    ? await countOwnScheduledCampaigns(db, caller, membership)
    : await countCampaigns(db, membership.workspace.id);
  return { campaignCount };
}

/** The merge in the caller's space (the access layer resolved the space from the merge). */
export async function requireCampaign(
  db: Database,
  membership: SpaceMembership,
  id: string,
): Promise<CampaignRow> {
  const campaign = await findCampaign(db, membership.workspace.id, id);
  if (!campaign) throw new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND_MESSAGE);
  return campaign;
}

/** The list parameters; the space is the one the access layer resolved from filterBy workspaceId. */
function parseCampaignListQuery(query: ListQuery, workspaceId: string): CampaignListQuery {
  const parsed = parseListQuery(query, { filterKeys: CAMPAIGN_FILTER_KEYS, sortKeys: CAMPAIGN_SORT_KEYS });
  if (!parsed.ok) throw listQueryFailed(parsed.issues);
  const { filters, ...rest } = parsed.value;
  const issues: FieldError[] = [];
  const from = parseDate(singleFilterValue('from', filters.from, issues), issues);
  const to = parseDate(singleFilterValue('to', filters.to, issues), issues);
  if (issues.length > 0) throw listQueryFailed(issues);
  return {
    ...rest,
    filters: {
      workspaceId,
      search: (filters.search ?? []).map(containsPattern),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    },
  };
}

function parseDate(value: string | undefined, issues: FieldError[]): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = epochMsSchema.safeParse(value);
  if (!parsed.success) {
    issues.push({ field: 'filterBy', message: CAMPAIGN_DATE_FILTER_MESSAGE });
    return undefined;
  }
  return new Date(parsed.data);
}

function toSentCampaign(row: CampaignRow): SentCampaign {
  return {
    campaignId: row.id,
    sentMessageSubject: row.subject,
    mergeSourceSheetKey: row.mergeSourceSheetKey,
    spreadsheetName: row.spreadsheetName,
    sheetName: row.sheetName,
    senderEmail: row.senderEmail,
    senderName: row.senderName,
    lastUpdateTimestamp: row.lastUpdateAt.getTime(),
    createTimestamp: row.createdAt.getTime(),
    lastEmailSentTimestamp: row.lastEmailSentAt?.getTime() ?? null,
    eventCounts: {
      clickedCount: row.clickedCount,
      openedCount: row.openedCount,
      sentCount: row.sentCount,
      bouncedCount: row.bouncedCount,
      unsubscribedCount: row.unsubscribedCount,
      respondedCount: row.respondedCount,
    },
  };
}
