import { describe, expect, it } from 'vitest';
import type { GmailBulkMeterLevel } from './gmail-meter';
import {
  GMAIL_BULK_SENDER_THRESHOLD,
  gmailBulkMeter,
  gmailBulkMeterCopy,
  isGmailAddress,
} from './gmail-meter';

describe('isGmailAddress: gmail.com and googlemail.com only', () => {
  it.each<[string, boolean]>([
    ['ada@gmail.com', true],
    ['Ada@GMail.COM ', true],
    ['ada@googlemail.com', true],
    ['ada@example.com', false],
    // A Google Workspace domain cannot be told from the address.
    ['ada@company-on-workspace.com', false],
    ['ada@gmail.com.evil.org', false],
    ['ada@notgmail.com', false],
    ['gmail.com', false],
  ])('%j -> %s', (email, expected) => {
    expect(isGmailAddress(email)).toBe(expected);
  });
});

describe('gmailBulkMeter: warning from 80 % (4,000), over from 5,000', () => {
  it.each<[number, number, GmailBulkMeterLevel, number]>([
    [0, 0, 'ok', 0],
    [3999, 0, 'ok', 3999],
    [3000, 999, 'ok', 3999],
    [4000, 0, 'warning', 4000],
    [3500, 500, 'warning', 4000],
    [0, 4999, 'warning', 4999],
    [4999, 1, 'over', 5000],
    [5000, 0, 'over', 5000],
    [4200, 2000, 'over', 6200],
    [-5, Number.NaN, 'ok', 0],
  ])('sent %s + queued %s -> %s (%s)', (sentToGmailLast24h, queuedToGmail, level, total) => {
    expect(gmailBulkMeter({ sentToGmailLast24h, queuedToGmail })).toEqual({
      level,
      total,
      threshold: GMAIL_BULK_SENDER_THRESHOLD,
    });
  });

  it('the threshold is Google’s 5,000 a day', () => {
    expect(GMAIL_BULK_SENDER_THRESHOLD).toBe(5000);
  });
});

describe('gmailBulkMeterCopy', () => {
  it('says nothing while ok', () => {
    expect(gmailBulkMeterCopy(gmailBulkMeter({ sentToGmailLast24h: 10, queuedToGmail: 0 }))).toBeNull();
  });

  it('warns with the total and the threshold', () => {
    expect(gmailBulkMeterCopy(gmailBulkMeter({ sentToGmailLast24h: 4000, queuedToGmail: 200 }))).toEqual({
      title: 'Close to Google’s bulk-sender limit',
      message:
        'Your space has sent or queued 4,200 messages to Gmail addresses in the last 24 hours. From 5,000 a day, Google treats you as a bulk sender. Google then expects SPF, DKIM and DMARC for your domain, one-click unsubscribe (MergeDesk adds it) and a spam rate below 0.3 %.',
    });
  });

  it('says when the space is over, in the locale asked for', () => {
    const copy = gmailBulkMeterCopy(gmailBulkMeter({ sentToGmailLast24h: 6200, queuedToGmail: 0 }), 'de-DE');
    expect(copy?.title).toBe('Over Google’s bulk-sender limit');
    expect(copy?.message).toContain('6.200 messages');
    expect(copy?.message).toContain('limit of 5.000 a day');
    expect(copy?.message).toContain('Spread large merges over several days');
  });
});
