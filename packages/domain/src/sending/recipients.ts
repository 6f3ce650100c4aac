import { SCHEDULED_STATUS_LABELS } from '../campaigns/scheduled-status';
import { isValidEmail, normalizeEmail } from '../users/email';

/**
 * Who of a merge's recipients is sent to, and the statuses of a recipient and of a merge while the
 * engine sends (issue 24 "Per recipient"). The address rules are the domain's one e-mail rule
 * (users/email: normalizeEmail, emailSchema), not a second copy.
 */

/**
 * The one normalisation of an address (users/email): NFC, trimmed, the whole address lower-cased,
 * punycode domain. Duplicates and suppression lookups compare normalised addresses
 * (docs/decisions/371-recipient-duplicates-ignore-case.md).
 */
export { normalizeEmail };

/** The domain's one address rule (spec 000 §5, users/email emailSchema) for a merge's recipient. */
export const isValidRecipientEmail = (email: string): boolean => isValidEmail(email);

/**
 * The row of the sheet or file a recipient came from, as its sender sees it there: the first
 * recipient (index 0) is row 2, under the header row. The composer's skip list and the progress
 * page name a recipient by it, as the add-on's "Merge status" column stands on it.
 */
export const sheetRowOf = (index: number): number => index + 2;

// --- skipped and failed recipients ------------------------------------------------------------

