import { z } from 'zod';
import { RECIPIENT_STATUSES } from '../campaigns/recipient-status';
import type { CsvValue } from '../exports/csv-safety';
import { csvTimestamp } from '../exports/csv-values';

/**
 * The recipients of a sent mail merge (issue 9 "Who opened, who clicked"; not in the spec), under
 * /api/v1, for whoever may open the merge (any member of its space):
 * - GET /users/me/campaigns/{id}/recipients?filterBy=[status:…][,search:…]&sortBy&limit&limitOffset
 *   → { items, total }
 * - GET /users/me/campaigns/{id}/recipients/export?filterBy=… → text/csv (streamed)
 * - GET /users/me/campaigns/{id}/links → { items: [{ url, clicks, uniqueClickers }] }
 * Timestamps are milliseconds since the epoch.
 */

/** filterBy keys: `status` (a RECIPIENT_FILTERS value), `search` (part of the address). */
export const RECIPIENT_FILTER_KEYS = ['status', 'search'] as const;
/** sortBy keys; the default is the address, A to Z. Missing moments sort last. */
export const RECIPIENT_SORT_KEYS = ['email', 'firstOpenedTimestamp', 'firstClickedTimestamp'] as const;
export type RecipientSortKey = (typeof RECIPIENT_SORT_KEYS)[number];

export const RECIPIENT_STATUS_FILTER_MESSAGE =
  'Filter status must be one of all, sent, opened, clicked, replied, responded, unsubscribed, bounced.';
export const RECIPIENT_SEARCH_TOO_LONG_MESSAGE = 'Search must be at most 254 characters.';
export const RECIPIENT_LIMIT_MESSAGE = 'Limit must be at most 100.';

const clickedLinkSchema = z.object({ url: z.string(), clicks: z.number().int() });

const campaignRecipientSchema = z
  .object({
    recipientId: z.string(),
    email: z.string(),
    /** The one status shown (packages/domain campaigns/recipient-status.ts precedence). */
    status: z.enum(RECIPIENT_STATUSES),
    /** Every flag the recipient has. */
    flags: z.object(
      Object.fromEntries(RECIPIENT_STATUSES.map((status) => [status, z.boolean()])) as Record<
        (typeof RECIPIENT_STATUSES)[number],
        z.ZodBoolean
      >,
    ),
    sentTimestamp: z.number().nullable(),
    firstOpenedTimestamp: z.number().nullable(),
    lastOpenedTimestamp: z.number().nullable(),
    firstClickedTimestamp: z.number().nullable(),
    lastClickedTimestamp: z.number().nullable(),
    repliedTimestamp: z.number().nullable(),
    respondedTimestamp: z.number().nullable(),
    unsubscribedTimestamp: z.number().nullable(),
    bouncedTimestamp: z.number().nullable(),
    /** Every click of the recipient. */
    clickCount: z.number().int(),
    /** The links the recipient clicked, most clicked first. */
    clickedLinks: z.array(clickedLinkSchema),
    /**
     * Merges sent by MergeDesk's engine (issue 24): how the send went — QUEUED, SENDING, SENT,
     * SKIPPED, FAILED or CANCELLED — with the skip or failure reason code and the attempts made.
     * Null for merges the add-on sent itself.
     */
    delivery: z
      .object({ status: z.string(), reason: z.string().nullable(), attempts: z.number().int() })
      .nullable()
      .optional(),
  })
  .meta({ id: 'CampaignRecipient' });
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const campaignRecipientListSchema = z.object({
  items: z.array(campaignRecipientSchema),
  /** the number of matching recipients, capped at RECIPIENT_TOTAL_CAP */
  total: z.number().int(),
});
export type CampaignRecipientList = z.infer<typeof campaignRecipientListSchema>;

export const campaignLinkStatsSchema = z.object({
  items: z.array(
    z.object({
      url: z.string(),
      /** every click on the link */
      clicks: z.number().int(),
      /** the recipients who clicked it */
      uniqueClickers: z.number().int(),
    }),
  ),
});
export type CampaignLinkStats = z.infer<typeof campaignLinkStatsSchema>;

/** The columns of the CSV export, in order. */
export const RECIPIENT_CSV_HEADER = [
  'Email',
  'Status',
  'Sent',
  'Opened',
  'Clicked',
  'Replied',
  'Responded',
  'Unsubscribed',
  'Bounced',
  'Sent at',
  'First opened at',
  'Last opened at',
  'First clicked at',
  'Last clicked at',
  'Clicks',
  'Clicked links',
  'Replied at',
  'Responded at',
  'Unsubscribed at',
  'Bounced at',
] as const;

/**
 * One recipient as a CSV row of RECIPIENT_CSV_HEADER: flags as true/false, moments in ISO 8601 UTC,
 * the clicked links separated by spaces (a URL never holds one).
 */
export const recipientCsvRow = (recipient: CampaignRecipient): CsvValue[] => [
  recipient.email,
  recipient.status,
  recipient.flags.sent,
  recipient.flags.opened,
  recipient.flags.clicked,
  recipient.flags.replied,
  recipient.flags.responded,
  recipient.flags.unsubscribed,
  recipient.flags.bounced,
  csvTimestamp(recipient.sentTimestamp),
  csvTimestamp(recipient.firstOpenedTimestamp),
  csvTimestamp(recipient.lastOpenedTimestamp),
  csvTimestamp(recipient.firstClickedTimestamp),
  csvTimestamp(recipient.lastClickedTimestamp),
  recipient.clickCount,
  recipient.clickedLinks.map((link) => link.url).join(' '),
  csvTimestamp(recipient.repliedTimestamp),
  csvTimestamp(recipient.respondedTimestamp),
  csvTimestamp(recipient.unsubscribedTimestamp),
  csvTimestamp(recipient.bouncedTimestamp),
];
