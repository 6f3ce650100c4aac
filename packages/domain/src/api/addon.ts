import { z } from 'zod';
import { clientInt, clientText, clientTimestampMs } from '../text/client-text';
import { MAX_RECIPIENTS_PER_CAMPAIGN } from '../campaigns/constants';
import { SCHEDULED_STATUSES } from '../campaigns/scheduled-status';
import { isScheduledProgressConsistent, SENT_OVER_TO_SEND_MESSAGE } from '../campaigns/scheduled-progress';
import { checkTrackedLink } from '../tracking/links';
import { emailSchema } from '../users/email';

/**
 * The add-on's ingest API (ARCHITECTURE.md "API surface": implied by spec 002, not shown there),
 * under /api/addon. The add-on signs in like the web app and sends its bearer access token.
 * - POST /api/addon/campaigns                    a merge that was sent → its tracking URLs
 * - POST /api/addon/scheduled-campaigns          a merge scheduled for later
 * - PUT  /api/addon/scheduled-campaigns/{id}     its progress, error status and retries (spec 002 §4.1)
 * - POST /api/addon/campaigns/{id}/bounces       addresses that bounced → events + the bounce list
 * - POST /api/addon/campaigns/{id}/replies       addresses that replied → events
 * Timestamps are milliseconds since the epoch, as in the rest of the API.
 */

/** Tracked links per recipient, and distinct links per merge. */
const MAX_LINKS_PER_RECIPIENT = 50;
export const MAX_LINKS_PER_CAMPAIGN = 10000;
const MAX_ADDRESSES_PER_REPORT = 1000;

const RECIPIENTS_REQUIRED_MESSAGE = 'At least one recipient is required.';
const TOO_MANY_RECIPIENTS_MESSAGE = `At most ${MAX_RECIPIENTS_PER_CAMPAIGN} recipients can be registered at once.`;
export const TOO_MANY_LINKS_MESSAGE = `At most ${MAX_LINKS_PER_CAMPAIGN} distinct links can be tracked per mail merge.`;
const UNKNOWN_SCHEDULED_STATUS_MESSAGE = `Status must be one of: ${SCHEDULED_STATUSES.join(', ')}.`;

const sheetKeySchema = clientText()
  .trim()
  .min(1, { error: 'mergeSourceSheetKey is required' })
  .max(300)
  // Spec 002 §3: spreadsheet id and sheet id joined by a dash.
  .regex(/^.+-[^-]+$/, {
    error: 'mergeSourceSheetKey must be the spreadsheet id and sheet id joined by a dash.',
  });

/**
 * Only plain http(s) links without credentials are tracked (tracking/links.ts: a click redirect to
 * javascript:, data: or a user:pass@ host would be an attack). The link keeps the spelling the
 * add-on sent (it is the key of `clickUrls`); the server stores its normalised form.
 */
const trackedLinkSchema = z.string().superRefine((value, context) => {
  const checked = checkTrackedLink(value);
  if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message });
});

/**
 * `Idempotency-Key` of the add-on's POSTs (IETF draft-ietf-httpapi-idempotency-key-header): one
 * key per merge, reused on every retry of it. A repeated key with the same body answers the first
 * answer again (`Idempotent-Replayed: true`) without writing anything; with another body it is
 * refused (422 IDEMPOTENCY_KEY_REUSED). Keys are kept per caller for 24 hours.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 visible ASCII characters.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used with a different request.';
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: IDEMPOTENCY_KEY_MESSAGE })
    .optional()
    .describe('One key per merge, reused by every retry of it; replays answer the first answer.'),
});

export const sentCampaignBodySchema = z.object({
  workspaceId: z.uuid({ error: 'WorkspaceID is required' }),
  /** Null when unavailable (spec 002 §8: sent by someone else). */
  subject: clientText().max(1000).nullable(),
  mergeSourceSheetKey: sheetKeySchema,
  spreadsheetName: clientText().max(500),
  sheetName: clientText().max(500),
  /** Form-submission notifications are left out of the sent-mail counters (spec 002 §1). */
  isFormNotification: z.boolean().optional(),
  recipients: z
    .array(
      z.object({
        email: emailSchema,
        /** The links of this recipient's message, to be rewritten into tracked click URLs. */
        links: z.array(trackedLinkSchema).max(MAX_LINKS_PER_RECIPIENT).optional(),
      }),
      { error: RECIPIENTS_REQUIRED_MESSAGE },
    )
    .min(1, { error: RECIPIENTS_REQUIRED_MESSAGE })
    .max(MAX_RECIPIENTS_PER_CAMPAIGN, { error: TOO_MANY_RECIPIENTS_MESSAGE }),
});
export type SentCampaignBody = z.infer<typeof sentCampaignBodySchema>;

