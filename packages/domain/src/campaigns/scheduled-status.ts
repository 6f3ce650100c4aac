import { z } from 'zod';
import { MAX_RECOVERABLE_RETRIES } from './constants';

/** Spec 002 §4.1: the status of a merge that is (still) being sent. */
export const IN_PROGRESS_STATUS = 'IN PROGRESS';

/** Spec 002 §4.1: the error statuses of a scheduled merge (spelled with spaces, as the server sends them). */
export const SCHEDULED_ERROR_STATUSES = [
  'TOO COMPLEX REGEXP',
  'SPREADSHEET DELETED',
  'INVALID DRAFT',
  'UNKNOWN ERROR',
  'DRAFT NOT FOUND',
  'NAMED RANGE DELETED',
  'USER PROPERTY NOT FOUND',
  'SHEET DELETED',
] as const;
export type ScheduledErrorStatus = (typeof SCHEDULED_ERROR_STATUSES)[number];

export const SCHEDULED_STATUSES = [IN_PROGRESS_STATUS, ...SCHEDULED_ERROR_STATUSES] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];
export const scheduledStatusSchema = z.enum(SCHEDULED_STATUSES);

/** Spec 002 §3 "Scheduled campaign" errorDetails. */
export type ScheduledErrorDetails = {
  error?: string | null;
  errorDetails?: string | null;
  recoverableErrorRetries?: number | null;
  recoverableErrorLastRetryTimestamp?: number | null;
};

/** The fields of a scheduled campaign list item that the status rules read. */
export type ScheduledStatusItem = {
  /** A ScheduledStatus; typed as string because the server may send a status we do not know yet. */
  status: string | null | undefined;
  nextScheduledRunTimestamp?: number | null;
  errorDetails?: ScheduledErrorDetails | null;
};

const ONE_HOUR_MS = 60 * 60 * 1000;

const isScheduledErrorStatus = (value: unknown): value is ScheduledErrorStatus =>
  typeof value === 'string' && (SCHEDULED_ERROR_STATUSES as readonly string[]).includes(value);

/**
 * The error of an item: its status when that is an error status, else errorDetails.error when that
 * is one (spec 002 §3 lists both fields without saying which carries it), else null.
 */
export const scheduledErrorStatus = (item: ScheduledStatusItem): ScheduledErrorStatus | null => {
  if (isScheduledErrorStatus(item.status)) return item.status;
  const error = item.errorDetails?.error;
  return isScheduledErrorStatus(error) ? error : null;
};

/** Spec 002 §4.1 "Out of quota": there is no next run time and the status is IN PROGRESS. */
export const isOutOfQuota = (item: ScheduledStatusItem): boolean =>
  item.nextScheduledRunTimestamp == null && item.status === IN_PROGRESS_STATUS;

/**
 * Spec 002 §4.1 "Recoverable error": a last-retry time exists and the retry count is between 1 and
 * 4 (below 5, §9).
 */
export const isRecoverable = (errorDetails: ScheduledErrorDetails | null | undefined): boolean => {
  const retries = errorDetails?.recoverableErrorRetries;
  return (
    errorDetails?.recoverableErrorLastRetryTimestamp != null &&
    retries != null &&
    retries >= 1 &&
    retries < MAX_RECOVERABLE_RETRIES
  );
};

/** Spec 002 §4.1 / §9: the next attempt is the last-retry time plus one hour; null without a last retry. */
export const nextRetryTime = (errorDetails: ScheduledErrorDetails | null | undefined): number | null => {
  const last = errorDetails?.recoverableErrorLastRetryTimestamp;
  return last == null ? null : last + ONE_HOUR_MS;
};

/**
 * Spec 002 §4.1 / §8: the errors with a "Sending will be attempted again at …" variant are the ones
 * retried; the others (a deleted or invalid draft, a deleted spreadsheet …) cannot heal by waiting.
 */
const RETRIED_SCHEDULED_ERRORS: readonly ScheduledErrorStatus[] = [
  'UNKNOWN ERROR',
  'NAMED RANGE DELETED',
  'SHEET DELETED',
];

