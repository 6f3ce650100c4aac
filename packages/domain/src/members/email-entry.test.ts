import { describe, expect, it } from 'vitest';
import {
  isAddDisabled,
  MAX_ADD_MEMBER_ROWS,
  MEMBER_SEARCH_DEBOUNCE_MS,
  MEMBER_SELECTION_DEBOUNCE_MS,
  SUGGESTION_DELAY_MS,
  SUGGESTION_MIN_CHARACTERS,
} from './email-entry';

describe('member e-mail entry constants (spec 002 §2.7, §9)', () => {
  it.each([
    ['the Add members tag input: at most 5 rows', MAX_ADD_MEMBER_ROWS, 5],
    ['autocomplete opens after 2 characters', SUGGESTION_MIN_CHARACTERS, 2],
    ['with a 500 ms delay', SUGGESTION_DELAY_MS, 500],
    ['the member search is debounced by 200 ms', MEMBER_SEARCH_DEBOUNCE_MS, 200],
    ['the member selection by 300 ms', MEMBER_SELECTION_DEBOUNCE_MS, 300],
  ])('%s', (_, value, expected) => {
    expect(value).toBe(expected);
  });
});

describe('isAddDisabled (spec 002 §5: Add is disabled while a per-email error is shown)', () => {
  it.each([
    [{ emails: ['a@acme.test'], hasPartialError: false, isBusy: false }, false],
    [{ emails: [], hasPartialError: false, isBusy: false }, true],
    [{ emails: ['a@acme.test'], hasPartialError: true, isBusy: false }, true],
    [{ emails: ['a@acme.test'], hasPartialError: false, isBusy: true }, true],
  ])('%o → %s', (input, expected) => {
    expect(isAddDisabled(input)).toBe(expected);
  });
});
