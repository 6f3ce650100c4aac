import { gmail, type gmail_v1 } from '@googleapis/gmail';
import { OAuth2Client } from 'google-auth-library';
import { simpleParser } from 'mailparser';
import { parse } from 'node-html-parser';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { createSecretBox } from '../../lib/secret-box';
import { createOidcClient } from '../auth/oidc-client';
import { GmailApiError, toGmailApiError } from './gmail-errors';
import { findGmailGrant, markGmailGrantRevoked } from './gmail-grants.repo';

export { GmailApiError, type GmailErrorKind } from './gmail-errors';

/** Purpose of the secret box that seals the Gmail grant's refresh token (gmail_grants). */
export const GMAIL_REFRESH_TOKEN_PURPOSE = 'gmail-refresh-token';
/** Clients (with their access tokens) kept for the senders seen last. */
const CLIENT_CACHE_SIZE = 500;

/** A draft in the sender's mailbox, as a list shows it (the composer's draft picker). */
type GmailDraftSummary = {
  draftId: string;
  messageId: string;
  subject: string;
  /** Gmail's snippet: the start of the body as plain text. */
  snippet: string;
  /** The message's internalDate (when the draft was last saved), null when Gmail does not say. */
  updatedAt: Date | null;
};

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
  getDraft(draftId: string): Promise<GmailDraftContent | null>;
};

/** One draft with its parts (the raw message, parsed). */
type GmailDraftContent = {
  draftId: string;
  messageId: string;
  subject: string;
  html: string | null;
  text: string | null;
};

export type GmailAccounts = {
  /** The sender's Gmail; throws GmailApiError 'not-connected' (no grant) or 'revoked'. */
  forUser(userId: string): Promise<GmailAccount>;
};

export function createGmailAccounts(deps: { config: Config; db: Executor }): GmailAccounts {
  const { config, db } = deps;
  const box = createSecretBox(config.SESSION_SECRET, GMAIL_REFRESH_TOKEN_PURPOSE);
  const oidc = createOidcClient(config);
  /** One OAuth2Client per sender and sealed refresh token: its access token is reused until it expires. */
  const clients = new Map<string, { sealed: string; client: OAuth2Client }>();

  async function clientFor(userId: string, sealed: string, refreshToken: string): Promise<OAuth2Client> {
    const cached = clients.get(userId);
    if (cached?.sealed === sealed) return cached.client;
    const { token } = await oidc.endpoints().catch((error: unknown) => {
      throw new GmailApiError('transient', 'The sign-in provider is not reachable.', { cause: error });
    });
    const client = new OAuth2Client({
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      // The provider's token endpoint from discovery: Google's in production, the local one in
      // development and tests (docs/decisions/386-gmail-token-endpoint.md).
      endpoints: { oauth2TokenUrl: token },
    });
    client.setCredentials({ refresh_token: refreshToken });
    clients.delete(userId);
    clients.set(userId, { sealed, client });
    if (clients.size > CLIENT_CACHE_SIZE) clients.delete(clients.keys().next().value ?? '');
    return client;
  }

  return {
    async forUser(userId) {
      const grant = await findGmailGrant(db, userId);
      if (!grant) throw new GmailApiError('not-connected', 'Gmail is not connected for this sender.');
      if (grant.status === 'REVOKED') {
        throw new GmailApiError('revoked', 'The Gmail permission was withdrawn; reconnect Gmail.');
      }
      const refreshToken = box.open(grant.refreshToken);
      // A token sealed under another SESSION_SECRET cannot be used: the sender must reconnect.
      if (refreshToken === null)
        throw new GmailApiError('revoked', 'The stored Gmail permission is unreadable.');
      const auth = await clientFor(userId, grant.refreshToken, refreshToken);
      const tokenUrl = auth.endpoints.oauth2TokenUrl.toString();
      const api = createGmailApi(config, auth);
      const call = async <T>(operation: () => Promise<T>): Promise<T> => {
        try {
          return await operation();
        } catch (error) {
          const mapped = toGmailApiError(error, tokenUrl);
          if (mapped.kind === 'revoked') {
            clients.delete(userId);
            await markGmailGrantRevoked(db, userId, grant.refreshToken, new Date());
          }
          throw mapped;
        }
      };
      return createGmailAccount({ userId, email: grant.email, api, call });
    },
  };
}

/**
 * The official Gmail client against GMAIL_API_URL. Its own retries are off: the sending engine owns
 * retries and exactly-once (a retried messages.send could send twice), and every call times out.
 */
export function createGmailApi(config: Config, auth: OAuth2Client): gmail_v1.Gmail {
  return gmail({
    version: 'v1',
    auth,
    rootUrl: config.GMAIL_API_URL,
    retry: false,
    // Every call gives up after GMAIL_TIMEOUT_MS (then 'transient'); the engine retries.
    timeout: config.GMAIL_TIMEOUT_MS,
  });
}

