import {
  GMAIL_DRAFT_NOT_FOUND_MESSAGE,
  GMAIL_DRAFTS_UNAVAILABLE_MESSAGE,
  GMAIL_NOT_CONNECTED_REASON,
  GMAIL_REVOKED_REASON,
  GMAIL_SEND_AS_UNAVAILABLE_MESSAGE,
  TEST_SEND_FAILED_MESSAGE,
  TEST_SEND_GMAIL_LIMITED_MESSAGE,
  TEST_SEND_GMAIL_NOT_CONNECTED_MESSAGE,
  TEST_SEND_GMAIL_REVOKED_MESSAGE,
  TEST_SEND_SUBJECT_PREFIX,
  type GmailDraft,
  type GmailDraftList,
  type RecipientCheck,
  type SendAsList,
} from '@mergedesk/domain/api/composer';
import { mergeOptionsSchema, type MergeOptions } from '@mergedesk/domain/api/sending';
import {
  DRAFT_MISSING_AUTHORIZATION_MESSAGE,
  GMAIL_COMPOSE_SCOPE,
  MISSING_AUTHORIZATION_REASON,
} from '@mergedesk/domain/api/templates';
import { escapeHtml } from '@mergedesk/domain/sending/markers';
import { normalizeEmail } from '@mergedesk/domain/sending/recipients';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { UserRecord } from '../../db/records';
import type { SessionIdentity, SpaceMembership } from '../../lib/access';
import { AppError, isAppError } from '../../lib/app-error';
import type { MailAdapter } from '../../mail/mail-adapter';
import { composeMime } from '../../mail/mime';
import { findSessionScopes } from '../auth/auth.views';
import { GmailApiError, type GmailAccounts } from '../gmail/gmail-accounts';
import { buildMergeMessage } from '../sending/merge-message';
import { mergeSenderOf } from '../sending/merge-sender';
import { assertKnownMarkers } from '../sending/merges.service';
import { findSuppressedAmong } from '../suppression-lists/suppression-list.service';
import { trackingUrlsFor, type TrackingTokens } from '../tracking/tracking-token';

/**
 * The dashboard's composer (issue 25; api/composer.ts): the sender's Gmail drafts and aliases, the
 * space's lists for a set of recipients, and a test send. Merges themselves go through the sending
 * engine (modules/sending).
 */
export type ComposerDeps = {
  config: Config;
  db: Database;
  mail: MailAdapter;
  gmail: GmailAccounts;
  tokens: TrackingTokens;
};

/** As template drafts (spec 002 §4.5): the signed-in session must hold the Gmail compose scope. */
async function requireComposeScope(db: Database, session: SessionIdentity): Promise<void> {
  const scopes = await findSessionScopes(db, session.sessionId);
  if (!scopes.includes(GMAIL_COMPOSE_SCOPE)) {
    throw new AppError('FORBIDDEN', DRAFT_MISSING_AUTHORIZATION_MESSAGE, {
      reason: MISSING_AUTHORIZATION_REASON,
    });
  }
}

/** The mail adapter's AppErrors (403 missing_authorization) as they are; Gmail's failures as 503. */
async function readingDrafts<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', GMAIL_DRAFTS_UNAVAILABLE_MESSAGE, { cause: error });
  }
}

/** GET …/gmail/drafts: the caller's newest Gmail drafts, newest first. */
export async function listGmailDrafts(
  deps: ComposerDeps,
  caller: UserRecord,
  session: SessionIdentity,
): Promise<GmailDraftList> {
  await requireComposeScope(deps.db, session);
  const drafts = await readingDrafts(() => deps.mail.listDrafts(caller));
  return {
    items: drafts.map((draft) => ({
      id: draft.id,
      subject: draft.subject,
      snippet: draft.snippet,
      updatedAt: draft.updatedAt?.getTime() ?? null,
    })),
  };
}

/** A text-only draft as HTML: its text escaped, line breaks as <br>. */
const textDraftHtml = (text: string): string => escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');

/** GET …/gmail/drafts/{id}: one of the caller's drafts, subject and HTML body. */
export async function getGmailDraft(
  deps: ComposerDeps,
  caller: UserRecord,
  session: SessionIdentity,
  draftId: string,
): Promise<GmailDraft> {
  await requireComposeScope(deps.db, session);
  const draft = await readingDrafts(() => deps.mail.getDraft(caller, draftId));
  if (!draft) throw new AppError('NOT_FOUND', GMAIL_DRAFT_NOT_FOUND_MESSAGE);
  return {
    id: draft.id,
    subject: draft.subject,
    htmlBody: draft.html ?? textDraftHtml(draft.text ?? ''),
  };
}

