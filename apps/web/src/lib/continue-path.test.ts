import { describe, expect, it } from 'vitest';
import { loginPath } from './continue-path';

describe('the login path', () => {
  it('carries a safe continue path and drops an unsafe one (rule: domain session/continue-path)', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath(null)).toBe('/login');
    expect(loginPath('/a/b?c=d')).toBe('/login?continue=%2Fa%2Fb%3Fc%3Dd');
    expect(loginPath('/\t/evil.example')).toBe('/login');
  });
});
