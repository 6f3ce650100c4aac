import type { UserRecord } from '../db/records';

/** A draft to put into the user's mailbox. */
export type DraftContent = { subject: string; html: string };

/**
 * Drafts and single messages (invitations) through the Gmail API (ARCHITECTURE.md "email"): Google
 * in production, the Gmail stand-in of dev-services/gmail-emulator in development and tests
 * (GMAIL_API_URL). Implementations throw a plain Error when the provider fails; an AppError (a
 * missing authorization, spec 002 §4.5) is passed through to the caller as is.
 */
export type MailAdapter = {
  createDraft(user: UserRecord, draft: DraftContent): Promise<{ messageId: string }>;
  /** The newest drafts of the user's mailbox (the composer, issue 25), newest first. */
  listDrafts(user: UserRecord): Promise<DraftSummary[]>;
  /** One draft of the user's mailbox with its parts; null when there is no such draft. */
  getDraft(user: UserRecord, draftId: string): Promise<DraftParts | null>;
  /** Sends a plain-text message from `sender`'s mailbox (invitations, spec 002 §4.8). */
  sendMail(sender: UserRecord, message: OutgoingMail): Promise<void>;
};

/** A plain-text message to one address. */
export type OutgoingMail = { to: string; subject: string; text: string };

/** A draft as the composer's picker lists it. */
export type DraftSummary = { id: string; subject: string; snippet: string; updatedAt: Date | null };

/** A draft's subject and parts (html null for a text-only draft). */
type DraftParts = { id: string; subject: string; html: string | null; text: string | null };
