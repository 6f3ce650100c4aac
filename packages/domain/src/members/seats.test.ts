import { describe, expect, it } from 'vitest';
import {
  canAddMembersToSeats,
  countPaidUserSeats,
  countSeats,
  hasSeatForJoiningMember,
  holdsPaidLicence,
  holdsSeat,
  lowestSeatTotal,
  notEnoughSeatsMessage,
  paidUsersOf,
  pendingMembersWithoutSeat,
  pendingWithoutSeatWarning,
  seatRemovalTargets,
  seatCounterText,
  seatsUsedText,
  spaceSeatCounts,
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

describe('paid-user seats of the per-user (legacy) model (spec 001 §3 "Seat info", spec 002 §5)', () => {
  const TRIAL_END = Date.UTC(2030, 0, 1);
  it.each([
    // status, plan, trial end, holds a paid licence
    ['ACTIVE', 'PRO', null, true],
    ['ACTIVE', 'PRO_PERSONAL', null, true],
    ['PENDING', 'PRO', null, true],
    ['LEGACY', 'PRO', null, true],
    ['ACTIVE', 'FREE', null, false],
    ['ACTIVE', 'PRO', TRIAL_END, false],
    ['FREE_TRIAL', 'PRO', null, false],
    ['DISABLED', 'PRO', null, false],
  ] as const)('a %s %s member (trial end %s) holds a paid licence: %s', (status, userPlan, end, expected) => {
    expect(holdsPaidLicence({ status, userPlan, freeTrialEndTimestamp: end })).toBe(expected);
  });

  it('counts Legacy Team as the demo has it: 5 paid of 10 (a trial, two free and a disabled user do not count)', () => {
    const member = (status: 'ACTIVE' | 'PENDING' | 'DISABLED', userPlan: 'PRO' | 'FREE', trial = false) => ({
      status,
      userPlan,
      freeTrialEndTimestamp: trial ? TRIAL_END : null,
    });
    const counts = countPaidUserSeats(10, [
      member('ACTIVE', 'PRO'),
      member('ACTIVE', 'PRO'),
      member('ACTIVE', 'PRO'),
      member('ACTIVE', 'PRO'),
      member('PENDING', 'PRO'),
      member('ACTIVE', 'PRO', true),
      member('ACTIVE', 'FREE'),
      member('ACTIVE', 'FREE'),
      member('DISABLED', 'FREE'),
    ]);
    expect(counts).toEqual({ totalSeats: 10, assignedSeats: 4, unavailableSeats: 1 });
    expect(paidUsersOf(counts)).toBe(5);
    expect(summarizeSeats(counts)).toMatchObject({
      availableSeats: 5,
      unlimited: false,
      usagePercentage: 50,
    });
  });

  it('is unlimited when the plan allows any number of paid users (-1)', () => {
    const counts = countPaidUserSeats(-1, [
      { status: 'ACTIVE', userPlan: 'PRO', freeTrialEndTimestamp: null },
    ]);
    expect(summarizeSeats(counts)).toMatchObject({
      totalSeats: null,
      assignedSeats: 1,
      availableSeats: null,
    });
  });
});

describe('the seats of a space, by billing model', () => {
  const members = [
    { status: 'ACTIVE', userPlan: 'PRO', freeTrialEndTimestamp: null },
    { status: 'ACTIVE', userPlan: 'PRO', freeTrialEndTimestamp: Date.UTC(2030, 0, 1) },
    { status: 'PENDING', userPlan: 'PRO', freeTrialEndTimestamp: null },
  ] as const;
  it.each([
    ['PER_SEAT', 'PRO', 5, 25, { totalSeats: 5, assignedSeats: 2, unavailableSeats: 1 }],
    ['PER_SEAT', 'FREE', null, 25, { totalSeats: null, assignedSeats: 2, unavailableSeats: 1 }],
    ['PER_USER', 'LEGACY', 1, 10, { totalSeats: 10, assignedSeats: 1, unavailableSeats: 1 }],
    ['PER_USER', 'PRO', 2, 25, { totalSeats: 25, assignedSeats: 1, unavailableSeats: 1 }],
    ['PER_USER', 'LEGACY', 1, -1, { totalSeats: null, assignedSeats: 1, unavailableSeats: 1 }],
    ['PER_USER', 'FREE', null, 10, { totalSeats: null, assignedSeats: 1, unavailableSeats: 1 }],
  ] as const)(
    '%s on %s (seat total %s, paid-user limit %s): %o',
    (billingModel, plan, seatTotal, limit, expected) => {
      expect(spaceSeatCounts({ billingModel, plan, seatTotal, proAllowedUserCount: limit }, members)).toEqual(
        expected,
      );
    },
  );
});

describe('seat removal: never below the assigned seats (spec 001 §2 "Remove seats page", §4)', () => {
  it.each([
    // total, assigned, reserved by pending members, targets
    [10, 7, 0, [9, 8, 7]],
    // Acme Sales: 5 held, paula and nina pending — the owner may go down to 5, not only to 7.
    [10, 5, 2, [9, 8, 7, 6, 5]],
    [10, 0, 0, [9, 8, 7, 6, 5, 4, 3, 2, 1]],
    [10, 0, 3, [9, 8, 7, 6, 5, 4, 3, 2, 1]],
    [3, 3, 0, []],
    [3, 2, 1, [2]],
    [1, 0, 1, []],
    // After an applied removal, reservations and even held seats can exceed the total.
    [2, 3, 0, []],
  ])(
    'from %i seats with %i assigned and %i reserved -> %o',
    (totalSeats, assignedSeats, unavailableSeats, targets) => {
      const seats = { totalSeats, assignedSeats, unavailableSeats };
      expect(seatRemovalTargets(seats)).toEqual(targets);
      if (targets.length > 0) expect(targets.at(-1)).toBe(lowestSeatTotal(seats));
    },
  );

  it.each([
    // assigned, reserved, target -> pending members left without a seat
    [5, 2, 9, 0],
    [5, 2, 7, 0],
    [5, 2, 6, 1],
    [5, 2, 5, 2],
    [5, 0, 5, 0],
  ])(
    '%i assigned and %i reserved, down to %i: %i pending without a seat',
    (assigned, reserved, target, n) => {
      const seats = { totalSeats: 10, assignedSeats: assigned, unavailableSeats: reserved };
      expect(pendingMembersWithoutSeat(seats, target)).toBe(n);
    },
  );

  it('words the warning for one and for several pending members', () => {
    expect(pendingWithoutSeatWarning(1)).toBe(
      'After the removal, 1 pending member will find no seat left when accepting the invitation. Cancel the invitation from the members list, or keep one more seat.',
    );
    expect(pendingWithoutSeatWarning(2)).toBe(
      'After the removal, 2 pending members will find no seat left when accepting their invitations. Cancel invitations from the members list, or keep more seats.',
    );
  });
});

describe('seatCounterText (spec 002 §2.7, spec 000 §6; issue 21: no bare count)', () => {
  it.each([
    [{ totalSeats: 5, assignedSeats: 1, unavailableSeats: 0 }, 3, '1 of 5 seats used'],
    [{ totalSeats: 5, assignedSeats: 2, unavailableSeats: 1 }, 4, '3 of 5 seats used'],
    [{ totalSeats: null, assignedSeats: 0, unavailableSeats: 0 }, 1, '1 member'],
    [{ totalSeats: null, assignedSeats: 0, unavailableSeats: 0 }, 3, '3 members'],
  ])('%o with %i members: %s', (counts, memberCount, text) => {
    expect(seatCounterText(summarizeSeats(counts), memberCount)).toBe(text);
  });
});
