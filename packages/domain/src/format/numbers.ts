/**
 * Spec 002 §9: "Numbers are shown in German locale format (thousands separator)". One formatter for
 * every count in the dashboard, the tables and the CSV exports, so '1.500' reads the same everywhere.
 */
const germanNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** '1.500', '10.000', '1.234.567'; a non-finite input shows as '0' rather than 'NaN'. */
export const formatNumber = (n: number): string => germanNumber.format(Number.isFinite(n) ? n : 0);

/** A count and its noun, singular for exactly one: '1 recipient', '1.500 recipients'. */
export const formatCount = (count: number, one: string, many: string): string =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/**
 * Spec 002 §9 "Percentages are rounded": `part` of `total` as an integer percentage. A total of 0
 * (or a non-finite or negative total) gives 0, never NaN or Infinity.
 */
export const formatPercent = (part: number, total: number): number => {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.round((part / total) * 100);
};

/**
 * The percentage as shown: the number directly followed by '%' ('42%'). Our choice: the screens
 * are in English (column headers 'Opened %', 'Clicked %'), so the English sign placement is used,
 * while the number itself keeps the German grouping of formatNumber.
 */
export const formatPercentLabel = (percent: number): string => `${formatNumber(percent)}%`;

/** The campaign counters of spec 002 §3 "Sent campaign" (eventCounts). */
export type CampaignEventCounts = {
  sentCount: number;
  bouncedCount: number;
  openedCount: number;
  clickedCount: number;
  respondedCount: number;
  unsubscribedCount: number;
};

export type CampaignRates = {
  delivered: number;
  deliveredPercent: number;
  openedPercent: number;
  clickedPercent: number;
  respondedPercent: number;
  unsubscribedPercent: number;
  bouncedPercent: number;
};

/**
 * Spec 002 §9: delivered = sent minus bounced; delivered % and bounced % are against sent; opened,
 * clicked, responded and unsubscribed % are against delivered. Delivered never goes below 0 (more
 * bounces than sends can only be inconsistent data).
 */
export const campaignRates = (counts: CampaignEventCounts): CampaignRates => {
  const delivered = Math.max(0, counts.sentCount - counts.bouncedCount);
  return {
    delivered,
    deliveredPercent: formatPercent(delivered, counts.sentCount),
    openedPercent: formatPercent(counts.openedCount, delivered),
    clickedPercent: formatPercent(counts.clickedCount, delivered),
    respondedPercent: formatPercent(counts.respondedCount, delivered),
    unsubscribedPercent: formatPercent(counts.unsubscribedCount, delivered),
    bouncedPercent: formatPercent(counts.bouncedCount, counts.sentCount),
  };
};

/** Spec 002 §3 "Poll results": items of info and count. */
export type PollItem = { info: string; count: number };

/**
 * Spec 002 §9: "Poll percentages are rounded against the total" — the total is the sum of the
 * items' counts; each item keeps its fields and gains `percent`. Rounded percentages may not add up
 * to exactly 100 (e.g. three equal answers give 33 each); the spec asks for plain rounding.
 */
export const pollPercentages = <T extends PollItem>(items: readonly T[]): Array<T & { percent: number }> => {
  const total = items.reduce((sum, item) => sum + (Number.isFinite(item.count) ? item.count : 0), 0);
  return items.map((item) => ({ ...item, percent: formatPercent(item.count, total) }));
};

/** Display cap of list totals (10.000+). */
const DISPLAY_TOTAL_CAP = 10_000;

/** A total shown with the German grouping; at or above the cap it reads e.g. '10.000+'. */
export const formatCappedTotal = (total: number, cap: number = DISPLAY_TOTAL_CAP): string =>
  total >= cap ? `${formatNumber(cap)}+` : formatNumber(total);
