import { describe, expect, it } from 'vitest';
import type { UserPlan } from '../plans/plans';
import type { SpaceFeatureFlags } from '../roles/permissions';
import type { Role } from '../roles/roles';
import type { SuppressionType } from '../api/suppression-list';
import { canDeleteSuppression, type SuppressionList } from './permissions';

const shared: Partial<SpaceFeatureFlags> = {
  shareUnsubscribesAcrossWorkspace: true,
  shareBouncesAccrossWorkspace: true,
};

describe('canDeleteSuppression (spec 002 §6: "Members cannot delete workspace-type unsubscriptions when the user has shared unsubscribes. They likewise cannot delete workspace-type bounces when shared bounces is active for them.")', () => {
  it.each<[SuppressionList, SuppressionType, Role, UserPlan, Partial<SpaceFeatureFlags>, boolean]>([
    ['unsubscriptions', 'WORKSPACE', 'MEMBER', 'PRO', shared, false],
    ['unsubscriptions', 'WORKSPACE', 'ADMIN', 'PRO', shared, true],
    ['unsubscriptions', 'WORKSPACE', 'OWNER', 'PRO', shared, true],
    ['unsubscriptions', 'PERSONAL', 'MEMBER', 'PRO', shared, true],
    // shared unsubscribes need a user plan other than FREE (spec 000 §6)
    ['unsubscriptions', 'WORKSPACE', 'MEMBER', 'FREE', shared, true],
    ['unsubscriptions', 'WORKSPACE', 'MEMBER', 'PRO', { shareBouncesAccrossWorkspace: true }, true],
    [
      'unsubscriptions',
      'WORKSPACE',
      'MEMBER',
      'PRO_PERSONAL',
      { shareUnsubscribesAcrossWorkspace: true },
      false,
    ],
    ['bounces', 'WORKSPACE', 'MEMBER', 'PRO', shared, false],
    ['bounces', 'WORKSPACE', 'ADMIN', 'PRO', shared, true],
    ['bounces', 'WORKSPACE', 'OWNER', 'PRO', shared, true],
    ['bounces', 'PERSONAL', 'MEMBER', 'PRO', shared, true],
    ['bounces', 'WORKSPACE', 'MEMBER', 'FREE', shared, true],
    ['bounces', 'WORKSPACE', 'MEMBER', 'PRO', { shareUnsubscribesAcrossWorkspace: true }, true],
    ['bounces', 'WORKSPACE', 'MEMBER', 'PRO', {}, true],
  ])('%s %s, %s on %s %j -> %s', (list, type, role, userPlan, features, expected) => {
    expect(canDeleteSuppression({ list, type, role, userPlan, features })).toBe(expected);
  });
});
