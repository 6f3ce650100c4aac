import { describe, expect, it } from 'vitest';
import {
  SCHEDULED_STATUS_LABELS,
  scheduledStatusKind,
  CANCEL_ERROR_ALERT,
  CANCEL_SUCCESS_ALERT,
  campaignSubject,
  isOutOfQuota,
  isRecoverable,
  MISSING_SUBJECT_MESSAGE,
  nextRetryTime,
  SCHEDULED_ERROR_STATUSES,
  SCHEDULED_STATUSES,
  scheduledDeliveryLabel,
  scheduledErrorOutcome,
  scheduledErrorStatus,
  scheduledStatusMessage,
  scheduledStatusSchema,
  UPON_QUOTA_RESET_LABEL,
  type ScheduledErrorDetails,
  type ScheduledErrorStatus,
  type ScheduledStatusItem,
} from './scheduled-status';

const LAST_RETRY = Date.parse('2026-11-22T10:00:00.000Z');
const NEXT_RUN = Date.parse('2026-11-23T09:00:00.000Z');
const formatTime = (epochMs: number): string => new Date(epochMs).toISOString().slice(11, 16);
const recoverable: ScheduledErrorDetails = {
  recoverableErrorRetries: 2,
  recoverableErrorLastRetryTimestamp: LAST_RETRY,
};
const exhausted: ScheduledErrorDetails = {
  recoverableErrorRetries: 5,
  recoverableErrorLastRetryTimestamp: LAST_RETRY,
};

describe('scheduled statuses (spec 002 §4.1)', () => {
  it('are IN PROGRESS and the 8 error statuses', () => {
    expect(SCHEDULED_STATUSES).toEqual([
      'IN PROGRESS',
      'TOO COMPLEX REGEXP',
      'SPREADSHEET DELETED',
      'INVALID DRAFT',
      'UNKNOWN ERROR',
      'DRAFT NOT FOUND',
      'NAMED RANGE DELETED',
      'USER PROPERTY NOT FOUND',
      'SHEET DELETED',
    ]);
    expect(SCHEDULED_ERROR_STATUSES).toHaveLength(8);
  });

  it.each([
    ['IN PROGRESS', true],
    ['SHEET DELETED', true],
    ['in progress', false],
    ['SENT', false],
  ])('schema %j -> %s', (value, ok) => {
    expect(scheduledStatusSchema.safeParse(value).success).toBe(ok);
  });

  it.each<[ScheduledStatusItem, string | null]>([
    [{ status: 'SHEET DELETED' }, 'SHEET DELETED'],
    [{ status: 'IN PROGRESS', errorDetails: { error: 'INVALID DRAFT' } }, 'INVALID DRAFT'],
    [{ status: 'IN PROGRESS', nextScheduledRunTimestamp: NEXT_RUN }, null],
    [{ status: 'SOMETHING NEW', errorDetails: { error: 'whatever' } }, null],
  ])('scheduledErrorStatus(%j) -> %j', (item, expected) => {
    expect(scheduledErrorStatus(item)).toBe(expected);
  });
});

describe('isOutOfQuota (spec 002 §4.1: "there is no next run time and the status is IN PROGRESS")', () => {
  it.each<[ScheduledStatusItem, boolean]>([
    [{ status: 'IN PROGRESS', nextScheduledRunTimestamp: null }, true],
    [{ status: 'IN PROGRESS' }, true],
    [{ status: 'IN PROGRESS', nextScheduledRunTimestamp: NEXT_RUN }, false],
    [{ status: 'UNKNOWN ERROR', nextScheduledRunTimestamp: null }, false],
    [{ status: null }, false],
  ])('%j -> %s', (item, expected) => {
    expect(isOutOfQuota(item)).toBe(expected);
  });
});

