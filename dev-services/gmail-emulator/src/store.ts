import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type DeliveredMessage = {
  id: string;
  threadId: string;
  /** The sender's address as delivered (the account, or one of its sendAs aliases). */
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  headers: Record<string, string>;
  html: string | null;
  text: string | null;
  /** The RFC 5322 source exactly as received. */
  raw: string;
  sentAt: string;
  /** The account that sent it (its mailbox). */
  mailbox: string;
};

/** A message in a mailbox: sent (label SENT) or a draft's (label DRAFT). */
export type StoredMessage = {
  message: DeliveredMessage;
  labelIds: string[];
  historyId: number;
  /** Message-ID without angle brackets: what `rfc822msgid:` finds. */
  rfc822Id: string;
};

export type StoredDraft = { id: string; stored: StoredMessage };

type Line =
  | { kind: 'message'; stored: StoredMessage }
  | { kind: 'draft'; draft: StoredDraft }
  | { kind: 'draft-deleted'; id: string };

/**
 * The mailboxes: sent messages in delivery order, and drafts. With a data file every change is
 * appended as one JSON line before the caller answers, so what a client was told is delivered
 * survives a restart (a torn last line, from a crash mid-write, is skipped at load).
 */
export class Store {
  readonly sent: StoredMessage[] = [];
  readonly drafts = new Map<string, StoredDraft>();
  private readonly byId = new Map<string, StoredMessage>();
  private readonly sentByMailbox = new Map<string, StoredMessage[]>();
  private readonly byRfc822Id = new Map<string, StoredMessage[]>();
  private lastHistoryId = 1000;
  private lastId = 0n;

  constructor(private readonly dataFile: string | undefined) {
    if (dataFile === undefined) return;
    mkdirSync(path.dirname(dataFile), { recursive: true });
    let text = '';
    try {
      text = readFileSync(dataFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const good: string[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let entry: Line;
      try {
        entry = JSON.parse(line) as Line;
      } catch {
        continue;
      }
      good.push(line);
      this.apply(entry);
    }
    // A torn line would swallow the next append: write the file again without it.
    const clean = good.map((line) => `${line}\n`).join('');
    if (clean !== text) this.replaceFile(clean);
  }

  nextHistoryId(): number {
    this.lastHistoryId += 1;
    return this.lastHistoryId;
  }

  /** Gmail-like ids: 16 hex digits that grow with time, unique across restarts. */
  newId(now: number): string {
    const fromClock = BigInt(now) << 12n;
    this.lastId = fromClock > this.lastId ? fromClock : this.lastId + 1n;
    return this.lastId.toString(16).padStart(16, '0');
  }

  get historyId(): number {
    return this.lastHistoryId;
  }

  findMessage(id: string): StoredMessage | undefined {
    return this.byId.get(id);
  }

  /** Sent and draft messages of one mailbox, newest first. */
  mailboxMessages(mailbox: string): StoredMessage[] {
    const drafts = [...this.drafts.values()]
      .map((draft) => draft.stored)
      .filter((stored) => stored.message.mailbox === mailbox);
    return [...(this.sentByMailbox.get(mailbox) ?? []), ...drafts].sort((a, b) => b.historyId - a.historyId);
  }

  /** The messages of one mailbox with this Message-ID (no angle brackets), newest first. */
  findByRfc822Id(mailbox: string, rfc822Id: string): StoredMessage[] {
    return (this.byRfc822Id.get(rfc822Id) ?? [])
      .filter((stored) => stored.message.mailbox === mailbox && this.byId.get(stored.message.id) === stored)
      .sort((a, b) => b.historyId - a.historyId);
  }

  addSent(stored: StoredMessage): void {
    this.write({ kind: 'message', stored });
  }

  addDraft(draft: StoredDraft): void {
    this.write({ kind: 'draft', draft });
  }

  deleteDraft(id: string): void {
    this.write({ kind: 'draft-deleted', id });
  }

  reset(): void {
    this.sent.length = 0;
    this.drafts.clear();
    this.byId.clear();
    this.sentByMailbox.clear();
    this.byRfc822Id.clear();
    this.replaceFile('');
  }

  private replaceFile(content: string): void {
    if (this.dataFile === undefined) return;
    const temporary = `${this.dataFile}.tmp`;
    writeFileSync(temporary, content);
    renameSync(temporary, this.dataFile);
  }

  private write(entry: Line): void {
    if (this.dataFile !== undefined) appendFileSync(this.dataFile, `${JSON.stringify(entry)}\n`);
    this.apply(entry);
  }

  private apply(entry: Line): void {
    const stored =
      entry.kind === 'message' ? entry.stored : entry.kind === 'draft' ? entry.draft.stored : undefined;
    if (stored !== undefined && /^[0-9a-f]{1,16}$/.test(stored.message.id)) {
      const id = BigInt(`0x${stored.message.id}`);
      if (id > this.lastId) this.lastId = id;
    }
    if (stored !== undefined) {
      const sameId = this.byRfc822Id.get(stored.rfc822Id) ?? [];
      sameId.push(stored);
      this.byRfc822Id.set(stored.rfc822Id, sameId);
    }
    if (entry.kind === 'message') {
      this.sent.push(entry.stored);
      this.byId.set(entry.stored.message.id, entry.stored);
      const mailbox = this.sentByMailbox.get(entry.stored.message.mailbox) ?? [];
      mailbox.push(entry.stored);
      this.sentByMailbox.set(entry.stored.message.mailbox, mailbox);
      this.lastHistoryId = Math.max(this.lastHistoryId, entry.stored.historyId);
    } else if (entry.kind === 'draft') {
      this.drafts.set(entry.draft.id, entry.draft);
      this.byId.set(entry.draft.stored.message.id, entry.draft.stored);
      this.lastHistoryId = Math.max(this.lastHistoryId, entry.draft.stored.historyId);
    } else {
      const draft = this.drafts.get(entry.id);
      if (draft !== undefined) this.byId.delete(draft.stored.message.id);
      this.drafts.delete(entry.id);
    }
  }
}
