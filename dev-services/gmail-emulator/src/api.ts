import { randomUUID } from 'node:crypto';

import type { Identity } from './accounts';
import { badRequest, notFound } from './errors';
import type { SendLimits } from './limits';
import { bareMessageId, headerValue, parseRaw } from './parse';
import type { MessageFormat } from './resources';
import { isMessageFormat, messageResource } from './resources';
import type { StoredDraft, StoredMessage, Store } from './store';

/** A Gmail method the emulator answers, named by its API method id (users.* left out). */
export type GmailRoute = { method: string; id?: string };

/** Which Gmail method a path under `/gmail/v1/users/{userId}/` is. */
export function gmailRoute(httpMethod: string, rest: string): GmailRoute | undefined {
  const parts = rest.split('/').map((part) => decodeURIComponent(part));
  const [first, second, third] = parts;
  if (httpMethod === 'GET' && rest === 'profile') return { method: 'getProfile' };
  if (first === 'messages') {
    if (httpMethod === 'POST' && second === 'send' && parts.length === 2) return { method: 'messages.send' };
    if (httpMethod === 'GET' && parts.length === 1) return { method: 'messages.list' };
    if (httpMethod === 'GET' && parts.length === 2) return { method: 'messages.get', id: second! };
  }
  if (first === 'drafts') {
    if (httpMethod === 'POST' && parts.length === 1) return { method: 'drafts.create' };
    if (httpMethod === 'POST' && second === 'send' && parts.length === 2) return { method: 'drafts.send' };
    if (httpMethod === 'GET' && parts.length === 1) return { method: 'drafts.list' };
    if (httpMethod === 'GET' && parts.length === 2) return { method: 'drafts.get', id: second! };
    if (httpMethod === 'DELETE' && parts.length === 2) return { method: 'drafts.delete', id: second! };
  }
  if (first === 'settings' && second === 'sendAs' && httpMethod === 'GET') {
    if (parts.length === 2) return { method: 'settings.sendAs.list' };
    if (parts.length === 3) return { method: 'settings.sendAs.get', id: third! };
  }
  return undefined;
}

export type SendAsAlias = { sendAsEmail: string; displayName?: string };

export type GmailCall = {
  route: GmailRoute;
  identity: Identity;
  query: URLSearchParams;
  /** The JSON resource of the request (or of the metadata part of a multipart upload). */
  resource: Record<string, unknown>;
  /** The RFC 822 message of an upload (`/upload/gmail/v1/…`). */
  media: Buffer | undefined;
  now: number;
};

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The message of a send or draft call: the `raw` field (base64url) or the uploaded media. */
function messageInput(
  call: GmailCall,
  resource: Record<string, unknown>,
): { raw: Buffer; threadId?: string } {
  const threadId =
    typeof resource.threadId === 'string' && resource.threadId !== '' ? resource.threadId : undefined;
  const withThread = (raw: Buffer) => (threadId === undefined ? { raw } : { raw, threadId });
  if (call.media !== undefined && call.media.length > 0) return withThread(call.media);
  const encoded = typeof resource.raw === 'string' ? resource.raw.replace(/\s+/g, '') : '';
  if (encoded === '') {
    throw badRequest("'raw' RFC822 payload message string or uploading message via /upload/* URL required");
  }
  if (!BASE64.test(encoded)) {
    throw badRequest(
      `Invalid value at 'message.raw' (TYPE_BYTES), Base64 decoding failed for "${encoded.slice(0, 40)}"`,
    );
  }
  return withThread(Buffer.from(encoded, 'base64url'));
}

const formatOf = (query: URLSearchParams): MessageFormat => {
  const format = query.get('format') ?? 'full';
  if (!isMessageFormat(format)) throw badRequest(`Invalid value at 'format' (${format})`);
  return format;
};

/** `rfc822msgid:<id>` / `rfc822msgid:id` out of a search; other search terms are not emulated. */
const rfc822Search = (q: string): string | undefined => {
  const match = /(?:^|\s)rfc822msgid:(\S+)/i.exec(q);
  return match === null ? undefined : bareMessageId(match[1]!);
};

