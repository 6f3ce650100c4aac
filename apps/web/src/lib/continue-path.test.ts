import { describe, expect, it } from 'vitest';
import { loginPath, safeContinuePath } from './continue-path';

describe('continue paths', () => {
  it.each([
    ['/a/b/mail-merges?x=1', '/a/b/mail-merges?x=1'],
    ['https://evil.example/', null],
    ['//evil.example/', null],
    ['/\\evil.example', null],
    ['/login?continue=/x', null],
    ['/auth/callback?code=1', null],
    ['/login-help', '/login-help'],
    ['', null],
  ])('%s → %s', (value, expected) => {
    expect(safeContinuePath(value)).toBe(expected);
  });

  it('builds the login path', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/a/b?c=d')).toBe('/login?continue=%2Fa%2Fb%3Fc%3Dd');
  });
});
