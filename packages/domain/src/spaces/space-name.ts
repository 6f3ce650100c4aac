import { z } from 'zod/mini';
import { nameRules } from '../text/client-text';

/** Spec 000 §5 and §9. */
export const SPACE_NAME_MIN = 5;
export const SPACE_NAME_MAX = 255;
export const MAX_OWNED_SPACES = 5;

export const SPACE_NAME_MESSAGES = {
  REQUIRED: 'Please fill in this field.',
  TOO_SHORT: `Space name should contain at least ${SPACE_NAME_MIN} characters.`,
  TOO_LONG: `Space name could contain at most ${SPACE_NAME_MAX} characters.`,
} as const;

/**
 * Ours, not the spec's (docs/decisions/158-rules-for-space-names.md): the characters a name may not hold
 * (the shared name rule of text/client-text), in the words of the space name's messages.
 */
export const SPACE_NAME_CHARACTER_MESSAGES = {
  CONTROL_CHARACTERS: 'Space name cannot contain control characters.',
  INVALID_UNICODE: 'Space name contains invalid characters.',
  DIRECTION_OVERRIDES: 'Space name cannot contain text direction override characters.',
  NO_VISIBLE_CHARACTERS: 'Space name should contain visible characters.',
} as const;

/** Every message a space name can get, by reason. */
export const SPACE_NAME_ERROR_MESSAGES = { ...SPACE_NAME_MESSAGES, ...SPACE_NAME_CHARACTER_MESSAGES };

export type SpaceNameErrorReason = keyof typeof SPACE_NAME_ERROR_MESSAGES;

/**
 * Spec 000 §5: the trimmed value is required, then (ours) the name rule — no control or bidi
 * override characters, something visible — then 5..255 characters. Each check aborts, so a value
 * gets exactly one message. The output is the trimmed name (the one that is sent and stored).
 */
export const spaceNameSchema = z
  .string({ error: SPACE_NAME_MESSAGES.REQUIRED })
  .check(
    z.trim(),
    z.minLength(1, { error: SPACE_NAME_MESSAGES.REQUIRED, abort: true }),
    nameRules(SPACE_NAME_CHARACTER_MESSAGES),
    z.minLength(SPACE_NAME_MIN, { error: SPACE_NAME_MESSAGES.TOO_SHORT, abort: true }),
    z.maxLength(SPACE_NAME_MAX, { error: SPACE_NAME_MESSAGES.TOO_LONG, abort: true }),
  );

export type SpaceNameValidation =
  { ok: true; name: string } | { ok: false; reason: SpaceNameErrorReason; message: string };

/** The same rule as data, with the reason code (REQUIRED / TOO_SHORT / TOO_LONG / a character rule's). */
export const validateSpaceName = (value: unknown): SpaceNameValidation => {
  const result = spaceNameSchema.safeParse(value);
  if (result.success) return { ok: true, name: result.data };
  const message = result.error.issues[0]?.message;
  const reason =
    (Object.keys(SPACE_NAME_ERROR_MESSAGES) as SpaceNameErrorReason[]).find(
      (key) => SPACE_NAME_ERROR_MESSAGES[key] === message,
    ) ?? 'REQUIRED';
  return { ok: false, reason, message: SPACE_NAME_ERROR_MESSAGES[reason] };
};

/** Spec 000 §5: a user who already owns 5 spaces cannot create another. */
export const canCreateSpace = (ownedSpaceCount: number): boolean => ownedSpaceCount < MAX_OWNED_SPACES;

export const SPACE_LIMIT_WARNING_TITLE = 'You cannot create a new space';
export const SPACE_LIMIT_WARNING_MESSAGE = `You are already the owner of ${MAX_OWNED_SPACES} spaces which is the limit of the number of spaces you can own.`;

const SPACE_SLUG_FALLBACK = 'space';

/**
 * URL slug of a space name (the {workspaceSlug} of the route prefix, spec 000 §2): accents folded
 * to ASCII, lower-case, every run of other characters turned into one dash, no leading or trailing
 * dash; 'space' when nothing is left. The slug is cosmetic: routes are resolved by the id.
 */
export const slugify = (name: string): string => {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // "Gina's space" reads better as ginas-space than gina-s-space.
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? SPACE_SLUG_FALLBACK : slug;
};

/**
 * Spec 002 §5: on the general settings, Save and Cancel are disabled while the name equals the
 * saved one. Compared as it would be sent (trimmed), so added outer spaces change nothing.
 */
export const isSpaceNameUnchanged = (savedName: string, draft: string): boolean =>
  draft.trim() === savedName.trim();
