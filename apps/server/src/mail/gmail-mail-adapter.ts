import {
  MISSING_AUTHORIZATION_REASON,
  DRAFT_MISSING_AUTHORIZATION_MESSAGE,
} from '@mergedesk/domain/api/templates';
import { AppError } from '../lib/app-error';
import type { UserRecord } from '../db/records';
import type { DraftContent, MailAdapter, OutgoingMail } from './mail-adapter';

export const GMAIL_DRAFTS_URL = 'https://gmail.googleapis.com/gmail/v1/users/me/drafts';
export const GMAIL_SEND_URL = 'https://gmail.googleapis.com/gmail/v1/users/me/messages/send';

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
    const response = await this.post(user, GMAIL_DRAFTS_URL, {
      message: { raw: toBase64Url(buildRfc2822Message(user, draft)) },
    });
    if (!response.ok) throw new Error(`Gmail drafts.create answered ${response.status}`);
    const body = (await response.json()) as { id?: unknown; message?: { id?: unknown } };
    const messageId = body.message?.id;
    if (typeof messageId !== 'string' || messageId === '') {
      throw new Error('Gmail drafts.create answered without a message id');
    }
    return { messageId };
  }

  /** users.messages.send from the sender's mailbox (the compose scope allows sending). */
  async sendMail(sender: UserRecord, message: OutgoingMail): Promise<void> {
    const response = await this.post(sender, GMAIL_SEND_URL, {
      raw: toBase64Url(buildPlainTextMessage(sender, message)),
    });
    if (!response.ok) throw new Error(`Gmail messages.send answered ${response.status}`);
  }

  private async post(user: UserRecord, url: string, body: unknown): Promise<Response> {
    const token = await this.getAccessToken(user);
    if (token === null) {
      throw new AppError('FORBIDDEN', DRAFT_MISSING_AUTHORIZATION_MESSAGE, {
        reason: MISSING_AUTHORIZATION_REASON,
      });
    }
    const response = await this.fetchImpl(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 401 || response.status === 403) {
      // The grant was revoked or lacks the scope: the web app asks for the permission again (§4.5).
      throw new AppError('FORBIDDEN', DRAFT_MISSING_AUTHORIZATION_MESSAGE, {
        reason: MISSING_AUTHORIZATION_REASON,
      });
    }
    return response;
  }
}

/** An HTML message from the user to nobody yet (a draft), UTF-8 throughout. */
function buildRfc2822Message(user: UserRecord, draft: DraftContent): string {
  return buildMimeMessage(
    [`From: ${encodeHeader(user.name)} <${user.email}>`, `Subject: ${encodeHeader(draft.subject)}`],
    'text/html',
    draft.html,
  );
}

/** A plain-text message from the sender to one address, UTF-8 throughout. */
function buildPlainTextMessage(sender: UserRecord, message: OutgoingMail): string {
  return buildMimeMessage(
    [
      `From: ${encodeHeader(sender.name)} <${sender.email}>`,
      `To: ${message.to.replace(/[\r\n<>]/g, '')}`,
      `Subject: ${encodeHeader(message.subject)}`,
    ],
    'text/plain',
    message.text,
  );
}

function buildMimeMessage(headers: readonly string[], contentType: string, content: string): string {
  const body = Buffer.from(content, 'utf8')
    .toString('base64')
    .replace(/.{1,76}/g, (line) => `${line}\r\n`);
  return [
    ...headers,
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}; charset="UTF-8"`,
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

function toBase64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
