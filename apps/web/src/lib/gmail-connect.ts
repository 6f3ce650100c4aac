import { endpointUrl } from './api-client';

/**
 * The sender's Gmail grant in the web app (issue 24): the texts of a revoked or missing grant, said
 * once here for the merge dialog, the shell's banner and the account menu, and the address of the
 * consent round trip. The grant itself is the server's (gmail.connect → Google → gmail.callback).
 */
export const GMAIL_TEXTS = {
  reconnect: 'Reconnect Gmail',
  connect: 'Connect Gmail',
  /** The merge dialog of a merge that cannot go on (its sender's grant is revoked or missing). */
  mergePaused: 'Gmail access was revoked. Sending is paused until you reconnect.',
  /** The shell's banner while the signed-in user's grant is revoked. */
  mergesPaused: 'Gmail access was revoked. Merges you send are paused.',
  connected: (email: string) => `Connected as ${email}`,
  /** The one-shot notice after the consent round trip came back (?gmail=connected). */
  connectedNotice: 'Gmail is connected. MergeDesk can now send your mail merges.',
} as const;

/** The query flag the server adds to returnTo after a successful consent (`?gmail=connected`). */
export const GMAIL_RETURN_FLAG = { name: 'gmail', connected: 'connected' } as const;

/**
 * GET /api/v1/auth/gmail/connect?returnTo=… (gmail.connect): a full-page navigation to Google's
 * consent screen and back to `returnTo`, a path of this app (the server accepts the same origin
 * only). A real link, so the keyboard, a middle click and "open in a new tab" work.
 */
export const gmailConnectUrl = (returnTo: string): string =>
  endpointUrl('gmail.connect', { query: { returnTo } });

/** Where to come back to: this page, without a previous round trip's flag. */
export function gmailReturnPath(location: { pathname: string; search: string }): string {
  const search = new URLSearchParams(location.search);
  search.delete(GMAIL_RETURN_FLAG.name);
  const query = search.toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}
