import { describe, expect, it } from 'vitest';
import {
  canAddMembersToSeats,
  countSeats,
  hasSeatForJoiningMember,
  holdsSeat,
  notEnoughSeatsMessage,
  seatsUsedText,
  summarizeSeats,
} from './seats';

describe('seat arithmetic (spec 002 §2.7, §3 "Subscription seat", §5)', () => {
  it.each([
    // status, plan, holds a seat
    ['ACTIVE', 'PRO', true],
    ['ACTIVE', 'PRO_PERSONAL', true],
    ['ACTIVE', 'FREE', false],
    ['DISABLED', 'PRO', true],
    ['FREE_TRIAL', 'PRO', true],
    ['PENDING', 'PRO', false],
  ] as const)('a %s %s member holds a seat: %s', (status, userPlan, expected) => {
    expect(holdsSeat({ status, userPlan })).toBe(expected);
  });

  it('counts Acme Sales as the demo has it: 5 assigned, 2 pending, 3 of 10 available', () => {
    const counts = countSeats(10, [
      { status: 'ACTIVE', userPlan: 'PRO' },
      { status: 'ACTIVE', userPlan: 'PRO' },
      { status: 'ACTIVE', userPlan: 'PRO' },
      { status: 'ACTIVE', userPlan: 'FREE' },
      { status: 'DISABLED', userPlan: 'PRO' },
      { status: 'PENDING', userPlan: 'PRO' },
      { status: 'PENDING', userPlan: 'PRO' },
      { status: 'FREE_TRIAL', userPlan: 'PRO' },
    ]);
    expect(counts).toEqual({ totalSeats: 10, assignedSeats: 5, unavailableSeats: 2 });
    expect(summarizeSeats(counts)).toEqual({
      totalSeats: 10,
      assignedSeats: 5,
      availableSeats: 3,
      unavailableSeats: 2,
      unlimited: false,
      usagePercentage: 70,
    });
  });

  it.each([
    [{ totalSeats: 3, assignedSeats: 2, unavailableSeats: 1 }, 0, '3 of 3 seats used'],
    [{ totalSeats: 10, assignedSeats: 5, unavailableSeats: 2 }, 3, '7 of 10 seats used'],
    [{ totalSeats: 2, assignedSeats: 3, unavailableSeats: 0 }, 0, '3 of 2 seats used'],
    [{ totalSeats: null, assignedSeats: 4, unavailableSeats: 1 }, null, '5'],
  ])('summarizes %o: available %s, text %s', (counts, available, text) => {
    const summary = summarizeSeats(counts);
    expect(summary.availableSeats).toBe(available);
    expect(seatsUsedText(summary)).toBe(text);
  });

  it('blocks adding more e-mails than available seats unless unlimited', () => {
    const three = summarizeSeats({ totalSeats: 10, assignedSeats: 5, unavailableSeats: 2 });
    expect(canAddMembersToSeats(three, 3)).toBe(true);
    expect(canAddMembersToSeats(three, 4)).toBe(false);
    expect(
      canAddMembersToSeats(summarizeSeats({ totalSeats: null, assignedSeats: 50, unavailableSeats: 0 }), 99),
    ).toBe(true);
  });

  it.each([
    [
      1,
      'There is 1 available seat in this space so you can add 1 member. To add more members you need to add more seats to the space first.',
    ],
    [
      0,
      'There are 0 available seats in this space so you can add 0 members. To add more members you need to add more seats to the space first.',
    ],
    [
      3,
      'There are 3 available seats in this space so you can add 3 members. To add more members you need to add more seats to the space first.',
    ],
  ])('words the blocked add for %i seat(s)', (n, message) => {
    expect(notEnoughSeatsMessage(n)).toBe(message);
  });

  it.each([
    [10, 9, true],
    [10, 10, false],
    [3, 4, false],
    [null, 1000, true],
  ])('a joining member finds a seat with %s total and %i held: %s', (total, held, expected) => {
    expect(hasSeatForJoiningMember(total, held)).toBe(expected);
  });
});
