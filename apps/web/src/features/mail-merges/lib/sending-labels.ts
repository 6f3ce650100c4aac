import {
  FAILURE_REASONS,
  failureReasonLabel as domainFailureReasonLabel,
  MERGE_STATUSES,
  mergeStatusLabel as domainMergeStatusLabel,
  RECIPIENT_SEND_STATUSES,
  recipientSendStatusLabel as domainRecipientSendStatusLabel,
  SKIP_REASONS,
  skipReasonLabel as domainSkipReasonLabel,
} from '@mergedesk/domain/sending/recipients';

/**
 * The sending engine's statuses and reasons as the dashboard shows them (issue 24): the domain's
 * labels (packages/domain/src/sending/recipients.ts). The API sends them as plain strings, so a
 * value the domain does not know (a newer server) is shown as it came rather than hidden.
 */
const labelOf =
  <T extends string>(values: readonly T[], label: (value: T) => string) =>
  (value: string): string =>
    (values as readonly string[]).includes(value) ? label(value as T) : value;

export const mergeStatusLabel = labelOf(MERGE_STATUSES, domainMergeStatusLabel);
export const recipientSendStatusLabel = labelOf(RECIPIENT_SEND_STATUSES, domainRecipientSendStatusLabel);
export const skipReasonLabel = labelOf(SKIP_REASONS, domainSkipReasonLabel);
export const failureReasonLabel = labelOf(FAILURE_REASONS, domainFailureReasonLabel);
