import { neutralizeFormula, type CsvValue } from './csv-safety';

/**
 * What an exported cell holds (issue 9 "Exports and lists"): the file is data, not the screen.
 * Numbers are plain (1192, never the display format's '1.192', which an English spreadsheet reads
 * as a decimal), dates are ISO 8601 in UTC (they sort and every spreadsheet reads them), text is
 * neutralised against formula injection (csv-safety.ts).
 */

const DAY_MS = 86_400_000;
/** The day of the last timestamp written and its 'YYYY-MM-DDT' (an export's moments share days). */
let cachedDay = Number.NaN;
let cachedDayPrefix = '';
/** '00'…'99' and '000'…'999': the time of day's fields, zero-padded. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, '0'));

/**
 * An instant (epoch ms or Date) as ISO 8601 UTC, e.g. '2026-06-26T14:03:00.000Z' (what
 * Date.prototype.toISOString writes); '' for none. The date part comes from toISOString once per
 * day and the time of day is written here: a 30,000-recipient export writes about 70,000 moments,
 * and toISOString for each was a tenth of the export's time (issue 11).
 */
export const csvTimestamp = (value: number | Date | null | undefined): string => {
  if (value === null || value === undefined) return '';
  // new Date(value).getTime(): whole milliseconds, NaN out of the Date range.
  const ms = typeof value === 'number' ? new Date(value).getTime() : value.getTime();
  if (Number.isNaN(ms)) return '';
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, -'00:00:00.000Z'.length);
    cachedDay = day;
  }
  const time = ms - day * DAY_MS;
  const seconds = Math.floor(time / 1000);
  return `${cachedDayPrefix}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}.${THREE_DIGITS[time % 1000]}Z`;
};

/** One cell as the CSV writer gets it: text neutralised, numbers plain, nothing as ''. */
export const csvCell = (value: CsvValue): string | number | boolean => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutralizeFormula(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return value;
};
