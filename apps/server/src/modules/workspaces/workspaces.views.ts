import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { workspaceDomains } from '../../db/schema';

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
