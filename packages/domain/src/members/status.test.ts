import { describe, expect, it } from 'vitest';
import { MEMBER_STATUSES } from '../plans/plans';
import {
  actionsForStatus,
  ADDED_SEAT_TYPE,
  compareSeatMembersUnsorted,
  NO_TRIAL_END_SENTINEL,
  PENDING_SEAT_TYPE,
  seatMemberStatus,
  statusDisplay,
  trialEndOrUnlimited,
} from './status';

describe('member status (spec 002 §3, §4.6)', () => {
  it('names the seat types for the product', () => {
    expect(ADDED_SEAT_TYPE).toBe('ADDED_MERGEDESK_USER');
    expect(PENDING_SEAT_TYPE).toBe('PENDING_MERGEDESK_USER');
  });

  it.each([
    [{ freeTrialEndTimestamp: 5, seatType: ADDED_SEAT_TYPE, status: 'ACTIVE' }, 'FREE_TRIAL'],
    [{ freeTrialEndTimestamp: null, seatType: PENDING_SEAT_TYPE, status: 'PENDING' }, 'PENDING'],
    [{ freeTrialEndTimestamp: null, seatType: ADDED_SEAT_TYPE, status: 'ACTIVE' }, 'ACTIVE'],
    [{ freeTrialEndTimestamp: null, seatType: ADDED_SEAT_TYPE, status: 'ACCEPTED' }, 'ACTIVE'],
    [{ freeTrialEndTimestamp: null, seatType: ADDED_SEAT_TYPE, status: 'DISABLED' }, 'DISABLED'],
  ] as const)('maps the seat member %o to %s', (member, expected) => {
    expect(seatMemberStatus(member)).toBe(expected);
  });

  it.each([
    ['ACTIVE', 'Active'],
    ['ACCEPTED', 'Active'],
    ['PENDING', 'Pending'],
    ['DISABLED', 'Disabled'],
    ['FREE_TRIAL', 'Free trial'],
  ] as const)('shows %s as %s', (status, label) => {
    expect(statusDisplay(status)).toBe(label);
  });

  it('maps the huge trial-end sentinel to -1', () => {
    expect(trialEndOrUnlimited(NO_TRIAL_END_SENTINEL)).toBe(-1);
    expect(trialEndOrUnlimited(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(trialEndOrUnlimited(null)).toBeNull();
  });

  it('puts pending members after the others, each group oldest first', () => {
    const members = [
      { id: 'p1', status: 'PENDING', createTimestamp: 1 },
      { id: 'a3', status: 'ACTIVE', createTimestamp: 3 },
      { id: 'p0', status: 'PENDING', createTimestamp: 0 },
      { id: 'd2', status: 'DISABLED', createTimestamp: 2 },
    ] as const;
    expect([...members].sort(compareSeatMembersUnsorted).map((m) => m.id)).toEqual(['d2', 'a3', 'p0', 'p1']);
  });

  it('offers re-invite/cancel for pending, activate/remove for disabled, role/remove for active', () => {
    expect(actionsForStatus('PENDING')).toEqual(['reinvite', 'cancelInvitation']);
    expect(actionsForStatus('DISABLED')).toEqual(['activate', 'remove']);
    expect(actionsForStatus('ACTIVE')).toEqual(['changeRole', 'remove']);
    for (const status of MEMBER_STATUSES) expect(actionsForStatus(status).length).toBeGreaterThan(0);
  });
});
