/**
 * What billing asks of the members it bills: who is paid in another space. Members owns
 * workspace_members (docs/decisions/table-owners.md); billing reads and changes plans through here.
 */
export { findPaidElsewhere } from './members.repo';
