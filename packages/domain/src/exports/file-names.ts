/** Spec 002 §9: an export fetches at most 30000 rows (the list query's own maximum limit). */
export const EXPORT_LIMIT = 30_000;

/** Spec 002 §9 "Exported file names", before the `_{date}` part. */
const EXPORT_FILE_PREFIXES = {
  MAIL_MERGES: 'Exported_Mail_merges',
  SCHEDULED_MAIL_MERGES: 'Exported_Scheduled_Mail_merges',
  UNSUBSCRIPTIONS: 'Exported_Unsubscriptions',
  USERS: 'Exported_Users',
  BOUNCES: 'Exported_Bounces',
  /** Not in the spec: the recipients of one merge (issue 9). */
  RECIPIENTS: 'Exported_Recipients',
} as const;
export type ExportKind = keyof typeof EXPORT_FILE_PREFIXES;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * The {date} of an export file name: yyyy-MM-dd (sorts by name, has no characters that file
 * systems reject). Taken in UTC so the rule stays pure; the spec does not show the format.
 */
export const exportFileDate = (now: number | Date): string => {
  const date = typeof now === 'number' ? new Date(now) : now;
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
};

/** e.g. 'Exported_Bounces_2026-11-22.csv' (spec 002 §2.4, §9). */
export const exportFileName = (kind: ExportKind, now: number | Date): string =>
  `${EXPORT_FILE_PREFIXES[kind]}_${exportFileDate(now)}.csv`;
