/**
 * How far behind the server's clock a scheduled run time may be and still count as "now": the
 * add-on's clock and ours disagree by a few seconds, and a merge scheduled for "in one minute" can
 * arrive after its minute began (issue 21; docs/decisions/344-scheduled-run-in-the-past.md).
 */
export const SCHEDULE_CLOCK_SKEW_MS = 60_000;

/** Ours (the spec shows no text): the add-on shows it when it schedules a merge for a past time. */
export const SCHEDULED_RUN_IN_PAST_MESSAGE =
  'The scheduled time is in the past. Choose a time in the future to schedule this mail merge.';

/**
 * Issue 21: a merge cannot be scheduled to run in the past. Null (out of quota, no next run; spec
 * 002 §4.1) is not a time and is allowed.
 */
export const isScheduledRunInPast = (nextScheduledRunTimestamp: number | null, now: number): boolean =>
  nextScheduledRunTimestamp !== null && nextScheduledRunTimestamp < now - SCHEDULE_CLOCK_SKEW_MS;
