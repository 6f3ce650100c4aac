// The list query pieces the web app uses, in a module without zod (api/list-query re-exports them),
// so its bundle does not carry the list query schemas.

/**
 * The longest search a list accepts (issue 9): the longest thing searched is an e-mail address (254
 * characters, RFC 5321). The server refuses a longer `search` filter (400); the web app's search
 * boxes stop at it (maxLength), so a person never meets the refusal.
 */
export const LIST_SEARCH_MAX_LENGTH = 254;

/** Builds the filterBy string the server parses; arrays are expanded into repeated keys. */
export function formatFilterBy(filters: Record<string, string | readonly string[] | undefined>): string {
  return Object.entries(filters)
    .flatMap(([key, value]) =>
      value === undefined ? [] : (typeof value === 'string' ? [value] : value).map((v) => `${key}:${v}`),
    )
    .join(',');
}
