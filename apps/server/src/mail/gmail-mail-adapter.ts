import {
  DRAFT_MISSING_AUTHORIZATION_MESSAGE,
  MISSING_AUTHORIZATION_REASON,
} from '@mergedesk/domain/api/templates';
import { escapeHtml } from '@mergedesk/domain/sending/markers';
import { OAuth2Client } from 'google-auth-library';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import type { UserRecord } from '../db/records';
import { AppError } from '../lib/app-error';
import { htmlToText } from './html-text';
import { createGoogleAccessTokenProvider } from '../modules/auth/provider-tokens';
import {
  createGmailAccount,
  createGmailApi,
  GmailApiError,
  type GmailAccount,
  type GmailAccounts,
  type GmailErrorKind,
} from '../modules/gmail/gmail-accounts';
import { toGmailApiError } from '../modules/gmail/gmail-errors';
import type { DraftContent, DraftSummary, MailAdapter, OutgoingMail } from './mail-adapter';

/** Drafts the composer lists: the newest ones, one drafts.get each (docs/decisions/404-composer-gmail-drafts.md). */
const DRAFT_LIST_SIZE = 25;
import { composeMime } from './mime';

const missingAuthorization = (cause?: unknown) =>
  new AppError('FORBIDDEN', DRAFT_MISSING_AUTHORIZATION_MESSAGE, {
    reason: MISSING_AUTHORIZATION_REASON,
    ...(cause === undefined ? {} : { cause }),
  });

/** Gmail failures that mean the person must give the permission (again). */
const ASK_AGAIN: readonly GmailErrorKind[] = ['revoked', 'not-connected'];

/**
 * Drafts (spec 002 §4.5; the composer's draft picker, issue 25) and invitations (§4.8) through the official Gmail client against
 * GMAIL_API_URL. Drafts need the gmail.compose access token of the person's latest sign-in with
 * that scope (modules/auth/provider-tokens); an invitation uses it too, or else the sender's
 * gmail.send grant (modules/gmail). Without either — or when Gmail refuses the credentials — the
 * answer is 403 missing_authorization, so that the web app asks for the permission again.
 */
export function createGmailMailAdapter(deps: {
  config: Config;
  db: Executor;
  accounts: GmailAccounts;
}): MailAdapter {
  const { config } = deps;
  const composeToken = createGoogleAccessTokenProvider(deps.db, config.SESSION_SECRET);
  const messageIdDomain = new URL(config.PUBLIC_URL).hostname;

  /** The person's mailbox with the sign-in's access token (no refresh: it lives about an hour). */
  async function composeAccount(user: UserRecord): Promise<GmailAccount | null> {
    const token = await composeToken(user);
    if (token === null) return null;
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: token });
    return createGmailAccount({
      userId: user.id,
      email: user.email,
      api: createGmailApi(config, auth),
      call: async (operation) => {
        try {
          return await operation();
        } catch (error) {
          throw toGmailApiError(error, null);
        }
      },
    });
  }

  /** A refused credential asks for the permission again; any other failure is a plain Error. */
  async function run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof GmailApiError) {
        if (ASK_AGAIN.includes(error.kind)) throw missingAuthorization(error);
        throw new Error(`Gmail failed (${error.kind}): ${error.message}`, { cause: error });
      }
      throw error;
    }
  }

  return {
    createDraft: (user, draft: DraftContent) =>
      run(async () => {
        const account = await composeAccount(user);
        if (!account) throw missingAuthorization();
        const raw = composeMime({
          from: { name: user.name, address: user.email },
          to: '',
          subject: draft.subject,
          html: draft.html,
          text: htmlToText(draft.html),
          messageId: `${randomUUID()}@${messageIdDomain}`,
        });
        const { messageId } = await account.createDraft(raw);
        return { messageId };
      }),
    listDrafts: (user) =>
      run(async () => {
        const account = await composeAccount(user);
        if (!account) throw missingAuthorization();
        const { drafts } = await account.listDrafts({ maxResults: DRAFT_LIST_SIZE });
        // Gmail lists drafts newest first in practice, but does not promise it.
        return drafts
          .map((draft): DraftSummary => ({
            id: draft.draftId,
            subject: draft.subject,
            snippet: draft.snippet,
            updatedAt: draft.updatedAt,
          }))
          .sort((a, b) => (b.updatedAt?.getTime() ?? 0) - (a.updatedAt?.getTime() ?? 0));
      }),
    getDraft: (user, draftId) =>
      run(async () => {
        const account = await composeAccount(user);
        if (!account) throw missingAuthorization();
        const draft = await account.getDraft(draftId);
        return draft && { id: draft.draftId, subject: draft.subject, html: draft.html, text: draft.text };
      }),
    sendMail: (sender, message: OutgoingMail) =>
      run(async () => {
        const account = (await composeAccount(sender)) ?? (await deps.accounts.forUser(sender.id));
        const raw = composeMime({
          from: { name: sender.name, address: sender.email },
          to: message.to,
          subject: message.subject,
          html: textToHtml(message.text),
          text: message.text,
          messageId: `${randomUUID()}@${messageIdDomain}`,
        });
        await account.send(raw);
      }),
  };
}

/** The HTML part of a plain-text message: escaped paragraphs, links clickable. */
function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p>${escapeHtml(paragraph)
          .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
}
