import type { CsvValue } from '@mergedesk/domain/exports/csv-safety';
import { csvCell } from '@mergedesk/domain/exports/csv-values';
import { exportFileName, type ExportKind } from '@mergedesk/domain/exports/file-names';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

/**
 * CSV exports written by the server (issues 9 and 11): every text cell neutralised against
 * formulas first (packages/domain csvCell), then written with Papa Parse's rules — RFC 4180
 * quoting, CRLF line ends — by the loop below (csv-export.test.ts holds it to Papa.unparse's
 * output); the lines are sent as they are made, batch by batch, never the whole file in memory.
 * Papa.unparse itself cost about 75 ms of the 30,000-row recipients export (issue 11).
 */

/**
 * What makes Papa Parse quote a cell: a quote, the delimiter, a line break or a byte order mark
 * anywhere (Papa.BAD_DELIMITERS), or a space first or last.
 */
const NEEDS_QUOTES = /[",\r\n\uFEFF]|^ | $/;

/** One cell as CSV text: neutralised, quoted (quotes doubled) where Papa Parse quotes. */
export function csvField(value: CsvValue): string {
  const cell = csvCell(value);
  if (typeof cell !== 'string') return String(cell);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** CSV lines (each ending in CRLF) of `rows`. */
export function csvLines(rows: ReadonlyArray<readonly CsvValue[]>): string {
  let text = '';
  for (const row of rows) {
    for (let index = 0; index < row.length; index += 1) {
      if (index > 0) text += ',';
      text += csvField(row[index]);
    }
    text += '\r\n';
  }
  return text;
}

/**
 * Sends the chunks of `lines` as a CSV download named after `kind`. The stream pulls the next
 * chunk only when the socket has taken the last one (backpressure), so a slow client holds no more
 * than a batch in memory, and no database connection between batches.
 */
export function sendCsv(reply: FastifyReply, kind: ExportKind, lines: AsyncIterable<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(kind, Date.now())}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines, { highWaterMark: 1 }));
}
