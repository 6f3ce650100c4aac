import Papa from 'papaparse';
import { recipientSourceError } from '@mergedesk/domain/composer/recipient-source';

/**
 * A recipients file as the composer holds it (issue 25 "Recipients"): the header row's columns and
 * one record per row, every value a string ('' for a missing cell).
 */
export type RecipientSource = {
  /** The file's name, or the pasted rows' name: the merge's spreadsheet and sheet name. */
  name: string;
  columns: string[];
  rows: Record<string, string>[];
};

export type ParseResult = { ok: true; source: RecipientSource } | { ok: false; message: string };

/** The delimiters a file may use; Papa Parse picks the one that splits the rows consistently. */
const DELIMITERS = [',', ';', '\t'];

export const UNCLOSED_QUOTE_MESSAGE = (line: number) =>
  `Line ${line.toLocaleString('en-US')} has a quote (") that is never closed. Close it, or remove it, and try again.`;
const UNREADABLE_FILE_MESSAGE = 'The file could not be read. Save it as CSV (UTF-8) and try again.';

/**
 * Parses CSV text with Papa Parse: a UTF-8 byte order mark is dropped, the delimiter (comma,
 * semicolon or tab) is detected, quoted fields may hold delimiters, quotes and line breaks, blank
 * lines are skipped, headers are trimmed. Then the domain's limits apply (5,000 rows, 50 columns).
 */
export function parseRecipients(text: string, name: string): ParseResult {
  const result = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    delimitersToGuess: DELIMITERS,
    transformHeader: (header) => header.trim(),
  });
  const quoteError = result.errors.find((error) => error.type === 'Quotes');
  if (quoteError) return { ok: false, message: UNCLOSED_QUOTE_MESSAGE((quoteError.row ?? 0) + 1) };
  const columns = result.meta.fields ?? [];
  const error = recipientSourceError({ columns, rowCount: result.data.length });
  if (error !== null) return { ok: false, message: error };
  const rows = result.data.map((record) =>
    Object.fromEntries(columns.map((column) => [column, (record[column] ?? '').trim()])),
  );
  return { ok: true, source: { name, columns, rows } };
}

/** Reads a dropped or chosen file as UTF-8 (the decoder drops a byte order mark) and parses it. */
export async function parseRecipientFile(file: File): Promise<ParseResult> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: UNREADABLE_FILE_MESSAGE };
  }
  return parseRecipients(text, file.name.replace(/\.(csv|tsv|txt)$/i, '') || file.name);
}
