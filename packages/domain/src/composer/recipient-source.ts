import { MAX_RECIPIENTS_PER_CAMPAIGN } from '../campaigns/constants';

/**
 * The composer's recipients file (issue 25 "Recipients"): a CSV uploaded, dropped or pasted. Its
 * limits are the sending engine's (api/sending.ts: 5,000 recipients, 50 columns a recipient), so a
 * file the composer accepts is one the engine accepts.
 */

/** Rows after the header: one recipient each, the engine's maximum. */
export const MAX_CSV_ROWS = MAX_RECIPIENTS_PER_CAMPAIGN;
/** Columns of the file: the engine's maximum of fields per recipient. */
export const MAX_CSV_COLUMNS = 50;

const grouped = (count: number): string => count.toLocaleString('en-US');

const tooManyRowsMessage = (rows: number): string =>
  `The file has ${grouped(rows)} recipients. A mail merge can send to at most ${grouped(MAX_CSV_ROWS)}: split the file and send it as several mail merges.`;

const tooManyColumnsMessage = (columns: number): string =>
  `The file has ${grouped(columns)} columns. A mail merge can use at most ${grouped(MAX_CSV_COLUMNS)}: remove the columns you do not need.`;

export const NO_RECIPIENT_ROWS_MESSAGE =
  'The file has no recipients: the first row names the columns, each row after it is one recipient.';

export const NO_HEADER_MESSAGE = 'The first row of the file must name every column.';

/** Why a parsed file cannot be used, or null when it can: no rows, too many rows or columns. */
export function recipientSourceError(source: {
  columns: readonly string[];
  rowCount: number;
}): string | null {
  if (source.columns.length === 0 || source.columns.some((column) => column.trim() === ''))
    return NO_HEADER_MESSAGE;
  if (source.columns.length > MAX_CSV_COLUMNS) return tooManyColumnsMessage(source.columns.length);
  if (source.rowCount === 0) return NO_RECIPIENT_ROWS_MESSAGE;
  if (source.rowCount > MAX_CSV_ROWS) return tooManyRowsMessage(source.rowCount);
  return null;
}

/**
 * The engine stores a merge's source sheet; a CSV has none. The key of a composed merge is 'csv:'
 * and the merge's idempotency key without dashes: no dash, so no Google Sheets link is made of it
 * (campaigns/sheet-key: the last dash splits a sheet key), and one composed merge keeps one key.
 */
export const composerSheetKey = (idempotencyKey: string): string =>
  `csv:${idempotencyKey.replaceAll('-', '')}`;

/** What a pasted list is called where the merge lists show its spreadsheet's name. */
export const PASTED_ROWS_NAME = 'Pasted rows';