/** What the engine stores after a failed run of a scheduled merge, and when it runs again. */
export type ScheduledErrorOutcome = {
  status: ScheduledErrorStatus;
  errorDetails: {
    error: ScheduledErrorStatus;
    recoverableErrorRetries: number;
    recoverableErrorLastRetryTimestamp: number | null;
  };
  /** The next run (epoch ms), one hour after this try; null: the merge is given up (FAILED). */
  retryAt: number | null;
};

/**
 * A run of a scheduled merge failed with `error` at `now` (issue 24, spec 002 §4.1): a retried
 * error counts one more retry and runs again one hour later while isRecoverable holds (retries 1
 * to 4, so at most 5 tries in all); the fifth failure, or an error that is not retried, gives up
 * (no last-retry time, so isRecoverable and scheduledStatusKind read it as FAILED).
 */
export const scheduledErrorOutcome = (
  error: ScheduledErrorStatus,
  previous: ScheduledErrorDetails | null | undefined,
  now: number,
): ScheduledErrorOutcome => {
  const retries = previous?.recoverableErrorRetries ?? 0;
  if (!RETRIED_SCHEDULED_ERRORS.includes(error)) {
    return {
      status: error,
      errorDetails: { error, recoverableErrorRetries: retries, recoverableErrorLastRetryTimestamp: null },
      retryAt: null,
    };
  }
  const errorDetails = {
    error,
    recoverableErrorRetries: retries + 1,
    recoverableErrorLastRetryTimestamp: now,
  };
  return {
    status: error,
    errorDetails,
    retryAt: isRecoverable(errorDetails) ? nextRetryTime(errorDetails) : null,
  };
};

// --- texts (spec 002 §4.1, §8 "Scheduled merge messages") ------------------------------------

const OUT_OF_QUOTA_MESSAGE =
  'Your mail merge could not be sent in full because your sending quota was insufficient. It will resume as soon as your quota resets.';

/** Spec 002 §4.1: the delivery date of an out-of-quota merge. */
export const UPON_QUOTA_RESET_LABEL = 'Upon quota reset';

export const MISSING_SUBJECT_MESSAGE =
  'Subject is unavailable because this mail merge has been sent by someone else';

export const CANCEL_SUCCESS_ALERT = 'Mail merge cancelled.';
export const CANCEL_ERROR_ALERT = 'An error occurred. Please try again.';

/**
 * Ours (issue 9): a merge the server answers 404 for — cancelled, in another space, or a junk id —
 * is gone for good, not a temporary error: the dialog says so and leads back to the list.
 */
export const MERGE_NOT_AVAILABLE = {
  title: 'This mail merge is no longer available.',
  description: 'It does not exist, has been cancelled, or belongs to a space you are not in.',
  back: 'Back to mail merges',
} as const;

const TOO_COMPLEX_REGEXP_MESSAGE = 'The draft is too long.';
const SPREADSHEET_DELETED_MESSAGE =
  'The spreadsheet could not be found. Create a new spreadsheet to send another merge.';
const INVALID_DRAFT_MESSAGE = "The draft couldn't be properly processed.";
const UNKNOWN_ERROR_MESSAGE =
  'An unexpected error occurred. If you still want to send it, please schedule a new merge.';
const DRAFT_NOT_FOUND_MESSAGE = 'The draft was deleted. Create a new draft, then schedule a new merge.';
const NAMED_RANGE_DELETED_MESSAGE =
  'The email address column was altered. If you still want to send it, please schedule a new merge.';
const USER_PROPERTY_NOT_FOUND_MESSAGE =
  'An unrecoverable error occurred with your account. This mail merge cannot be sent and will be deleted the next time you schedule a merge.';
const SHEET_DELETED_MESSAGE =
  'The sheet was deleted and all attempts to send this mail merge failed. If you still want to send it, please schedule a new merge.';

const unknownErrorRetryMessage = (retryTime: string): string =>
  `An unexpected error occurred. Sending will be attempted again at ${retryTime}.`;
const namedRangeDeletedRetryMessage = (retryTime: string): string =>
  `The email address column was altered. Open the sheet and then the add-on to fix it. Sending will be attempted again at ${retryTime}.`;
const sheetDeletedRetryMessage = (retryTime: string): string =>
  `The sheet was deleted. Restore it before ${retryTime}, when sending will be attempted again.`;

