import { describe, expect, it } from 'vitest';
import { RECIPIENT_CSV_HEADER, recipientCsvRow, type CampaignRecipient } from './campaign-recipients';

describe('recipientCsvRow (issue 9: the recipients export is data)', () => {
  const sent = Date.UTC(2026, 5, 26, 14, 3);
  const recipient: CampaignRecipient = {
    recipientId: 'r1',
    email: 'anna@example.com',
    status: 'clicked',
    flags: {
      sent: true,
      opened: true,
      clicked: true,
      replied: false,
      responded: false,
      unsubscribed: false,
      bounced: false,
    },
    sentTimestamp: sent,
    firstOpenedTimestamp: sent + 60_000,
    lastOpenedTimestamp: sent + 120_000,
    firstClickedTimestamp: sent + 90_000,
    lastClickedTimestamp: sent + 90_000,
    repliedTimestamp: null,
    respondedTimestamp: null,
    unsubscribedTimestamp: null,
    bouncedTimestamp: null,
    clickCount: 1192,
    clickedLinks: [
      { url: 'https://acme.test/offer', clicks: 1000 },
      { url: 'https://acme.test/b', clicks: 192 },
    ],
  };

  it('has one cell per header column: flags, ISO 8601 UTC moments, plain numbers, links', () => {
    const row = recipientCsvRow(recipient);
    expect(row).toHaveLength(RECIPIENT_CSV_HEADER.length);
    expect(Object.fromEntries(RECIPIENT_CSV_HEADER.map((name, index) => [name, row[index]]))).toEqual({
      Email: 'anna@example.com',
      Status: 'clicked',
      Sent: true,
      Opened: true,
      Clicked: true,
      Replied: false,
      Responded: false,
      Unsubscribed: false,
      Bounced: false,
      'Sent at': '2026-06-26T14:03:00.000Z',
      'First opened at': '2026-06-26T14:04:00.000Z',
      'Last opened at': '2026-06-26T14:05:00.000Z',
      'First clicked at': '2026-06-26T14:04:30.000Z',
      'Last clicked at': '2026-06-26T14:04:30.000Z',
      Clicks: 1192,
      'Clicked links': 'https://acme.test/offer https://acme.test/b',
      'Replied at': '',
      'Responded at': '',
      'Unsubscribed at': '',
      'Bounced at': '',
    });
  });
});
