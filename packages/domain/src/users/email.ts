import { z } from 'zod';

/** Spec 002 alerts: the message for an address that does not match the pattern. */
export const INVALID_EMAIL_MESSAGE = 'Email is invalid';

/**
 * The one shared e-mail rule (spec 000 §5): trimmed, lower-cased, then checked against zod's
 * standard address pattern (`z.email()`). The output is the normalised address.
 */
export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));

export const isValidEmail = (value: unknown): boolean => emailSchema.safeParse(value).success;

/** The personal mail domains ({host} in the spec). */
export const GMAIL_DOMAINS = ['gmail.com', 'googlemail.com'] as const;

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
