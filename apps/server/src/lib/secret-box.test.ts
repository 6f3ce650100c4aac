import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const box = createSecretBox('a-session-secret-of-at-least-32-characters', 'provider-token');

describe('secret box', () => {
  it('opens what it sealed, and never stores the plaintext', () => {
    const sealed = box.seal('ya29.google-access-token');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('ya29');
    expect(box.open(sealed)).toBe('ya29.google-access-token');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses tampered, foreign and malformed values', () => {
    const sealed = box.seal('token');
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const flipped = `${ciphertext!.startsWith('A') ? 'B' : 'A'}${ciphertext!.slice(1)}`;
    expect(box.open([version, iv, tag, flipped].join('.'))).toBeNull();
    expect(
      createSecretBox('another-session-secret-of-32-characters!', 'provider-token').open(sealed),
    ).toBeNull();
    expect(
      createSecretBox('a-session-secret-of-at-least-32-characters', 'other-purpose').open(sealed),
    ).toBeNull();
    expect(box.open('not sealed')).toBeNull();
    expect(box.open('v2.a.b.c')).toBeNull();
  });
});
