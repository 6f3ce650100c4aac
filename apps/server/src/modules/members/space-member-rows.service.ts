/**
 * What space-life (leave, delete, restore) does to a space's member rows and invitations. Members
 * owns workspace_members and invitations (docs/decisions/364-table-owners.md); space-life calls here.
 */
export { cancelPendingInvitations } from './invitations.repo';
export {
  deleteMemberRow,
  deleteMemberRows,
  insertMemberRows,
  listMemberRows,
} from './space-member-rows.repo';
