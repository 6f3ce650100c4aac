import { PAGE_SIZE } from './constants';

/**
 * The per-recipient view of a sent mail merge (issue 9 "Who opened, who clicked"): every flag a
 * recipient has, and the one status the table shows. The spec has no such view; the rules are
 * ours (docs/decisions/190-statuses-and-flags.md).
 */

/** Every status a recipient can have; a recipient keeps each flag, the table shows one of them. */
export const RECIPIENT_STATUSES = [
  'sent',
  'opened',
  'clicked',
  'replied',
  'responded',
  'unsubscribed',
  'bounced',
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export type RecipientFlags = Record<RecipientStatus, boolean>;

/**
 * The status shown, most telling first: a bounce means the mail never arrived, whatever else was
 * recorded; an opt-out outweighs engagement before it; a reply is worth more than a form answer,
 * which is worth more than a click, which implies an open.
 */
const RECIPIENT_STATUS_PRECEDENCE: readonly RecipientStatus[] = [
  'bounced',
  'unsubscribed',
  'replied',
  'responded',
  'clicked',
  'opened',
  'sent',
];

/** The one status of a recipient's flags (a recipient with no flag at all was sent the mail). */
export const recipientStatus = (flags: RecipientFlags): RecipientStatus =>
  RECIPIENT_STATUS_PRECEDENCE.find((status) => flags[status]) ?? 'sent';

/** The moments the flags come from (epoch ms, null when it did not happen). */
export type RecipientMoments = {
  sentTimestamp: number | null;
  firstOpenedTimestamp: number | null;
  firstClickedTimestamp: number | null;
  /** The add-on reported a reply by e-mail. */
  repliedTimestamp: number | null;
  /** The recipient answered the merge's form or poll. */
  respondedTimestamp: number | null;
  unsubscribedTimestamp: number | null;
  bouncedTimestamp: number | null;
};

/** The flags of a recipient's moments; a click counts as an open (as the counters do). */
export const recipientFlags = (moments: RecipientMoments): RecipientFlags => ({
  sent: moments.sentTimestamp !== null,
  opened: moments.firstOpenedTimestamp !== null || moments.firstClickedTimestamp !== null,
  clicked: moments.firstClickedTimestamp !== null,
  replied: moments.repliedTimestamp !== null,
  responded: moments.respondedTimestamp !== null,
  unsubscribed: moments.unsubscribedTimestamp !== null,
  bounced: moments.bouncedTimestamp !== null,
});

/** The status filter of the list and the export: everyone, or those with one flag. */
export const RECIPIENT_FILTERS = ['all', ...RECIPIENT_STATUSES] as const;
export type RecipientFilter = (typeof RECIPIENT_FILTERS)[number];

export const RECIPIENT_STATUS_LABELS = {
  sent: 'Sent',
  opened: 'Opened',
  clicked: 'Clicked',
  replied: 'Replied',
  responded: 'Responded',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
} as const satisfies Record<RecipientStatus, string>;

export const RECIPIENT_FILTER_LABELS = {
  all: 'All recipients',
  ...RECIPIENT_STATUS_LABELS,
} as const satisfies Record<RecipientFilter, string>;

/** Rows per page of the recipients table: the lists' page size. */
export const RECIPIENT_PAGE_SIZE = PAGE_SIZE;
/** The most rows one page of the API answers. */
export const RECIPIENT_PAGE_MAX = 100;
/** The list's total is counted up to this many rows (a merge has at most a few thousand). */
export const RECIPIENT_TOTAL_CAP = 10_000;
/** The export reads the recipients in pages of this many rows (the answer is streamed). */
export const RECIPIENT_EXPORT_CHUNK = 1000;
/** Searching an address: at most this many characters. */
export const RECIPIENT_SEARCH_MAX = 254;
