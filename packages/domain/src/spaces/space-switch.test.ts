import { describe, expect, it } from 'vitest';
import type { Role } from '../roles/roles';
import {
  canCreateAnotherSpace,
  countOwnedSpaces,
  isClearedOnSpaceSwitch,
  newSpaceLanding,
} from './space-switch';

describe('isClearedOnSpaceSwitch (spec 000 §2)', () => {
  it.each([
    ['checkout', true],
    ['from', true],
    ['to', true],
    ['workspaceUsers', true],
    ['gmailUsers', true],
    ['fromInterval', true],
    ['toInterval', true],
    ['plan', false],
    ['interval', false],
    ['show-plans', false],
    ['new-space', false],
    ['change-billing-cycle', false],
    ['seat-pricing-ineligibility', false],
    ['Checkout', false],
  ])('%s -> %s', (parameter, expected) => {
    expect(isClearedOnSpaceSwitch(parameter)).toBe(expected);
  });
});

const spaces = (...roles: Role[]) => roles.map((userRole) => ({ userRole }));

describe('countOwnedSpaces / canCreateAnotherSpace (spec 000 §5, §9: at most 5 owned spaces)', () => {
  it.each<[string, Array<{ userRole: Role }>, number, boolean]>([
    ['no spaces', [], 0, true],
    ['olivia: owner of 2', spaces('OWNER', 'OWNER'), 2, true],
    ['adam: admin and member', spaces('ADMIN', 'MEMBER'), 0, true],
    [
      'owner of 4 and admin of 3',
      spaces('OWNER', 'OWNER', 'OWNER', 'OWNER', 'ADMIN', 'ADMIN', 'ADMIN'),
      4,
      true,
    ],
    ['max: owner of 5', spaces('OWNER', 'OWNER', 'OWNER', 'OWNER', 'OWNER'), 5, false],
    ['owner of 6', spaces('OWNER', 'OWNER', 'OWNER', 'OWNER', 'OWNER', 'OWNER'), 6, false],
  ])('%s', (_name, list, count, canCreate) => {
    expect(countOwnedSpaces(list)).toBe(count);
    expect(canCreateAnotherSpace(list)).toBe(canCreate);
  });
});

describe("newSpaceLanding (spec 000 §4 'New space creation', spec 001 §2 'new-space' flag of the checkout)", () => {
  it.each([
    [false, false, '/mail-merges/sent'],
    [false, true, '/mail-merges/sent'],
    [true, false, '/checkout/details'],
    [true, true, '/checkout/information'],
  ])('from checkout %s, Gmail-type buyer %s -> %s', (fromCheckout, isGmailUser, expected) => {
    expect(newSpaceLanding({ fromCheckout, isGmailUser })).toBe(expected);
  });
});
