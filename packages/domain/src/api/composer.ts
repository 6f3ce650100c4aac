import { z } from 'zod';
import { clientText, clientTimestampMs } from '../text/client-text';
import { MAX_RECIPIENTS_PER_CAMPAIGN } from '../campaigns/constants';
import { mergeOptionsSchema } from './sending';

/**
 * The dashboard's composer (issue 25; ours, "not shown" in the spec). It sends through the sending
 * engine's POST /api/addon/merges (api/sending.ts) and follows the merge with GET /api/addon/merges/{id};
 * what it needs besides:
 * - GET  /api/v1/users/me/gmail/drafts                    the sender's Gmail drafts (newest first)
 * - GET  /api/v1/users/me/gmail/drafts/{id}                one draft's subject and HTML body
 * - GET  /api/v1/users/me/gmail/send-as                    the sender's Gmail aliases (sendAs)
 * - POST /api/v1/users/me/workspaces/{id}/recipient-check  which addresses the space has unsubscribed or bounced
 * - POST /api/v1/users/me/workspaces/{id}/test-send        one recipient's rendering, sent to the sender
 * - GET  /api/v1/users/me/workspaces/{id}/sending-forecast?count=N[&scheduledAt=ms]
 *                                                          how many of N go now and when the rest go
 * Drafts need the sign-in's gmail.compose permission (403 reason missing_authorization otherwise, as
 * template drafts: api/templates.ts); aliases and test sends need the sender's Gmail grant.
 */

const gmailDraftSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  /** Gmail's snippet: the start of the body as plain text. */
  snippet: z.string(),
  /** When the draft was last changed (ms since the epoch), null if Gmail does not say. */
  updatedAt: z.number().nullable(),
});
export const gmailDraftListSchema = z.object({ items: z.array(gmailDraftSummarySchema) });
export type GmailDraftList = z.infer<typeof gmailDraftListSchema>;

export const gmailDraftParamsSchema = z.object({ id: clientText().max(200) });
export const gmailDraftSchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    /** The draft's HTML part; a text-only draft's text, escaped, with line breaks as <br>. */
    htmlBody: z.string(),
  })
  .meta({ id: 'GmailDraft' });
export type GmailDraft = z.infer<typeof gmailDraftSchema>;

export const sendAsListSchema = z.object({
  /** Empty when the sender has not connected Gmail (or the grant is revoked). */
  items: z.array(z.object({ email: z.string(), displayName: z.string(), isDefault: z.boolean() })),
});
export type SendAsList = z.infer<typeof sendAsListSchema>;

export const recipientCheckBodySchema = z.object({
  emails: z.array(z.string().max(320)).max(MAX_RECIPIENTS_PER_CAMPAIGN, {
    error: `At most ${MAX_RECIPIENTS_PER_CAMPAIGN} recipients can be sent in one mail merge.`,
  }),
});
export const recipientCheckResponseSchema = z.object({
  /** Addresses of the request (as given) that the space's unsubscription list holds. */
  unsubscribed: z.array(z.string()),
  /** Addresses of the request (as given) that bounced in the space. */
  bounced: z.array(z.string()),
});
export type RecipientCheck = z.infer<typeof recipientCheckResponseSchema>;

export const testSendBodySchema = z.object({
  subject: clientText().max(1000),
  htmlBody: z.string().min(1).max(2_000_000),
  /** The previewed recipient's columns. */
  fields: z.record(z.string().max(200), z.string().max(20_000)),
  options: mergeOptionsSchema.optional(),
});
export const testSendResponseSchema = z.object({ sentTo: z.string() });

export const sendingForecastQuerySchema = z.object({
  count: z.coerce.number().int().min(0).max(MAX_RECIPIENTS_PER_CAMPAIGN),
  /** Unset: now. A timestamp as a merge's scheduledAt (1970 to the end of year 9999). */
  scheduledAt: z.coerce.number().pipe(clientTimestampMs()).optional(),
});
export const sendingForecastSchema = z
  .object({
    limit: z.number().int(),
    /** What the sender may still send at the start (now or scheduledAt). */
    remaining: z.number().int(),
    /** Of `count`, how many go at the start, and how many wait for the quota. */
    now: z.number().int(),
    later: z.number().int(),
    /** When the first waiting recipient can go (ms), null when none waits. */
    resetAt: z.number().nullable(),
  })
  .meta({ id: 'SendingForecast' });
export type SendingForecast = z.infer<typeof sendingForecastSchema>;

// --- messages of the composer's calls (docs/decisions/406-composer-test-send.md) --------------------

/** A draft id that is not (or no longer) in the caller's mailbox. */
export const GMAIL_DRAFT_NOT_FOUND_MESSAGE = 'Gmail draft not found.';
/** Gmail failed (not for the permission: that is 403 missing_authorization, as template drafts). */
export const GMAIL_DRAFTS_UNAVAILABLE_MESSAGE =
  'Your Gmail drafts could not be loaded. Please try again later.';

/** Gmail failed to list the aliases (503). */
export const GMAIL_SEND_AS_UNAVAILABLE_MESSAGE =
  'Your Gmail addresses could not be loaded. Please try again later.';

/** What a test's subject starts with, so the sender tells it from the real message. */
export const TEST_SEND_SUBJECT_PREFIX = '[Test] ';
/** 409 reasons of a test send, so the web app offers "Connect Gmail" or "Reconnect Gmail". */
export const GMAIL_NOT_CONNECTED_REASON = 'GMAIL_NOT_CONNECTED';
export const GMAIL_REVOKED_REASON = 'GMAIL_REVOKED';
export const TEST_SEND_GMAIL_NOT_CONNECTED_MESSAGE = 'Gmail is not connected. Connect Gmail to send a test.';
export const TEST_SEND_GMAIL_REVOKED_MESSAGE =
  'The Gmail permission was withdrawn. Reconnect Gmail to send a test.';
/** Gmail's own rate or daily limit refused the test (429). */
export const TEST_SEND_GMAIL_LIMITED_MESSAGE =
  'Gmail is limiting your sending right now. Please try again later.';
export const TEST_SEND_FAILED_MESSAGE = 'The test could not be sent through Gmail. Please try again later.';
/** Test sends per user and minute (429 past it). */
export const TEST_SEND_RATE_LIMIT_PER_MINUTE = 10;
