/**
 * Avatar initials (spec 000 §3): first letters of up to two name parts, at most 2 letters,
 * upper-case. An empty or blank name gives ''.
 */
export const initials = (name: string | null | undefined): string =>
  (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((part) => part.length > 0)
    .slice(0, 2)
    // Array.from splits by code point, so a name starting with an astral character stays whole.
    .map((part) => Array.from(part)[0] ?? '')
    .join('')
    .toUpperCase();
