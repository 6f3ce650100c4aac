/**
 * When a composed merge goes (issue 25 "Options"): now, or at a time the sender picks. The engine
 * sends a past time at once (api/sending.ts scheduledAt "Unset or past: send now"); the composer
 * asks for a time in the future instead, so that 'scheduled' means scheduled.
 */
export const SCHEDULE_TIME_REQUIRED_MESSAGE = 'Pick the date and time to send at.';
export const SCHEDULE_IN_PAST_MESSAGE = 'Pick a time in the future.';

/** Why the picked time cannot be used (null: it can). `scheduledAt` is null when none is picked. */
export function scheduleError(scheduledAt: number | null, now: number): string | null {
  if (scheduledAt === null || !Number.isFinite(scheduledAt)) return SCHEDULE_TIME_REQUIRED_MESSAGE;
  if (scheduledAt <= now) return SCHEDULE_IN_PAST_MESSAGE;
  return null;
}
