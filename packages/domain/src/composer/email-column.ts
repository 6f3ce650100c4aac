import { isValidRecipientEmail } from '../sending/recipients';

/**
 * Which column of a recipients file holds the addresses (issue 25 "The e-mail column is detected,
 * and the person can change it"):
 * 1. the first column whose header names an address ('Email', 'E-mail', 'Email address', 'Mail',
 *    'E-Mail-Adresse'…: case, spaces, dashes and underscores ignored);
 * 2. else the column whose values are most often addresses, if more than half of its non-blank
 *    values (of the first SAMPLE_ROWS rows) are;
 * 3. else none: the person picks it.
 */

const EMAIL_HEADERS = new Set([
  'email',
  'emails',
  'emailaddress',
  'emailaddresses',
  'mail',
  'mailaddress',
  'emailadresse',
  'recipient',
  'recipientemail',
  'to',
]);

const headerKey = (header: string): string => header.toLowerCase().replace(/[\s_.\-–:]+/g, '');

export const isEmailHeader = (header: string): boolean => EMAIL_HEADERS.has(headerKey(header));

/** Rows looked at for the values rule: enough to tell, cheap for 5,000 rows. */
const SAMPLE_ROWS = 200;

/** The share of a column's non-blank values that are addresses (0 when it has none). */
function addressShare(column: string, rows: readonly Readonly<Record<string, string>>[]): number {
  let filled = 0;
  let addresses = 0;
  for (const row of rows.slice(0, SAMPLE_ROWS)) {
    const value = (row[column] ?? '').trim();
    if (value === '') continue;
    filled += 1;
    if (isValidRecipientEmail(value)) addresses += 1;
  }
  return filled === 0 ? 0 : addresses / filled;
}

export function detectEmailColumn(
  columns: readonly string[],
  rows: readonly Readonly<Record<string, string>>[],
): string | null {
  const named = columns.find(isEmailHeader);
  if (named !== undefined) return named;
  let best: { column: string; share: number } | null = null;
  for (const column of columns) {
    const share = addressShare(column, rows);
    if (share > 0.5 && (best === null || share > best.share)) best = { column, share };
  }
  return best?.column ?? null;
}