/**
 * The message shown for a scheduled merge (spec 002 §4.1, §8), or null when there is nothing to
 * report (a merge in progress with a next run time, or a status we do not know). `formatTime`
 * formats the retry time (epoch ms) for the reader; it is called only for a recoverable error.
 * UNKNOWN ERROR, NAMED RANGE DELETED and SHEET DELETED have a retry variant when recoverable; the
 * other errors read the same either way.
 */
export const scheduledStatusMessage = (
  item: ScheduledStatusItem,
  formatTime: (epochMs: number) => string,
): string | null => {
  if (isOutOfQuota(item)) return OUT_OF_QUOTA_MESSAGE;
  const status = scheduledErrorStatus(item);
  if (status === null) return null;
  const retry = isRecoverable(item.errorDetails) ? nextRetryTime(item.errorDetails) : null;
  switch (status) {
    case 'TOO COMPLEX REGEXP':
      return TOO_COMPLEX_REGEXP_MESSAGE;
    case 'SPREADSHEET DELETED':
      return SPREADSHEET_DELETED_MESSAGE;
    case 'INVALID DRAFT':
      return INVALID_DRAFT_MESSAGE;
    case 'UNKNOWN ERROR':
      return retry === null ? UNKNOWN_ERROR_MESSAGE : unknownErrorRetryMessage(formatTime(retry));
    case 'DRAFT NOT FOUND':
      return DRAFT_NOT_FOUND_MESSAGE;
    case 'NAMED RANGE DELETED':
      return retry === null ? NAMED_RANGE_DELETED_MESSAGE : namedRangeDeletedRetryMessage(formatTime(retry));
    case 'USER PROPERTY NOT FOUND':
      return USER_PROPERTY_NOT_FOUND_MESSAGE;
    case 'SHEET DELETED':
      return retry === null ? SHEET_DELETED_MESSAGE : sheetDeletedRetryMessage(formatTime(retry));
  }
};

/**
 * Ours (issue 9): the Status column of the scheduled merges, so a failed merge does not look pending.
 * - SCHEDULED: in progress with a next run time;
 * - WAITING_FOR_QUOTA: out of quota (§4.1), resumes when the quota resets;
 * - RETRYING: an error status that is recoverable (§4.1), another attempt is due;
 * - FAILED: an error status that is not (or no longer) recoverable: it will not be sent.
 * A status the client does not know, without an error, reads as SCHEDULED (as the dialog shows no
 * message for it).
 */
export type ScheduledStatusKind = 'SCHEDULED' | 'WAITING_FOR_QUOTA' | 'RETRYING' | 'FAILED';

export const SCHEDULED_STATUS_LABELS = {
  SCHEDULED: 'Scheduled',
  WAITING_FOR_QUOTA: 'Waiting for quota',
  RETRYING: 'Will retry',
  FAILED: 'Failed',
} as const satisfies Record<ScheduledStatusKind, string>;

export const scheduledStatusKind = (item: ScheduledStatusItem): ScheduledStatusKind => {
  if (isOutOfQuota(item)) return 'WAITING_FOR_QUOTA';
  if (scheduledErrorStatus(item) === null) return 'SCHEDULED';
  return isRecoverable(item.errorDetails) ? 'RETRYING' : 'FAILED';
};

/**
 * The delivery date column: 'Upon quota reset' when out of quota (spec 002 §4.1), otherwise the
 * next run time formatted by `formatDate`; null when there is no next run time to show.
 */
export const scheduledDeliveryLabel = (
  item: ScheduledStatusItem,
  formatDate: (epochMs: number) => string,
): string | null => {
  if (isOutOfQuota(item)) return UPON_QUOTA_RESET_LABEL;
  return item.nextScheduledRunTimestamp == null ? null : formatDate(item.nextScheduledRunTimestamp);
};

/** Spec 002 §8: a sent campaign without a subject was sent by someone else. */
export const campaignSubject = (sentMessageSubject: string | null | undefined): string =>
  sentMessageSubject == null || sentMessageSubject.trim() === ''
    ? MISSING_SUBJECT_MESSAGE
    : sentMessageSubject;
