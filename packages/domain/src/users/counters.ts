/** The counters of a space in the me call (spec 000 §3). */
export type SpaceCounters = {
  totalNumberOfMailsSent: { count: number };
  monthlySentMails: ReadonlyArray<{ year: number; month: number; count: number }>;
};

/**
 * 'Emails sent this month' (spec 002 §1): the monthlySentMails entry of the current calendar
 * month, 0 when there is none. Months are 1–12 in UTC, as the server counts them.
 */
export const sentThisMonth = (counters: SpaceCounters, now: Date): number =>
  counters.monthlySentMails.find(
    (entry) => entry.year === now.getUTCFullYear() && entry.month === now.getUTCMonth() + 1,
  )?.count ?? 0;
