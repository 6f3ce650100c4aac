import Papa from 'papaparse';

/**
 * Reads an exported CSV back as a spreadsheet program would (issue 9: exports are data): the header
 * line names the fields; with Papa Parse's dynamic typing numbers become numbers and ISO 8601
 * dates Date objects (text that is neither stays text); a leading byte order mark is dropped. Fails on any parse error.
 */
export function parseCsv(text: string): Array<Record<string, unknown>> {
  const parsed = Papa.parse<Record<string, unknown>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    dynamicTyping: true,
    skipEmptyLines: true,
  });
  if (parsed.errors.length > 0) throw new Error(`CSV parse errors: ${JSON.stringify(parsed.errors)}`);
  return parsed.data;
}
