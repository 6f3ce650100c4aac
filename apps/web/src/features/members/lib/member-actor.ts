import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { MemberActor } from '@mergedesk/domain/members/permissions';

/** The viewer of a member screen as the permission rules see them: their role and the space's plan. */
export const spaceMemberActor = (
  space: UserWorkspace,
  viewer: Pick<MemberActor, 'userId' | 'billingModel' | 'isInvitationRestricted'>,
): MemberActor => ({
  userId: viewer.userId,
  role: space.userRole,
  workspacePlan: space.workspacePlan,
  billingModel: viewer.billingModel,
  manageUserRoles: space.workspaceUserFeature.otherFeatures.manageUserRoles,
  isInvitationRestricted: viewer.isInvitationRestricted,
});
