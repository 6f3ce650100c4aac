import { describe, expect, it } from 'vitest';
import { activeRestrictions } from '../rollout/restrictions';
import type { SpaceNavigation, SpaceNavigationInput } from './space-navigation';
import {
  activeSpaceCardTarget,
  isManageBillingShown,
  settingsGroupLabels,
  sidebarUpgradeVisible,
  spaceNavigation,
  isUpgradeLinkHiddenOn,
  topBarUpgrade,
} from './space-navigation';

const base: SpaceNavigationInput = {
  role: 'MEMBER',
  userPlan: 'PRO',
  workspacePlan: 'PRO',
  legacyType: null,
  isPerSeat: true,
  status: 'ACTIVE',
  features: { teamAnalyticsDashboard: false },
  isGmailUser: false,
  restrictions: new Set(),
  hasInstallationTimestamp: true,
};

// The demo accounts of shared/demo-data.md.
const personas: Record<string, SpaceNavigationInput> = {
  'olivia (OWNER, Acme Sales PRO)': { ...base, role: 'OWNER', features: { teamAnalyticsDashboard: true } },
  'adam (ADMIN, PRO seat in Acme Sales)': {
    ...base,
    role: 'ADMIN',
    features: { teamAnalyticsDashboard: true },
  },
  'mia (MEMBER, PRO seat)': { ...base },
  'fred (free MEMBER in PRO space)': { ...base, userPlan: 'FREE' },
  'dora (DISABLED member)': { ...base, status: 'DISABLED' },
  'gina (gmail OWNER of a FREE space, no installation)': {
    ...base,
    role: 'OWNER',
    userPlan: 'FREE',
    workspacePlan: 'FREE',
    isGmailUser: true,
    hasInstallationTimestamp: false,
  },
  'penny (gmail OWNER, LEGACY PERSONAL, per user)': {
    ...base,
    role: 'OWNER',
    userPlan: 'PRO_PERSONAL',
    workspacePlan: 'LEGACY',
    legacyType: 'PERSONAL',
    isPerSeat: false,
    isGmailUser: true,
  },
  'leo (OWNER, LEGACY TEAM, per user)': {
    ...base,
    role: 'OWNER',
    workspacePlan: 'LEGACY',
    legacyType: 'TEAM',
    isPerSeat: false,
  },
  'legacy TEAM member (per user)': { ...base, workspacePlan: 'LEGACY', legacyType: 'TEAM', isPerSeat: false },
  'legacy TEAM admin (per user)': {
    ...base,
    role: 'ADMIN',
    workspacePlan: 'LEGACY',
    legacyType: 'TEAM',
    isPerSeat: false,
  },
  'sam (OWNER of FREE space, step 3)': {
    ...base,
    role: 'OWNER',
    userPlan: 'FREE',
    workspacePlan: 'FREE',
    restrictions: activeRestrictions(3, false),
  },
  'step 1 admin (USERS_PAGE and WORKSPACE_DASHBOARD restricted)': {
    ...base,
    role: 'ADMIN',
    features: { teamAnalyticsDashboard: true },
    restrictions: activeRestrictions(1, false),
  },
};

type Row = Omit<SpaceNavigation, 'disabled' | 'tutorial'>;
const row = (
  bounces: boolean,
  teamReport: boolean,
  general: boolean,
  users: boolean,
  usersEntry: boolean,
  billing: boolean,
): Row => ({
  bounces,
  teamReport,
  general,
  users,
  usersEntry,
  billing,
});

describe('spaceNavigation (spec 000 §2, spec 002 §2.1)', () => {
  it.each<[string, Row]>([
    //                                                              bounces team  general users entry billing
    ['olivia (OWNER, Acme Sales PRO)', row(false, true, true, true, true, true)],
    ['adam (ADMIN, PRO seat in Acme Sales)', row(false, true, false, true, true, false)],
    ['mia (MEMBER, PRO seat)', row(false, false, false, true, true, false)],
    ['fred (free MEMBER in PRO space)', row(true, false, false, true, true, false)],
    ['dora (DISABLED member)', row(false, false, false, true, true, false)],
    // Issue 21: the sidebar hides Members from gina, so its address does not open it either.
    ['gina (gmail OWNER of a FREE space, no installation)', row(true, false, true, false, false, true)],
    ['penny (gmail OWNER, LEGACY PERSONAL, per user)', row(true, false, true, true, true, true)],
    ['leo (OWNER, LEGACY TEAM, per user)', row(true, false, true, true, true, true)],
    ['legacy TEAM member (per user)', row(true, false, false, false, false, false)],
    ['legacy TEAM admin (per user)', row(true, false, false, true, true, true)],
    ['sam (OWNER of FREE space, step 3)', row(true, false, true, true, true, true)],
    [
      'step 1 admin (USERS_PAGE and WORKSPACE_DASHBOARD restricted)',
      row(false, false, false, false, false, false),
    ],
  ])('%s', (name, expected) => {
    const { disabled: _disabled, tutorial: _tutorial, ...navigation } = spaceNavigation(personas[name]!);
    expect(navigation).toEqual(expected);
  });

  it.each([
    ['dora (DISABLED member)', true],
    ['fred (free MEMBER in PRO space)', false],
  ])('disabled: %s -> %s', (name, expected) => {
    expect(spaceNavigation(personas[name]!).disabled).toBe(expected);
  });

  it.each([
    ['gina (gmail OWNER of a FREE space, no installation)', true],
    ['olivia (OWNER, Acme Sales PRO)', false],
  ])('tutorial: %s -> %s', (name, expected) => {
    expect(spaceNavigation(personas[name]!).tutorial).toBe(expected);
  });
});

