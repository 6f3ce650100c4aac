import { z } from 'zod';
import { clientText } from '../text/client-text';

/**
 * Sent mail merges (spec 002 §2.2, §3 "Sent campaign" / "Poll results", §4.2, §7 "Campaigns"),
 * under /api/v1:
 * - GET /users/me/campaigns?filterBy=workspaceId:…[,search:…][,from:…][,to:…]&sortBy&limit&limitOffset → { items, total }
 * - GET /users/me/campaigns/{id} → SentCampaign
 * - GET /users/me/campaigns/{id}/pollResults → { items: [{ info, count }] }
 * - GET /users/me/campaigns/{id}/pollResponses → { items: [{ value }] }
 * - GET /users/me/workspaces/{id}/campaigns/count?isScheduled=true → { campaignCount }
 * The X-ID-Token header of spec §7 is accepted and not required (the session cookie/bearer is the
 * credential). Timestamps are milliseconds since the epoch.
 */

/**
 * filterBy keys: `workspaceId` (required), `search` (part of the subject, spreadsheet or sheet name,
 * case-insensitive), `from` and `to` (epoch ms, inclusive bounds on lastUpdateTimestamp).
 */
export const CAMPAIGN_FILTER_KEYS = ['workspaceId', 'search', 'from', 'to'] as const;
export const CAMPAIGN_SORT_KEYS = ['lastUpdateTimestamp', 'createTimestamp', 'sheetName'] as const;

/** A list's total is counted up to this many rows. */
export const CAMPAIGN_TOTAL_CAP = 10000;

/** 400 when filterBy has no workspaceId (spec 000 §8 wording). */
export const CAMPAIGN_WORKSPACE_REQUIRED_MESSAGE = 'WorkspaceID is required';
/** 400 when from/to is not an epoch-milliseconds integer. */
export const CAMPAIGN_DATE_FILTER_MESSAGE = 'Filters from and to must be timestamps in milliseconds.';
/** 404 for a campaign that does not exist or belongs to a space the caller is not in. */
export const CAMPAIGN_NOT_FOUND_MESSAGE = 'Mail merge not found';

const campaignEventCountsSchema = z.object({
  clickedCount: z.number().int(),
  openedCount: z.number().int(),
  sentCount: z.number().int(),
  bouncedCount: z.number().int(),
  unsubscribedCount: z.number().int(),
  respondedCount: z.number().int(),
});

export const sentCampaignSchema = z
  .object({
    campaignId: z.string(),
    /** null: 'Subject is unavailable because this mail merge has been sent by someone else' (§8) */
    sentMessageSubject: z.string().nullable(),
    /** spreadsheet id and sheet id joined by a dash; the last dash splits them (§3) */
    mergeSourceSheetKey: z.string(),
    spreadsheetName: z.string(),
    sheetName: z.string(),
    /** who sent it (issue 9: the list is the team's, the Sender column says whose); null: the account is gone */
    senderEmail: z.string().nullable(),
    senderName: z.string().nullable(),
    lastUpdateTimestamp: z.number(),
    createTimestamp: z.number(),
    lastEmailSentTimestamp: z.number().nullable(),
    eventCounts: campaignEventCountsSchema,
  })
  .meta({ id: 'SentCampaign' });
export type SentCampaign = z.infer<typeof sentCampaignSchema>;

export const sentCampaignListSchema = z.object({
  items: z.array(sentCampaignSchema),
  /** the number of matching rows, capped at CAMPAIGN_TOTAL_CAP */
  total: z.number().int(),
});
export type SentCampaignList = z.infer<typeof sentCampaignListSchema>;

export const campaignParamsSchema = z.object({ id: clientText() });

export const pollResultsSchema = z.object({
  items: z.array(z.object({ info: z.string(), count: z.number().int() })),
});
export type PollResults = z.infer<typeof pollResultsSchema>;

export const pollResponsesSchema = z.object({ items: z.array(z.object({ value: z.string() })) });
export type PollResponses = z.infer<typeof pollResponsesSchema>;

/** isScheduled=true counts scheduled merges (the caller's, §7 Scheduled); otherwise sent merges. */
export const campaignCountQuerySchema = z.object({ isScheduled: z.enum(['true', 'false']).optional() });
export const campaignCountParamsSchema = z.object({ id: clientText() });
export const campaignCountSchema = z.object({ campaignCount: z.number().int() });
export type CampaignCount = z.infer<typeof campaignCountSchema>;
