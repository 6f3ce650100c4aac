/**
 * How the production build splits the web app into chunks (issue 11,
 * docs/decisions/291-chunks-by-kind-of-visitor.md). Rolldown's automatic splitting made ~80 chunks,
 * many under 1 KiB: each chunk is compressed on its own, so the app's JavaScript came out ~15 %
 * larger compressed than in a few chunks. The chunks now follow what a visitor needs:
 *
 * - `react` and `query`: long-lived vendor chunks every page needs;
 * - the entry: everything main.tsx imports statically (Rolldown's `$initial` tag);
 * - `login`: what the login page (and the sign-in callback) adds to the entry, so /login downloads
 *   nothing more;
 * - `recipient`: what a recipient's pages add (the unsubscribe and form-response results);
 * - `signed-out`: what sign-up and the billing helpers add, so no signed-out page downloads the
 *   signed-in app;
 * - `app`: the space shell and the mail merges page, where signing in lands (issue 11: the sent
 *   merges page downloads and runs only that);
 * - `space-pages`: everything else — the other space pages — in one chunk, loaded when the
 *   browser is idle after the first page is on screen (app/shell/space-routes.tsx).
 *
 * A group captures a module with its dependencies unless a group of higher priority captured them.
 */
/** Signing in: the login page and the provider's way back. */
export const LOGIN_PAGE = 'features/auth/components/login-page';
const SIGN_IN_PAGES = [LOGIN_PAGE, 'features/auth/components/auth-callback-page'];
/** What a recipient opens from an e-mail: the unsubscribe and form-response result pages. */
const RECIPIENT_PAGES = ['features/public-pages/components/'];
/** The other signed-out pages: sign-up / get-started and the billing helpers. */
const SIGNED_OUT_PAGES = ['app/routes/onboarding-route', 'features/billing-helpers/components/'];
/**
 * The signed-in app's first download: the space shell, the signed-in routes around it (e.g. '/',
 * which picks the space) and the landing page, mail merges.
 */
const LANDING_PAGES = ['app/', 'features/mail-merges/components/mail-merges-page'];
/** Matches a module under apps/web/src/ whose path starts with one of `paths` (any separator). */
const underSrc = (paths: string[]) => {
  const alternatives = paths.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', '[\\\\/]'));
  return new RegExp(`[\\\\/]apps[\\\\/]web[\\\\/]src[\\\\/](${alternatives.join('|')})`);
};

export const chunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 8 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 7 },
  { name: 'index', tags: ['$initial' as const], priority: 6 },
  { name: 'login', test: underSrc(SIGN_IN_PAGES), priority: 5 },
  { name: 'recipient', test: underSrc(RECIPIENT_PAGES), priority: 4 },
  { name: 'signed-out', test: underSrc(SIGNED_OUT_PAGES), priority: 3 },
  { name: 'app', test: underSrc(LANDING_PAGES), priority: 2 },
  { name: 'space-pages', test: /./, priority: 1 },
];
