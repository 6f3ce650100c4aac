import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import {
  addTags,
  emailsToSubmit,
  isAddDisabled,
  MAX_ADD_MEMBER_ROWS,
} from '@mergedesk/domain/members/email-entry';
import { suggestionOptions } from '@mergedesk/domain/members/suggestions';
import { EmailTagsInput } from './email-tags-input';
import { useMemberSuggestions } from '../lib/member-suggestions';

/** Spec 002 §8 alert for a call that failed as a whole. */
const SUBMIT_FAILED_MESSAGE = 'An error occurred. Please try again.';

/** What a submit answered: per-address errors (kept as tags) and an optional warning. */
export type EmailEntryResult = {
  /** Addresses that went through; they leave the input. */
  accepted: string[];
  /** Address → reason, shown on hover over the tag (spec 002 §8). */
  errors: Record<string, string>;
  /** e.g. '{email} is already a paid user in another space.' */
  warning?: string | null;
};

export type EmailEntryModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** Shown under the input while some addresses have errors. */
  partialErrorMessage: string;
  /** Errors known before sending (e.g. an address outside the space's domain). */
  localErrors?: (emails: string[]) => Record<string, string>;
  /** A reason the whole entry cannot be sent (e.g. not enough seats), or null. */
  blockedReason?: (emails: string[]) => string | null;
  /** Sends the valid addresses; resolves with what happened. */
  onSubmit: (emails: string[]) => Promise<EmailEntryResult>;
  /**
   * Called after a submit with no error left (the modal then closes), with the submit's warning
   * (e.g. an address added though paid in another space) for the page to show.
   */
  onDone: (accepted: string[], warning: string | null) => void;
  intro?: ReactNode;
  /**
   * The space whose people are suggested while typing (spec 001 §7 member autocomplete); only for
   * those who may add members (the server refuses the others). Absent: no suggestions.
   */
  suggestFor?: string | null;
};

/**
 * The e-mail entry of the member screens (spec 002 §2.7 'Add members', §2.8 'Invite users', §5):
 * the shared tag input (space and comma separate, lower-cased, de-duplicated, a tag left in the
 * input on blur is added) in at most 5 rows; per-address errors show on hover in error style with
 * "…Hover over them to know why."; Add stays disabled while there is a partial error, until the
 * tags change.
 */
export function EmailEntryModal({
  opened,
  onClose,
  title,
  submitLabel,
  partialErrorMessage,
  localErrors,
  blockedReason,
  onSubmit,
  onDone,
  intro,
  suggestFor = null,
}: EmailEntryModalProps) {
  const [tags, setTags] = useState<string[]>([]);
  const [typedText, setTypedText] = useState('');
  const suggestions = suggestionOptions(useMemberSuggestions(opened ? suggestFor : null, typedText), tags);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const emails = emailsToSubmit(tags, typedText);
  const known = { ...(localErrors?.(emails) ?? {}), ...serverErrors };
  const tagErrors = Object.fromEntries(Object.entries(known).filter(([email]) => tags.includes(email)));
  const hasPartialError = Object.keys(tagErrors).length > 0;
  const blocked = blockedReason?.(emails) ?? null;
  const disabled = isAddDisabled({ emails, hasPartialError, isBusy: busy }) || blocked !== null;

  const reset = () => {
    setTags([]);
    setTypedText('');
    setServerErrors({});
    setWarning(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const changeTags = (next: string[]) => {
    setTags(next);
    // A changed entry is checked again on the next submit.
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([email]) => next.includes(email))),
    );
  };

  const submit = async () => {
    const all = addTags(tags, typedText);
    setTags(all);
    setTypedText('');
    if (disabled) return;
    setBusy(true);
    setWarning(null);
    try {
      const result = await onSubmit(emails);
      setWarning(result.warning ?? null);
      if (Object.keys(result.errors).length === 0) {
        reset();
        onDone(result.accepted, result.warning ?? null);
        return;
      }
      setServerErrors(result.errors);
      setTags(all.filter((tag) => !result.accepted.includes(tag)));
    } catch {
      setWarning(SUBMIT_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {intro}
          <EmailTagsInput
            label="Email addresses"
            // Issue 21 "Keyboard safety": the dialog opens with the cursor in the address field.
            autoFocus
            placeholder="Enter email addresses separated by commas"
            tags={tags}
            onTagsChange={changeTags}
            typedText={typedText}
            onTypedTextChange={setTypedText}
            maxRows={MAX_ADD_MEMBER_ROWS}
            tagErrors={tagErrors}
            suggestions={suggestions}
            error={hasPartialError ? partialErrorMessage : null}
            disabled={busy}
          />
          {hasPartialError && (
            // The reasons in text too: a tag's tooltip needs a pointer.
            <List size="sm" aria-label="Addresses that cannot be added">
              {Object.entries(tagErrors).map(([email, reason]) => (
                <List.Item key={email}>
                  <Text span size="sm" fw={500}>
                    {email}
                  </Text>
                  : {reason}
                </List.Item>
              ))}
            </List>
          )}
          {blocked && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {blocked}
            </Alert>
          )}
          {warning && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {warning}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={disabled} loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
