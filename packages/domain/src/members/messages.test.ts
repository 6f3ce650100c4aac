import { describe, expect, it } from 'vitest';
import {
  alreadyPaidWarning,
  failedToRemoveMessage,
  freeUserLimitTooltip,
  legacyUserLimitMessage,
  memberStatusTooltip,
  memberSuccessBanner,
  roleLabel,
  transferConfirmTitle,
  transferLegacyMessage,
} from './messages';

describe('member messages (spec 002 §8)', () => {
  it('words the already-paid warning for one and several addresses', () => {
    expect(alreadyPaidWarning(['a@x.test'])).toBe('a@x.test is already a paid user in another space.');
    expect(alreadyPaidWarning(['a@x.test', 'b@x.test', 'c@x.test'])).toBe(
      'a@x.test and 2 others are already paid users in another space.',
    );
    expect(alreadyPaidWarning([])).toBe('');
  });

  it('fills the templates', () => {
    expect(failedToRemoveMessage('a@x.test')).toBe('Failed to remove a@x.test from the space');
    expect(freeUserLimitTooltip(2)).toBe(
      'Your current plan does not allow more than 2 free user(s). Remove active users to re-activate disabled users.',
    );
    expect(legacyUserLimitMessage(10)).toBe('You cannot go over your current plan user limit (10).');
    expect(transferConfirmTitle('Acme Sales', 'Mia Member')).toBe(
      'Transfer Acme Sales ownership to Mia Member?',
    );
    expect(transferLegacyMessage('MergeDesk')).toBe(
      'Transferring ownership is only available to new MergeDesk plans. Switch to a new plan to unlock this feature.',
    );
  });

  it.each([
    ['removed', 1, '1 member successfully removed from the space.'],
    ['removed', 2, '2 members successfully removed from the space.'],
    ['reinvited', 1, 'Invitation successfully sent again.'],
    ['cancelled', 3, '3 invitations successfully cancelled.'],
  ] as const)('banner %s × %i', (action, count, text) => {
    expect(memberSuccessBanner(action, count)).toBe(text);
  });

  it.each([
    ['OWNER', false, 'Owner'],
    ['OWNER', true, 'Owner'],
    ['ADMIN', false, 'Admin'],
    ['MEMBER', false, 'Member'],
    ['MEMBER', true, 'User'],
  ] as const)('role %s (legacy %s) is named %s (spec 002 §6)', (role, legacy, name) => {
    expect(roleLabel(role, legacy)).toBe(name);
  });
});

describe('the Status tooltip of the per-user users table (spec 002 §8)', () => {
  const FREE_LIMIT =
    'Your current plan does not allow more than 2 free user(s). Remove active users to re-activate disabled users.';
  const DIFFERENT_DOMAIN =
    'Your current plan does not allow users from a different domain. Upgrade your space to re-activate them.';
  const ONLY_ACME = 'Your current plan only allows user from domain acme.test.';
  it.each([
    // status, in the domain, plan allows several domains, space's domains, tooltip
    ['DISABLED', true, false, ['acme.test'], FREE_LIMIT],
    ['DISABLED', false, false, ['acme.test'], DIFFERENT_DOMAIN],
    ['DISABLED', false, true, ['acme.test'], DIFFERENT_DOMAIN],
    ['ACTIVE', false, false, ['acme.test'], ONLY_ACME],
    ['PENDING', false, false, ['acme.test'], ONLY_ACME],
    [
      'ACTIVE',
      false,
      false,
      ['acme.test', 'acme.example'],
      'Your current plan only allows user from domain acme.test, acme.example.',
    ],
    ['ACTIVE', true, false, ['acme.test'], null],
    ['ACTIVE', false, true, ['acme.test'], null],
    ['ACTIVE', false, false, [], null],
    ['FREE_TRIAL', true, false, ['acme.test'], null],
  ] as const)(
    '%s, in the domain %s, multi-domain %s, domains %j → %s',
    (status, isUserInDomain, hasMultiDomain, domains, tooltip) => {
      // The space's plans: a one-domain plan beside one that allows several domains or not.
      const features = [{ hasMultiDomain: false }, { hasMultiDomain }];
      expect(memberStatusTooltip({ status, isUserInDomain, freeLimit: 2, domains, features })).toBe(tooltip);
    },
  );

  it('never says a negative free-user limit', () => {
    expect(
      memberStatusTooltip({
        status: 'DISABLED',
        isUserInDomain: true,
        freeLimit: -1,
        domains: [],
        features: [],
      }),
    ).toBe(freeUserLimitTooltip(0));
  });

  it('gives no domain tooltip while the plan features are unknown', () => {
    expect(
      memberStatusTooltip({
        status: 'ACTIVE',
        isUserInDomain: false,
        freeLimit: 2,
        domains: ['acme.test'],
        features: [],
      }),
    ).toBeNull();
  });
});