const trackedRecipientSchema = z
  .object({
    email: z.string(),
    trackingToken: z.string(),
    /** An <img> of this URL in the message records an open. */
    openPixelUrl: z.string(),
    /** The unsubscribe link (and the List-Unsubscribe header, RFC 8058 one-click by POST). */
    unsubscribeUrl: z.string(),
    /** The form/poll response link; the add-on appends `?value=` with the answer. */
    responseUrl: z.string(),
    /** Each sent link → the tracked URL that redirects to it. */
    clickUrls: z.record(z.string(), z.string()),
  })
  .meta({ id: 'TrackedRecipient' });

export const sentCampaignResponseSchema = z.object({
  campaignId: z.string(),
  recipients: z.array(trackedRecipientSchema),
});
export type SentCampaignResponse = z.infer<typeof sentCampaignResponseSchema>;

const scheduledStatusBodySchema = z.enum(SCHEDULED_STATUSES, {
  error: UNKNOWN_SCHEDULED_STATUS_MESSAGE,
});

/** The fields the add-on updates as it sends a scheduled merge (spec 002 §3, §4.1). */
const scheduledProgressFields = {
  status: scheduledStatusBodySchema,
  /** Null while out of quota: the screen then reads 'Upon quota reset' (spec 002 §4.1). */
  nextScheduledRunTimestamp: clientTimestampMs().nullable(),
  toSendCount: clientInt(),
  sentCount: clientInt(),
  error: clientText().max(1000).nullable(),
  errorDetails: clientText({ multiline: true }).max(10000).nullable(),
  recoverableErrorRetries: clientInt(),
  recoverableErrorLastRetryTimestamp: clientTimestampMs().nullable(),
};

export const createScheduledCampaignBodySchema = z.object({
  workspaceId: z.uuid({ error: 'WorkspaceID is required' }),
  mergeSourceSheetKey: sheetKeySchema,
  spreadsheetName: clientText().max(500),
  sheetName: clientText().max(500),
  draftMessageId: clientText().max(500).nullable().optional(),
  nextScheduledRunTimestamp: scheduledProgressFields.nextScheduledRunTimestamp,
  toSendCount: scheduledProgressFields.toSendCount,
  status: scheduledProgressFields.status.optional(),
});
export type CreateScheduledCampaignBody = z.infer<typeof createScheduledCampaignBodySchema>;

/** Every field optional: the add-on sends what changed. */
export const updateScheduledCampaignBodySchema = z
  .object(scheduledProgressFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update.')
  // Both counts sent: checked here; one alone is checked against the stored other (server).
  .refine(
    ({ toSendCount, sentCount }) =>
      toSendCount === undefined ||
      sentCount === undefined ||
      isScheduledProgressConsistent({ toSendCount, sentCount }),
    { message: SENT_OVER_TO_SEND_MESSAGE, path: ['sentCount'] },
  );
export type UpdateScheduledCampaignBody = z.infer<typeof updateScheduledCampaignBodySchema>;

/** A scheduled merge as the add-on registered it, in the shape of spec 002 §3 "Scheduled campaign". */
export const addonScheduledCampaignSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    mergeSourceSheetKey: z.string(),
    mergeSourceSpreadSheetName: z.string(),
    mergeSourceSheetName: z.string(),
    createTimestamp: z.number(),
    nextScheduledRunTimestamp: z.number().nullable(),
    status: z.string(),
    eventCounts: z.object({ toSendCount: z.number(), sentCount: z.number() }),
    errorDetails: z.object({
      error: z.string().nullable(),
      errorDetails: z.string().nullable(),
      recoverableErrorRetries: z.number(),
      recoverableErrorLastRetryTimestamp: z.number().nullable(),
    }),
  })
  .meta({ id: 'AddonScheduledCampaign' });
export type AddonScheduledCampaign = z.infer<typeof addonScheduledCampaignSchema>;

const ADDRESSES_REQUIRED_MESSAGE = 'At least one email address is required.';

/** Bounces or replies the add-on found in the sender's mailbox for one merge. */
export const campaignAddressesBodySchema = z.object({
  emails: z
    .array(emailSchema, { error: ADDRESSES_REQUIRED_MESSAGE })
    .min(1, { error: ADDRESSES_REQUIRED_MESSAGE })
    .max(MAX_ADDRESSES_PER_REPORT, {
      error: `At most ${MAX_ADDRESSES_PER_REPORT} email addresses can be reported at once.`,
    }),
});

export const campaignReportResponseSchema = z.object({
  /** Events written: one per matching recipient of the merge. */
  recorded: z.number().int(),
  /** Bounces only: addresses that were new in the space's bounce list. */
  updated: z.number().int().optional(),
});
export type CampaignReportResponse = z.infer<typeof campaignReportResponseSchema>;
