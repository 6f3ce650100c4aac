import { describe, expect, it } from 'vitest';
import type { SuppressionSource, SuppressionType } from '../api/suppression-list';
import type { UserPlan } from '../plans/plans';
import type { SpaceFeatureFlags } from '../roles/permissions';
import type { Role } from '../roles/roles';
import {
  canDeleteSuppression,
  canSeeSuppression,
  suppressionDeleteBlock,
  suppressionTypeFor,
  type SuppressionDeleteBlock,
  type SuppressionList,
} from './permissions';

const shared: Partial<SpaceFeatureFlags> = {
  shareUnsubscribesAcrossWorkspace: true,
  shareBouncesAccrossWorkspace: true,
};

describe('suppressionTypeFor: a new entry is shared when the list’s sharing feature applies to its member (spec 000 §6)', () => {
  it.each<[SuppressionList, UserPlan | null, Partial<SpaceFeatureFlags>, SuppressionType]>([
    ['unsubscriptions', 'PRO', shared, 'WORKSPACE'],
    ['unsubscriptions', 'FREE', shared, 'PERSONAL'],
    ['unsubscriptions', 'PRO', { shareBouncesAccrossWorkspace: true }, 'PERSONAL'],
    ['bounces', 'PRO_PERSONAL', shared, 'WORKSPACE'],
    ['bounces', 'PRO', { shareUnsubscribesAcrossWorkspace: true }, 'PERSONAL'],
    ['bounces', 'FREE', shared, 'PERSONAL'],
    ['unsubscriptions', null, {}, 'WORKSPACE'],
  ])('%s, user plan %s, features %j -> %s', (list, userPlan, features, expected) => {
    const member = userPlan === null ? null : { userPlan, features };
    expect(suppressionTypeFor(list, member)).toBe(expected);
  });
});

describe('canSeeSuppression: a PERSONAL entry is its owner’s only; WORKSPACE entries are the space’s', () => {
  it.each<[SuppressionType, boolean, boolean]>([
    ['PERSONAL', true, true],
    ['PERSONAL', false, false],
    ['WORKSPACE', true, true],
    ['WORKSPACE', false, true],
  ])('%s, own %s -> %s', (type, isOwn, expected) => {
    expect(canSeeSuppression({ type, isOwn })).toBe(expected);
  });
});

describe('canDeleteSuppression (spec 002 §6: "Members cannot delete workspace-type unsubscriptions when the user has shared unsubscribes. They likewise cannot delete workspace-type bounces when shared bounces is active for them.") on entries of the caller', () => {
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
    expect(
      canDeleteSuppression({ list, type, role, userPlan, features, isOwn: true, source: 'MANUAL' }),
    ).toBe(expected);
  });
});

describe('suppressionDeleteBlock: opt-outs belong to their sender', () => {
  it.each<
    [
      SuppressionList,
      SuppressionType,
      SuppressionSource,
      Role,
      boolean,
      SuppressionDeleteBlock['reason'] | null,
    ]
  >([
    // another sender's PERSONAL entry: nobody else, whatever the role
    ['unsubscriptions', 'PERSONAL', 'MANUAL', 'OWNER', false, 'not_yours'],
    ['unsubscriptions', 'PERSONAL', 'LINK', 'ADMIN', false, 'not_yours'],
    ['bounces', 'PERSONAL', 'ADDON', 'OWNER', false, 'not_yours'],
    ['bounces', 'PERSONAL', 'MANUAL', 'MEMBER', false, 'not_yours'],
    // a recipient's opt-out through another sender's link: never a colleague's to undo
    ['unsubscriptions', 'WORKSPACE', 'LINK', 'OWNER', false, 'recipient_opt_out'],
    ['unsubscriptions', 'WORKSPACE', 'LINK', 'ADMIN', false, 'recipient_opt_out'],
    // ...but the sender of that merge may
    ['unsubscriptions', 'WORKSPACE', 'LINK', 'ADMIN', true, null],
    ['unsubscriptions', 'PERSONAL', 'LINK', 'MEMBER', true, null],
    // shared entries a person added: the spec's role rule
    ['unsubscriptions', 'WORKSPACE', 'MANUAL', 'OWNER', false, null],
    ['unsubscriptions', 'WORKSPACE', 'MANUAL', 'MEMBER', false, 'shared_entry'],
    ['bounces', 'WORKSPACE', 'ADDON', 'ADMIN', false, null],
    ['bounces', 'WORKSPACE', 'ADDON', 'MEMBER', true, 'shared_entry'],
  ])('%s %s from %s, %s, own %s -> %s', (list, type, source, role, isOwn, expected) => {
    const block = suppressionDeleteBlock({
      list,
      type,
      source,
      role,
      userPlan: 'PRO',
      features: shared,
      isOwn,
    });
    expect(block?.reason ?? null).toBe(expected);
    if (block) expect(block.message.length).toBeGreaterThan(20);
  });
});
