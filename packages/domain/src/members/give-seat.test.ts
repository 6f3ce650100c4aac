import { describe, expect, it } from 'vitest';
import {
  GIVE_SEAT_ALREADY_PAID_MESSAGE,
  GIVE_SEAT_NOT_JOINED_MESSAGE,
  GIVE_SEAT_NOT_OFFERED_MESSAGE,
  giveSeatServerVerdict as giveSeatVerdict,
  notEnoughSeatsToGiveMessage,
  offersGiveSeat,
  type GiveSeatInput,
} from './give-seat';
import type { MemberActor } from './permissions';

const owner: Pick<MemberActor, 'role' | 'workspacePlan' | 'billingModel'> = {
  role: 'OWNER',
  workspacePlan: 'PRO',
  billingModel: 'PER_SEAT',
};
const fred = { email: 'fred@acme.test', status: 'ACTIVE', userPlan: 'FREE', isPaidElsewhere: false } as const;
const input = (patch: Partial<GiveSeatInput> = {}): GiveSeatInput => ({
  actor: owner,
  targets: [fred],
  availableSeats: 4,
  isMultiplePaymentRestricted: false,
  ...patch,
});

describe('offersGiveSeat (issue 21: seats reach members already in the space)', () => {
  it.each<[Pick<MemberActor, 'role' | 'workspacePlan' | 'billingModel'>, boolean]>([
    [owner, true],
    [{ ...owner, role: 'ADMIN' }, true],
    [{ ...owner, role: 'MEMBER' }, false],
    [{ ...owner, workspacePlan: 'PREMIUM' }, true],
    [{ ...owner, workspacePlan: 'FREE' }, false],
    [{ ...owner, workspacePlan: 'LEGACY' }, false],
    [{ ...owner, billingModel: 'PER_USER' }, false],
  ])('%o: %s', (actor, expected) => {
    expect(offersGiveSeat(actor)).toBe(expected);
  });
});

describe('giveSeatServerVerdict (the drawer’s giveSeatVerdict after the offer and the free plan)', () => {
  it.each<[string, GiveSeatInput, ReturnType<typeof giveSeatVerdict>]>([
    ['a free active member, seats left', input(), { ok: true }],
    [
      'two free members, two seats left',
      input({ targets: [fred, { ...fred, email: 'x@acme.test' }], availableSeats: 2 }),
      { ok: true },
    ],
    ['unlimited seats', input({ availableSeats: null }), { ok: true }],
    ['no seat left', input({ availableSeats: 0 }), { ok: false, message: notEnoughSeatsToGiveMessage(0) }],
    [
      'two members, one seat left',
      input({ targets: [fred, { ...fred, email: 'x@acme.test' }], availableSeats: 1 }),
      { ok: false, message: notEnoughSeatsToGiveMessage(1) },
    ],
    [
      'a member with a seat already',
      input({ targets: [{ ...fred, userPlan: 'PRO' }] }),
      { ok: false, message: GIVE_SEAT_ALREADY_PAID_MESSAGE },
    ],
    [
      'a pending member',
      input({ targets: [{ ...fred, status: 'PENDING' }] }),
      { ok: false, message: GIVE_SEAT_NOT_JOINED_MESSAGE },
    ],
    [
      'a disabled member',
      input({ targets: [{ ...fred, status: 'DISABLED' }] }),
      { ok: false, message: GIVE_SEAT_NOT_JOINED_MESSAGE },
    ],
    [
      'a Free space',
      input({ actor: { ...owner, workspacePlan: 'FREE' } }),
      { ok: false, message: GIVE_SEAT_NOT_OFFERED_MESSAGE },
    ],
    [
      'a plain member acting',
      input({ actor: { ...owner, role: 'MEMBER' } }),
      { ok: false, message: GIVE_SEAT_NOT_OFFERED_MESSAGE },
    ],
    [
      'paid elsewhere, not restricted: allowed (the add warns)',
      input({ targets: [{ ...fred, isPaidElsewhere: true }] }),
      { ok: true },
    ],
    [
      'paid elsewhere while MULTIPLE_PAYMENT is restricted',
      input({ targets: [{ ...fred, isPaidElsewhere: true }], isMultiplePaymentRestricted: true }),
      { ok: false, message: 'fred@acme.test is already a paid user in another space.' },
    ],
  ])('%s', (_name, given, expected) => {
    expect(giveSeatVerdict(given)).toEqual(expected);
  });

  it('names the seats left, singular and plural', () => {
    expect(notEnoughSeatsToGiveMessage(1)).toBe(
      'There is 1 available seat in this space. To give more members a seat you need to add more seats to the space first.',
    );
    expect(notEnoughSeatsToGiveMessage(0)).toContain('There are 0 available seats in this space.');
  });
});
