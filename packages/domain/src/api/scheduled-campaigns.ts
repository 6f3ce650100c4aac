import { z } from 'zod';
import { clientText } from '../text/client-text';
import { scheduledStatusSchema } from '../campaigns/scheduled-status';

/**
 * Scheduled mail merges (spec 002 §2.2, §3 "Scheduled campaign", §4.1, §7 "Campaigns"), under
 * /api/v1. A scheduled merge belongs to its sender: the list shows the caller's own merges in the
 * space, and only the sender may cancel one.
 * - GET    /users/me/scheduled-campaigns?filterBy=workspaceId:…&sortBy&limit&limitOffset → { items, total }
 * - GET    /users/me/scheduled-campaigns/{id} → ScheduledCampaign
 * - DELETE /users/me/scheduledCampaigns/{scheduledMergeId} → {} (cancels it)
 */
export const SCHEDULED_CAMPAIGN_FILTER_KEYS = ['workspaceId'] as const;
export const SCHEDULED_CAMPAIGN_SORT_KEYS = [
  'nextScheduledRunTimestamp',
  'createTimestamp',
  'mergeSourceSheetName',
] as const;

export const SCHEDULED_CAMPAIGN_TOTAL_CAP = 10000;

/** 404 for a scheduled merge that does not exist or is not the caller's. */
export const SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE = 'Scheduled mail merge not found';

const scheduledErrorDetailsSchema = z.object({
  error: z.string().nullable(),
  errorDetails: z.string().nullable(),
  recoverableErrorRetries: z.number().int(),
  recoverableErrorLastRetryTimestamp: z.number().nullable(),
});

export const scheduledCampaignSchema = z
  .object({
    id: z.string(),
    /** spreadsheet id and sheet id joined by a dash; the last dash splits them (§3) */
    mergeSourceSheetKey: z.string(),
    mergeSourceSpreadSheetName: z.string(),
    mergeSourceSheetName: z.string(),
    createTimestamp: z.number(),
    /** null with status IN PROGRESS: out of quota, 'Upon quota reset' (§4.1) */
    nextScheduledRunTimestamp: z.number().nullable(),
    eventCounts: z.object({ toSendCount: z.number().int(), sentCount: z.number().int() }),
    status: scheduledStatusSchema,
    errorDetails: scheduledErrorDetailsSchema,
    /**
     * Merges the engine sends (issue 24): when what is left goes out within the sender's quota,
     * e.g. "sends 1,500 today, 700 tomorrow at 09:12"; null or absent otherwise.
     */
    sendingForecast: z.string().nullable().optional(),
  })
  .meta({ id: 'ScheduledCampaign' });
export type ScheduledCampaign = z.infer<typeof scheduledCampaignSchema>;

export const scheduledCampaignListSchema = z.object({
  items: z.array(scheduledCampaignSchema),
  /** the number of matching rows, capped at SCHEDULED_CAMPAIGN_TOTAL_CAP */
  total: z.number().int(),
});
export type ScheduledCampaignList = z.infer<typeof scheduledCampaignListSchema>;

export const scheduledCampaignParamsSchema = z.object({ id: clientText() });
export const cancelScheduledCampaignParamsSchema = z.object({ scheduledMergeId: clientText() });
export const cancelScheduledCampaignResponseSchema = z.object({});
