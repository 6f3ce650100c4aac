import { neutralizeFormula, type CsvValue } from './csv-safety';

/**
 * What an exported cell holds (issue 9 "Exports and lists"): the file is data, not the screen.
 * Numbers are plain (1192, never the display format's '1.192', which an English spreadsheet reads
 * as a decimal), dates are ISO 8601 in UTC (they sort and every spreadsheet reads them), text is
 * neutralised against formula injection (csv-safety.ts).
 */

/** An instant (epoch ms or Date) as ISO 8601 UTC, e.g. '2026-06-26T14:03:00.000Z'; '' for none. */
export const csvTimestamp = (value: number | Date | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const date = typeof value === 'number' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
};

/** One cell as the CSV writer gets it: text neutralised, numbers plain, nothing as ''. */
export const csvCell = (value: CsvValue): string | number | boolean => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutralizeFormula(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return value;
};
