import {
  MISSING_AUTHORIZATION_REASON,
  DRAFT_MISSING_AUTHORIZATION_MESSAGE,
} from '@mergedesk/domain/api/templates';
import { AppError } from '../lib/app-error';
import type { UserRecord } from '../db/records';
import type { DraftContent, MailAdapter } from './mail-adapter';

export const GMAIL_DRAFTS_URL = 'https://gmail.googleapis.com/gmail/v1/users/me/drafts';

/**
 * A Google OAuth access token with the gmail.compose scope for `user`, or null when none is held
 * (modules/auth/provider-tokens: the token of the person's latest sign-in with that scope).
 */
export type GoogleAccessTokenProvider = (user: UserRecord) => Promise<string | null>;

/** Drafts through the Gmail API (users.drafts.create with a raw RFC 2822 message). */
export class GmailMailAdapter implements MailAdapter {
  readonly kind = 'gmail';

  constructor(
    private readonly getAccessToken: GoogleAccessTokenProvider,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async createDraft(user: UserRecord, draft: DraftContent): Promise<{ messageId: string }> {
    const token = await this.getAccessToken(user);
    if (token === null) {
      throw new AppError('FORBIDDEN', DRAFT_MISSING_AUTHORIZATION_MESSAGE, {
        reason: MISSING_AUTHORIZATION_REASON,
      });
    }
    const response = await this.fetchImpl(GMAIL_DRAFTS_URL, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: { raw: toBase64Url(buildRfc2822Message(user, draft)) } }),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 401 || response.status === 403) {
      // The grant was revoked or lacks the scope: the web app asks for the permission again (§4.5).
      throw new AppError('FORBIDDEN', DRAFT_MISSING_AUTHORIZATION_MESSAGE, {
        reason: MISSING_AUTHORIZATION_REASON,
      });
    }
    if (!response.ok) throw new Error(`Gmail drafts.create answered ${response.status}`);
    const body = (await response.json()) as { id?: unknown; message?: { id?: unknown } };
    const messageId = body.message?.id;
    if (typeof messageId !== 'string' || messageId === '') {
      throw new Error('Gmail drafts.create answered without a message id');
    }
    return { messageId };
  }
}

/** An HTML message from the user to nobody yet (a draft), UTF-8 throughout. */
export function buildRfc2822Message(user: UserRecord, draft: DraftContent): string {
  const body = Buffer.from(draft.html, 'utf8')
    .toString('base64')
    .replace(/.{1,76}/g, (line) => `${line}\r\n`);
  return [
    `From: ${encodeHeader(user.name)} <${user.email}>`,
    `Subject: ${encodeHeader(draft.subject)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ].join('\r\n');
}

/** RFC 2047 encoded-word for non-ASCII header text; CR/LF are removed (no header injection). */
export function encodeHeader(text: string): string {
  const clean = text.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(clean)) return clean;
  return `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

export function toBase64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
