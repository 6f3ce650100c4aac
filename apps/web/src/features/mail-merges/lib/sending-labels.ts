import { SCHEDULED_STATUS_LABELS } from '@mergedesk/domain/campaigns/scheduled-status';

/**
 * The sending engine's statuses and reasons as the dashboard shows them (issue 24).
 *
 * NOTE: these labels belong to packages/domain/src/sending/recipients.ts (branch sendrules), which
 * has the same names (mergeStatusLabel, recipientSendStatusLabel, skipReasonLabel,
 * failureReasonLabel) and texts; until it lands they are said here, once, and this file then
 * re-exports (or is replaced by) the domain's. The API sends them as strings, so an unknown value
 * is shown as it came rather than hidden.
 */

const MERGE_STATUS_LABELS: Record<string, string> = {
  SCHEDULED: SCHEDULED_STATUS_LABELS.SCHEDULED,
  QUEUED: 'Queued',
  SENDING: 'Sending',
  WAITING_FOR_QUOTA: SCHEDULED_STATUS_LABELS.WAITING_FOR_QUOTA,
  PAUSED_RATE_LIMITED: 'Paused: rate-limited by the email provider',
  PAUSED_GMAIL_DISCONNECTED: 'Paused: Gmail disconnected',
  DONE: 'Done',
  CANCELLED: 'Cancelled',
};

const RECIPIENT_SEND_STATUS_LABELS: Record<string, string> = {
  QUEUED: 'Queued',
  SENDING: 'Sending',
  SENT: 'Sent',
  SKIPPED: 'Skipped',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

const SKIP_REASON_LABELS: Record<string, string> = {
  INVALID_ADDRESS: 'Invalid address',
  DUPLICATE: 'Duplicate in this merge',
  UNSUBSCRIBED: 'Unsubscribed',
  BOUNCED: 'Bounced',
};

const FAILURE_REASON_LABELS: Record<string, string> = {
  GMAIL_REJECTED: 'Rejected by Gmail',
  GMAIL_ERROR: 'Gmail error',
  SENDER_DISCONNECTED: 'Gmail disconnected',
};

const labelOf = (labels: Record<string, string>, value: string): string => labels[value] ?? value;

export const mergeStatusLabel = (status: string): string => labelOf(MERGE_STATUS_LABELS, status);
export const recipientSendStatusLabel = (status: string): string =>
  labelOf(RECIPIENT_SEND_STATUS_LABELS, status);
export const skipReasonLabel = (reason: string): string => labelOf(SKIP_REASON_LABELS, reason);
export const failureReasonLabel = (reason: string): string => labelOf(FAILURE_REASON_LABELS, reason);
