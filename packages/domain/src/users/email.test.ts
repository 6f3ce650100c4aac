import { describe, expect, it } from 'vitest';
import {
  emailDomain,
  emailSchema,
  INVALID_EMAIL_MESSAGE,
  isGmailAddress,
  isValidEmail,
  normalizeEmail,
} from './email';

/** 254 characters: 64 in the local part, 189 in the domain (labels of at most 63). */
const LONGEST = `${'l'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(56)}.test`;

describe('emailSchema (spec 000 §5)', () => {
  it.each([
    ['olivia@acme.test', 'olivia@acme.test'],
    ['  Olivia@Acme.TEST ', 'olivia@acme.test'],
    ['gina@gmail.com', 'gina@gmail.com'],
    ['first.last+tag@sub.example.co.uk', 'first.last+tag@sub.example.co.uk'],
    [LONGEST, LONGEST],
    // The length is the normalised address's: surrounding spaces do not count.
    [`  ${LONGEST.toUpperCase()} `, LONGEST],
    // Issue 21: internationalised addresses (RFC 6531 local part, IDN domain in punycode).
    ['josé@exämple.com', 'josé@xn--exmple-cua.com'],
    ['José@Exämple.com', 'josé@xn--exmple-cua.com'],
    ['josé@example.com', 'josé@example.com'],
    ['jose@exämple.com', 'jose@xn--exmple-cua.com'],
    ['δοκιμή@παράδειγμα.δοκιμή', 'δοκιμή@xn--hxajbheg2az3al.xn--jxalpdlp'],
    ['用户@例子.广告', '用户@xn--fsqu00a.xn--4rr70v'],
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
    `a${LONGEST}`,
    'josé@exämple',
    'jo sé@exämple.com',
    '.josé@example.com',
    'josé.@example.com',
    'jo..sé@example.com',
    'josé@exä mple.com',
    42,
    null,
  ])('rejects %j with the shared message', (input) => {
    const result = emailSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID_EMAIL_MESSAGE);
    expect(isValidEmail(input)).toBe(false);
  });
});

describe('normalizeEmail (one address, however it is spelled)', () => {
  it.each([
    ['ann@example.com', 'ann@example.com'],
    ['Ann@Example.com', 'ann@example.com'],
    ['  ANN@EXAMPLE.COM\t', 'ann@example.com'],
    ['ann@EXAMPLE.com', 'ann@example.com'],
    ['ann@bücher.de', 'ann@xn--bcher-kva.de'],
    ['Ann@BÜCHER.de', 'ann@xn--bcher-kva.de'],
    ['ann@xn--bcher-kva.de', 'ann@xn--bcher-kva.de'],
    // Decomposed ü (u + combining diaeresis) is the same letter once composed (NFC).
    ['ann@bu\u0308cher.de', 'ann@xn--bcher-kva.de'],
    ['zoë@example.com', 'zoë@example.com'],
    ['no-at-sign', 'no-at-sign'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(normalizeEmail(input)).toBe(output);
  });

  it('is what emailSchema outputs, so four spellings parse to one address', () => {
    const spellings = ['ann@bücher.de', ' Ann@Bücher.de', 'ANN@BÜCHER.DE ', 'ann@xn--bcher-kva.de'];
    expect(new Set(spellings.map((spelling) => emailSchema.parse(spelling)))).toEqual(
      new Set(['ann@xn--bcher-kva.de']),
    );
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
