import type { MergeOptions, StartMergeBody } from '@mergedesk/domain/api/sending';
import type { ContentChecks } from '@mergedesk/domain/composer/content-checks';
import { composerSheetKey } from '@mergedesk/domain/composer/recipient-source';
import type { RecipientSummary } from '@mergedesk/domain/composer/recipient-summary';
import type { ComposerOptions, ComposerState } from './composer-state';

/** The engine's merge options from the composer's (blank sender name and alias: the account's). */
export const mergeOptionsOf = (options: ComposerOptions): MergeOptions => ({
  senderName: options.senderName.trim() || undefined,
  sendAs: options.sendAs || undefined,
  trackOpens: options.trackOpens,
  trackClicks: options.trackClicks,
  unsubscribeLink: options.unsubscribeLink,
});

/**
 * POST /api/addon/merges's body for the composition: every row, skipped ones included (the engine
 * skips them with the same reasons, so none is silently dropped), the file's name as spreadsheet
 * and sheet, and a sheet key of the composition's own (domain composerSheetKey).
 */
export function mergeBodyOf(
  state: ComposerState,
  workspaceId: string,
  scheduledAt: number | null,
): StartMergeBody | null {
  const { source, emailColumn } = state;
  if (source === null || emailColumn === null) return null;
  return {
    workspaceId,
    spreadsheetName: source.name,
    sheetName: source.name,
    mergeSourceSheetKey: composerSheetKey(state.idempotencyKey),
    subject: state.subject,
    htmlBody: state.htmlBody,
    recipients: source.rows.map((fields) => ({ email: fields[emailColumn] ?? '', fields })),
    ...(scheduledAt === null ? {} : { scheduledAt }),
    options: mergeOptionsOf(state.options),
  };
}

/**
 * The confirmation's counts include the unsubscribed and bounced recipients: until the space's
 * lists have answered for these addresses (or while they are asked again), they would be wrong.
 */
export const RECIPIENTS_UNCHECKED_BLOCKER =
  'Wait until the recipients are checked against the space’s unsubscriptions and bounces.';

/** What still stops the merge from being sent, in the page's order ([] when nothing does). */
export function sendBlockers(input: {
  gmailConnected: boolean;
  state: ComposerState;
  summary: RecipientSummary | null;
  /** The space's lists answered for the addresses as they are now. */
  recipientsChecked: boolean;
  checks: ContentChecks;
  timeError: string | null;
}): string[] {
  const { state, summary, checks } = input;
  return [
    !input.gmailConnected && 'Connect Gmail to send.',
    state.source === null && 'Add the recipients.',
    state.source !== null && state.emailColumn === null && 'Pick the e-mail column.',
    summary !== null && !input.recipientsChecked && RECIPIENTS_UNCHECKED_BLOCKER,
    summary !== null && summary.toSend === 0 && 'No recipient is left to send to.',
    (checks.missingSubject || checks.missingBody) && 'Write the subject and the body.',
    checks.unknown.length > 0 && 'Correct the unknown markers.',
    input.timeError,
  ].filter((blocker): blocker is string => typeof blocker === 'string');
}
