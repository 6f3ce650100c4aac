import { describe, expect, it } from 'vitest';
import type { SkipReason } from '../sending/recipients';
import { summarizeRecipients } from './recipient-summary';

const skippedOf = (summary: ReturnType<typeof summarizeRecipients>) =>
  Object.fromEntries(
    summary.skipped.map(({ reason, recipients }) => [
      reason,
      recipients.map(({ index, email }) => `${index}:${email}`),
    ]),
  ) as Record<SkipReason, string[]>;

describe('summarizeRecipients: the engine’s skip rules, each skipped row listed with its reason', () => {
  it.each<
    [string, string[], { unsubscribed: string[]; bounced: string[] }, number, Record<SkipReason, string[]>]
  >([
    [
      'all valid',
      ['a@x.io', 'b@x.io'],
      { unsubscribed: [], bounced: [] },
      2,
      { INVALID_ADDRESS: [], DUPLICATE: [], UNSUBSCRIBED: [], BOUNCED: [] },
    ],
    [
      'one of each reason, rows as the file has them',
      ['a@x.io', 'nope', 'A@X.io ', 'Un@x.io', 'b@x.io', 'c@x.io'],
      { unsubscribed: ['un@x.io'], bounced: ['B@X.IO'] },
      2,
      {
        INVALID_ADDRESS: ['1:nope'],
        DUPLICATE: ['2:A@X.io '],
        UNSUBSCRIBED: ['3:Un@x.io'],
        BOUNCED: ['4:b@x.io'],
      },
    ],
    [
      'an empty cell is an invalid address',
      ['', 'a@x.io'],
      { unsubscribed: [], bounced: [] },
      1,
      { INVALID_ADDRESS: ['0:'], DUPLICATE: [], UNSUBSCRIBED: [], BOUNCED: [] },
    ],
    [
      'a repeated unsubscribed address is reported once as unsubscribed, then as duplicate',
      ['u@x.io', 'u@x.io'],
      { unsubscribed: ['u@x.io'], bounced: [] },
      0,
      { INVALID_ADDRESS: [], DUPLICATE: ['1:u@x.io'], UNSUBSCRIBED: ['0:u@x.io'], BOUNCED: [] },
    ],
  ])('%s', (_, emails, check, toSend, skipped) => {
    const summary = summarizeRecipients(emails, check);
    expect(summary.total).toBe(emails.length);
    expect(summary.toSend).toBe(toSend);
    expect(summary.skippedCount).toBe(emails.length - toSend);
    expect(skippedOf(summary)).toEqual(skipped);
  });

  it('lists the reasons in the engine’s order, also when none applies', () => {
    expect(summarizeRecipients(['a@x.io']).skipped.map(({ reason }) => reason)).toEqual([
      'INVALID_ADDRESS',
      'DUPLICATE',
      'UNSUBSCRIBED',
      'BOUNCED',
    ]);
  });
});
