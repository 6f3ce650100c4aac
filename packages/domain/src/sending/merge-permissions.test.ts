import { describe, expect, it } from 'vitest';
import type { Role } from '../roles/roles';
import { canManageMergeSending } from './merge-permissions';

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
