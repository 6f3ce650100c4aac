import { emailSchema, INVALID_EMAIL_MESSAGE } from '../users/email';

/** Spec 002 §2.3, §2.4, §5, §9: the unsubscribe and bounce tag inputs grow to at most 6 rows. */
export const MAX_TAG_ROWS = 6;

/** Spec 002 §2.4: the bounce tag input's placeholder. */
export const BOUNCE_TAG_PLACEHOLDER = 'Enter email addresses separated by commas';

/** Spec 002 §2.4 / §9: tags are separated by space and comma (any run of whitespace or commas). */
const TAG_SEPARATOR = /[\s,]+/;

/** Spec 002 §5: a space or comma key also triggers the submit. */
export const isTagSubmitKey = (key: string): boolean => key === ' ' || key === ',';

/**
 * Text typed or pasted into the tag input, as tags: split on spaces and commas, trimmed,
 * lower-cased and de-duplicated (spec 002 §5), in order of first appearance.
 */
export const parseTags = (text: string): string[] => uniqueTags(text.split(TAG_SEPARATOR));

/** The existing tags followed by the new ones from `text`, still lower-cased and de-duplicated. */
export const addTags = (existing: readonly string[], text: string): string[] =>
  uniqueTags([...existing, ...text.split(TAG_SEPARATOR)]);

export type EmailTag = { value: string; isValid: boolean; error: typeof INVALID_EMAIL_MESSAGE | null };

/** Spec 002 §5: each tag is checked with the shared e-mail rule; an invalid one shows 'Email is invalid'. */
export const validateTag = (value: string): EmailTag => {
  const isValid = emailSchema.safeParse(value).success;
  return { value, isValid, error: isValid ? null : INVALID_EMAIL_MESSAGE };
};

export const validateTags = (tags: readonly string[]): EmailTag[] => tags.map(validateTag);

/**
 * The addresses to submit: the tags plus any text still in the input (the space/comma key submits
 * it), invalid ones excluded (spec 002 §5), normalised and de-duplicated.
 */
export const emailsToSubmit = (tags: readonly string[], typedText = ''): string[] =>
  uniqueTags(
    addTags(tags, typedText).flatMap((tag) => {
      const result = emailSchema.safeParse(tag);
      return result.success ? [result.data] : [];
    }),
  );

export type SubmitState = {
  tags: readonly string[];
  /** What is still typed in the input, not yet a tag. */
  typedText: string;
  /** A delete of a listed address is in progress. */
  isDeleting: boolean;
};

/**
 * Spec 002 §5: the Unsubscribe / 'Add to bounce list' button is disabled when there are no tags and
 * no typed text, when all tags are invalid, or while a delete is in progress. Taken literally: with
 * at least one tag and every tag invalid the button is disabled even if text is typed (the
 * space/comma key turns that text into a tag first, which re-enables it when valid).
 */
export const isSubmitDisabled = ({ tags, typedText, isDeleting }: SubmitState): boolean => {
  if (isDeleting) return true;
  if (tags.length === 0) return typedText.trim() === '';
  return tags.every((tag) => !validateTag(tag).isValid);
};

function uniqueTags(parts: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const part of parts) {
    const tag = part.trim().toLowerCase();
    if (tag !== '') seen.add(tag);
  }
  return [...seen];
}
