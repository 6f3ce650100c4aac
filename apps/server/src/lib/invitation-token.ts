import { createHash, randomBytes } from 'node:crypto';

/** A new invitation token: 32 random bytes, base64url (43 characters). */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash (SHA-256, hex): a database leak reveals no usable link. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
