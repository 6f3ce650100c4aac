// How the suppression lists show an entry, in a module without zod (api/suppression-list
// re-exports it), so the web app's bundle does not carry the suppression schemas.
import type { SuppressionList } from '../suppressions/permissions';
import type { SuppressionItem, SuppressionType } from './suppression-list';

/**
 * The export of a list (spec 002 §2.3, §2.4; issue 11: the server writes it, streamed): the
 * table's columns — the address, the date (lastUpdateTimestamp, else createTimestamp, spec 002 §3)
 * as ISO 8601 UTC, and the Type on the unsubscription list, which shows it.
 */
export const SUPPRESSION_LIST_SHOWS_TYPE: Record<SuppressionList, boolean> = {
  unsubscriptions: true,
  bounces: false,
};
export const SUPPRESSION_TYPE_LABELS: Record<SuppressionType, string> = {
  WORKSPACE: 'Shared',
  PERSONAL: 'Personal',
};

/** Spec 002 §3: an entry's date is lastUpdateTimestamp, falling back to createTimestamp. */
export const suppressionItemDate = (item: SuppressionItem): number =>
  item.lastUpdateTimestamp || item.createTimestamp;
