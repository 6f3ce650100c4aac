import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets kept in the database (the provider's access tokens) with AES-256-GCM under a
 * key derived from SESSION_SECRET, so a database dump alone does not hand out Google tokens.
 * Format: `v1.{iv}.{tag}.{ciphertext}`, base64url parts.
 */
export function createSecretBox(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'mergedesk', `secret-box:${purpose}`, 32));
  return {
    seal(plaintext: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    /** The plaintext, or null for anything tampered with, foreign or malformed. */
    open(sealed: string): string | null {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined || rest.length > 0) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
