import { z } from 'zod/mini';

/** Spec 002 alerts: the message for an address that does not match the pattern. */
export const INVALID_EMAIL_MESSAGE = 'Email is invalid';

/**
 * The one normalisation of an address, wherever addresses are compared or stored (accounts,
 * lists, a merge's recipients): Unicode NFC, trimmed, lower-cased, and an internationalised
 * domain in its ASCII (punycode) form, as WHATWG URL writes hosts. So 'Ann@Bücher.DE ' and
 * 'ann@xn--bcher-kva.de' are one address. The result is not validated (see emailSchema).
 */
export function normalizeEmail(value: string): string {
  const address = value.normalize('NFC').trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  // eslint-disable-next-line no-control-regex -- a domain with a character outside ASCII
  if (at < 0 || !/[^\x00-\x7f]/.test(domain) || /[/?#@:\\\s]/.test(domain)) return address;
  const host = hostUrlSchema.safeParse(`http://${domain}`);
  return host.success ? `${address.slice(0, at)}@${host.data.slice('http://'.length, -1)}` : address;
}

/** WHATWG URL's host normalisation (punycode), through zod's URL check. */
const hostUrlSchema = z.url({ normalize: true });

/** The longest address accepted, normalised (punycode domain): 254 characters. */
const MAX_EMAIL_LENGTH = 254;

/**
 * Zod's standard address pattern (`z.regexes.email`) with the local part widened to Unicode letters
 * and digits (RFC 6531, SMTPUTF8), so 'josé@exämple.com' is an address (issue 21). The domain is
 * checked in its ASCII form (an internationalised top-level domain as its 'xn--' label):
 * normalizeEmail has turned 'exämple.com' into punycode before.
 */
const ADDRESS_PATTERN =
  /^(?:[\p{L}\p{M}\p{N}_'+-]+\.)*[\p{L}\p{M}\p{N}_'+-]*[\p{L}\p{M}\p{N}_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/u;

/**
 * The one shared e-mail rule (spec 000 §5): normalised (normalizeEmail: trimmed, lower-cased,
 * punycode domain), then checked against the standard address pattern with internationalised local
 * parts (ADDRESS_PATTERN). The output is the normalised address.
 */
export const emailSchema = z.pipe(
  z
    .string({ error: INVALID_EMAIL_MESSAGE })
    // RFC 5321 §4.5.3.1: a path is at most 256 octets with its angle brackets, so 254 for the address.
    .check(z.overwrite(normalizeEmail), z.maxLength(MAX_EMAIL_LENGTH, { error: INVALID_EMAIL_MESSAGE })),
  z.email({ pattern: ADDRESS_PATTERN, error: INVALID_EMAIL_MESSAGE }),
);

export const isValidEmail = (value: unknown): boolean => emailSchema.safeParse(value).success;

/** The personal mail domains ({host} in the spec). */
const GMAIL_DOMAINS = ['gmail.com', 'googlemail.com'] as const;

/** The part after the last '@', trimmed and lower-cased; '' when there is none. */
export const emailDomain = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
};

/** Spec 000 §5: Gmail detection covers gmail.com and googlemail.com, case-insensitively. */
export const isGmailAddress = (email: string): boolean =>
  (GMAIL_DOMAINS as readonly string[]).includes(emailDomain(email));
