import { PRODUCT_NAME } from '../constants';
import type { MemberStatus } from '../plans/plans';

/** Spec 002 §3: the seat types of the per-seat model, named for the product. */
export const ADDED_SEAT_TYPE = `ADDED_${PRODUCT_NAME.toUpperCase()}_USER`;
export const PENDING_SEAT_TYPE = `PENDING_${PRODUCT_NAME.toUpperCase()}_USER`;

/** Spec 002 §3: a huge sentinel trial end means "no trial end" and is shown as -1. */
export const NO_TRIAL_END_SENTINEL = 8_640_000_000_000_000;
export const trialEndOrUnlimited = (timestamp: number | null): number | null =>
  timestamp !== null && timestamp >= NO_TRIAL_END_SENTINEL ? -1 : timestamp;

/**
 * Spec 002 §3 "Space member (seat model)": FREE_TRIAL if a trial end exists, PENDING if the seat
 * type is PENDING_{product}_USER, otherwise ACTIVE. Our addition: a DISABLED member stays DISABLED,
 * because the members screen offers 'activate' for disabled members (spec 002 §4.6).
 */
export const seatMemberStatus = (member: {
  freeTrialEndTimestamp: number | null;
  seatType: string | null;
  status: MemberStatus;
}): MemberStatus => {
  if (member.status === 'DISABLED') return 'DISABLED';
  if (member.freeTrialEndTimestamp !== null) return 'FREE_TRIAL';
  if (member.seatType === PENDING_SEAT_TYPE || member.status === 'PENDING') return 'PENDING';
  return 'ACTIVE';
};

export type StatusDisplay = 'Active' | 'Pending' | 'Disabled' | 'Free trial';

/**
 * Spec 002 §4.6: ACTIVE and ACCEPTED show Active, PENDING shows Pending, DISABLED shows Disabled
 * (with a tooltip). Not in the spec: FREE_TRIAL shows 'Free trial', LEGACY shows Active.
 */
const STATUS_DISPLAY = {
  ACTIVE: 'Active',
  ACCEPTED: 'Active',
  LEGACY: 'Active',
  PENDING: 'Pending',
  DISABLED: 'Disabled',
  FREE_TRIAL: 'Free trial',
} as const satisfies Record<MemberStatus, StatusDisplay>;

export const statusDisplay = (status: MemberStatus): StatusDisplay => STATUS_DISPLAY[status];

/**
 * Spec 002 §4.6: with no sort chosen, the seat-model list shows pending members after the others,
 * each group ordered by createTimestamp ascending. A comparator for Array.prototype.sort; the
 * server orders the same way in SQL.
 */
export const compareSeatMembersUnsorted = (
  a: { status: MemberStatus; createTimestamp: number },
  b: { status: MemberStatus; createTimestamp: number },
): number => {
  const pendingA = a.status === 'PENDING' ? 1 : 0;
  const pendingB = b.status === 'PENDING' ? 1 : 0;
  return pendingA - pendingB || a.createTimestamp - b.createTimestamp;
};

/** Spec 002 §4.6: what each status allows in the drawer. */
export type MemberAction = 'reinvite' | 'cancelInvitation' | 'activate' | 'remove' | 'changeRole';

export const actionsForStatus = (status: MemberStatus): readonly MemberAction[] => {
  switch (status) {
    case 'PENDING':
      return ['reinvite', 'cancelInvitation'];
    case 'DISABLED':
      return ['activate', 'remove'];
    case 'ACTIVE':
    case 'ACCEPTED':
    case 'LEGACY':
    case 'FREE_TRIAL':
      return ['changeRole', 'remove'];
  }
};
