/**
 * The composer's quota line (issue 25 item 5) from the engine's forecast (api/composer.ts
 * sendingForecastSchema): "You can send 20 more today; 5 will be sent after your quota resets on …".
 * `resetAt` is the reset time as the reader's app formats it (the caller's time zone).
 */
export type QuotaForecast = { remaining: number; now: number; later: number };

const grouped = (count: number): string => count.toLocaleString('en-US');

export function quotaSentence(
  forecast: QuotaForecast,
  options: { scheduled: boolean; resetAt: string | null },
): string {
  const when = options.scheduled ? 'at the scheduled time' : 'today';
  const head = `You can send ${grouped(Math.max(forecast.remaining, 0))} more ${when}`;
  if (forecast.later === 0) return `${head}: all ${grouped(forecast.now)} recipients go at once.`;
  const reset =
    options.resetAt === null ? 'when your quota resets' : `after your quota resets on ${options.resetAt}`;
  return `${head}; ${grouped(forecast.later)} will be sent ${reset}.`;
}
