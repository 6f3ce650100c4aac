/**
 * Dates and times as the tables show them, in the reader's time zone, with the browser's own
 * Intl.DateTimeFormat (en-US) assembled from its parts: no date library in the bundle (issue 11,
 * docs/decisions/295-dates-without-date-fns.md), and the same text on every ICU version (no narrow spaces).
 */
type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(timestamp: number, options: Intl.DateTimeFormatOptions): Parts {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, formatter);
  }
  const parts: Parts = {};
  for (const part of formatter.formatToParts(timestamp)) parts[part.type] = part.value;
  return parts;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** The long date of the tables, e.g. 'March 3rd, 2026' (date-fns 'MMMM do, yyyy'). */
export function formatLongDate(timestamp: number): string {
  const { month, day, year } = partsOf(timestamp, { month: 'long', day: 'numeric', year: 'numeric' });
  return `${month} ${ordinal(Number(day))}, ${year}`;
}

/** A moment in a table, with its time, e.g. 'Mar 3, 2026, 14:05' (date-fns 'MMM d, yyyy, HH:mm'). */
export function formatDateTime(timestamp: number): string {
  const { month, day, year, hour, minute } = partsOf(timestamp, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${month} ${day}, ${year}, ${hour}:${minute}`;
}

/** A time of day, e.g. '9:30 AM' (date-fns 'h:mm a'). */
export function formatTimeOfDay(timestamp: number): string {
  const { hour, minute, dayPeriod } = partsOf(timestamp, {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  return `${hour}:${minute} ${dayPeriod}`;
}
