import { describe, expect, it } from 'vitest';
import {
  RECIPIENT_FILTERS,
  RECIPIENT_STATUSES,
  recipientFlags,
  recipientStatus,
  type RecipientFlags,
  type RecipientMoments,
  type RecipientStatus,
} from './recipient-status';

const none: RecipientFlags = {
  sent: false,
  opened: false,
  clicked: false,
  replied: false,
  responded: false,
  unsubscribed: false,
  bounced: false,
};
const flags = (...set: RecipientStatus[]): RecipientFlags =>
  Object.fromEntries(RECIPIENT_STATUSES.map((status) => [status, set.includes(status)])) as RecipientFlags;

describe('recipientStatus (issue 9: one shown status, every flag kept)', () => {
  it.each<[RecipientStatus[], RecipientStatus]>([
    [[], 'sent'],
    [['sent'], 'sent'],
    [['sent', 'opened'], 'opened'],
    [['sent', 'opened', 'clicked'], 'clicked'],
    [['sent', 'opened', 'clicked', 'responded'], 'responded'],
    [['sent', 'opened', 'responded', 'replied'], 'replied'],
    [['sent', 'opened', 'clicked', 'replied', 'unsubscribed'], 'unsubscribed'],
    [['sent', 'bounced'], 'bounced'],
    [['sent', 'opened', 'clicked', 'replied', 'responded', 'unsubscribed', 'bounced'], 'bounced'],
    [['sent', 'unsubscribed'], 'unsubscribed'],
    [['sent', 'replied'], 'replied'],
  ])('%j -> %s', (set, expected) => {
    expect(recipientStatus(flags(...set))).toBe(expected);
  });

  it('answers sent for a recipient without any flag', () => {
    expect(recipientStatus(none)).toBe('sent');
  });
});

describe('recipientFlags', () => {
  const moments: RecipientMoments = {
    sentTimestamp: 1,
    firstOpenedTimestamp: null,
    firstClickedTimestamp: null,
    repliedTimestamp: null,
    respondedTimestamp: null,
    unsubscribedTimestamp: null,
    bouncedTimestamp: null,
  };

  it('sets a flag for each moment that happened', () => {
    expect(recipientFlags(moments)).toEqual(flags('sent'));
    expect(
      recipientFlags({
        ...moments,
        firstOpenedTimestamp: 2,
        firstClickedTimestamp: 3,
        repliedTimestamp: 4,
        respondedTimestamp: 5,
        unsubscribedTimestamp: 6,
        bouncedTimestamp: 7,
      }),
    ).toEqual(flags(...RECIPIENT_STATUSES));
  });

  it('counts a click as an open, as the counters do (the open pixel is often blocked)', () => {
    expect(recipientFlags({ ...moments, firstClickedTimestamp: 3 })).toEqual(
      flags('sent', 'opened', 'clicked'),
    );
  });

  it('has a filter for everyone and one per status', () => {
    expect(RECIPIENT_FILTERS).toEqual([
      'all',
      'sent',
      'opened',
      'clicked',
      'replied',
      'responded',
      'unsubscribed',
      'bounced',
    ]);
  });
});
