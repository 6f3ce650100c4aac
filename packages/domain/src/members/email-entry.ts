import { addTags, emailsToSubmit } from '../suppressions/tags';

/**
 * Spec 002 §5 "Email entry (member screens)": the same tag rules as the unsubscribe and bounce
 * pages (split on space and comma, lower-cased, de-duplicated, checked with the shared e-mail rule),
 * re-exported here so the member screens import them from their own concern.
 */
export { addTags, emailsToSubmit };

/** Spec 002 §2.7 / §9: the Add members tag input grows to at most 5 rows. */
export const MAX_ADD_MEMBER_ROWS = 5;

/** Spec 002 §9: autocomplete opens after 2 characters, with a 500 ms delay. */
export const SUGGESTION_MIN_CHARACTERS = 2;
export const SUGGESTION_DELAY_MS = 500;

/** Spec 002 §9: search debounce 200 ms, member selection debounce 300 ms. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 200;
export const MEMBER_SELECTION_DEBOUNCE_MS = 300;

/** Spec 002 §5: the Add button is disabled while there is a per-email error (partial error). */
export const isAddDisabled = (input: {
  emails: readonly string[];
  hasPartialError: boolean;
  isBusy: boolean;
}): boolean => input.isBusy || input.hasPartialError || input.emails.length === 0;
