import { describe, expect, it } from 'vitest';
import {
  deriveEntitlements,
  isPayingSpace,
  toOtherFeatures,
  type EntitlementInput,
  type Entitlements,
} from './entitlements';

const none: Entitlements = {
  manageUserRoles: false,
  teamReport: false,
  transferOwnership: false,
  sharedUnsubscriptions: false,
  sharedBounces: false,
  bounceListManagement: false,
  scheduling: false,
  dailyQuota: 20,
};
const team = { manageUserRoles: true, teamReport: true, transferOwnership: true, bounceListManagement: true };
const paidSeat = { scheduling: true, dailyQuota: 1500 };
const shared = { sharedUnsubscriptions: true, sharedBounces: true };

describe('deriveEntitlements (issue 21: every plan feature from the plan, the subscription and the seat)', () => {
  it.each<[string, EntitlementInput, Entitlements]>([
    ['a Free space (Gina, Sam)', { workspacePlan: 'FREE', member: { userPlan: 'FREE' } }, none],
    ['a space without a plan', { workspacePlan: null, member: { userPlan: 'PRO' } }, none],
    [
      'a Free space with the account’s own free quota',
      { workspacePlan: 'FREE', member: { userPlan: 'FREE' }, freeUserQuota: 50 },
      { ...none, dailyQuota: 50 },
    ],
    [
      'Pro just bought: the owner’s paid seat (subscription ACTIVE)',
      { workspacePlan: 'PRO', subscriptionState: 'ACTIVE', member: { userPlan: 'PRO' } },
      { ...none, ...team, ...paidSeat },
    ],
    [
      'Pro without a recorded subscription (a plan arranged by the seed or support)',
      { workspacePlan: 'PRO', member: { userPlan: 'PRO' } },
      { ...none, ...team, ...paidSeat },
    ],
    [
      'a free member of a Pro space (Fred): the space’s features, no scheduling, the Free quota',
      { workspacePlan: 'PRO', subscriptionState: 'ACTIVE', member: { userPlan: 'FREE' } },
      { ...none, ...team },
    ],
    [
      'Pro with a failed renewal still retried: stays ACTIVE, keeps everything',
      { workspacePlan: 'PRO', subscriptionState: 'ACTIVE', member: { userPlan: 'PRO' } },
      { ...none, ...team, ...paidSeat },
    ],
    [
      'Pro whose subscription ended (all payment attempts failed) before the plan followed: nothing',
      { workspacePlan: 'PRO', subscriptionState: 'CANCELED', member: { userPlan: 'PRO' } },
      none,
    ],
    [
      'back on Free at the period end: nothing, the Free quota',
      { workspacePlan: 'FREE', subscriptionState: 'CANCELED', member: { userPlan: 'FREE' } },
      none,
    ],
    [
      'Premium: shared unsubscriptions and bounces on top',
      { workspacePlan: 'PREMIUM', subscriptionState: 'ACTIVE', member: { userPlan: 'PRO' } },
      { ...none, ...team, ...paidSeat, ...shared },
    ],
    [
      'Pro (Personal) bought by a Gmail owner: 400 a day',
      { workspacePlan: 'PRO', subscriptionState: 'ACTIVE', member: { userPlan: 'PRO_PERSONAL' } },
      { ...none, ...team, scheduling: true, dailyQuota: 400 },
    ],
    [
      'an offline contract (Offline Team)',
      { workspacePlan: 'OFFLINE', subscriptionState: 'ACTIVE', member: { userPlan: 'PRO' } },
      { ...none, ...team, ...paidSeat },
    ],
    [
      'legacy Team (Legacy Team): the team report, no role change, no transfer',
      { workspacePlan: 'LEGACY', legacyType: 'TEAM', member: { userPlan: 'PRO' } },
      { ...none, teamReport: true, bounceListManagement: true, ...paidSeat },
    ],
    [
      'legacy Unlimited: the team report',
      { workspacePlan: 'LEGACY', legacyType: 'UNLIMITED', member: { userPlan: 'FREE' } },
      { ...none, teamReport: true, bounceListManagement: true },
    ],
    [
      'legacy Personal (Penny): one user, no team report',
      { workspacePlan: 'LEGACY', legacyType: 'PERSONAL', member: { userPlan: 'PRO_PERSONAL' } },
      { ...none, bounceListManagement: true, scheduling: true, dailyQuota: 400 },
    ],
    [
      'legacy Professional: one user, no team report',
      { workspacePlan: 'LEGACY', legacyType: 'PROFESSIONAL', member: { userPlan: 'PRO' } },
      { ...none, bounceListManagement: true, ...paidSeat },
    ],
    [
      'a legacy licence that ended: nothing',
      {
        workspacePlan: 'LEGACY',
        legacyType: 'TEAM',
        subscriptionState: 'CANCELED',
        member: { userPlan: 'PRO' },
      },
      none,
    ],
  ])('%s', (_name, input, expected) => {
    expect(deriveEntitlements(input)).toEqual(expected);
  });
});

describe('isPayingSpace', () => {
  it.each<[EntitlementInput['workspacePlan'], EntitlementInput['subscriptionState'], boolean]>([
    ['FREE', null, false],
    ['FREE', 'ACTIVE', false],
    [null, 'ACTIVE', false],
    ['PRO', null, true],
    ['PRO', 'ACTIVE', true],
    ['PRO', 'CANCELED', false],
    ['LEGACY', undefined, true],
  ])('%s space, subscription %s -> %s', (workspacePlan, subscriptionState, expected) => {
    expect(isPayingSpace({ workspacePlan, subscriptionState })).toBe(expected);
  });
});

describe('toOtherFeatures (spec 000 §3 names)', () => {
  it('maps the entitlements to the otherFeatures of the me call', () => {
    expect(
      toOtherFeatures(
        deriveEntitlements({
          workspacePlan: 'PREMIUM',
          subscriptionState: 'ACTIVE',
          member: { userPlan: 'PRO' },
        }),
      ),
    ).toEqual({
      teamAnalyticsDashboard: true,
      manageUserRoles: true,
      transferOwnerShip: true,
      shareUnsubscribesAcrossWorkspace: true,
      shareBouncesAccrossWorkspace: true,
    });
  });
});
