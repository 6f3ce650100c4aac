import { Button, Group } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { addTags, emailsToSubmit, isSubmitDisabled } from '@mergedesk/domain/suppressions/tags';
import { EmailTagsInput } from './email-tags-input';

export type EmailTagsFormProps = {
  /** Accessible name of the tag input. */
  label: string;
  placeholder?: string;
  submitLabel: string;
  /** A delete of a listed address is in progress (spec 002 §5 disables the button meanwhile). */
  isDeleting: boolean;
  loading: boolean;
  /** Called with the valid addresses; resolves true on success, which clears the tags. */
  onSubmit: (emails: string[]) => Promise<boolean>;
};

/**
 * The add form of the unsubscription and bounce pages (spec 002 §2.3, §2.4, §5): the tag input
 * and its button, disabled by the domain's rule. Submitting turns typed text into tags first;
 * invalid tags are excluded from what is sent and the tags clear after a success (§4.3, §4.4).
 */
export function EmailTagsForm({
  label,
  placeholder,
  submitLabel,
  isDeleting,
  loading,
  onSubmit,
}: EmailTagsFormProps) {
  const [tags, setTags] = useState<string[]>([]);
  const [typedText, setTypedText] = useState('');
  const disabled = isSubmitDisabled({ tags, typedText, isDeleting });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || loading) return;
    const emails = emailsToSubmit(tags, typedText);
    setTags(addTags(tags, typedText));
    setTypedText('');
    if (emails.length === 0) return;
    if (await onSubmit(emails)) setTags([]);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <EmailTagsInput
            label={label}
            placeholder={placeholder}
            tags={tags}
            onTagsChange={setTags}
            typedText={typedText}
            onTypedTextChange={setTypedText}
            disabled={loading}
          />
        </div>
        <Button type="submit" disabled={disabled} loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