const page = <T>(items: T[], query: URLSearchParams) => {
  const offset = Number(query.get('pageToken') ?? '0');
  const size = Math.min(Math.max(Number(query.get('maxResults') ?? '100'), 1), 500);
  const start = Number.isInteger(offset) && offset > 0 ? offset : 0;
  const slice = items.slice(start, start + size);
  return {
    slice,
    nextPageToken: start + size < items.length ? String(start + size) : undefined,
  };
};

/** The Gmail methods, for one call already authenticated and past the failure rules and limits. */
export class GmailApi {
  constructor(
    private readonly store: Store,
    private readonly aliasesOf: (account: string) => SendAsAlias[],
  ) {}

  sendAs(identity: Identity) {
    return [
      {
        sendAsEmail: identity.email,
        displayName: identity.name,
        replyToAddress: '',
        signature: '',
        isPrimary: true,
        isDefault: true,
        treatAsAlias: false,
        verificationStatus: 'accepted',
      },
      ...this.aliasesOf(identity.email).map((alias) => ({
        sendAsEmail: alias.sendAsEmail,
        displayName: alias.displayName ?? '',
        replyToAddress: '',
        signature: '',
        isPrimary: false,
        isDefault: false,
        treatAsAlias: true,
        verificationStatus: 'accepted',
      })),
    ];
  }

  async handle(call: GmailCall, limits: SendLimits): Promise<unknown> {
    const { route, identity, query } = call;
    const account = identity.email;
    switch (route.method) {
      case 'getProfile': {
        const messages = this.store.mailboxMessages(account);
        return {
          emailAddress: account,
          messagesTotal: messages.length,
          threadsTotal: new Set(messages.map((stored) => stored.message.threadId)).size,
          historyId: String(this.store.historyId),
        };
      }
      case 'settings.sendAs.list':
        return { sendAs: this.sendAs(identity) };
      case 'settings.sendAs.get': {
        const wanted = route.id!.toLowerCase();
        const found = this.sendAs(identity).find((entry) => entry.sendAsEmail.toLowerCase() === wanted);
        if (found === undefined) throw notFound('Requested entity was not found.');
        return found;
      }
      case 'messages.send': {
        const input = messageInput(call, call.resource);
        const refused = limits.admit(account, call.now);
        if (refused !== undefined) throw refused;
        try {
          const stored = await this.compose(call, input, ['SENT'], true);
          this.store.addSent(stored);
          return { id: stored.message.id, threadId: stored.message.threadId, labelIds: stored.labelIds };
        } catch (error) {
          limits.release(account, call.now);
          throw error;
        }
      }
      case 'messages.list': {
        const search = rfc822Search(query.get('q') ?? '');
        const labels = query.getAll('labelIds');
        const found = (
          search === undefined
            ? this.store.mailboxMessages(account)
            : this.store.findByRfc822Id(account, search)
        ).filter((stored) => labels.every((label) => stored.labelIds.includes(label)));
        if (found.length === 0) return { resultSizeEstimate: 0 };
        const { slice, nextPageToken } = page(found, query);
        return {
          messages: slice.map((stored) => ({ id: stored.message.id, threadId: stored.message.threadId })),
          ...(nextPageToken === undefined ? {} : { nextPageToken }),
          resultSizeEstimate: found.length,
        };
      }
      case 'messages.get': {
        const stored = this.store.findMessage(route.id!);
        if (stored === undefined || stored.message.mailbox !== account) throw notFound();
        return messageResource(stored, formatOf(query), query.getAll('metadataHeaders'));
      }
      case 'drafts.create': {
        const message = call.resource.message;
        const resource =
          message !== null && typeof message === 'object' ? (message as Record<string, unknown>) : {};
        const stored = await this.compose(call, messageInput(call, resource), ['DRAFT'], false);
        const draft: StoredDraft = { id: `r${BigInt(`0x${stored.message.id}`).toString(10)}`, stored };
        this.store.addDraft(draft);
        return this.draftResource(draft, 'minimal');
      }
      case 'drafts.list': {
        const drafts = [...this.store.drafts.values()]
          .filter((draft) => draft.stored.message.mailbox === account)
          .sort((a, b) => b.stored.historyId - a.stored.historyId);
        if (drafts.length === 0) return { resultSizeEstimate: 0 };
        const { slice, nextPageToken } = page(drafts, query);
        return {
          drafts: slice.map((draft) => ({
            id: draft.id,
            message: { id: draft.stored.message.id, threadId: draft.stored.message.threadId },
          })),
          ...(nextPageToken === undefined ? {} : { nextPageToken }),
          resultSizeEstimate: drafts.length,
        };
      }
      case 'drafts.get':
        return this.draftResource(this.draftOf(route.id!, account), formatOf(query));
      case 'drafts.delete':
        this.draftOf(route.id!, account);
        this.store.deleteDraft(route.id!);
        return undefined;
      case 'drafts.send': {
        const draft = this.draftOf(typeof call.resource.id === 'string' ? call.resource.id : '', account);
        const refused = limits.admit(account, call.now);
        if (refused !== undefined) throw refused;
        if (
          draft.stored.message.to.length +
            draft.stored.message.cc.length +
            draft.stored.message.bcc.length ===
          0
        ) {
          limits.release(account, call.now);
          throw badRequest('Recipient address required');
        }
        const sent: StoredMessage = {
          ...draft.stored,
          labelIds: ['SENT'],
          historyId: this.store.nextHistoryId(),
          message: { ...draft.stored.message, sentAt: new Date(call.now).toISOString() },
        };
        this.store.deleteDraft(draft.id);
        this.store.addSent(sent);
        return { id: sent.message.id, threadId: sent.message.threadId, labelIds: sent.labelIds };
      }
      default:
        throw notFound(`The Gmail stand-in does not emulate ${route.method}.`);
    }
  }

