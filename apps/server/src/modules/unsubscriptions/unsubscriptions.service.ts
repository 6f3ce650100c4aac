import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { AddUnsubscriptionsBody, UnsubscriptionList } from '@mergedesk/domain/api/unsubscriptions';
import type { Database } from '../../db/client';
import type { SpaceMembership } from '../../lib/access';
import {
  addSuppressionEntries,
  deleteSuppressionEntry,
  listSuppressionEntries,
  type SuppressionListConfig,
} from '../suppression-lists/suppression-list.service';
import type { UserRecord } from '../../db/records';

export const UNSUBSCRIPTION_LIST: SuppressionListConfig = {
  list: 'unsubscriptions',
  exportKind: 'UNSUBSCRIPTIONS',
  notInListMessage: (email) => `${email} is not in the unsubscription list.`,
  // Spec 002 §7 "Other": usage events are logged for manual unsubscribes.
  usageEvents: { added: 'manual_unsubscribe', deleted: 'manual_unsubscribe_removed' },
};

/** GET /api/v1/users/me/workspaces/{id}/unsubscriptions (spec 002 §7). */
export function getUnsubscriptions(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  query: ListQuery,
): Promise<UnsubscriptionList> {
  return listSuppressionEntries(db, UNSUBSCRIPTION_LIST, caller, membership, query);
}

/** POST /api/v1/users/workspace-activation-add-unsubscriptions/me (spec 002 §7, §4.3). */
export function addUnsubscriptions(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  body: Required<AddUnsubscriptionsBody>,
): Promise<{ updated: number }> {
  return addSuppressionEntries(db, UNSUBSCRIPTION_LIST, caller, membership, body.emailAddresses);
}

/** DELETE /api/v1/users/workspace-activation-delete-unsubscriptions/me/{workspaceId}/{emailAddress}. */
export function deleteUnsubscription(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  emailAddress: string,
): Promise<void> {
  return deleteSuppressionEntry(db, UNSUBSCRIPTION_LIST, caller, membership, emailAddress);
}
