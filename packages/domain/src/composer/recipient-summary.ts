import type { SkipReason } from '../sending/recipients';
import { classifyRecipients, normalizeEmail, SKIP_REASONS } from '../sending/recipients';

/**
 * The composer's summary of a recipients file (issue 25 "Recipients"): how many are sent to, and
 * which are skipped and why, by the engine's own rule (sending/recipients classifyRecipients), so
 * the summary says what the engine will do. Skipped rows are still sent to the engine, which skips
 * them with the same reasons: never silently dropped.
 */

type SkippedRecipient = {
  /** The row's position in the file (0-based, header excluded). */
  index: number;
  /** The address as the file has it. */
  email: string;
};

export type RecipientSummary = {
  total: number;
  toSend: number;
  /** Every reason of SKIP_REASONS, in that order, with its rows (possibly none). */
  skipped: { reason: SkipReason; recipients: SkippedRecipient[] }[];
  skippedCount: number;
};

/** Addresses of the space's lists (as the recipient check answers them, in any case or spacing). */
export type SuppressionCheck = { unsubscribed: readonly string[]; bounced: readonly string[] };

export function summarizeRecipients(
  emails: readonly string[],
  check: SuppressionCheck = { unsubscribed: [], bounced: [] },
): RecipientSummary {
  const classified = classifyRecipients(
    emails.map((email) => ({ email })),
    {
      unsubscribed: new Set(check.unsubscribed.map(normalizeEmail)),
      bounced: new Set(check.bounced.map(normalizeEmail)),
    },
  );
  const byReason = new Map<SkipReason, SkippedRecipient[]>(SKIP_REASONS.map((reason) => [reason, []]));
  for (const recipient of classified) {
    if (recipient.status === 'SKIPPED')
      byReason.get(recipient.reason)?.push({ index: recipient.index, email: emails[recipient.index] ?? '' });
  }
  const skipped = SKIP_REASONS.map((reason) => ({ reason, recipients: byReason.get(reason) ?? [] }));
  const skippedCount = skipped.reduce((sum, group) => sum + group.recipients.length, 0);
  return { total: emails.length, toSend: emails.length - skippedCount, skipped, skippedCount };
}
