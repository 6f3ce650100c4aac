/**
 * Router state of {urlPrefix}/space/billing that opens the cancel-scheduled-removal dialog (spec 002
 * §2.7 "optionally with state that opens a cancel-scheduled-removal dialog"): set by the members
 * screen's 'Cancel downgrade', read by the billing page. Shared here because features do not import
 * each other.
 */
export type BillingLocationState = { openCancelScheduledRemoval?: boolean } | null;

export const CANCEL_SCHEDULED_REMOVAL_STATE = {
  openCancelScheduledRemoval: true,
} as const satisfies BillingLocationState;

export const opensCancelScheduledRemoval = (state: unknown): boolean =>
  typeof state === 'object' &&
  state !== null &&
  (state as { openCancelScheduledRemoval?: unknown }).openCancelScheduledRemoval === true;
