/** Spec 002 §3: a merge source sheet key is the spreadsheet id and the sheet id joined by a dash. */
export type SheetKey = { spreadsheetId: string; sheetId: string };

/**
 * Spec 002 §3: "The last dash splits them" (spreadsheet ids may themselves contain dashes). A key
 * without a dash, or with nothing on either side of the last dash, is not a sheet key: null.
 */
export const splitSheetKey = (mergeSourceSheetKey: string | null | undefined): SheetKey | null => {
  if (mergeSourceSheetKey == null) return null;
  const dash = mergeSourceSheetKey.lastIndexOf('-');
  if (dash <= 0 || dash === mergeSourceSheetKey.length - 1) return null;
  return { spreadsheetId: mergeSourceSheetKey.slice(0, dash), sheetId: mergeSourceSheetKey.slice(dash + 1) };
};

/** The Google Sheets address that opens the spreadsheet on the given sheet (tab). */
export const spreadsheetUrl = (spreadsheetId: string, sheetId: string): string =>
  `https://docs.google.com/spreadsheets/d/${encodeURIComponent(spreadsheetId)}/edit#gid=${encodeURIComponent(sheetId)}`;

/** The spreadsheet link of a campaign row; null when the key cannot be split (no link shown). */
export const sheetKeyUrl = (mergeSourceSheetKey: string | null | undefined): string | null => {
  const key = splitSheetKey(mergeSourceSheetKey);
  return key === null ? null : spreadsheetUrl(key.spreadsheetId, key.sheetId);
};

/** Our choice of joiner for the scheduled merge title (spec 002 §3 only says "joined"). */
const SCHEDULED_TITLE_SEPARATOR = ' - ';

/**
 * Spec 002 §3: "The title is the spreadsheet name and sheet name joined", e.g. 'Leads - Sheet1'.
 * A missing or blank part is left out rather than leaving a dangling separator.
 */
export const scheduledTitle = (
  spreadsheetName: string | null | undefined,
  sheetName: string | null | undefined,
): string =>
  [spreadsheetName, sheetName]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(SCHEDULED_TITLE_SEPARATOR);
