import type { Workspace } from '@mergedesk/domain/api/workspaces';
import type { UserPlan } from '@mergedesk/domain/plans/plans';
import { slugify, SPACE_LIMIT_WARNING_MESSAGE } from '@mergedesk/domain/spaces/space-name';
import type { Database, Executor } from '../../db/client';
import type { SpaceMembership } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import type { MembershipRecord, UserRecord, WorkspaceRecord } from '../../db/records';
import {
  insertMember,
  linkPendingMemberships,
  lockAndCheckOwnedSpaces,
} from '../members/memberships.service';
import {
  countMembers,
  insertWorkspace,
  findMembership,
  listMembershipsOfUser,
  updateWorkspace as updateWorkspaceRow,
} from './workspaces.repo';
import { domainsOf } from './workspaces.views';

/*
 * The workspaces repository is this module's own; other modules reach spaces and memberships
 * through these functions (a module never imports another module's repository).
 */

/** Every space row `userId` is linked to, PENDING ones included, oldest first. */
export function membershipsOf(db: Executor, userId: string): Promise<MembershipRecord[]> {
  return listMembershipsOfUser(db, userId);
}

/** The member row of `userId` in a space, whatever its status. */
export function membershipIn(
  db: Executor,
  userId: string,
  workspaceId: string,
): Promise<MembershipRecord | undefined> {
  return findMembership(db, userId, workspaceId);
}

/** Links the PENDING member rows waiting for `email` to the new account `userId`. */
export function takeUpPendingMemberships(tx: Executor, userId: string, email: string): Promise<number> {
  return linkPendingMemberships(tx, userId, email);
}

/** The route prefix of a space's pages (spec 000 §2): /{workspaceId}/{workspaceSlug}. */
export function urlPrefixOf(workspace: Pick<WorkspaceRecord, 'id' | 'slug'>): string {
  return `/${workspace.id}/${workspace.slug}`;
}

/** allowedUserCount of the space for a user plan; -1 means unlimited (spec 002 §3). */
export function allowedUserCountFor(workspace: WorkspaceRecord, userPlan: UserPlan): number {
  return userPlan === 'FREE' ? workspace.freeAllowedUserCount : workspace.proAllowedUserCount;
}

type WorkspaceExtras = Pick<Workspace, 'memberCount' | 'workspaceFeatures' | 'workspaceDomains'>;

function toWorkspace(
  membership: MembershipRecord,
  caller: UserRecord,
  extras: WorkspaceExtras = {},
): Workspace {
  const { workspace } = membership;
  return {
    workspaceId: workspace.id,
    id: workspace.id,
    workspaceName: workspace.name,
    name: workspace.name,
    role: membership.role,
    urlPrefix: urlPrefixOf(workspace),
    workspacePlan: workspace.plan,
    plan: workspace.plan,
    legacyType: workspace.legacyType,
    isPerSeat: workspace.billingModel === 'PER_SEAT',
    status: workspace.status,
    memberInviteUser: workspace.memberInviteUser,
    workspaceUserFeature: { workspacePlan: workspace.plan, userPlan: membership.userPlan },
    isAddonWorkspace: caller.addonWorkspaceId === workspace.id,
    ...extras,
  };
}

export async function listWorkspaces(db: Database, caller: UserRecord): Promise<Workspace[]> {
  const memberships = await listMembershipsOfUser(db, caller.id);
  return memberships
    .filter((membership) => membership.status !== 'PENDING')
    .map((membership) => toWorkspace(membership, caller));
}

export type WorkspaceIncludes = { domains: boolean; features: boolean; membersCount: boolean };

export async function getWorkspace(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  includes: WorkspaceIncludes,
): Promise<Workspace> {
  // Spec 000 §4: a DISABLED member is shown only name, plan and status; no details are fetched.
  if (membership.status === 'DISABLED') return toWorkspace(membership, caller);
  const { workspace } = membership;
  const extras: WorkspaceExtras = {};
  if (includes.membersCount) extras.memberCount = await countMembers(db, workspace.id);
  if (includes.features) {
    extras.workspaceFeatures = (['FREE', 'PRO'] as const).map((userPlan) => ({
      userPlan,
      hasMultiDomain: workspace.hasMultiDomain,
      allowedUserCount: allowedUserCountFor(workspace, userPlan),
    }));
  }
  if (includes.domains) {
    extras.workspaceDomains = (await domainsOf(db, workspace.id)).map((domainName) => ({
      domainName,
    }));
  }
  return toWorkspace(membership, caller, extras);
}

export type NewOwnedSpace = { ownerId: string; ownerEmail: string; name: string; memberInviteUser: boolean };

/** A new space on the FREE plan, billed per seat, with its creator as the ACTIVE OWNER on the FREE user plan. */
export async function createOwnedSpace(tx: Executor, space: NewOwnedSpace): Promise<MembershipRecord> {
  const workspace = await insertWorkspace(tx, {
    name: space.name,
    slug: slugify(space.name),
    plan: 'FREE',
    billingModel: 'PER_SEAT',
    memberInviteUser: space.memberInviteUser,
  });
  const member = await insertMember(tx, {
    workspaceId: workspace.id,
    userId: space.ownerId,
    email: space.ownerEmail,
    role: 'OWNER',
    userPlan: 'FREE',
    status: 'ACTIVE',
  });
  return { ...member, workspace };
}

export async function createWorkspace(
  db: Database,
  caller: UserRecord,
  body: { workspaceName: string; userId: string; memberInviteUser: boolean },
): Promise<Workspace> {
  if (body.userId !== caller.id) {
    throw new AppError('FORBIDDEN', 'You can only create a space that you own yourself.');
  }
  const membership = await db.transaction(async (tx) => {
    if (!(await lockAndCheckOwnedSpaces(tx, caller.id))) {
      throw new AppError('OWNED_SPACES_LIMIT_REACHED', SPACE_LIMIT_WARNING_MESSAGE);
    }
    return createOwnedSpace(tx, {
      ownerId: caller.id,
      ownerEmail: caller.email,
      name: body.workspaceName,
      memberInviteUser: body.memberInviteUser,
    });
  });
  return toWorkspace(membership, caller);
}

export async function updateWorkspace(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  body: { workspaceName: string; memberInviteUser?: boolean | undefined },
): Promise<Workspace> {
  const workspace = await updateWorkspaceRow(db, membership.workspace.id, {
    name: body.workspaceName,
    slug: slugify(body.workspaceName),
    ...(body.memberInviteUser === undefined ? {} : { memberInviteUser: body.memberInviteUser }),
  });
  return toWorkspace({ ...membership, workspace }, caller);
}
