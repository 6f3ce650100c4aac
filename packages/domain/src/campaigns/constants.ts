/** Spec 002 §2.2 / §9: search box changes are debounced by 200 ms. */
export const SEARCH_DEBOUNCE_MS = 200;

/** Spec 002 §4.2 / §9: the campaign detail is refreshed every 30 s. */
export const CAMPAIGN_REFETCH_INTERVAL_MS = 30_000;

/** Spec 002 §9: list cache stale time 1 s. */
export const LIST_STALE_TIME_MS = 1000;

/**
 * Rows per page of the mail-merge, unsubscription and bounce tables. Spec 002 does not state it; 25
 * is the default limit of the shared list query (api/list-query).
 */
export const PAGE_SIZE = 25;

/** Spec 002 §2.6 / §9: the template grid shows 10 placeholders while loading. */
export const TEMPLATE_PLACEHOLDERS = 10;

/**
 * One merge sends to at most this many recipients (issue 24; a Gmail account's daily maximum is
 * 2,000, so a bigger merge spreads over days within the sender's quota).
 */
export const MAX_RECIPIENTS_PER_CAMPAIGN = 5000;

/** Spec 002 §4.1 / §9: a scheduled merge is recoverable while its retry count is below 5. */
export const MAX_RECOVERABLE_RETRIES = 5;

/**
 * What can happen to a sent message (spec 002 §3 "Campaign" counters): one campaign event each,
 * folded into the merge's counters by the aggregation job.
 */
export const CAMPAIGN_EVENT_TYPES = [
  'sent',
  'opened',
  'clicked',
  'bounced',
  'unsubscribed',
  'responded',
] as const;
export type CampaignEventType = (typeof CAMPAIGN_EVENT_TYPES)[number];
