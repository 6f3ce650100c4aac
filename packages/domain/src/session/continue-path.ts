/**
 * The `continue` parameter of /login and of the sign-in request (spec 000 §2): a path on this site
 * to return to after signing in. One rule for the web app and the server. A value that is not
 * plainly a path on this site is refused, and the caller falls back to the default landing page —
 * browsers "repair" many odd forms into another site's address
 * (docs/decisions/076-continue-paths-one-rule.md):
 * - `//host`, `/\host`, `\\host`: protocol-relative (a backslash counts as a slash in http URLs);
 * - tab, line feed and carriage return are deleted by the URL parser, so `/\t/host` is `//host`;
 * - other control characters (C0, DEL, C1) and the Unicode line and paragraph separators;
 * - encoded slashes, backslashes, dots, percent signs and control characters in the path (`%2F`,
 *   `%5C`, `%2E`, `%25`, `%09`…): URL parsers or a later decoding step turn them into the forms above;
 * - empty (`//`) and dot segments (`/./`, `/../`) in the path, which resolve to `//host` as well;
 * - anything not starting with `/` (absolute URLs, `javascript:`, relative paths);
 * - the sign-in pages themselves (/login, /auth/callback), which would loop.
 */

/** Where a person lands after signing in when no safe continue path was given. */
export const DEFAULT_LANDING_PATH = '/';
const CONTINUE_PATH_MAX_LENGTH = 2000;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Percent-encoded slash, backslash, dot, control character or percent sign (double encoding). */
const ENCODED_SEPARATOR = /%(2f|5c|2e|25|[01][0-9a-f]|7f)/i;
const DOT_SEGMENT = /\/\.{1,2}(\/|$)/;
const SIGN_IN_PAGE = /^\/(login|auth\/callback)(\/|\?|#|$)/;

function isSafeContinuePath(value: string | null | undefined): value is string {
  if (!value || value.length > CONTINUE_PATH_MAX_LENGTH) return false;
  if (!value.startsWith('/')) return false;
  if (CONTROL_CHARACTERS.test(value) || value.includes('\\')) return false;
  const path = value.split(/[?#]/, 1)[0] ?? '';
  if (path.includes('//') || DOT_SEGMENT.test(path) || ENCODED_SEPARATOR.test(path)) return false;
  return !SIGN_IN_PAGE.test(value);
}

/** The value when it is a safe continue path, else null. */
export const safeContinuePath = (value: string | null | undefined): string | null =>
  isSafeContinuePath(value) ? value : null;

/** The value when it is a safe continue path, else the default landing page. */
export const continuePathOrDefault = (value: string | null | undefined): string =>
  safeContinuePath(value) ?? DEFAULT_LANDING_PATH;

/** Spec 000 §2: /settings/billing redirects to the billing page of the user's best space. */
const BILLING_LANDING_PATH = '/settings/billing';

/**
 * Where a sign-in lands (spec 000 §4 "A redirectToBilling flag sends the user to billing
 * afterwards"): the safe continue path, else billing when the flag is set, else the default page.
 */
export const signInDestination = (intent: {
  continue?: string | null | undefined;
  redirectToBilling?: boolean | undefined;
}): string =>
  safeContinuePath(intent.continue) ??
  (intent.redirectToBilling ? BILLING_LANDING_PATH : DEFAULT_LANDING_PATH);