/** The GmailAccount operations over a Gmail client; `call` maps failures to GmailApiError. */
export function createGmailAccount(input: {
  userId: string;
  email: string;
  api: gmail_v1.Gmail;
  call: <T>(operation: () => Promise<T>) => Promise<T>;
}): GmailAccount {
  const { api, call } = input;
  const messages = api.users.messages;
  const drafts = api.users.drafts;
  return {
    userId: input.userId,
    email: input.email,
    send: (raw, options = {}) =>
      call(async () => {
        const { data } = await messages.send(
          { userId: 'me', requestBody: { raw: raw.toString('base64url') } },
          options.signal ? { signal: options.signal } : {},
        );
        if (!data.id) throw new GmailApiError('transient', 'Gmail answered messages.send without an id.');
        return { id: data.id, threadId: data.threadId ?? data.id };
      }),
    findByRfc822MessageId: (rfc822MessageId) =>
      call(async () => {
        const id = rfc822MessageId.replace(/^<|>$/g, '');
        const { data } = await messages.list({
          userId: 'me',
          q: `rfc822msgid:${id}`,
          includeSpamTrash: true,
          maxResults: 1,
        });
        return data.messages?.[0]?.id ?? null;
      }),
    sendAsAddresses: () =>
      call(async () => {
        let data: gmail_v1.Schema$ListSendAsResponse;
        try {
          ({ data } = await api.users.settings.sendAs.list({ userId: 'me' }));
        } catch (error) {
          // sendAs.list needs gmail.settings.basic (or a reading scope), which a gmail.send grant
          // does not hold: Google answers 403 for the scope. The grant is not withdrawn for that
          // (it still sends), so the account's own address is the one alias known
          // (docs/decisions/407-composer-send-as-scope.md).
          if (isMissingScope(error)) return [{ email: input.email, displayName: '', isDefault: true }];
          throw error;
        }
        return (data.sendAs ?? []).flatMap((alias) =>
          alias.sendAsEmail
            ? [
                {
                  email: alias.sendAsEmail,
                  displayName: alias.displayName ?? '',
                  isDefault: alias.isDefault === true,
                },
              ]
            : [],
        );
      }),
    createDraft: (raw) =>
      call(async () => {
        const { data } = await drafts.create({
          userId: 'me',
          requestBody: { message: { raw: raw.toString('base64url') } },
        });
        if (!data.id || !data.message?.id) {
          throw new GmailApiError('transient', 'Gmail answered drafts.create without ids.');
        }
        return { draftId: data.id, messageId: data.message.id };
      }),
    listDrafts: (options = {}) =>
      call(async () => {
        const { data } = await drafts.list({
          userId: 'me',
          maxResults: options.maxResults ?? 20,
          ...(options.pageToken ? { pageToken: options.pageToken } : {}),
        });
        // drafts.list names the drafts only; each one's subject, snippet and date come with a
        // metadata get (no body is fetched for a list).
        const found = await Promise.all(
          (data.drafts ?? []).map(async (draft) => (draft.id ? readDraftSummary(drafts, draft.id) : null)),
        );
        return {
          drafts: found.flatMap((draft) => (draft ? [draft] : [])),
          nextPageToken: data.nextPageToken ?? null,
        };
      }),
    getDraft: (draftId) => call(() => readDraft(drafts, draftId)),
  };
}

/** A 403 for a scope the token lacks (not a 401, nor the token endpoint's invalid_grant). */
const isMissingScope = (error: unknown): boolean => {
  const mapped = toGmailApiError(error, null);
  return mapped.kind === 'revoked' && mapped.options.status === 403;
};

const isNotFound = (error: unknown) =>
  (error as { response?: { status?: unknown } }).response?.status === 404;

/** drafts.get in the metadata format (the Subject header, snippet, internalDate); null when gone. */
async function readDraftSummary(
  drafts: gmail_v1.Resource$Users$Drafts,
  draftId: string,
): Promise<GmailDraftSummary | null> {
  let data: gmail_v1.Schema$Draft;
  try {
    ({ data } = await drafts.get({ userId: 'me', id: draftId, format: 'metadata' }));
  } catch (error) {
    // Deleted between the list and the get.
    if (isNotFound(error)) return null;
    throw error;
  }
  const message = data.message;
  if (!data.id || !message?.id) return null;
  const subject = message.payload?.headers?.find((header) => header.name?.toLowerCase() === 'subject');
  const internalDate = Number(message.internalDate);
  return {
    draftId: data.id,
    messageId: message.id,
    subject: subject?.value ?? '',
    snippet: decodeSnippet(message.snippet ?? ''),
    updatedAt: message.internalDate && Number.isFinite(internalDate) ? new Date(internalDate) : null,
  };
}

/** Gmail's snippets carry HTML character references (&#39;, &amp;): the text as a person reads it. */
const decodeSnippet = (snippet: string): string => parse(snippet).text;

/** drafts.get in the raw format, parsed (mailparser); null when Gmail has no such draft. */
async function readDraft(
  drafts: gmail_v1.Resource$Users$Drafts,
  draftId: string,
): Promise<GmailDraftContent | null> {
  let data: gmail_v1.Schema$Draft;
  try {
    ({ data } = await drafts.get({ userId: 'me', id: draftId, format: 'raw' }));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  const raw = data.message?.raw;
  if (!data.id || !data.message?.id || !raw) return null;
  const parsed = await simpleParser(Buffer.from(raw, 'base64url'));
  return {
    draftId: data.id,
    messageId: data.message.id,
    subject: parsed.subject ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
    text: parsed.text ?? null,
  };
}
