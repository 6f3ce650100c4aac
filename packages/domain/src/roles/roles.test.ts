import { describe, expect, it } from 'vitest';
import { hasRoleAtLeast, isRole, ROLE_RANK, ROLES, roleSchema, type Role } from './roles';

describe('ROLE_RANK (spec 000 §6: MEMBER=1, ADMIN=2, OWNER=3)', () => {
  it.each([
    ['MEMBER', 1],
    ['ADMIN', 2],
    ['OWNER', 3],
  ] as const)('%s ranks %i', (role, rank) => {
    expect(ROLE_RANK[role]).toBe(rank);
  });

  it('lists the roles lowest first', () => {
    expect(ROLES).toEqual(['MEMBER', 'ADMIN', 'OWNER']);
  });
});

describe('hasRoleAtLeast', () => {
  it.each<[Role | null | undefined, Role, boolean]>([
    ['MEMBER', 'MEMBER', true],
    ['MEMBER', 'ADMIN', false],
    ['MEMBER', 'OWNER', false],
    ['ADMIN', 'MEMBER', true],
    ['ADMIN', 'ADMIN', true],
    ['ADMIN', 'OWNER', false],
    ['OWNER', 'MEMBER', true],
    ['OWNER', 'ADMIN', true],
    ['OWNER', 'OWNER', true],
    [null, 'MEMBER', false],
    [undefined, 'MEMBER', false],
  ])('%s at least %s -> %s', (role, min, expected) => {
    expect(hasRoleAtLeast(role, min)).toBe(expected);
  });
});

describe('roleSchema / isRole', () => {
  it.each([
    ['OWNER', true],
    ['ADMIN', true],
    ['MEMBER', true],
    ['owner', false],
    ['SUPERUSER', false],
    [3, false],
  ])('%s valid -> %s', (value, expected) => {
    expect(roleSchema.safeParse(value).success).toBe(expected);
    expect(isRole(value)).toBe(expected);
  });
});
