import type { Executor } from '../../db/client';

/**
 * What members asks of accounts. Users sits above members (users → workspaces → members), so
 * members never imports users' services: app.ts hands users' implementation to the members routes
 * (docs/decisions/364-table-owners.md), as it hands billing's facts (billing-facts.ts).
 */
export type MemberAccounts = {
  /** Points the add-on of `userId` at `landing` when it sent from `workspaceId`. */
  moveAddonSpace(tx: Executor, userId: string, workspaceId: string, landing: string | null): Promise<void>;
};
