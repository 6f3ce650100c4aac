import { datePartsIn, type DateParts } from '../format/dates';
import type { EntitlementInput } from '../plans/entitlements';
import { deriveEntitlements } from '../plans/entitlements';
import { paceIntervalMs } from './pacing';

/**
 * The sender's daily recipient quota as a rolling 24-hour window, counted from the ledger of sends
 * (issue 24 "Quotas"; docs/decisions/377-sending-quota-window.md), and the forecast of when a merge
 * bigger than what is left will go out. Times are arguments: nothing here reads the clock.
 */

/** The window is 24 hours, rolling: a send counts until exactly 24 h after it, then no more. */
export const QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The sender's limit in the space the merge is sent from: the `dailyQuota` of the one plan rule
 * (plans/entitlements deriveEntitlements → quotas/quotas dailyRecipientQuota): Free 20 (or the
 * account's freeUserQuota), personal Pro 400 and Workspace Pro 1,500 for a paid seat in a paying
 * space (spec 000 §9, spec 001 §9, spec 002 §9; docs/decisions/378-sending-sender-quota.md).
 */
export const senderDailyQuota = (input: EntitlementInput): number => deriveEntitlements(input).dailyQuota;

export type QuotaWindow = {
  /** Sends counted in the window at `now`. */
  used: number;
  /** Sends that may go now: the limit minus what is used, never below 0. */
  remaining: number;
  /**
   * When a send may go again: the moment enough counted sends have left the window for one more
   * (with the window exactly full, when the oldest leaves). Null when something remains, when
   * nothing is counted, or when the limit is 0 (nothing ever frees).
   */
  nextFreeAt: Date | null;
};

/** The ledger's times that count at `now`, oldest first: newer than exactly 24 h ago. */
const countedAt = (sentAt: readonly Date[], now: Date): number[] => {
  const from = now.getTime() - QUOTA_WINDOW_MS;
  return sentAt
    .map((date) => date.getTime())
    .filter((time) => time > from)
    .sort((a, b) => a - b);
};

/**
 * The window at `now` for a sender whose ledger holds `sentAt` (any order; times older than 24 h
 * are ignored, so the caller may pass a little more). A send exactly 24 h old has left the window.
 */
export function quotaWindow(input: { limit: number; sentAt: readonly Date[]; now: Date }): QuotaWindow {
  const counted = countedAt(input.sentAt, input.now);
  const limit = Math.max(0, Math.floor(input.limit));
  const used = counted.length;
  const remaining = Math.max(0, limit - used);
  // Full (or over, when the limit went down): one more send fits once used - k < limit, i.e. when
  // the (used - limit)-th oldest send (0-based) leaves.
  const freeing = remaining > 0 || limit === 0 ? undefined : counted[used - limit];
  return { used, remaining, nextFreeAt: freeing === undefined ? null : new Date(freeing + QUOTA_WINDOW_MS) };
}

export type ForecastBatch = { at: Date; count: number };

/**
 * Consecutive sends closer than this belong to one batch of the forecast (the engine sends them
 * without waiting): a run of slots freeing one by one, as yesterday's paced sends leave the window.
 */
export const FORECAST_RUN_GAP_MS = 60_000;

/**
 * When `count` more recipients will go out for a sender: what fits now, then each time the window
 * frees capacity (a send at t frees its slot at t + 24 h, sends placed by this forecast included),
 * grouped into batches of sends less than FORECAST_RUN_GAP_MS apart; each batch is at its first send.
 * Sends are paced at `perSecond` (pacing.ts), so a batch of 1,500 spans minutes and its slots free
 * the next day one by one as well. With a limit of 0 nothing can be placed: the result is empty.
 * The ledger's times are at or before `now` (what has been handed to Gmail).
 */
export function forecastSends(input: {
  count: number;
  limit: number;
  sentAt: readonly Date[];
  now: Date;
  perSecond: number;
}): ForecastBatch[] {
  const limit = Math.max(0, Math.floor(input.limit));
  const count = Math.max(0, Math.floor(input.count));
  if (limit === 0 || count === 0) return [];
  const now = input.now.getTime();
  const interval = paceIntervalMs(input.perSecond);
  // Every send in the window and every send placed here, oldest first (placed sends only ever
  // come after the ledger's).
  const occupied = countedAt(input.sentAt, input.now);
  const batches: { at: number; count: number }[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (let placed = 0; placed < count; placed += 1) {
    const freeing = occupied[occupied.length - limit];
    const at = Math.max(now, previous + interval, freeing === undefined ? now : freeing + QUOTA_WINDOW_MS);
    const last = batches.at(-1);
    if (last !== undefined && at - previous < FORECAST_RUN_GAP_MS) last.count += 1;
    else batches.push({ at, count: 1 });
    occupied.push(at);
    previous = at;
  }
  return batches.map((batch) => ({ at: new Date(batch.at), count: batch.count }));
}

// --- the forecast as a sentence --------------------------------------------------------------

/** Parts of a moment in a time zone, English names, 24-hour clock. */
const partsIn = (time: Date, timeZone: string): DateParts =>
  datePartsIn(time, timeZone, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

/** The calendar day (as a day number) of a moment in a time zone. */
const calendarDay = (time: Date, timeZone: string): number => {
  const parts = datePartsIn(time, timeZone, { year: 'numeric', month: 'numeric', day: 'numeric' });
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / QUOTA_WINDOW_MS;
};

/** 'today', 'today at 15:40', 'tomorrow at 09:12', 'on Sunday, 29 Nov at 09:12'. */
const whenLabel = (at: Date, now: Date, timeZone: string): string => {
  if (at.getTime() <= now.getTime()) return 'today';
  const { weekday, day, month, hour, minute } = partsIn(at, timeZone);
  const time = `${hour}:${minute}`;
  const days = calendarDay(at, timeZone) - calendarDay(now, timeZone);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `tomorrow at ${time}`;
  return `on ${weekday}, ${day} ${month} at ${time}`;
};

/**
 * The forecast of a scheduled merge as the dashboard shows it (issue 24): 'sends 1,500 today,
 * 700 tomorrow at 09:12'. Days are the reader's calendar days in `timeZone`; times are on the
 * 24-hour clock; counts are grouped with `locale`'s separators (default 'en-US', as the issue's
 * example; docs/decisions/376-sending-quota-forecast.md). No batch: 'sends nothing'.
 */
export function formatForecast(
  batches: readonly ForecastBatch[],
  options: { now: Date; timeZone: string; locale?: string },
): string {
  if (batches.length === 0) return 'sends nothing';
  const numbers = new Intl.NumberFormat(options.locale ?? 'en-US', { maximumFractionDigits: 0 });
  const parts = batches.map(
    (batch) => `${numbers.format(batch.count)} ${whenLabel(batch.at, options.now, options.timeZone)}`,
  );
  return `sends ${parts.join(', ')}`;
}
