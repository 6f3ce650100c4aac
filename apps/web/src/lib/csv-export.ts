import type { CsvValue } from '@mergedesk/domain/exports/csv-safety';
import { toCsv as domainToCsv } from '@mergedesk/domain/exports/csv-safety';

/**
 * CSV exports of the tables (spec 002 §1 "Tables support … CSV export", §9). The CSV text — RFC
 * 4180 quoting and formula neutralising of every cell — is the domain's (exports/csv-safety); no
 * CSV library is installed. This module only hands the text to the browser as a file.
 */

/** The UTF-8 byte order mark, so spreadsheet programs read accented addresses correctly. */
const BOM = '\uFEFF';

/** Saves `csv` as `{fileName}` (.csv added when missing) through a temporary link. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob([BOM, csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type CsvCell = CsvValue;

/**
 * Records (header first) as CSV text, written by the domain's toCsv (which neutralises formulas
 * and quotes per RFC 4180). `transformCell` runs first on every text cell.
 */
export function toCsv(
  records: ReadonlyArray<readonly CsvCell[]>,
  transformCell: (value: string) => string = (value) => value,
): string {
  const [header = [], ...rows] = records.map((record) =>
    record.map((cell) => (typeof cell === 'string' ? transformCell(cell) : cell)),
  );
  return domainToCsv(
    header.map((cell) => (cell == null ? '' : String(cell))),
    rows,
  );
}

/** Builds the CSV of `header` and `rows` with the domain's writer and downloads it. Returns the text. */
export function exportCsv(
  fileName: string,
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvValue[]>,
): string {
  const csv = domainToCsv(header, rows);
  downloadCsv(fileName, csv);
  return csv;
}