  private draftOf(id: string, account: string): StoredDraft {
    const draft = this.store.drafts.get(id);
    if (draft === undefined || draft.stored.message.mailbox !== account) throw notFound();
    return draft;
  }

  private draftResource(draft: StoredDraft, format: MessageFormat) {
    return { id: draft.id, message: messageResource(draft.stored, format) };
  }

  /**
   * Reads a message as Gmail does when it sends or saves it. The From is kept when it is the
   * account or one of its sendAs aliases; otherwise (or when missing) Gmail sends from the account
   * and so does the emulator (the display name stays). The raw source is kept exactly as received.
   */
  private async compose(
    call: GmailCall,
    input: { raw: Buffer; threadId?: string },
    labelIds: string[],
    needsRecipients: boolean,
  ): Promise<StoredMessage> {
    const account = call.identity.email;
    const parsed = await parseRaw(input.raw);
    if (needsRecipients && parsed.to.length + parsed.cc.length + parsed.bcc.length === 0) {
      throw badRequest('Recipient address required');
    }
    const allowed = [account, ...this.aliasesOf(account).map((alias) => alias.sendAsEmail.toLowerCase())];
    const headers = { ...parsed.headers };
    let from = parsed.from?.address.toLowerCase() ?? '';
    if (!allowed.includes(from)) {
      from = account;
      const name = parsed.from?.name ?? '';
      const fromHeader = Object.keys(headers).find((key) => key.toLowerCase() === 'from') ?? 'From';
      headers[fromHeader] = name === '' ? account : `"${name.replaceAll('"', '')}" <${account}>`;
    }
    let rfc822Id = bareMessageId(headerValue(headers, 'Message-ID') ?? '');
    if (rfc822Id === '') {
      // Gmail gives a message without one its own Message-ID.
      rfc822Id = `${randomUUID()}@mail.gmail.com`;
      headers['Message-ID'] = `<${rfc822Id}>`;
    }
    const id = this.store.newId(call.now);
    // Gmail threads a message into the given thread, or the thread of the message it replies to;
    // an unknown thread id starts a new thread here.
    const mailbox =
      input.threadId === undefined && parsed.inReplyTo.length === 0
        ? []
        : this.store.mailboxMessages(account);
    const threadId =
      (input.threadId !== undefined && mailbox.some((stored) => stored.message.threadId === input.threadId)
        ? input.threadId
        : mailbox.find((stored) => parsed.inReplyTo.includes(stored.rfc822Id))?.message.threadId) ?? id;
    return {
      labelIds,
      historyId: this.store.nextHistoryId(),
      rfc822Id,
      message: {
        id,
        threadId,
        from,
        to: parsed.to,
        cc: parsed.cc,
        bcc: parsed.bcc,
        subject: parsed.subject,
        headers,
        html: parsed.html,
        text: parsed.text,
        raw: input.raw.toString('utf8'),
        sentAt: new Date(call.now).toISOString(),
        mailbox: account,
      },
    };
  }
}
