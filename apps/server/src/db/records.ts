import type { workspaceMembers, workspaces } from './schema';

/**
 * The row shapes several modules read (an account, a space, a member, a membership). They live
 * here, next to the schema, so that lib and every module can name them without importing another
 * module's repository; each repository selects exactly these columns.
 */

type WorkspaceRow = typeof workspaces.$inferSelect;
type MemberRow = typeof workspaceMembers.$inferSelect;

export type UserRecord = {
  id: string;
  email: string;
  name: string;
  profilePictureUrl: string | null;
  userType: 'STANDARD' | 'BUSINESS';
  domainName: string;
  installationTimestamp: Date | null;
  addonWorkspaceId: string | null;
  freeUserQuota: number | null;
  createdAt: Date;
  updatedAt: Date;
};

export type WorkspaceRecord = Pick<
  WorkspaceRow,
  | 'id'
  | 'name'
  | 'slug'
  | 'plan'
  | 'legacyType'
  | 'billingModel'
  | 'status'
  | 'memberInviteUser'
  | 'hasMultiDomain'
  | 'freeAllowedUserCount'
  | 'proAllowedUserCount'
  | 'teamAnalyticsDashboard'
  | 'manageUserRoles'
  | 'transferOwnership'
  | 'shareUnsubscribes'
  | 'shareBounces'
  | 'createdAt'
>;

export type MemberRecord = Pick<
  MemberRow,
  | 'id'
  | 'workspaceId'
  | 'userId'
  | 'email'
  | 'role'
  | 'userPlan'
  | 'status'
  | 'seatType'
  | 'freeTrialEndTimestamp'
  | 'createdAt'
>;

/** A member row of the caller together with its space. */
export type MembershipRecord = MemberRecord & { workspace: WorkspaceRecord };