describe('settingsGroupLabels (spec 000 §2)', () => {
  it.each([
    [true, { title: 'Settings', users: 'Members' }],
    [false, { title: 'Space settings', users: 'Users' }],
  ])('per seat %s', (isPerSeat, expected) => {
    expect(settingsGroupLabels(isPerSeat)).toEqual(expected);
  });
});

describe('activeSpaceCardTarget (spec 000 §2 account menu)', () => {
  it.each<[string, 'OWNER' | 'ADMIN' | 'MEMBER', boolean, boolean, boolean, 'general' | 'users' | null]>([
    ['owner', 'OWNER', true, true, false, 'general'],
    ['admin', 'ADMIN', true, false, false, 'users'],
    ['member', 'MEMBER', true, false, false, 'users'],
    ['no access to users', 'ADMIN', false, false, false, null],
    ['owner without users access', 'OWNER', false, true, false, null],
    ['disabled', 'MEMBER', true, false, true, null],
  ])('%s', (_name, role, users, general, disabled, expected) => {
    expect(activeSpaceCardTarget(role, { users, general, disabled })).toBe(expected);
  });
});

describe('isManageBillingShown (spec 000 §2 account menu)', () => {
  it.each([
    ['PRO owner', 'PRO', true, false, null, true],
    ['FREE owner', 'FREE', true, false, null, true],
    ['no billing access', 'PRO', false, false, null, false],
    ['legacy', 'LEGACY', true, false, null, false],
    ['offline plan', 'OFFLINE', true, false, null, false],
    ['support subscription', 'PREMIUM', true, false, 'SUPPORT', false],
    ['offline subscription', 'PRO', true, false, 'OFFLINE', false],
    ['stripe subscription', 'PREMIUM', true, false, 'STRIPE', true],
    ['disabled', 'PRO', true, true, null, false],
  ] as const)('%s', (_name, workspacePlan, canAccessBilling, disabled, paymentSource, expected) => {
    expect(isManageBillingShown({ workspacePlan, canAccessBilling, disabled, paymentSource })).toBe(expected);
  });
});

describe('isUpgradeLinkHiddenOn (spec 000 §2: not on the billing page; nor while checking out)', () => {
  it.each([
    ['/space/billing', true],
    ['/space/billing/', true],
    ['/checkout', true],
    ['/checkout/details', true],
    ['/checkout/summary', true],
    ['/mail-merges/sent', false],
    ['/space/general', false],
    ['/space/billingx', false],
    ['/checkouts', false],
    ['', false],
  ] as const)('%s → %s', (page, hidden) => {
    expect(isUpgradeLinkHiddenOn(page)).toBe(hidden);
  });
});

describe('topBarUpgrade / sidebarUpgradeVisible (spec 000 §2)', () => {
  it.each([
    ['fred: free member in PRO space', 'MEMBER', 'FREE', 'PRO', 'ACTIVE', false, 'info-modal', false],
    ['mia: paid member in PRO space', 'MEMBER', 'PRO', 'PRO', 'ACTIVE', false, null, false],
    ['gina: owner of FREE space', 'OWNER', 'FREE', 'FREE', 'ACTIVE', false, 'checkout', true],
    ['gina on the billing page', 'OWNER', 'FREE', 'FREE', 'ACTIVE', true, null, false],
    ['admin of FREE space', 'ADMIN', 'FREE', 'FREE', 'ACTIVE', false, 'checkout', true],
    ['member of FREE space', 'MEMBER', 'FREE', 'FREE', 'ACTIVE', false, null, false],
    ['owner of PRO space', 'OWNER', 'PRO', 'PRO', 'ACTIVE', false, null, false],
    ['disabled free member in PRO space', 'MEMBER', 'FREE', 'PRO', 'DISABLED', false, null, false],
  ] as const)('%s', (_name, role, userPlan, workspacePlan, status, isBillingPage, topBar, sidebar) => {
    expect(topBarUpgrade({ role, userPlan, workspacePlan, status }, isBillingPage)).toBe(topBar);
    expect(sidebarUpgradeVisible({ role, workspacePlan, status }, isBillingPage)).toBe(sidebar);
  });
});
