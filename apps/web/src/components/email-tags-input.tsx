import { Pill, TagsInput, Tooltip } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import type { SuggestionOption } from '@mergedesk/domain/members/suggestions';
import { INVALID_EMAIL_MESSAGE } from '@mergedesk/domain/users/email';
import {
  addTags,
  isTagSubmitKey,
  MAX_TAG_ROWS,
  parseTags,
  validateTag,
} from '@mergedesk/domain/suppressions/tags';

export type EmailTagsInputProps = {
  /** The accessible name of the input (it has no visible label on these pages). */
  label: string;
  placeholder?: string;
  tags: string[];
  onTagsChange: (tags: string[]) => void;
  /** What is typed but not yet a tag. */
  typedText: string;
  onTypedTextChange: (text: string) => void;
  /** At most this many rows of tags are visible; more scroll (spec 002 §9: 6 on these pages). */
  maxRows?: number;
  disabled?: boolean;
  /**
   * Per-address errors from elsewhere (the server's validity check, a domain rule): such a tag
   * shows in error style with its message as tooltip (spec 002 §8), like an invalid address.
   */
  tagErrors?: Readonly<Record<string, string>>;
  /** Shown under the input (e.g. "We can't add some email addresses. Hover over them to know why."). */
  error?: string | null;
  /** People to offer in a dropdown while typing (the member autocomplete); none by default. */
  suggestions?: readonly SuggestionOption[];
  /** Take the focus when a modal around it opens (Mantine's data-autofocus). */
  autoFocus?: boolean;
};

/** Room for `rows` rows of pills (pill height plus the gap), plus the input's padding. */
const rowsHeight = (rows: number) => `calc(${rows} * (var(--pill-height, 1.375rem) + 0.3rem) + 0.75rem)`;

/**
 * E-mail tags (spec 002 §5): space and comma separate tags, which are lower-cased and
 * de-duplicated (typed, pasted — newlines too — or left in the input on blur); each tag is checked
 * with the shared e-mail rule and an invalid one is shown in error style with 'Email is invalid'.
 */
export function EmailTagsInput({
  label,
  placeholder,
  tags,
  onTagsChange,
  typedText,
  onTypedTextChange,
  maxRows = MAX_TAG_ROWS,
  disabled,
  tagErrors,
  error,
  suggestions = [],
  autoFocus = false,
}: EmailTagsInputProps) {
  const tagError = (tag: string): string | null =>
    validateTag(tag).isValid ? (tagErrors?.[tag] ?? null) : INVALID_EMAIL_MESSAGE;
  const hasInvalid = tags.some((tag) => !validateTag(tag).isValid);

  // Spec 002 §5 "A space or comma key also triggers the submit": it submits the typed text as
  // tags (Mantine splits on splitChars too; this also covers text that holds other whitespace).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isTagSubmitKey(event.key) || typedText.trim() === '') return;
    event.preventDefault();
    onTagsChange(addTags(tags, typedText));
    onTypedTextChange('');
  };

  return (
    <TagsInput
      aria-label={label}
      // Inside a modal, Mantine's focus trap starts here instead of on the close button.
      data-autofocus={autoFocus ? true : undefined}
      placeholder={tags.length === 0 ? placeholder : undefined}
      value={tags}
      // Whatever Mantine produced (split, pasted, accepted on blur) is normalised by the domain.
      onChange={(next) => onTagsChange(parseTags(next.join(' ')))}
      searchValue={typedText}
      onSearchChange={onTypedTextChange}
      onKeyDown={onKeyDown}
      splitChars={[' ', ',']}
      acceptValueOnBlur
      allowDuplicates={false}
      disabled={disabled}
      error={error ?? (hasInvalid ? INVALID_EMAIL_MESSAGE : undefined)}
      // Without suggestions the dropdown stays closed; choosing one adds its address as a tag.
      data={[...suggestions]}
      styles={{ input: { maxHeight: rowsHeight(maxRows), overflowY: 'auto' } }}
      renderPill={({ value = '', onRemove, disabled: pillDisabled }) => {
        const message = tagError(value);
        const isValid = message === null;
        return (
          <Tooltip label={message} disabled={isValid} withArrow multiline maw={320}>
            <Pill
              withRemoveButton={!pillDisabled}
              onRemove={onRemove}
              disabled={pillDisabled}
              data-invalid={isValid ? undefined : true}
              c={isValid ? undefined : 'red.8'}
              bg={isValid ? undefined : 'red.1'}
              removeButtonProps={{ 'aria-hidden': false, 'aria-label': `Remove ${value}` }}
            >
              {value}
            </Pill>
          </Tooltip>
        );
      }}
    />
  );
}
