import type { Config } from '../../config';
import type { Executor } from '../../db/client';

/**
 * How a Gmail API call failed, for the sending engine (issue 24):
 * - `not-connected`: the sender never granted gmail.send (or disconnected): ask to connect.
 * - `revoked`: the grant was withdrawn at Google (invalid_grant) or lacks the scope: stop this
 *   sender's merges until a reconnect; nothing is lost.
 * - `rate-limited`: 429 rateLimitExceeded / userRateLimitExceeded; `retryAfterMs` when Gmail said.
 * - `daily-limit`: the account's daily sending limit (dailyLimitExceeded): wait for Gmail's day.
 * - `transient`: 5xx, a timeout, a network error: retry with back-off (after a lookup by Message-ID
 *   for a send, since the message may have left).
 * - `permanent`: any other 4xx: this message will never go.
 */
export type GmailErrorKind =
  'not-connected' | 'revoked' | 'rate-limited' | 'daily-limit' | 'transient' | 'permanent';

export class GmailApiError extends Error {
  constructor(
    readonly kind: GmailErrorKind,
    message: string,
    readonly options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GmailApiError';
  }
}

/** A draft in the sender's mailbox, as the template import lists it. */
export type GmailDraftSummary = { draftId: string; messageId: string; subject: string };

/** One sender's Gmail, through the official client with the sender's offline grant. */
export type GmailAccount = {
  readonly userId: string;
  /** The Gmail address of the grant. */
  readonly email: string;
  /** users.messages.send with the raw RFC 5322 message. */
  send(raw: Buffer, options?: { signal?: AbortSignal }): Promise<{ id: string; threadId: string }>;
  /** The Gmail id of the sent message whose Message-ID header is `rfc822MessageId` (users.messages.list q=rfc822msgid:), or null. */
  findByRfc822MessageId(rfc822MessageId: string): Promise<string | null>;
  sendAsAddresses(): Promise<{ email: string; displayName: string; isDefault: boolean }[]>;
  createDraft(raw: Buffer): Promise<{ draftId: string; messageId: string }>;
  listDrafts(options?: {
    pageToken?: string;
    maxResults?: number;
  }): Promise<{ drafts: GmailDraftSummary[]; nextPageToken: string | null }>;
  getDraft(
    draftId: string,
  ): Promise<(GmailDraftSummary & { html: string | null; text: string | null }) | null>;
};

export type GmailAccounts = {
  /** The sender's Gmail; throws GmailApiError 'not-connected' (no grant) or 'revoked'. */
  forUser(userId: string): Promise<GmailAccount>;
};

export function createGmailAccounts(deps: { config: Config; db: Executor }): GmailAccounts {
  void deps;
  return {
    forUser: () => Promise.reject(new GmailApiError('not-connected', 'Gmail is not connected.')),
  };
}
