import { describe, expect, it } from 'vitest';
import { maskEmailAddress, redactLogText, redactUrlForLog } from './log-redaction';

const TOKEN = `0b7e3c1a-2f4d-4e5a-9b6c-7d8e9f0a1b2c.${'S'.repeat(40)}a_-`;

describe('maskEmailAddress', () => {
  it.each([
    ['ann@example.org', 'a***@example.org'],
    ['a@example.org', 'a***@example.org'],
    ['Ünal.Öz@bücher.de', 'Ü***@bücher.de'],
    ['a***@example.org', 'a***@example.org'],
    ['no address', 'no address'],
  ])('%s → %s', (address, masked) => {
    expect(maskEmailAddress(address)).toBe(masked);
  });
});

describe('redactLogText', () => {
  it.each([
    ['No account exists for nina@newcomer.test.', 'No account exists for n***@newcomer.test.'],
    ['ann@example.org, bob.smith+x@sub.example.co.uk', 'a***@example.org, b***@sub.example.co.uk'],
    ['already masked a***@example.org', 'already masked a***@example.org'],
    ['token in text /t/c/' + TOKEN + '/3', 'token in text /t/c/[redacted]/3'],
    ['bare token ' + TOKEN + ' end', 'bare token [redacted] end'],
    ['/invitations/demo-nina-acme-sales/accepted', '/invitations/[redacted]/accepted'],
    ['/workspaces/w1/invitations/resend', '/workspaces/w1/invitations/resend'],
    [
      'back at /auth/callback?code=abc123&state=xyz&iss=x',
      'back at /auth/callback?code=[redacted]&state=[redacted]&iss=x',
    ],
    ['nothing to hide here', 'nothing to hide here'],
    ['version 1.2.3 and a@b', 'version 1.2.3 and a@b'],
  ])('%s', (text, expected) => {
    expect(redactLogText(text)).toBe(expected);
  });
});

describe('redactUrlForLog', () => {
  /* eslint-disable no-restricted-syntax -- raw request URLs as the log sees them (and odd ones), not calls */
  it.each([
    ['/auth/callback?code=4/0AbC-xyz&state=s1&scope=openid', '/auth/callback?[redacted]'],
    ['/api/v1/auth/authorize?continue=/x&loginHint=ann@example.org', '/api/v1/auth/authorize?[redacted]'],
    ['/api/v1/auth/revoke', '/api/v1/auth/revoke'],
    ['/invitations/demo-nina-acme-sales', '/invitations/[redacted]'],
    ['/invitations/abcDEF_123-xyz/accepted?from=mail', '/invitations/[redacted]/accepted?[redacted]'],
    ['/api/invitations/demo-nina-acme-sales/accept', '/api/invitations/[redacted]/accept'],
    [`/t/o/${TOKEN}.gif`, '/t/o/[redacted]'],
    [`/t/c/${TOKEN}/12`, '/t/c/[redacted]/12'],
    [`/t/f/${TOKEN}?value=ann%40example.org`, '/t/f/[redacted]?[redacted]'],
    [`/t/u/not-a-token`, '/t/u/[redacted]'],
    ['/login?continue=%2Finvitations%2Fdemo-nina-acme-sales', '/login?continue=/invitations/[redacted]'],
    [
      '/api/v1/users/me/workspaces/w1/unsubscriptions?filterBy=email:ann%40example.org&limit=10',
      '/api/v1/users/me/workspaces/w1/unsubscriptions?filterBy=email:a***@example.org&limit=10',
    ],
    ['/api/v1/workspaces?sortBy=name:asc', '/api/v1/workspaces?sortBy=name:asc'],
    ['/api/v1/x?bad=%E0%A4%A', '/api/v1/x?bad=%E0%A4%A'],
    ['/api/v1/workspaces/w1/invitations/resend', '/api/v1/workspaces/w1/invitations/resend'],
  ])('%s', (url, expected) => {
    expect(redactUrlForLog(url)).toBe(expected);
  });
  /* eslint-enable no-restricted-syntax */
});
