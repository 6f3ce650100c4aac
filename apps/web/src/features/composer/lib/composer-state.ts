import type { RecipientSource } from './parse-recipients';

/**
 * Everything the person composed (issue 25), as saved between reloads (composer-storage.ts): the
 * parsed file, the choices, and the Idempotency-Key of this merge, made once when the composition
 * starts and kept until it is sent (a double click or a retry starts the merge once).
 */
export type ContentOrigin = { kind: 'draft' | 'template'; id: string; title: string };

export type ComposerOptions = {
  senderName: string;
  /** '' for the account's own address. */
  sendAs: string;
  trackOpens: boolean;
  trackClicks: boolean;
  unsubscribeLink: boolean;
  when: 'now' | 'later';
  /** The picked date and time as the datetime-local field holds it ('2026-12-01T09:30'), '' when none. */
  scheduledAt: string;
};

export type ComposerState = {
  version: 1;
  idempotencyKey: string;
  source: RecipientSource | null;
  emailColumn: string | null;
  origin: ContentOrigin | null;
  subject: string;
  htmlBody: string;
  options: ComposerOptions;
  /** The previewed recipient (0-based). */
  previewIndex: number;
};

export const newComposerState = (): ComposerState => ({
  version: 1,
  idempotencyKey: crypto.randomUUID(),
  source: null,
  emailColumn: null,
  origin: null,
  subject: '',
  htmlBody: '',
  options: {
    senderName: '',
    sendAs: '',
    trackOpens: true,
    trackClicks: true,
    unsubscribeLink: true,
    when: 'now',
    scheduledAt: '',
  },
  previewIndex: 0,
});

/** A saved state is used only when it has this shape (an older version is dropped). */
export const isComposerState = (value: unknown): value is ComposerState =>
  typeof value === 'object' &&
  value !== null &&
  (value as { version?: unknown }).version === 1 &&
  typeof (value as { idempotencyKey?: unknown }).idempotencyKey === 'string';

/** The datetime-local value as a moment in the sender's (the browser's) time zone; null when none. */
export function scheduledAtMs(value: string): number | null {
  if (value === '') return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}
