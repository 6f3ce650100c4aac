import { describe, expect, it } from 'vitest';
import { formatTrackingToken, parseTrackingToken } from './token-format';

const ID = '0b9c5a3e-1111-4000-8000-000000000001';
const SIGNATURE = 'A'.repeat(42) + '_';

describe('tracking token format', () => {
  it('round-trips a recipient id and signature', () => {
    const token = formatTrackingToken({ recipientId: ID, signature: SIGNATURE });
    expect(token).toBe(`${ID}.${SIGNATURE}`);
    expect(parseTrackingToken(token)).toEqual({ recipientId: ID, signature: SIGNATURE });
  });

  it.each([
    ['empty', ''],
    ['no signature', ID],
    ['short signature', `${ID}.${'A'.repeat(42)}`],
    ['long signature', `${ID}.${'A'.repeat(44)}`],
    ['padding', `${ID}.${'A'.repeat(42)}=`],
    ['not a uuid', `not-a-uuid.${SIGNATURE}`],
    ['upper-case uuid', `${ID.toUpperCase()}.${SIGNATURE}`],
    ['trailing text', `${ID}.${SIGNATURE}.gif`],
    ['leading text', `x${ID}.${SIGNATURE}`],
  ])('rejects %s', (_name, token) => {
    expect(parseTrackingToken(token)).toBeNull();
  });
});
