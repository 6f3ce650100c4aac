import { describe, expect, it } from 'vitest';
import type {
  BillingModel,
  LegacyType,
  MemberStatus,
  PaymentSource,
  SpacePlan,
  UserPlan,
} from '../plans/plans';
import {
  canAccessBilling,
  canAccessGeneralSettings,
  canAccessTeamReport,
  canAccessUsers,
  canAccessWorkspace,
  canManageUserRoles,
  canQuerySubscriptions,
  canScheduleSeatRemovals,
  canSeeBillingWarnings,
  canSeeGmailMeter,
  canSendInvitation,
  canTransferOwnership,
  displayedSeatCount,
  hasSharedBounces,
  hasSharedUnsubscribes,
  isBouncesEntryHidden,
  isDisabled,
  isFreeMemberInProSpace,
  isUsersEntryShown,
  seatCountLineVisible,
  shouldShowUpgradeButton,
  spaceBaseRedirect,
  type SpaceFeatureFlags,
  type UserInSpace,
} from './permissions';
import type { Role } from './roles';

const base: UserInSpace = {
  role: 'MEMBER',
  userPlan: 'PRO',
  workspacePlan: 'PRO',
  billingModel: 'PER_SEAT',
};
const user = (overrides: Partial<UserInSpace>): UserInSpace => ({ ...base, ...overrides });

describe('canAccessGeneralSettings (spec 000 §6: OWNER only)', () => {
  it.each<[Role, boolean]>([
    ['OWNER', true],
    ['ADMIN', false],
    ['MEMBER', false],
  ])('%s -> %s', (role, expected) => {
    expect(canAccessGeneralSettings(user({ role }))).toBe(expected);
  });
});

describe('canSeeGmailMeter (issue 24: OWNER only)', () => {
  it.each<[Role, boolean]>([
    ['OWNER', true],
    ['ADMIN', false],
    ['MEMBER', false],
  ])('%s -> %s', (role, expected) => {
    expect(canSeeGmailMeter(user({ role }))).toBe(expected);
  });
});

describe('canSendInvitation (spec 000 §6: LEGACY/FREE/PRO/PREMIUM space and ADMIN or OWNER)', () => {
  it.each<[SpacePlan | null, Role, boolean]>([
    ['LEGACY', 'OWNER', true],
    ['LEGACY', 'ADMIN', true],
    ['LEGACY', 'MEMBER', false],
    ['FREE', 'OWNER', true],
    ['FREE', 'ADMIN', true],
    ['FREE', 'MEMBER', false],
    ['PRO', 'OWNER', true],
    ['PRO', 'ADMIN', true],
    ['PRO', 'MEMBER', false],
    ['PREMIUM', 'OWNER', true],
    ['PREMIUM', 'ADMIN', true],
    ['PREMIUM', 'MEMBER', false],
    ['OFFLINE', 'OWNER', false],
    [null, 'OWNER', false],
  ])('%s space, %s -> %s', (workspacePlan, role, expected) => {
    expect(canSendInvitation(user({ workspacePlan, role }))).toBe(expected);
  });
});

describe('canAccessUsers (spec 000 §6: a space plan, or a legacy plan with ADMIN or OWNER)', () => {
  it.each<[SpacePlan | null, Role, boolean]>([
    ['FREE', 'MEMBER', true],
    ['PRO', 'MEMBER', true],
    ['PREMIUM', 'MEMBER', true],
    ['OFFLINE', 'MEMBER', true],
    ['PRO', 'OWNER', true],
    ['LEGACY', 'OWNER', true],
    ['LEGACY', 'ADMIN', true],
    ['LEGACY', 'MEMBER', false],
    [null, 'OWNER', false],
  ])('%s space, %s -> %s', (workspacePlan, role, expected) => {
    expect(canAccessUsers(user({ workspacePlan, role }))).toBe(expected);
  });
});

