/**
 * What billing asks of and does to the members it bills: their plans, and who is paid in another
 * space. Members owns workspace_members (docs/decisions/364-table-owners.md); billing reads and changes
 * plans through here.
 */
export {
  downgradeAllMembers,
  findPaidElsewhere,
  giveOwnerPaidPlan,
  listSpaceMembers,
  setMemberPlan,
  type SpaceMemberRow,
} from './member-plans.repo';
