import type { CsvValue } from '@mergedesk/domain/exports/csv-safety';
import { csvCell } from '@mergedesk/domain/exports/csv-values';
import { exportFileName, type ExportKind } from '@mergedesk/domain/exports/file-names';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import Papa from 'papaparse';

/**
 * CSV exports written by the server (issues 9 and 11): RFC 4180 quoting and CRLF line ends (Papa
 * Parse), every text cell neutralised against formulas first (packages/domain csvCell), the lines
 * sent as they are made — batch by batch, never the whole file in memory.
 */

/** CSV lines (each ending in CRLF) of `rows`. */
export function csvLines(rows: ReadonlyArray<readonly CsvValue[]>): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(
    rows.map((row) => row.map(csvCell)),
    { newline: '\r\n' },
  )}\r\n`;
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
