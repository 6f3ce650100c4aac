import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import type { UserRecord } from '../db/records';
import type { DraftContent, MailAdapter, OutgoingMail } from './mail-adapter';
import { insertOutboxMessage } from './outbox';

/**
 * Development mailbox: nothing leaves the machine. The draft gets a generated Gmail-like message
 * id; the templates service records it in the drafts table (with its template), which is what
 * GET /dev/mailbox lists. Sent mails (invitations) are written to the outbox_messages table, also
 * listed there.
 */
export class LocalMailboxAdapter implements MailAdapter {
  readonly kind = 'local';

  constructor(private readonly db: Executor) {}

  createDraft(_user: UserRecord, _draft: DraftContent): Promise<{ messageId: string }> {
    return Promise.resolve({ messageId: `local-${randomUUID().replaceAll('-', '')}` });
  }

  async sendMail(sender: UserRecord, message: OutgoingMail): Promise<void> {
    await insertOutboxMessage(this.db, {
      fromEmail: sender.email,
      toEmail: message.to.toLowerCase(),
      subject: message.subject,
      text: message.text,
    });
  }
}
