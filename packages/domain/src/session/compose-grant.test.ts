import { describe, expect, it } from 'vitest';
import { grantOutcomeMessage, isGrantState, readGrantOutcome, withGrantOutcome } from './compose-grant';

describe('isGrantState', () => {
  it.each([
    ['grant.abc123', true],
    ['grant.', false],
    ['abc123', false],
    ['xgrant.abc', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (state, expected) => {
    expect(isGrantState(state)).toBe(expected);
  });
});

describe('withGrantOutcome', () => {
  it.each([
    ['/s/acme/templates', 'cancelled', '/s/acme/templates?composeGrant=cancelled'],
    [
      '/s/acme/templates?import=t1',
      'wrong-account',
      '/s/acme/templates?import=t1&composeGrant=wrong-account',
    ],
    ['/s/acme/templates?composeGrant=failed', 'cancelled', '/s/acme/templates?composeGrant=cancelled'],
    ['/t?x=1#top', 'failed', '/t?x=1&composeGrant=failed#top'],
  ] as const)('%s + %s → %s', (path, outcome, expected) => {
    expect(withGrantOutcome(path, outcome)).toBe(expected);
  });
});

describe('readGrantOutcome', () => {
  it.each([
    ['cancelled', 'cancelled'],
    ['wrong-account', 'wrong-account'],
    ['failed', 'failed'],
    ['granted', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(readGrantOutcome(value)).toBe(expected);
  });
});

describe('grantOutcomeMessage', () => {
  it("is the spec's draft error when cancelled or failed", () => {
    expect(grantOutcomeMessage('cancelled', 'gina@gmail.com')).toBe('Gmail draft could not be created');
    expect(grantOutcomeMessage('failed', 'gina@gmail.com')).toBe('Gmail draft could not be created');
  });
  it('names the account to choose when another one answered', () => {
    expect(grantOutcomeMessage('wrong-account', 'gina@gmail.com')).toBe(
      'Gmail draft could not be created: the permission was given for another Google account. Choose gina@gmail.com to allow drafts.',
    );
  });
});
