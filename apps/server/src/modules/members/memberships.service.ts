import { canCreateSpace } from '@mergedesk/domain/spaces/space-name';
import type { Executor } from '../../db/client';
import { lockUserRow } from '../users/users.views';
import { countOwnedSpaces } from './memberships.repo';

/*
 * What workspaces, users and space-life do to memberships: members owns workspace_members
 * (docs/decisions/364-table-owners.md).
 */
export { insertMember, linkPendingMemberships } from './memberships.repo';

/**
 * Locks the person's row and tells whether they may own one more space (spec 000 §5: at most 5).
 * The lock makes concurrent creations and ownership transfers to the same person wait for each
 * other, so the count cannot be outdated when the caller's transaction writes.
 */
export async function lockAndCheckOwnedSpaces(tx: Executor, userId: string): Promise<boolean> {
  await lockUserRow(tx, userId);
  return canCreateSpace(await countOwnedSpaces(tx, userId));
}
