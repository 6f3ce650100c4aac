import { desc } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { outboxMessages } from '../db/schema';

/** A mail the local adapter "sent" (development and tests). */
export type OutboxMessage = {
  fromEmail: string;
  toEmail: string;
  subject: string;
  text: string;
  createdAt: Date;
};

export async function insertOutboxMessage(
  db: Executor,
  message: Omit<OutboxMessage, 'createdAt'>,
): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

/** Newest first. */
export async function listOutboxMessages(db: Executor, limit: number): Promise<OutboxMessage[]> {
  return db
    .select({
      fromEmail: outboxMessages.fromEmail,
      toEmail: outboxMessages.toEmail,
      subject: outboxMessages.subject,
      text: outboxMessages.text,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}
