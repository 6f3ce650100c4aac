import { datePartsIn } from '../format/dates';

/**
 * The composer's quota line (issue 25 "Options"): how many of a merge's recipients go at the start
 * and when the rest go, from the server's forecast (GET …/sending-forecast, api/composer.ts
 * SendingForecast). "You can send 20 more today; 5 will be sent after your quota resets on
 * November 28th, 2026 at 14:05." Dates are the dashboard's long dates ('MMMM do, yyyy', as the
 * tables) with the time on the 24-hour clock, in the reader's time zone; counts in en-US grouping
 * (docs/decisions/409-composer-forecast.md).
 */
export type QuotaLineInput = {
  /** What the sender may still send at the start (now or the scheduled time). */
  remaining: number;
  /** Recipients that wait for the quota. */
  later: number;
  /** When the first waiting recipient can go (ms); null when none waits or nothing ever frees. */
  resetAt: number | null;
};

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
const ordinal = (day: number): string => {
  if (day % 100 >= 11 && day % 100 <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
};

/** 'November 28th, 2026 at 14:05' in `timeZone` (en-US parts, assembled: the same text on every ICU). */
export function formatQuotaResetTime(at: number, timeZone: string): string {
  const parts = datePartsIn(at, timeZone, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${parts.month} ${ordinal(Number(parts.day))}, ${parts.year} at ${parts.hour}:${parts.minute}`;
}

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const count = (n: number): string => (n <= 0 ? 'no' : numbers.format(n));

/**
 * The sentence under the send options. `scheduled`: the forecast starts at the scheduled time, not
 * now, so "today" would be wrong. Nothing waits: only the first half ("You can send 20 more
 * today."). A quota of 0 frees nothing (resetAt null): the waiting recipients cannot be sent.
 */
export function quotaLine(
  forecast: QuotaLineInput,
  options: { timeZone: string; scheduled?: boolean },
): string {
  const start =
    options.scheduled === true
      ? `You can send ${count(forecast.remaining)} at the scheduled time`
      : `You can send ${count(forecast.remaining)} more today`;
  if (forecast.later <= 0) return `${start}.`;
  const waiting = numbers.format(forecast.later);
  if (forecast.resetAt === null) return `${start}; ${waiting} cannot be sent with a daily quota of 0.`;
  return `${start}; ${waiting} will be sent after your quota resets on ${formatQuotaResetTime(forecast.resetAt, options.timeZone)}.`;
}
