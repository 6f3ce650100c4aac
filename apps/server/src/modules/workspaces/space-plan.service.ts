/*
 * What billing reads and writes of a space: that it exists, its row lock, and the plan fields a
 * subscription sets. Workspaces owns the table (docs/decisions/table-owners.md).
 */
export { lockWorkspaceRow, updateWorkspaceBilling, workspaceExists } from './workspaces.repo';
