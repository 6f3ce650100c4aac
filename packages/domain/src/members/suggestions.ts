import type { SuggestedUser } from '../api/users';

/**
 * Member autocomplete of the add/invite e-mail entry (spec 001 §7: "opens at 2 characters,
 * 500 ms, … stale 1 s"): what is typed is looked up once it has 2 characters, 500 ms after the
 * last keystroke, and an answer is reused for 1 s.
 */
const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_DEBOUNCE_MS = 500;
export const SUGGESTION_STALE_MS = 1000;

/** The keyword to look up for the typed text, or null while it is too short to ask. */
export function suggestionKeyword(typed: string): string | null {
  const keyword = typed.trim().toLowerCase();
  return [...keyword].length >= SUGGESTION_MIN_CHARS ? keyword : null;
}

export type SuggestionOption = { value: string; label: string };

/**
 * The options shown: one per suggested person not already entered, valued by the address (what
 * becomes the tag) and labelled "Name <address>" (the address alone when the name is empty).
 */
export function suggestionOptions(
  suggestions: readonly SuggestedUser[],
  entered: readonly string[],
): SuggestionOption[] {
  const taken = new Set(entered.map((tag) => tag.toLowerCase()));
  const seen = new Set<string>();
  const options: SuggestionOption[] = [];
  for (const { userEmail, userName } of suggestions) {
    const value = userEmail.toLowerCase();
    if (taken.has(value) || seen.has(value)) continue;
    seen.add(value);
    const name = userName.trim();
    options.push({ value, label: name === '' ? value : `${name} <${value}>` });
  }
  return options;
}
