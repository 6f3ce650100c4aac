import { describe, expect, it } from 'vitest';
import { emailDomain, emailSchema, INVALID_EMAIL_MESSAGE, isGmailAddress, isValidEmail } from './email';

describe('emailSchema (spec 000 §5)', () => {
  it.each([
    ['olivia@acme.test', 'olivia@acme.test'],
    ['  Olivia@Acme.TEST ', 'olivia@acme.test'],
    ['gina@gmail.com', 'gina@gmail.com'],
    ['first.last+tag@sub.example.co.uk', 'first.last+tag@sub.example.co.uk'],
  ])('accepts %j as %j', (input, output) => {
    expect(emailSchema.parse(input)).toBe(output);
    expect(isValidEmail(input)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'olivia',
    'olivia@',
    '@acme.test',
    'olivia@acme',
    'a b@acme.test',
    'olivia@@acme.test',
    42,
    null,
  ])('rejects %j with the shared message', (input) => {
    const result = emailSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID_EMAIL_MESSAGE);
    expect(isValidEmail(input)).toBe(false);
  });
});

describe('emailDomain', () => {
  it.each([
    ['olivia@acme.test', 'acme.test'],
    ['Gina@GMail.com ', 'gmail.com'],
    ['weird"@"name@example.org', 'example.org'],
    ['no-at-sign', ''],
    ['', ''],
  ])('%j -> %j', (email, domain) => {
    expect(emailDomain(email)).toBe(domain);
  });
});

describe('isGmailAddress (spec 000 §5: gmail.com and googlemail.com)', () => {
  it.each([
    ['gina@gmail.com', true],
    ['penny@googlemail.com', true],
    ['GINA@GMAIL.COM', true],
    ['Penny@GoogleMail.Com', true],
    ['olivia@acme.test', false],
    ['someone@gmail.com.evil.test', false],
    ['someone@notgmail.com', false],
    ['gmail.com', false],
    ['', false],
  ])('%j -> %s', (email, expected) => {
    expect(isGmailAddress(email)).toBe(expected);
  });
});
