import {
  CAMPAIGN_DATE_FILTER_MESSAGE,
  CAMPAIGN_FILTER_KEYS,
  CAMPAIGN_NOT_FOUND_MESSAGE,
  CAMPAIGN_SORT_KEYS,
  CAMPAIGN_WORKSPACE_REQUIRED_MESSAGE,
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
import { AppError, isAppError } from '../../lib/app-error';
import { countScheduledCampaigns } from '../scheduled-campaigns/scheduled-campaigns.repo';
import type { UserRecord } from '../users/users.repo';
import { requireMembership } from '../workspaces/membership';
import {
  countCampaigns,
  findCampaign,
  listCampaigns,
  listPollResponses,
  listPollResults,
  type CampaignListQuery,
  type CampaignRow,
} from './campaigns.repo';
import { containsPattern, listQueryFailed, singleFilterValue } from './list-query-errors';

/** The poll-responses fallback answers the newest responses, at most this many. */
export const POLL_RESPONSES_LIMIT = 1000;

const uuidSchema = z.uuid();
const epochMsSchema = z.coerce.number().int().min(0).max(8.64e15);

/**
 * GET /api/v1/users/me/campaigns (spec 002 §2.2, §7). The team shares its space: the list holds the
 * space's mail merges, whoever sent them, for any member (a sender's name is no secret in a team).
 */
export async function getCampaigns(
  db: Database,
  caller: UserRecord,
  query: ListQuery,
): Promise<SentCampaignList> {
  const listQuery = parseCampaignListQuery(query);
  await requireMembership(db, caller.id, listQuery.filters.workspaceId);
  const { rows, total } = await listCampaigns(db, listQuery);
  return { items: rows.map(toSentCampaign), total };
}

/** GET /api/v1/users/me/campaigns/{id}: 404 unless the caller is a member of the merge's space. */
export async function getCampaign(db: Database, caller: UserRecord, id: string): Promise<SentCampaign> {
  return toSentCampaign(await requireCampaign(db, caller, id));
}

/** GET /api/v1/users/me/campaigns/{id}/pollResults (spec 002 §4.2). */
export async function getPollResults(db: Database, caller: UserRecord, id: string): Promise<PollResults> {
  const campaign = await requireCampaign(db, caller, id);
  return { items: await listPollResults(db, campaign.id) };
}

/** GET /api/v1/users/me/campaigns/{id}/pollResponses: the fallback of spec 002 §4.2. */
export async function getPollResponses(db: Database, caller: UserRecord, id: string): Promise<PollResponses> {
  const campaign = await requireCampaign(db, caller, id);
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
  workspaceId: string,
  isScheduled: boolean,
): Promise<CampaignCount> {
  const membership = await requireMembership(db, caller.id, workspaceId);
  const campaignCount = isScheduled
    ? await countScheduledCampaigns(db, membership.workspace.id, caller.id)
    : await countCampaigns(db, membership.workspace.id);
  return { campaignCount };
}

async function requireCampaign(db: Database, caller: UserRecord, id: string): Promise<CampaignRow> {
  const campaign = uuidSchema.safeParse(id).success ? await findCampaign(db, id) : undefined;
  if (!campaign) throw campaignNotFound();
  try {
    await requireMembership(db, caller.id, campaign.workspaceId);
  } catch (error) {
    // Another space's merge is answered exactly like a missing one (ARCHITECTURE.md).
    if (isAppError(error) && error.code === 'NOT_FOUND') throw campaignNotFound();
    throw error;
  }
  return campaign;
}

function campaignNotFound(): AppError {
  return new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND_MESSAGE);
}

function parseCampaignListQuery(query: ListQuery): CampaignListQuery {
  const parsed = parseListQuery(query, { filterKeys: CAMPAIGN_FILTER_KEYS, sortKeys: CAMPAIGN_SORT_KEYS });
  if (!parsed.ok) throw listQueryFailed(parsed.issues);
  const { filters, ...rest } = parsed.value;
  const issues: FieldError[] = [];
  const workspaceId = singleFilterValue('workspaceId', filters.workspaceId, issues);
  const from = parseDate(singleFilterValue('from', filters.from, issues), issues);
  const to = parseDate(singleFilterValue('to', filters.to, issues), issues);
  if (issues.length > 0) throw listQueryFailed(issues);
  if (workspaceId === undefined) {
    throw listQueryFailed([{ field: 'filterBy', message: CAMPAIGN_WORKSPACE_REQUIRED_MESSAGE }]);
  }
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
