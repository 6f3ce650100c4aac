import { describe, expect, it } from 'vitest';
import {
  INVITATION_LIFETIME_DAYS,
  INVITATION_MESSAGES,
  invitationFailureMessage,
  invitationPath,
  isInvitationActive,
  isInvitationRestricted,
  isWrongAccountFailure,
} from './invitations';

describe('invitations (spec 002 §2.10, §4.8, §8)', () => {
  const now = Date.UTC(2026, 10, 23);

  it('lives 14 days', () => {
    expect(INVITATION_LIFETIME_DAYS).toBe(14);
  });

  it.each([
    ['PENDING', now + 1, true],
    ['PENDING', now, false],
    ['CANCELLED', now + 1000, false],
    ['ACCEPTED', now + 1000, false],
  ] as const)('%s expiring at +%i is active: %s', (status, expiresAt, expected) => {
    expect(isInvitationActive({ status, expiresAt }, now)).toBe(expected);
  });

  it.each([
    [{ status: 404 }, 'The invite link is invalid.'],
    [
      { status: 403, reason: 'wrong_account' },
      'You are logged into a different account than the one invited.',
    ],
    [{ status: 409, reason: 'invitation_is_not_active' }, 'The invite link has expired or been cancelled.'],
    [{ status: 409, reason: 'user_already_exists' }, 'You are already a member of this space.'],
    [{ status: 409, reason: 'invitation_restricted' }, 'Sorry, this invitation link is no longer valid.'],
    [
      { status: 409, reason: 'no_seat_available', message: INVITATION_MESSAGES.NO_SEAT },
      INVITATION_MESSAGES.NO_SEAT,
    ],
  ])('explains %o', (failure, message) => {
    expect(invitationFailureMessage(failure)).toBe(message);
  });

  it('tells the wrong-account state apart', () => {
    expect(isWrongAccountFailure({ status: 403, reason: 'wrong_account' })).toBe(true);
    expect(isWrongAccountFailure({ status: 409, reason: 'user_already_exists' })).toBe(false);
  });

  it.each([
    [1, false, true],
    [2, false, false],
    [3, true, true],
    [4, true, false],
    [null, true, false],
  ])('INVITATION is restricted at step %s (gmail %s): %s', (step, gmail, expected) => {
    expect(isInvitationRestricted(step, gmail)).toBe(expected);
  });

  it('builds the page path', () => {
    expect(invitationPath('abc')).toBe('/invitations/abc');
    expect(invitationPath('abc', 'accept')).toBe('/invitations/abc/accept');
  });
});
