import { asc, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { workspaceDomains, workspaces } from '../../db/schema';

/*
 * The workspaces module's published reads of what it owns (docs/decisions/table-owners.md): other
 * modules read spaces' domains here; only workspaces writes them.
 */

/** The domain names of a space. */
export async function domainsOf(db: Executor, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ domainName: workspaceDomains.domainName })
    .from(workspaceDomains)
    .where(eq(workspaceDomains.workspaceId, workspaceId))
    .orderBy(asc(workspaceDomains.domainName));
  return rows.map((row) => row.domainName);
}

/** The id of the space named `name` (the demo's billing set-up finds its spaces by name). */
export async function spaceIdByName(db: Executor, name: string): Promise<string | undefined> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.name, name));
  return row?.id;
}

/** Spaces with their names and age, for joins (space-life's deleted spaces and landing space). */
export const workspaceView = new QueryBuilder()
  .select({ id: workspaces.id, name: workspaces.name, createdAt: workspaces.createdAt })
  .from(workspaces)
  .as('workspace_view');
