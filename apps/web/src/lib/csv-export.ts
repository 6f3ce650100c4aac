import type { CsvValue } from '@mergedesk/domain/exports/csv-safety';
import { csvCell } from '@mergedesk/domain/exports/csv-values';
import Papa from 'papaparse';
import { trackEvent } from './analytics';

/**
 * CSV exports of the tables (spec 002 §1 "Tables support … CSV export", §9). Papa Parse writes the
 * CSV (RFC 4180 quoting, CRLF line ends); every text cell goes through the domain's formula
 * neutralising first (OWASP CSV injection), while numbers stay numbers.
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
  // Spec 002 §7: CSV exports are logged as usage events (when analytics is granted).
  trackEvent({ event_type: 'csv_export', message: link.download });
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type CsvCell = CsvValue;

/** A header line and the rows as CSV text. */
function writeCsv(header: readonly CsvValue[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return Papa.unparse(
    { fields: header.map((cell) => String(csvCell(cell))), data: rows.map((row) => row.map(csvCell)) },
    { newline: '\r\n' },
  );
}

/** Records (header first) as CSV text; `transformCell` runs first on every text cell. */
export function toCsv(
  records: ReadonlyArray<readonly CsvCell[]>,
  transformCell: (value: string) => string = (value) => value,
): string {
  const [header, ...rows] = records.map((record) =>
    record.map((cell) => (typeof cell === 'string' ? transformCell(cell) : cell)),
  );
  return header ? writeCsv(header, rows) : '';
}

/** Builds the CSV of `header` and `rows` and downloads it. Returns the text. */
export function exportCsv(
  fileName: string,
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvValue[]>,
): string {
  const csv = writeCsv(header, rows);
  downloadCsv(fileName, csv);
  return csv;
}
