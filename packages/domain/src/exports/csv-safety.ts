/**
 * Characters that make a spreadsheet read a cell as a formula when they come first (OWASP "CSV
 * Injection": =, +, -, @, tab and carriage return). https://owasp.org/www-community/attacks/CSV_Injection
 */
const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

/**
 * Exported cells hold text typed by other people (sheet names, subjects, e-mail addresses), so a
 * cell starting with a formula trigger gets a leading single quote and opens as plain text.
 */
export const neutralizeFormula = (value: string): string =>
  // Every trigger is one character: the first one decides (an export neutralises every text cell).
  (FORMULA_TRIGGERS as readonly string[]).includes(value.charAt(0)) ? `'${value}` : value;

export type CsvValue = string | number | boolean | null | undefined;
