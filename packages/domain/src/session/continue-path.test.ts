import { describe, expect, it } from 'vitest';
import {
  continuePathOrDefault,
  DEFAULT_LANDING_PATH,
  safeContinuePath,
  signInDestination,
} from './continue-path';

describe('safe continue paths (spec 000 §2: back to the original path and query after signing in)', () => {
  it.each([
    ['/', '/'],
    ['/a1b2/acme-sales/mail-merges', '/a1b2/acme-sales/mail-merges'],
    ['/a/b/mail-merges?x=1&sortBy=sentAt:desc', '/a/b/mail-merges?x=1&sortBy=sentAt:desc'],
    ['/a/b/space/members?filterBy=userEmail%3Aa%2Fb', '/a/b/space/members?filterBy=userEmail%3Aa%2Fb'],
    ['/a/b#section', '/a/b#section'],
    ['/login-help', '/login-help'],
    ['/settings/billing?plan=PRO', '/settings/billing?plan=PRO'],
    ['/invitations/abc/accept?next=//x', '/invitations/abc/accept?next=//x'],
  ])('keeps %j', (value, expected) => {
    expect(safeContinuePath(value)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
    ['absolute URL', 'https://evil.example/'],
    ['scheme without slashes', 'javascript:alert(1)'],
    ['relative path', 'a/b'],
    ['protocol-relative', '//evil.example/'],
    ['slash backslash', '/\\evil.example'],
    ['backslash backslash', '\\\\evil.example'],
    ['backslash later in the path', '/a\\b'],
    ['backslash in the query', '/a?b=\\c'],
    ['tab between the slashes (issue 6)', '/\t/evil.example'],
    ['newline between the slashes', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['NUL', '/a\u0000b'],
    ['DEL', '/a\u007fb'],
    ['C1 control', '/a\u0085b'],
    ['line separator', '/a\u2028b'],
    ['encoded slash', '/%2Fevil.example'],
    ['encoded slash, lower case', '/%2fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['encoded dot segment', '/%2e%2e//evil.example'],
    ['double encoding', '/%252F%252Fevil.example'],
    ['empty segment later in the path', '/a//evil.example'],
    ['dot segment', '/./evil'],
    ['dot-dot segment', '/a/../..//evil.example'],
    ['trailing dot-dot', '/a/..'],
    ['the login page', '/login?continue=/x'],
    ['the login page alone', '/login'],
    ['the sign-in callback', '/auth/callback?code=1&state=2'],
    ['longer than 2,000 characters', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_name, value) => {
    expect(safeContinuePath(value)).toBeNull();
  });

  it('falls back to the default landing page', () => {
    expect(DEFAULT_LANDING_PATH).toBe('/');
    expect(continuePathOrDefault('/\t/evil.example')).toBe('/');
    expect(continuePathOrDefault(null)).toBe('/');
    expect(continuePathOrDefault('/a/b?c=d')).toBe('/a/b?c=d');
  });
});

describe('where a sign-in lands (spec 000 §4 redirectToBilling; issue 21)', () => {
  it.each([
    [{}, '/'],
    [{ redirectToBilling: true }, '/settings/billing'],
    [{ redirectToBilling: false }, '/'],
    [{ continue: '/a/b/bounces', redirectToBilling: true }, '/a/b/bounces'],
    [{ continue: 'https://evil.example', redirectToBilling: true }, '/settings/billing'],
    [{ continue: '//evil.example' }, '/'],
    [{ continue: null, redirectToBilling: true }, '/settings/billing'],
  ])('%o → %s', (intent, destination) => {
    expect(signInDestination(intent)).toBe(destination);
  });
});
