import type { SubscriptionState } from '@mergedesk/domain/plans/entitlements';
import { sql } from 'drizzle-orm';
import { users, workspaceMembers, workspaces } from './schema';

/**
 * The row shapes several modules read (an account, a space, a member, a membership). They live
 * here, next to the schema, so that lib and every module can name them without importing another
 * module's repository; each repository selects exactly these columns (userColumns,
 * workspaceColumns, memberColumns below).
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
  | 'createdAt'
> & {
  /** The state of the space's latest subscription (an ACTIVE one first), null when none is recorded. */
  subscriptionState: SubscriptionState;
};

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

/** The columns of a UserRecord, for the repositories' selects. */
export const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  profilePictureUrl: users.profilePictureUrl,
  userType: users.userType,
  domainName: users.domainName,
  installationTimestamp: users.installationTimestamp,
  addonWorkspaceId: users.addonWorkspaceId,
  freeUserQuota: users.freeUserQuota,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
} satisfies Record<keyof UserRecord, unknown>;

/** The columns of a WorkspaceRecord, for the repositories' selects. */
export const workspaceColumns = {
  id: workspaces.id,
  name: workspaces.name,
  slug: workspaces.slug,
  plan: workspaces.plan,
  legacyType: workspaces.legacyType,
  billingModel: workspaces.billingModel,
  status: workspaces.status,
  memberInviteUser: workspaces.memberInviteUser,
  hasMultiDomain: workspaces.hasMultiDomain,
  freeAllowedUserCount: workspaces.freeAllowedUserCount,
  proAllowedUserCount: workspaces.proAllowedUserCount,
  createdAt: workspaces.createdAt,
  // Read with the space, so the entitlements (packages/domain/src/plans/entitlements.ts) follow the
  // subscription billing recorded last. Names spelled out: also valid in an insert's RETURNING.
  subscriptionState: sql<SubscriptionState>`(select s.status from subscriptions s where s.workspace_id = "workspaces"."id" order by (s.status = 'ACTIVE') desc, s.created_at desc limit 1)`,
} satisfies Record<keyof WorkspaceRecord, unknown>;

/** The columns every shape of a member row starts from: who, in which role, on which plan and seat. */
export const memberCoreColumns = {
  id: workspaceMembers.id,
  userId: workspaceMembers.userId,
  email: workspaceMembers.email,
  role: workspaceMembers.role,
  userPlan: workspaceMembers.userPlan,
  status: workspaceMembers.status,
  seatType: workspaceMembers.seatType,
};

/** The columns of a MemberRecord, for the repositories' selects. */
export const memberColumns = {
  ...memberCoreColumns,
  workspaceId: workspaceMembers.workspaceId,
  freeTrialEndTimestamp: workspaceMembers.freeTrialEndTimestamp,
  createdAt: workspaceMembers.createdAt,
} satisfies Record<keyof MemberRecord, unknown>;
