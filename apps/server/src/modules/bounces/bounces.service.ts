import type { AddBouncesBody, BounceList } from '@mergedesk/domain/api/bounces';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { Database } from '../../db/client';
import type { SpaceMembership } from '../../lib/access';
import {
  addSuppressionEntries,
  deleteSuppressionEntry,
  listSuppressionEntries,
  type SuppressionListConfig,
} from '../suppression-lists/suppression-list.service';
import type { UserRecord } from '../../db/records';

export const BOUNCE_LIST: SuppressionListConfig = {
  list: 'bounces',
  exportKind: 'BOUNCES',
  notInListMessage: (email) => `${email} is not in the bounce list.`,
};

/** GET /api/v1/users/me/workspaces/{workspaceId}/bounces (spec 002 §7). */
export function getBounces(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  query: ListQuery,
): Promise<BounceList> {
  return listSuppressionEntries(db, BOUNCE_LIST, caller, membership, query);
}

/** POST /api/v1/users/workspace-activation-add-bounces/me (spec 002 §7, §4.4). */
export function addBounces(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  body: Required<AddBouncesBody>,
): Promise<{ updated: number }> {
  return addSuppressionEntries(db, BOUNCE_LIST, caller, membership, body.emailAddresses);
}

/** DELETE /api/v1/users/workspace-activation-delete-bounces/me/{workspaceId}/{emailAddress}. */
export function deleteBounce(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  emailAddress: string,
): Promise<void> {
  return deleteSuppressionEntry(db, BOUNCE_LIST, caller, membership, emailAddress);
}
