import { randomUUID } from 'node:crypto';
import type { DraftContent, MailAdapter } from './mail-adapter';
import type { UserRecord } from '../db/records';

/**
 * Development mailbox: nothing leaves the machine. The draft gets a generated Gmail-like message
 * id; the templates service records it in the drafts table (with its template), which is what
 * GET /dev/mailbox lists.
 */
export class LocalMailboxAdapter implements MailAdapter {
  readonly kind = 'local';

  createDraft(_user: UserRecord, _draft: DraftContent): Promise<{ messageId: string }> {
    return Promise.resolve({ messageId: `local-${randomUUID().replaceAll('-', '')}` });
  }
}
