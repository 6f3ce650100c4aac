import { describe, expect, it } from 'vitest';
import { canManageBounceList, canScheduleMerges } from './plan-features';
import type { SpacePlan, UserPlan } from './plans';

describe('canScheduleMerges (spec 002 §9: Pro adds scheduled send)', () => {
  it.each<[UserPlan, SpacePlan | null, boolean]>([
    ['FREE', 'FREE', false],
    ['FREE', 'PRO', false],
    ['FREE', 'PREMIUM', false],
    ['PRO', 'FREE', false],
    ['PRO_PERSONAL', 'FREE', false],
    ['PRO', 'PRO', true],
    ['PRO', 'PREMIUM', true],
    ['PRO_PERSONAL', 'LEGACY', true],
    ['PRO', 'OFFLINE', true],
    ['PRO', null, false],
  ])('user plan %s in a %s space: %s', (userPlan, workspacePlan, expected) => {
    expect(canScheduleMerges({ userPlan, workspacePlan })).toBe(expected);
  });
});

describe('canManageBounceList (spec 002 §9: Pro adds bounce list management)', () => {
  it.each<[SpacePlan | null, boolean]>([
    ['FREE', false],
    [null, false],
    ['PRO', true],
    ['PREMIUM', true],
    ['LEGACY', true],
    ['OFFLINE', true],
  ])('a %s space: %s', (workspacePlan, expected) => {
    expect(canManageBounceList({ workspacePlan })).toBe(expected);
  });
});
