import { describe, expect, it } from 'vitest';
import { isUsersPageBlank } from './users-page';

describe('isUsersPageBlank (spec 002 §2.1 "blank for free-plan users")', () => {
  it.each([
    ['FREE', 'PRO', true],
    ['FREE', 'PREMIUM', true],
    ['FREE', 'LEGACY', true],
    ['FREE', 'FREE', false],
    ['PRO', 'PRO', false],
    ['PRO_PERSONAL', 'LEGACY', false],
    ['FREE', null, false],
  ] as const)('user plan %s in a %s space → %s', (userPlan, workspacePlan, expected) => {
    expect(isUsersPageBlank({ userPlan, workspacePlan })).toBe(expected);
  });
});
