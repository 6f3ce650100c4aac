import { z } from 'zod';
import { clientText, clientTimestampMs } from '../text/client-text';
import { MAX_RECIPIENTS_PER_CAMPAIGN } from '../campaigns/constants';
import { MERGE_STATUSES, RECIPIENT_SEND_STATUSES } from '../sending/recipients';
import { emailSchema } from '../users/email';

/**
 * The sending engine's API (issue 24; ours, "not shown" in the spec):
 * - POST /api/addon/merges                          start a merge now, or schedule it → 202
 * - GET  /api/addon/merges/{id}                      its status, counts and per-recipient rows after a cursor
 * - GET  /api/addon/quota?workspaceId=…              the caller's rolling 24-hour sending quota
 * - GET  /api/v1/users/me/campaigns/{id}/sending     the merge dialog's sending state (status, counts, forecast)
 * - POST /api/v1/users/me/campaigns/{id}/cancel-sending   stop a merge being sent, at once
 * - POST /api/v1/users/me/campaigns/{id}/resend-failed    re-queue only the failed recipients
 * - GET  /api/v1/users/me/workspaces/{id}/gmail-meter     owners: the space's messages to Gmail addresses in 24 h
 * - GET/DELETE /api/v1/users/me/gmail, GET /api/v1/auth/gmail/connect|callback: the sender's Gmail grant
 * Timestamps are milliseconds since the epoch, as in the rest of the API.
 */

const MAX_MERGE_RECIPIENTS = MAX_RECIPIENTS_PER_CAMPAIGN;
const MAX_FIELDS_PER_RECIPIENT = 50;

const sheetText = clientText().max(500);

export const mergeOptionsSchema = z.object({
  /** The display name of From; unset: the sender's name (or the alias's). */
  senderName: clientText().max(200).optional(),
  /** One of the sender's Gmail `sendAs` addresses; unset: the account itself. */
  sendAs: z.optional(emailSchema),
  trackOpens: z.boolean().default(true),
  trackClicks: z.boolean().default(true),
  /** The footer's unsubscribe link (issue 25); the List-Unsubscribe headers are sent either way. */
  unsubscribeLink: z.boolean().default(true),
  /** Columns whose values are added as Cc / Bcc of each recipient's message. */
  ccColumn: clientText().max(200).optional(),
  bccColumn: clientText().max(200).optional(),
});
export type MergeOptions = z.infer<typeof mergeOptionsSchema>;

export const startMergeBodySchema = z.object({
  workspaceId: z.uuid({ error: 'WorkspaceID is required' }),
  spreadsheetName: sheetText,
  sheetName: sheetText,
  mergeSourceSheetKey: clientText().trim().min(1).max(300),
  subject: clientText().max(1000),
  htmlBody: z.string().min(1).max(2_000_000),
  recipients: z
    .array(
      z.object({
        /** Checked per recipient: an invalid address is skipped with a reason, not refused. */
        email: z.string().max(320),
        fields: z
          .record(z.string().max(200), z.string().max(20_000))
          .refine((fields) => Object.keys(fields).length <= MAX_FIELDS_PER_RECIPIENT, {
            error: `At most ${MAX_FIELDS_PER_RECIPIENT} columns per recipient.`,
          }),
      }),
    )
    .min(1, { error: 'At least one recipient is required.' })
    .max(MAX_MERGE_RECIPIENTS, {
      error: `At most ${MAX_MERGE_RECIPIENTS} recipients can be sent in one mail merge.`,
    }),
  /** Unset or past: send now. */
  scheduledAt: clientTimestampMs().optional(),
  options: mergeOptionsSchema.optional(),
});
export type StartMergeBody = z.infer<typeof startMergeBodySchema>;

export const startMergeResponseSchema = z.union([
  z.object({ campaignId: z.string() }),
  z.object({ scheduledCampaignId: z.string() }),
]);

const mergeCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});

const mergeRecipientSchema = z.object({
  /** The recipient's row index in the merge as sent (0-based), for the sheet's "Merge status" column. */
  index: z.number().int(),
  email: z.string(),
  status: z.enum(RECIPIENT_SEND_STATUSES),
  /** Why it was skipped or failed (a reason code; the label is the domain's), else null. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  sentAt: z.number().nullable(),
});

export const mergeParamsSchema = z.object({ id: clientText() });
export const mergeQuerySchema = z.object({
  /** The cursor of the previous page (nextCursor). */
  after: clientText().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const mergeStatusSchema = z
  .object({
    id: z.string(),
    campaignId: z.string().nullable(),
    scheduledCampaignId: z.string().nullable(),
    status: z.enum(MERGE_STATUSES),
    scheduledAt: z.number().nullable(),
    /** Null while waiting for the quota to free ('Upon quota reset') or when done. */
    nextRunAt: z.number().nullable(),
    counts: mergeCountsSchema,
    recipients: z.array(mergeRecipientSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'MergeStatus' });
export type MergeStatus = z.infer<typeof mergeStatusSchema>;

export const quotaQuerySchema = z.object({ workspaceId: z.uuid({ error: 'WorkspaceID is required' }) });
export const senderQuotaSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** When the oldest counted send leaves the 24-hour window; null when nothing waits on it. */
  nextFreeAt: z.number().nullable(),
});

/** The merge dialog's sending state (dashboard). */
export const campaignSendingSchema = z
  .object({
    status: z.enum(MERGE_STATUSES),
    counts: mergeCountsSchema,
    nextRunAt: z.number().nullable(),
    /** e.g. "sends 1,500 today, 700 tomorrow at 09:12"; null when nothing is left to send. */
    forecast: z.string().nullable(),
    canCancel: z.boolean(),
    canResendFailed: z.boolean(),
    /** The sender's Gmail grant: REVOKED stops the merge until the sender reconnects. */
    gmail: z.enum(['CONNECTED', 'NOT_CONNECTED', 'REVOKED']),
  })
  .meta({ id: 'CampaignSending' });
export type CampaignSending = z.infer<typeof campaignSendingSchema>;

export const gmailMeterSchema = z.object({
  level: z.enum(['ok', 'warning', 'over']),
  /** Messages to Gmail addresses in the last 24 hours plus those queued, across the space's senders. */
  total: z.number().int(),
  threshold: z.number().int(),
  message: z.string().nullable(),
});

export const gmailConnectionSchema = z
  .object({
    status: z.enum(['CONNECTED', 'NOT_CONNECTED', 'REVOKED']),
    email: z.string().nullable(),
    connectedAt: z.number().nullable(),
  })
  .meta({ id: 'GmailConnection' });
export type GmailConnection = z.infer<typeof gmailConnectionSchema>;

export const gmailConnectQuerySchema = z.object({
  /** A path of the web app to come back to (same origin only). */
  returnTo: clientText().max(2000).optional(),
});

/** The message lives with the marker rules (zod-free: the composer shows it too). */
export { unknownMarkersMessage } from '../sending/markers';

/** A merge named by its id, its campaign's or its scheduled merge's, that is not the caller's. */
export const MERGE_NOT_FOUND_MESSAGE = 'Mail merge not found.';

/** The Gmail meter of a space asked for by someone other than its owner (roles/permissions canSeeGmailMeter). */
export const GMAIL_METER_OWNERS_ONLY_MESSAGE =
  'Only the space owner can see the space’s Gmail sending meter.';
