/*
 * What other modules do to space rows: billing checks a space exists, locks it and sets the plan
 * fields a subscription brings; space-life locks it and erases it. Workspaces owns the table
 * (docs/decisions/364-table-owners.md).
 */
export { updateWorkspaceBilling, workspaceExists } from './workspaces.repo';
export { lockWorkspaceRow } from './workspaces.views';
// Space-life erases deleted spaces once their grace period is over.
export { deleteWorkspacesIn } from './workspaces.repo';