describe('canAccessWorkspace / canQuerySubscriptions (spec 000 §6: role above MEMBER)', () => {
  it.each<[Role, boolean]>([
    ['OWNER', true],
    ['ADMIN', true],
    ['MEMBER', false],
  ])('%s -> %s', (role, expected) => {
    expect(canAccessWorkspace(user({ role }))).toBe(expected);
    expect(canQuerySubscriptions(user({ role }))).toBe(expected);
  });
});

describe('canAccessBilling / canSeeBillingWarnings (spec 000 §6, spec 001: per-user ADMIN+, per-seat OWNER)', () => {
  it.each<[BillingModel, Role, boolean]>([
    ['PER_USER', 'OWNER', true],
    ['PER_USER', 'ADMIN', true],
    ['PER_USER', 'MEMBER', false],
    ['PER_SEAT', 'OWNER', true],
    ['PER_SEAT', 'ADMIN', false],
    ['PER_SEAT', 'MEMBER', false],
  ])('%s, %s -> %s', (billingModel, role, expected) => {
    expect(canAccessBilling(user({ billingModel, role }))).toBe(expected);
    expect(canSeeBillingWarnings(user({ billingModel, role }))).toBe(expected);
  });
});

describe('canManageUserRoles (spec 000 §6: ADMIN and up plus manageUserRoles)', () => {
  it.each<[Role, boolean | undefined, boolean]>([
    ['OWNER', true, true],
    ['ADMIN', true, true],
    ['MEMBER', true, false],
    ['OWNER', false, false],
    ['OWNER', undefined, false],
  ])('%s with manageUserRoles=%s -> %s', (role, manageUserRoles, expected) => {
    expect(canManageUserRoles(user({ role, features: { manageUserRoles } }))).toBe(expected);
  });

  it('no features at all', () => {
    expect(canManageUserRoles(user({ role: 'OWNER', features: null }))).toBe(false);
  });
});

describe('hasSharedUnsubscribes / hasSharedBounces (spec 000 §6: feature flag and user plan not FREE)', () => {
  it.each<[boolean | undefined, UserPlan, boolean]>([
    [true, 'PRO', true],
    [true, 'PRO_PERSONAL', true],
    [true, 'FREE', false],
    [false, 'PRO', false],
    [undefined, 'PRO', false],
  ])('flag=%s, user plan %s -> %s', (flag, userPlan, expected) => {
    expect(
      hasSharedUnsubscribes(user({ userPlan, features: { shareUnsubscribesAcrossWorkspace: flag } })),
    ).toBe(expected);
    expect(hasSharedBounces(user({ userPlan, features: { shareBouncesAccrossWorkspace: flag } }))).toBe(
      expected,
    );
  });

  it('the two flags are independent', () => {
    const onlyBounces = user({ features: { shareBouncesAccrossWorkspace: true } });
    expect(hasSharedBounces(onlyBounces)).toBe(true);
    expect(hasSharedUnsubscribes(onlyBounces)).toBe(false);
  });
});

