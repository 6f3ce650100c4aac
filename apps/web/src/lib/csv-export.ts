/**
 * CSV exports of the tables (spec 002 §1 "Tables support … CSV export", §7 "Exports fetch everything
 * with a limit of 30000"). No CSV library is installed, so this is a minimal RFC 4180 writer:
 * fields containing a comma, a double quote, CR or LF are quoted, quotes are doubled, records end
 * with CRLF. Formula neutralisation (CSV injection) is the domain's rule, applied by the caller's
 * cell values through `toCsv`'s `transformCell`.
 */

export type CsvCell = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;

/** One field, quoted when RFC 4180 asks for it. */
export const csvField = (value: CsvCell): string => {
  const text = value == null ? '' : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The records (header first) as CSV text; every cell passes through `transformCell` first. */
export function toCsv(
  records: readonly (readonly CsvCell[])[],
  transformCell: (value: string) => string = (value) => value,
): string {
  return records
    .map((record) =>
      record.map((cell) => csvField(transformCell(cell == null ? '' : String(cell)))).join(','),
    )
    .join('\r\n')
    .concat(records.length > 0 ? '\r\n' : '');
}

/** The UTF-8 byte order mark, so spreadsheet programs read accented addresses correctly. */
const BOM = '\uFEFF';

/** Saves `csv` as `{fileName}.csv` through a temporary link (the browser's download). */
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
