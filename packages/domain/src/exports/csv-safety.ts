/**
 * Characters that make a spreadsheet read a cell as a formula when they come first (OWASP "CSV
 * Injection": =, +, -, @, tab and carriage return). https://owasp.org/www-community/attacks/CSV_Injection
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

/**
 * Exported cells hold text typed by other people (sheet names, subjects, e-mail addresses), so a
 * cell starting with a formula trigger gets a leading single quote and opens as plain text.
 */
export const neutralizeFormula = (value: string): string =>
  (FORMULA_TRIGGERS as readonly string[]).some((trigger) => value.startsWith(trigger)) ? `'${value}` : value;

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV field: text is neutralised, then quoted per RFC 4180 when it holds a quote, comma or line
 * break. Numbers and booleans are written as they are (a negative count is data, not a formula);
 * null and undefined are empty.
 */
export const csvCell = (value: CsvValue): string => {
  if (value == null) return '';
  if (typeof value !== 'string') return Number.isNaN(value) ? '' : String(value);
  const safe = neutralizeFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** A header line and the rows as one CSV text, lines ending in CRLF (RFC 4180). */
export const toCsv = (header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string =>
  [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