/** GET …/gmail/send-as: the caller's Gmail aliases through their grant; none without a grant. */
export async function listSendAs(deps: ComposerDeps, caller: UserRecord): Promise<SendAsList> {
  try {
    const account = await deps.gmail.forUser(caller.id);
    return { items: await account.sendAsAddresses() };
  } catch (error) {
    // Not connected, or the grant was withdrawn (forUser, or Gmail refusing it): no aliases to offer.
    if (error instanceof GmailApiError && (error.kind === 'not-connected' || error.kind === 'revoked')) {
      return { items: [] };
    }
    throw new AppError('SERVICE_UNAVAILABLE', GMAIL_SEND_AS_UNAVAILABLE_MESSAGE, { cause: error });
  }
}

/**
 * POST …/recipient-check: which of the addresses (as given) the space's lists hold for the caller,
 * with the lookup and the normalisation the engine skips recipients by (findSuppressedAmong:
 * the space's shared entries and the caller's own personal ones). One statement per list.
 */
export async function checkRecipients(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  emails: readonly string[],
): Promise<RecipientCheck> {
  const normalised = emails.map((email) => normalizeEmail(email));
  const suppressed = await findSuppressedAmong(db, membership.workspace.id, caller.id, [
    ...new Set(normalised.filter((email) => email !== '')),
  ]);
  const given = (list: ReadonlySet<string>) => emails.filter((_email, i) => list.has(normalised[i] ?? ''));
  return { unsubscribed: given(suppressed.unsubscribed), bounced: given(suppressed.bounced) };
}

export type TestSendBody = {
  subject: string;
  htmlBody: string;
  fields: Record<string, string>;
  options?: MergeOptions | undefined;
};

const gmailRefusal = (error: GmailApiError): AppError => {
  switch (error.kind) {
    case 'not-connected':
      return new AppError('CONFLICT', TEST_SEND_GMAIL_NOT_CONNECTED_MESSAGE, {
        reason: GMAIL_NOT_CONNECTED_REASON,
        cause: error,
      });
    case 'revoked':
      return new AppError('CONFLICT', TEST_SEND_GMAIL_REVOKED_MESSAGE, {
        reason: GMAIL_REVOKED_REASON,
        cause: error,
      });
    case 'rate-limited':
    case 'daily-limit':
      return new AppError('RATE_LIMITED', TEST_SEND_GMAIL_LIMITED_MESSAGE, { cause: error });
    case 'transient':
    case 'permanent':
      return new AppError('SERVICE_UNAVAILABLE', TEST_SEND_FAILED_MESSAGE, { cause: error });
  }
};

/**
 * POST …/test-send (docs/decisions/406-composer-test-send.md): the previewed recipient's message,
 * rendered as the engine renders a merge's (buildMergeMessage: markers, footer, options), sent to
 * the sender's own Gmail address through their grant, its subject prefixed with "[Test] ". Opens
 * and clicks are not tracked, no Cc/Bcc is added, and the unsubscribe link and List-Unsubscribe
 * point at a recipient that does not exist (the page opens, nobody is unsubscribed). Nothing is
 * stored: no merge, no campaign, no quota.
 */
export async function sendTestMessage(
  deps: ComposerDeps,
  caller: UserRecord,
  body: TestSendBody,
): Promise<{ sentTo: string }> {
  assertKnownMarkers(body.subject, body.htmlBody, Object.keys(body.fields));
  const options = mergeOptionsSchema.parse(body.options ?? {});
  // The test goes to the sender alone, untracked (no campaign to count it in).
  const testOptions: MergeOptions = {
    ...(options.senderName === undefined ? {} : { senderName: options.senderName }),
    trackOpens: false,
    trackClicks: false,
    unsubscribeLink: options.unsubscribeLink,
  };
  try {
    const account = await deps.gmail.forUser(caller.id);
    const nobody = randomUUID();
    const message = buildMergeMessage({
      subject: `${TEST_SEND_SUBJECT_PREFIX}${body.subject}`,
      htmlBody: body.htmlBody,
      options: testOptions,
      recipient: { id: nobody, email: account.email, fields: body.fields },
      from: await mergeSenderOf(account, options, caller.name),
      urls: trackingUrlsFor(deps.config.TRACKING_URL ?? deps.config.PUBLIC_URL, deps.tokens.sign(nobody)),
      linkIndexes: new Map(),
      messageIdHost: new URL(deps.config.PUBLIC_URL).hostname,
    });
    await account.send(composeMime(message));
    return { sentTo: account.email };
  } catch (error) {
    if (error instanceof GmailApiError) throw gmailRefusal(error);
    throw error;
  }
}