describe('canAccessTeamReport (spec 000 §6: teamAnalyticsDashboard)', () => {
  it.each<[Partial<SpaceFeatureFlags> | null | undefined, boolean]>([
    [{ teamAnalyticsDashboard: true }, true],
    [{ teamAnalyticsDashboard: false }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (features, expected) => {
    expect(canAccessTeamReport(user({ features }))).toBe(expected);
  });
});

describe('canScheduleSeatRemovals (spec 000 §6: PRO space, non-member, source not SUPPORT/OFFLINE)', () => {
  it.each<[SpacePlan, Role, PaymentSource | null, boolean]>([
    ['PRO', 'OWNER', 'STRIPE', true],
    ['PRO', 'ADMIN', 'STRIPE', true],
    ['PRO', 'OWNER', 'PAYPAL', true],
    ['PRO', 'MEMBER', 'STRIPE', false],
    ['PRO', 'OWNER', 'SUPPORT', false],
    ['PRO', 'OWNER', 'OFFLINE', false],
    ['PRO', 'OWNER', null, false],
    ['PREMIUM', 'OWNER', 'STRIPE', false],
    ['FREE', 'OWNER', 'STRIPE', false],
    ['LEGACY', 'OWNER', 'STRIPE', false],
  ])('%s space, %s, %s -> %s', (workspacePlan, role, paymentSource, expected) => {
    expect(canScheduleSeatRemovals(user({ workspacePlan, role, paymentSource }))).toBe(expected);
  });
});

describe('canTransferOwnership (spec 002 §6: the owner, with the derived transferOwnerShip feature)', () => {
  it.each<[SpacePlan, Role, boolean | undefined, boolean]>([
    ['PRO', 'OWNER', true, true],
    ['PREMIUM', 'OWNER', true, true],
    ['PRO', 'OWNER', undefined, false],
    ['PRO', 'OWNER', false, false],
    ['PRO', 'ADMIN', true, false],
    ['PRO', 'MEMBER', true, false],
    ['FREE', 'OWNER', undefined, false],
    ['LEGACY', 'OWNER', false, false],
  ])('%s space, %s, transferOwnerShip=%s -> %s', (workspacePlan, role, transferOwnerShip, expected) => {
    expect(canTransferOwnership(user({ workspacePlan, role, features: { transferOwnerShip } }))).toBe(
      expected,
    );
  });
});

describe('isFreeMemberInProSpace (spec 000 §6)', () => {
  it.each<[Role, UserPlan, SpacePlan, boolean]>([
    ['MEMBER', 'FREE', 'PRO', true], // fred@acme.test in Acme Sales
    ['ADMIN', 'FREE', 'PRO', false],
    ['OWNER', 'FREE', 'PRO', false],
    ['MEMBER', 'PRO', 'PRO', false],
    ['MEMBER', 'FREE', 'FREE', false],
    ['MEMBER', 'FREE', 'PREMIUM', false],
  ])('%s, user plan %s, space %s -> %s', (role, userPlan, workspacePlan, expected) => {
    expect(isFreeMemberInProSpace(user({ role, userPlan, workspacePlan }))).toBe(expected);
  });
});

describe('isDisabled (spec 000 §2)', () => {
  it.each<[MemberStatus | null | undefined, boolean]>([
    ['DISABLED', true],
    ['ACTIVE', false],
    ['PENDING', false],
    ['ACCEPTED', false],
    ['LEGACY', false],
    ['FREE_TRIAL', false],
    [null, false],
    [undefined, false],
  ])('%s -> %s', (status, expected) => {
    expect(isDisabled(user({ status }))).toBe(expected);
  });
});

describe('isBouncesEntryHidden (spec 000 §2: space PRO and user plan not FREE)', () => {
  it.each<[SpacePlan, UserPlan, boolean]>([
    ['PRO', 'PRO', true],
    ['PRO', 'PRO_PERSONAL', true],
    ['PRO', 'FREE', false],
    ['FREE', 'FREE', false],
    ['PREMIUM', 'PRO', false],
    ['LEGACY', 'PRO', false],
  ])('space %s, user plan %s -> hidden=%s', (workspacePlan, userPlan, expected) => {
    expect(isBouncesEntryHidden(user({ workspacePlan, userPlan }))).toBe(expected);
  });
});

describe('shouldShowUpgradeButton (spec 000 §2: FREE space, non-members, not on billing)', () => {
  it.each<[SpacePlan, Role, boolean, boolean]>([
    ['FREE', 'OWNER', false, true],
    ['FREE', 'ADMIN', false, true],
    ['FREE', 'MEMBER', false, false],
    ['FREE', 'OWNER', true, false],
    ['PRO', 'OWNER', false, false],
    ['PREMIUM', 'OWNER', false, false],
    ['LEGACY', 'OWNER', false, false],
  ])('space %s, %s, billing page=%s -> %s', (workspacePlan, role, isBillingPage, expected) => {
    expect(shouldShowUpgradeButton(user({ workspacePlan, role }), isBillingPage)).toBe(expected);
  });
});

describe('isUsersEntryShown (spec 000 §2, literal reading)', () => {
  it.each<[boolean, SpacePlan, LegacyType | null, UserPlan, boolean, boolean]>([
    // restriction set -> shown
    [true, 'FREE', null, 'FREE', true, true],
    [true, 'PRO', null, 'PRO_PERSONAL', true, true],
    // LEGACY PERSONAL / PROFESSIONAL -> shown, even for Gmail users
    [false, 'LEGACY', 'PERSONAL', 'PRO_PERSONAL', true, true],
    [false, 'LEGACY', 'PROFESSIONAL', 'PRO', true, true],
    // otherwise: non-personal domain with FREE or PRO user plan
    [false, 'LEGACY', 'TEAM', 'PRO', false, true],
    [false, 'LEGACY', 'TEAM', 'PRO', true, false],
    [false, 'PRO', null, 'PRO', false, true],
    [false, 'PRO', null, 'FREE', false, true],
    [false, 'FREE', null, 'FREE', false, true],
    [false, 'FREE', null, 'FREE', true, false],
    [false, 'PRO', null, 'PRO_PERSONAL', true, false],
    [false, 'PRO', null, 'PRO_PERSONAL', false, false],
  ])(
    'restricted=%s, %s/%s, user plan %s, gmail=%s -> %s',
    (isUsersPageRestricted, workspacePlan, legacyType, userPlan, isGmailUser, expected) => {
      expect(
        isUsersEntryShown({ isUsersPageRestricted, workspacePlan, legacyType, userPlan, isGmailUser }),
      ).toBe(expected);
    },
  );
});

describe('spaceBaseRedirect (spec 000 §2)', () => {
  it.each<[Role, boolean, string]>([
    ['OWNER', false, 'general'],
    ['OWNER', true, 'general'],
    ['ADMIN', false, 'users'],
    ['ADMIN', true, 'billing'],
    ['MEMBER', false, 'users'],
    ['MEMBER', true, 'billing'],
  ])('%s, users page restricted=%s -> %s', (role, restricted, expected) => {
    expect(spaceBaseRedirect(role, restricted)).toBe(expected);
  });
});

describe('seatCountLineVisible (spec 000 §5)', () => {
  it.each<[number | null | undefined, LegacyType | null | undefined, boolean, boolean]>([
    [10, undefined, false, true],
    [1, null, false, true],
    [10, 'UNLIMITED', false, true],
    [0, undefined, false, false],
    [-1, undefined, false, false],
    [null, undefined, false, false],
    [undefined, undefined, false, false],
    [10, 'PERSONAL', false, false],
    [10, 'PROFESSIONAL', false, false],
    [10, 'TEAM', false, false],
    [10, undefined, true, false],
  ])('seats %s, legacyType %s, gmail=%s -> %s', (seatCount, legacyType, isGmailUser, expected) => {
    expect(seatCountLineVisible({ seatCount, legacyType, isGmailUser })).toBe(expected);
  });
});

describe('displayedSeatCount (spec 000 §6)', () => {
  it.each<[Role, SpacePlan, number | null, number | null, number | null]>([
    ['OWNER', 'FREE', 1, null, 1],
    ['OWNER', 'FREE', 3, 10, 3],
    ['ADMIN', 'FREE', 3, 10, 10],
    ['OWNER', 'PRO', 7, 10, 10],
    ['OWNER', 'PRO', 7, null, null],
  ])(
    '%s of %s space, members %s, totalSeats %s -> %s',
    (role, workspacePlan, memberCount, seats, expected) => {
      expect(
        displayedSeatCount({ role, workspacePlan, memberCount, firstPaymentPlanTotalSeats: seats }),
      ).toBe(expected);
    },
  );
});
