import type { UserRecord } from '../db/records';

/** A draft to put into the user's mailbox. */
export type DraftContent = { subject: string; html: string };

/**
 * Where drafts are written (ARCHITECTURE.md "email"): Gmail in production, a local mailbox in
 * development and tests. Implementations throw a plain Error when the provider fails; an AppError
 * (e.g. a missing authorization) is passed through to the caller as is.
 */
export type MailAdapter = {
  readonly kind: 'gmail' | 'local';
  createDraft(user: UserRecord, draft: DraftContent): Promise<{ messageId: string }>;
  /** Sends a plain-text message from `sender`'s mailbox (invitations, spec 002 §4.8). */
  sendMail(sender: UserRecord, message: OutgoingMail): Promise<void>;
};

/** A plain-text message to one address. */
export type OutgoingMail = { to: string; subject: string; text: string };
