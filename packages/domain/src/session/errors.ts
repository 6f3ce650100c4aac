import { z } from 'zod';

/** Session errors raised in the UI (spec 000 §8). */
export const SESSION_ERROR_KINDS = [
  'session-expired',
  'incognito-mode',
  'cookie-error',
  'no-user',
  'can-not-create-user',
  'google',
] as const;
export type SessionErrorKind = (typeof SESSION_ERROR_KINDS)[number];
export const sessionErrorKindSchema = z.enum(SESSION_ERROR_KINDS);

export const isSessionErrorKind = (value: unknown): value is SessionErrorKind =>
  typeof value === 'string' && (SESSION_ERROR_KINDS as readonly string[]).includes(value);
