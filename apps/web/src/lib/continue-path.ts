/**
 * The `continue` parameter of /login and of the sign-in request: a path on this site to return to
 * after signing in. Anything else (absolute URLs, protocol-relative '//host') is dropped, so the
 * parameter cannot be used to send people to another site.
 */
export function safeContinuePath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.length > 2000) return null;
  // Returning to the sign-in pages themselves would loop.
  if (/^\/(login|auth\/callback)(\/|\?|#|$)/.test(value)) return null;
  return value;
}

/** '/login', or '/login?continue=<encoded path+query>' for any other path than '/'. */
export function loginPath(continuePath?: string | null): string {
  const safe = safeContinuePath(continuePath);
  if (!safe || safe === '/') return '/login';
  return `/login?continue=${encodeURIComponent(safe)}`;
}