describe('isRecoverable (spec 002 §4.1: "a last-retry time exists and the retry count is between 1 and 4 (below 5)")', () => {
  it.each<[ScheduledErrorDetails | null | undefined, boolean]>([
    [{ recoverableErrorRetries: 1, recoverableErrorLastRetryTimestamp: LAST_RETRY }, true],
    [{ recoverableErrorRetries: 4, recoverableErrorLastRetryTimestamp: LAST_RETRY }, true],
    [{ recoverableErrorRetries: 5, recoverableErrorLastRetryTimestamp: LAST_RETRY }, false],
    [{ recoverableErrorRetries: 0, recoverableErrorLastRetryTimestamp: LAST_RETRY }, false],
    [{ recoverableErrorRetries: 2, recoverableErrorLastRetryTimestamp: null }, false],
    [{ recoverableErrorRetries: 2 }, false],
    [{ recoverableErrorLastRetryTimestamp: LAST_RETRY }, false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (details, expected) => {
    expect(isRecoverable(details)).toBe(expected);
  });
});

describe('nextRetryTime (spec 002 §9: "the last retry time plus 1 hour")', () => {
  it.each<[ScheduledErrorDetails | null, number | null]>([
    [recoverable, Date.parse('2026-11-22T11:00:00.000Z')],
    [{ recoverableErrorRetries: 2 }, null],
    [null, null],
  ])('%j -> %s', (details, expected) => {
    expect(nextRetryTime(details)).toBe(expected);
  });
});

describe('scheduledStatusMessage (spec 002 §8 "Scheduled merge messages")', () => {
  it.each<[string, ScheduledStatusItem, string | null]>([
    [
      'Out of quota',
      { status: 'IN PROGRESS', nextScheduledRunTimestamp: null },
      'Your mail merge could not be sent in full because your sending quota was insufficient. It will resume as soon as your quota resets.',
    ],
    [
      'in progress with a next run time: nothing to report',
      { status: 'IN PROGRESS', nextScheduledRunTimestamp: NEXT_RUN },
      null,
    ],
    [
      'unknown status: nothing to report',
      { status: 'SOMETHING NEW', nextScheduledRunTimestamp: NEXT_RUN },
      null,
    ],
    ['TOO COMPLEX REGEXP', { status: 'TOO COMPLEX REGEXP' }, 'The draft is too long.'],
    [
      'SPREADSHEET DELETED',
      { status: 'SPREADSHEET DELETED' },
      'The spreadsheet could not be found. Create a new spreadsheet to send another merge.',
    ],
    ['INVALID DRAFT', { status: 'INVALID DRAFT' }, "The draft couldn't be properly processed."],
    [
      'UNKNOWN ERROR, recoverable: a retry message',
      { status: 'UNKNOWN ERROR', errorDetails: recoverable },
      'An unexpected error occurred. Sending will be attempted again at 11:00.',
    ],
    [
      'UNKNOWN ERROR, not recoverable',
      { status: 'UNKNOWN ERROR', errorDetails: exhausted },
      'An unexpected error occurred. If you still want to send it, please schedule a new merge.',
    ],
    [
      'UNKNOWN ERROR without error details',
      { status: 'UNKNOWN ERROR' },
      'An unexpected error occurred. If you still want to send it, please schedule a new merge.',
    ],
    [
      'DRAFT NOT FOUND',
      { status: 'DRAFT NOT FOUND' },
      'The draft was deleted. Create a new draft, then schedule a new merge.',
    ],
    [
      'NAMED RANGE DELETED, recoverable: with a retry time',
      { status: 'NAMED RANGE DELETED', errorDetails: recoverable },
      'The email address column was altered. Open the sheet and then the add-on to fix it. Sending will be attempted again at 11:00.',
    ],
    [
      'NAMED RANGE DELETED, not recoverable: schedule a new merge',
      { status: 'NAMED RANGE DELETED', errorDetails: exhausted },
      'The email address column was altered. If you still want to send it, please schedule a new merge.',
    ],
    [
      'USER PROPERTY NOT FOUND',
      { status: 'USER PROPERTY NOT FOUND', errorDetails: recoverable },
      'An unrecoverable error occurred with your account. This mail merge cannot be sent and will be deleted the next time you schedule a merge.',
    ],
    [
      'SHEET DELETED, recoverable: restore the sheet before the retry time',
      { status: 'SHEET DELETED', errorDetails: recoverable },
      'The sheet was deleted. Restore it before 11:00, when sending will be attempted again.',
    ],
    [
      'SHEET DELETED, not recoverable: all attempts failed',
      { status: 'SHEET DELETED', errorDetails: exhausted },
      'The sheet was deleted and all attempts to send this mail merge failed. If you still want to send it, please schedule a new merge.',
    ],
    [
      'the error may come in errorDetails.error',
      {
        status: 'IN PROGRESS',
        nextScheduledRunTimestamp: NEXT_RUN,
        errorDetails: { error: 'TOO COMPLEX REGEXP' },
      },
      'The draft is too long.',
    ],
  ])('%s', (_case, item, expected) => {
    expect(scheduledStatusMessage(item, formatTime)).toBe(expected);
  });
});

describe('scheduledDeliveryLabel (spec 002 §4.1: "the delivery date reads \'Upon quota reset\'")', () => {
  it.each<[ScheduledStatusItem, string | null]>([
    [{ status: 'IN PROGRESS', nextScheduledRunTimestamp: null }, 'Upon quota reset'],
    [{ status: 'IN PROGRESS', nextScheduledRunTimestamp: NEXT_RUN }, '09:00'],
    [{ status: 'SHEET DELETED', nextScheduledRunTimestamp: NEXT_RUN }, '09:00'],
    [{ status: 'SHEET DELETED', nextScheduledRunTimestamp: null }, null],
  ])('%j -> %j', (item, expected) => {
    expect(scheduledDeliveryLabel(item, formatTime)).toBe(expected);
  });

  it('exports the label', () => {
    expect(UPON_QUOTA_RESET_LABEL).toBe('Upon quota reset');
  });
});

describe('campaignSubject (spec 002 §8 "Missing campaign subject")', () => {
  it.each<[string | null | undefined, string]>([
    ['Hello {{First name}}', 'Hello {{First name}}'],
    ['', 'Subject is unavailable because this mail merge has been sent by someone else'],
    ['   ', 'Subject is unavailable because this mail merge has been sent by someone else'],
    [null, 'Subject is unavailable because this mail merge has been sent by someone else'],
    [undefined, MISSING_SUBJECT_MESSAGE],
  ])('%j -> %j', (subject, expected) => {
    expect(campaignSubject(subject)).toBe(expected);
  });
});

describe('cancel alerts (spec 002 §4.1 "Cancel")', () => {
  it.each([
    ['success', CANCEL_SUCCESS_ALERT, 'Mail merge cancelled.'],
    ['failure', CANCEL_ERROR_ALERT, 'An error occurred. Please try again.'],
  ])('%s', (_case, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('scheduledStatusKind (issue 9: the Status column)', () => {
  const retrying = { recoverableErrorRetries: 2, recoverableErrorLastRetryTimestamp: 1_000 };
  const spent = { recoverableErrorRetries: 5, recoverableErrorLastRetryTimestamp: 1_000 };
  it.each<[string, Parameters<typeof scheduledStatusKind>[0], string]>([
    ['in progress with a next run', { status: 'IN PROGRESS', nextScheduledRunTimestamp: 5 }, 'Scheduled'],
    ['out of quota', { status: 'IN PROGRESS', nextScheduledRunTimestamp: null }, 'Waiting for quota'],
    [
      'a recoverable error',
      { status: 'UNKNOWN ERROR', nextScheduledRunTimestamp: 5, errorDetails: retrying },
      'Will retry',
    ],
    ['retries used up', { status: 'NAMED RANGE DELETED', errorDetails: spent }, 'Failed'],
    ['an unrecoverable error', { status: 'DRAFT NOT FOUND', nextScheduledRunTimestamp: null }, 'Failed'],
    [
      'the error in errorDetails',
      { status: 'X', nextScheduledRunTimestamp: 5, errorDetails: { error: 'INVALID DRAFT' } },
      'Failed',
    ],
  ])('%s -> %s', (_, item, label) => {
    expect(SCHEDULED_STATUS_LABELS[scheduledStatusKind(item)]).toBe(label);
  });
});

describe('scheduledErrorOutcome (issue 24, spec 002 §4.1: retry one hour after the last try, up to 5 tries)', () => {
  const NOW = Date.parse('2026-11-27T12:00:00.000Z');
  const HOUR = 60 * 60 * 1000;
  it.each<[string, ScheduledErrorStatus, ScheduledErrorDetails | null, number, number | null, number | null]>(
    [
      ['first failure: retry 1, in an hour', 'UNKNOWN ERROR', null, 1, NOW, NOW + HOUR],
      [
        'second failure',
        'UNKNOWN ERROR',
        { recoverableErrorRetries: 1, recoverableErrorLastRetryTimestamp: LAST_RETRY },
        2,
        NOW,
        NOW + HOUR,
      ],
      ['fourth failure: the last retry', 'SHEET DELETED', { recoverableErrorRetries: 3 }, 4, NOW, NOW + HOUR],
      ['fifth failure: given up', 'NAMED RANGE DELETED', { recoverableErrorRetries: 4 }, 5, NOW, null],
      ['a draft that is gone is not retried', 'DRAFT NOT FOUND', null, 0, null, null],
      ['an invalid draft is not retried, whatever came before', 'INVALID DRAFT', recoverable, 2, null, null],
    ],
  )('%s', (_case, error, previous, retries, lastRetry, retryAt) => {
    const outcome = scheduledErrorOutcome(error, previous, NOW);
    expect(outcome).toEqual({
      status: error,
      errorDetails: {
        error,
        recoverableErrorRetries: retries,
        recoverableErrorLastRetryTimestamp: lastRetry,
      },
      retryAt,
    });
    // What the dashboard then reads (scheduledStatusKind): retrying while a retry is due, else failed.
    expect(scheduledStatusKind({ status: error, errorDetails: outcome.errorDetails })).toBe(
      retryAt === null ? 'FAILED' : 'RETRYING',
    );
  });
});
