import { describe, expect, it } from 'vitest';
import type { MemberStatus } from '../plans/plans';
import type { Role } from '../roles/roles';
import { canManageMergeSending, canStartMerges } from './merge-permissions';

describe('canManageMergeSending', () => {
  it.each<[boolean, Role, boolean]>([
    [true, 'MEMBER', true],
    [true, 'ADMIN', true],
    [false, 'OWNER', true],
    [false, 'ADMIN', true],
    [false, 'MEMBER', false],
  ])('sender %s, role %s -> %s', (isSender, role, expected) => {
    expect(canManageMergeSending({ isSender, role })).toBe(expected);
  });
});

describe('canStartMerges (issue 25: who has the New mail merge button; the server refuses the others)', () => {
  it.each<[MemberStatus | null | undefined, boolean]>([
    ['ACTIVE', true],
    ['ACCEPTED', true],
    ['LEGACY', true],
    ['FREE_TRIAL', true],
    ['DISABLED', false],
    ['PENDING', false],
    [null, false],
    [undefined, false],
  ])('status %s -> %s', (status, expected) => {
    expect(canStartMerges({ status })).toBe(expected);
  });
});