/** Why a recipient is not sent to, in the order the checks apply (classifyRecipients). */
export const SKIP_REASONS = ['INVALID_ADDRESS', 'DUPLICATE', 'UNSUBSCRIBED', 'BOUNCED'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const SKIP_REASON_LABELS = {
  INVALID_ADDRESS: 'Invalid address',
  DUPLICATE: 'Duplicate in this merge',
  UNSUBSCRIBED: 'Unsubscribed',
  BOUNCED: 'Bounced',
} as const satisfies Record<SkipReason, string>;

export const skipReasonLabel = (reason: SkipReason): string => SKIP_REASON_LABELS[reason];

/**
 * Why a recipient failed after the engine tried:
 * - GMAIL_REJECTED: Gmail refused this message for good (a 4xx other than a rate limit, e.g. an
 *   invalid recipient header); retrying cannot help;
 * - GMAIL_ERROR: Gmail kept failing (429/5xx/time-outs) through MAX_SEND_ATTEMPTS attempts;
 * - SENDER_DISCONNECTED: the sender's Gmail grant was revoked and the recipient was given up
 *   (a merge is normally paused instead, and resumes after reconnecting).
 */
export const FAILURE_REASONS = ['GMAIL_REJECTED', 'GMAIL_ERROR', 'SENDER_DISCONNECTED'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

const FAILURE_REASON_LABELS = {
  GMAIL_REJECTED: 'Rejected by Gmail',
  GMAIL_ERROR: 'Gmail error',
  SENDER_DISCONNECTED: 'Gmail disconnected',
} as const satisfies Record<FailureReason, string>;

export const failureReasonLabel = (reason: FailureReason): string => FAILURE_REASON_LABELS[reason];

// --- statuses -----------------------------------------------------------------------------------

/**
 * A recipient's send status: QUEUED → SENDING (recorded before the Gmail call) → SENT (with Gmail's
 * message id) or FAILED; SKIPPED at the start; CANCELLED when the merge is cancelled first.
 */
export const RECIPIENT_SEND_STATUSES = [
  'QUEUED',
  'SENDING',
  'SENT',
  'SKIPPED',
  'FAILED',
  'CANCELLED',
] as const;
export type RecipientSendStatus = (typeof RECIPIENT_SEND_STATUSES)[number];

const RECIPIENT_SEND_STATUS_LABELS = {
  QUEUED: 'Queued',
  SENDING: 'Sending',
  SENT: 'Sent',
  SKIPPED: 'Skipped',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
} as const satisfies Record<RecipientSendStatus, string>;

export const recipientSendStatusLabel = (status: RecipientSendStatus): string =>
  RECIPIENT_SEND_STATUS_LABELS[status];

/**
 * A merge's state in the engine:
 * - SCHEDULED: waits for its start time;
 * - QUEUED: due, waiting for a worker; SENDING: a worker sends it;
 * - WAITING_FOR_QUOTA: the sender's rolling 24 h quota is used up; resumes when the window frees
 *   (spec 002 §4.1 "Out of quota": IN PROGRESS, no next run, 'Upon quota reset');
 * - PAUSED_RATE_LIMITED: Gmail answered rateLimitExceeded ("rate-limited by the email provider",
 *   spec 001 §9); PAUSED_GMAIL_DISCONNECTED: the sender's grant was revoked, resumes after
 *   "Reconnect Gmail";
 * - DONE: every recipient is sent, skipped or failed; CANCELLED: stopped from the dashboard.
 */
export const MERGE_STATUSES = [
  'SCHEDULED',
  'QUEUED',
  'SENDING',
  'WAITING_FOR_QUOTA',
  'PAUSED_RATE_LIMITED',
  'PAUSED_GMAIL_DISCONNECTED',
  'DONE',
  'CANCELLED',
] as const;
export type MergeStatus = (typeof MERGE_STATUSES)[number];

/** A merge DONE or CANCELLED: nothing more of it is sent, nor can it be cancelled (or resumed). */
export const MERGE_OVER_STATUSES = ['DONE', 'CANCELLED'] as const satisfies readonly MergeStatus[];
export const isMergeOver = (status: string): boolean =>
  (MERGE_OVER_STATUSES as readonly string[]).includes(status);

const MERGE_STATUS_LABELS = {
  SCHEDULED: SCHEDULED_STATUS_LABELS.SCHEDULED,
  QUEUED: 'Queued',
  SENDING: 'Sending',
  WAITING_FOR_QUOTA: SCHEDULED_STATUS_LABELS.WAITING_FOR_QUOTA,
  PAUSED_RATE_LIMITED: 'Paused: rate-limited by the email provider',
  PAUSED_GMAIL_DISCONNECTED: 'Paused: Gmail disconnected',
  DONE: 'Done',
  CANCELLED: 'Cancelled',
} as const satisfies Record<MergeStatus, string>;

export const mergeStatusLabel = (status: MergeStatus): string => MERGE_STATUS_LABELS[status];

// --- classification ---------------------------------------------------------------------------

/** Normalised addresses (normalizeEmail) on the lists that apply to the sender. */
export type SuppressedAddresses = {
  unsubscribed: ReadonlySet<string>;
  bounced: ReadonlySet<string>;
};

export type RecipientClassification =
  | { index: number; email: string; status: 'QUEUED' }
  | { index: number; email: string; status: 'SKIPPED'; reason: SkipReason };

/**
 * Each recipient of a merge, in input order, either QUEUED or SKIPPED with the first reason that
 * applies: INVALID_ADDRESS > DUPLICATE > UNSUBSCRIBED > BOUNCED
 * (docs/decisions/372-recipient-skip-order.md). `email` is the normalised address; `index` is the
 * position in the input (the sheet's row order).
 * - The first occurrence of an address wins; a later one, whatever its case or spacing, is a
 *   DUPLICATE, even when the first was skipped for a list (it is reported once, as that list).
 * - The lists that apply (the sender's own entries and the space's shared ones) are the server's
 *   lookup; their entries are stored normalised.
 */
export function classifyRecipients(
  recipients: readonly { email: string }[],
  suppressed: SuppressedAddresses,
): RecipientClassification[] {
  const seen = new Set<string>();
  return recipients.map(({ email: input }, index): RecipientClassification => {
    const email = normalizeEmail(input);
    const skip = (reason: SkipReason): RecipientClassification => ({
      index,
      email,
      status: 'SKIPPED',
      reason,
    });
    if (!isValidRecipientEmail(input)) return skip('INVALID_ADDRESS');
    if (seen.has(email)) return skip('DUPLICATE');
    seen.add(email);
    if (suppressed.unsubscribed.has(email)) return skip('UNSUBSCRIBED');
    if (suppressed.bounced.has(email)) return skip('BOUNCED');
    return { index, email, status: 'QUEUED' };
  });
}
