import { describe, expect, it } from 'vitest';
import type {
  FailureReason,
  MergeStatus,
  RecipientClassification,
  RecipientSendStatus,
  SkipReason,
} from './recipients';
import {
  sheetRowOf,
  classifyRecipients,
  FAILURE_REASONS,
  failureReasonLabel,
  isValidRecipientEmail,
  isMergeOver,
  MERGE_OVER_STATUSES,
  MERGE_STATUSES,
  mergeStatusLabel,
  normalizeEmail,
  RECIPIENT_SEND_STATUSES,
  recipientSendStatusLabel,
  SKIP_REASONS,
  skipReasonLabel,
} from './recipients';

describe('normalizeEmail: trimmed, the whole address lower-cased', () => {
  it.each([
    [' Ada@Example.COM ', 'ada@example.com'],
    ['ADA.LOVELACE+News@Gmail.com', 'ada.lovelace+news@gmail.com'],
    ['ann@Bücher.DE', 'ann@xn--bcher-kva.de'],
    ['already@normal.org', 'already@normal.org'],
  ])('%j -> %j', (email, expected) => {
    expect(normalizeEmail(email)).toBe(expected);
  });
});

describe('isValidRecipientEmail (the domain e-mail rule)', () => {
  it.each<[string, boolean]>([
    ['ada@example.com', true],
    [' Ada@Example.com ', true],
    ['josé@exämple.com', true],
    ['ada@example', false],
    ['ada example.com', false],
    ['', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    [`${'a'.repeat(250)}@x.com`, false],
  ])('%j -> %s', (email, expected) => {
    expect(isValidRecipientEmail(email)).toBe(expected);
  });
});

describe('classifyRecipients: invalid > duplicate > unsubscribed > bounced, first occurrence wins', () => {
  const suppressed = {
    unsubscribed: new Set(['gone@example.com', 'both@example.com']),
    bounced: new Set(['bounced@example.com', 'both@example.com']),
  };
  const queued = (index: number, email: string): RecipientClassification => ({
    index,
    email,
    status: 'QUEUED',
  });
  const skipped = (index: number, email: string, reason: SkipReason): RecipientClassification => ({
    index,
    email,
    status: 'SKIPPED',
    reason,
  });

  it.each<[string, string[], RecipientClassification[]]>([
    [
      'all good',
      ['a@example.com', 'b@example.com'],
      [queued(0, 'a@example.com'), queued(1, 'b@example.com')],
    ],
    [
      'invalid',
      ['not-an-address', 'a@example.com'],
      [skipped(0, 'not-an-address', 'INVALID_ADDRESS'), queued(1, 'a@example.com')],
    ],
    ['empty cell', [''], [skipped(0, '', 'INVALID_ADDRESS')]],
    [
      'duplicates with different case and spaces: the first wins',
      ['Ada@Example.com', ' ada@example.COM', 'ADA@EXAMPLE.COM'],
      [
        queued(0, 'ada@example.com'),
        skipped(1, 'ada@example.com', 'DUPLICATE'),
        skipped(2, 'ada@example.com', 'DUPLICATE'),
      ],
    ],
    [
      'an invalid repeat is invalid, not a duplicate',
      ['x@', 'x@'],
      [skipped(0, 'x@', 'INVALID_ADDRESS'), skipped(1, 'x@', 'INVALID_ADDRESS')],
    ],
    [
      'a repeat of an unsubscribed address is a duplicate',
      ['Gone@example.com', 'gone@example.com'],
      [skipped(0, 'gone@example.com', 'UNSUBSCRIBED'), skipped(1, 'gone@example.com', 'DUPLICATE')],
    ],
    ['unsubscribed', ['GONE@example.com'], [skipped(0, 'gone@example.com', 'UNSUBSCRIBED')]],
    ['bounced', ['bounced@example.com'], [skipped(0, 'bounced@example.com', 'BOUNCED')]],
    ['on both lists: unsubscribed', ['both@example.com'], [skipped(0, 'both@example.com', 'UNSUBSCRIBED')]],
    [
      'the same address in another domain is not suppressed',
      ['gone@example.org'],
      [queued(0, 'gone@example.org')],
    ],
    ['none', [], []],
  ])('%s', (_case, emails, expected) => {
    expect(
      classifyRecipients(
        emails.map((email) => ({ email })),
        suppressed,
      ),
    ).toEqual(expected);
  });

  it('keeps the input order and indexes', () => {
    const result = classifyRecipients(
      [{ email: 'b@example.com' }, { email: 'a@example.com' }, { email: 'B@example.com' }],
      { unsubscribed: new Set(), bounced: new Set() },
    );
    expect(result.map((r) => [r.index, r.status])).toEqual([
      [0, 'QUEUED'],
      [1, 'QUEUED'],
      [2, 'SKIPPED'],
    ]);
  });
});

describe('labels', () => {
  it.each<[SkipReason, string]>([
    ['INVALID_ADDRESS', 'Invalid address'],
    ['DUPLICATE', 'Duplicate in this merge'],
    ['UNSUBSCRIBED', 'Unsubscribed'],
    ['BOUNCED', 'Bounced'],
  ])('skip reason %s -> %j', (reason, label) => {
    expect(skipReasonLabel(reason)).toBe(label);
  });

  it('every skip reason, failure reason and status has a label', () => {
    expect(SKIP_REASONS.map(skipReasonLabel).every((label) => label.length > 0)).toBe(true);
    expect(FAILURE_REASONS.map(failureReasonLabel).every((label) => label.length > 0)).toBe(true);
    expect(RECIPIENT_SEND_STATUSES.map(recipientSendStatusLabel).every((label) => label.length > 0)).toBe(
      true,
    );
    expect(MERGE_STATUSES.map(mergeStatusLabel).every((label) => label.length > 0)).toBe(true);
  });

  it.each<[FailureReason, string]>([
    ['GMAIL_REJECTED', 'Rejected by Gmail'],
    ['GMAIL_ERROR', 'Gmail error'],
    ['SENDER_DISCONNECTED', 'Gmail disconnected'],
  ])('failure reason %s -> %j', (reason, label) => {
    expect(failureReasonLabel(reason)).toBe(label);
  });

  it.each<[RecipientSendStatus, string]>([
    ['QUEUED', 'Queued'],
    ['SENDING', 'Sending'],
    ['SENT', 'Sent'],
    ['SKIPPED', 'Skipped'],
    ['FAILED', 'Failed'],
    ['CANCELLED', 'Cancelled'],
  ])('recipient status %s -> %j', (status, label) => {
    expect(recipientSendStatusLabel(status)).toBe(label);
  });

  it.each<[MergeStatus, string]>([
    ['SCHEDULED', 'Scheduled'],
    ['QUEUED', 'Queued'],
    ['SENDING', 'Sending'],
    ['WAITING_FOR_QUOTA', 'Waiting for quota'],
    ['PAUSED_RATE_LIMITED', 'Paused: rate-limited by the email provider'],
    ['PAUSED_GMAIL_DISCONNECTED', 'Paused: Gmail disconnected'],
    ['DONE', 'Done'],
    ['CANCELLED', 'Cancelled'],
  ])('merge status %s -> %j', (status, label) => {
    expect(mergeStatusLabel(status)).toBe(label);
  });
});

describe('sheetRowOf: the header is row 1', () => {
  it.each([
    [0, 2],
    [6, 8],
    [4999, 5001],
  ])('recipient index %i is row %i', (index, row) => {
    expect(sheetRowOf(index)).toBe(row);
  });
});

describe('isMergeOver: DONE and CANCELLED only', () => {
  const cases: Record<(typeof MERGE_STATUSES)[number], boolean> = {
    SCHEDULED: false,
    QUEUED: false,
    SENDING: false,
    WAITING_FOR_QUOTA: false,
    PAUSED_RATE_LIMITED: false,
    PAUSED_GMAIL_DISCONNECTED: false,
    DONE: true,
    CANCELLED: true,
  };
  it.each(Object.entries(cases))('%s -> %s', (status, over) => {
    expect(isMergeOver(status)).toBe(over);
  });
  it('MERGE_OVER_STATUSES (the server’s conditional updates) are exactly those', () => {
    expect([...MERGE_OVER_STATUSES].sort()).toEqual(
      Object.entries(cases)
        .filter(([, over]) => over)
        .map(([status]) => status)
        .sort(),
    );
  });
});
