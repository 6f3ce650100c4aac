import { describe, expect, it } from 'vitest';
import { isSessionErrorKind, SESSION_ERROR_KINDS, sessionErrorKindSchema } from './errors';

describe('session error kinds (spec 000 §8)', () => {
  it('lists exactly the spec kinds', () => {
    expect(SESSION_ERROR_KINDS).toEqual([
      'session-expired',
      'incognito-mode',
      'cookie-error',
      'no-user',
      'can-not-create-user',
      'google',
    ]);
  });

  it.each([
    ['session-expired', true],
    ['no-user', true],
    ['google', true],
    ['expired', false],
    ['', false],
    [undefined, false],
  ])('%j -> %s', (value, expected) => {
    expect(isSessionErrorKind(value)).toBe(expected);
    expect(sessionErrorKindSchema.safeParse(value).success).toBe(expected);
  });
});
