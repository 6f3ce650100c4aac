import type { CurrentUser, RolloutStatus, SuggestedUser, UserWorkspace } from '@mergedesk/domain/api/users';
import { spaceNameSchema } from '@mergedesk/domain/spaces/space-name';
import { emailDomain, isGmailAddress } from '@mergedesk/domain/users/email';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SessionIdentity, SpaceMembership } from '../../lib/access';
import { otherFeaturesOf, SESSION_EXPIRED_MESSAGE } from '../../lib/access';
import type { MembershipRecord, UserRecord } from '../../db/records';
import {
  allowedUserCountFor,
  createOwnedSpace,
  membershipsOf,
  takeUpPendingMemberships,
  urlPrefixOf,
} from '../workspaces/workspaces.service';
import {
  findLiveSessionProfile,
  findRolloutStatus,
  findUserByEmail,
  insertRolloutStatus,
  insertUser,
  listMonthlySentMails,
  searchSuggestedUsers,
  setAddonWorkspace,
  type MonthlySentMailsRecord,
  type RolloutStatusRecord,
} from './users.repo';

const SUGGESTION_LIMIT = 10;

/** Rollout status of a user without a row: registered, eligible, and no restriction (ARCHITECTURE.md). */
export const DEFAULT_ROLLOUT_STATUS: RolloutStatusRecord = {
  isRegistered: true,
  isEligible: true,
  isPerSeat: true,
  userV2: true,
  lastActivatedStep: null,
};

export async function getCurrentUser(
  db: Database,
  caller: UserRecord,
  options: { includeWorkspaces: boolean },
): Promise<CurrentUser> {
  if (!options.includeWorkspaces) return toCurrentUser(caller);
  const [memberships, counters] = await Promise.all([
    membershipsOf(db, caller.id),
    listMonthlySentMails(db, caller.id),
  ]);
  return toCurrentUser(caller, { memberships, counters });
}

/** GET /users/{id}: only the caller's own id exists for the caller. */
export async function getUserById(
  db: Database,
  caller: UserRecord,
  id: string,
  options: { includeWorkspaces: boolean },
): Promise<CurrentUser> {
  if (id !== caller.id) throw new AppError('NOT_FOUND', 'User not found.');
  return getCurrentUser(db, caller, options);
}

function toCurrentUser(
  user: UserRecord,
  workspaces?: { memberships: MembershipRecord[]; counters: MonthlySentMailsRecord[] },
): CurrentUser {
  const currentUser: CurrentUser = {
    userId: user.id,
    id: user.id,
    userEmail: user.email,
    userName: user.name,
    profilePictureUrl: user.profilePictureUrl,
    isPersonal: user.userType,
    installationTimestamp: user.installationTimestamp?.getTime() ?? null,
    lastUpdateTimestamp: user.updatedAt.getTime(),
    domain: { domainName: user.domainName },
    addonWorkspaceId: user.addonWorkspaceId,
    freeUserQuota: user.freeUserQuota,
  };
  if (workspaces) {
    currentUser.userWorkspaces = workspaces.memberships
      .filter((membership) => membership.status !== 'PENDING')
      .map((membership) => toUserWorkspace(membership, workspaces.counters));
  }
  return currentUser;
}

function toUserWorkspace(membership: MembershipRecord, counters: MonthlySentMailsRecord[]): UserWorkspace {
  const { workspace } = membership;
  const monthlySentMails = counters
    .filter((counter) => counter.workspaceId === workspace.id)
    .map(({ year, month, count }) => ({ year, month, count }));
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    workspacePlan: workspace.plan,
    userPlan: membership.userPlan,
    userRole: membership.role,
    status: membership.status,
    urlPrefix: urlPrefixOf(workspace),
    legacyPlanType: workspace.legacyType,
    isPerSeat: workspace.billingModel === 'PER_SEAT',
    workspaceUserFeature: {
      workspacePlan: workspace.plan,
      userPlan: membership.userPlan,
      hasMultiDomain: workspace.hasMultiDomain,
      allowedUserCount: allowedUserCountFor(workspace, membership.userPlan),
      otherFeatures: otherFeaturesOf(workspace),
    },
    counters: {
      totalNumberOfMailsSent: { count: monthlySentMails.reduce((sum, month) => sum + month.count, 0) },
      monthlySentMails,
    },
  };
}

/**
 * POST /users/workspace-activation-create-user: the signed-in person creates their own account.
 * In one transaction: the user (name and picture from the sign-in session), a rollout status, a
 * FREE space of their own (also the add-on's space), and the memberships that were waiting for
 * this e-mail address.
 */
export async function createUser(
  db: Database,
  session: SessionIdentity,
  body: { userEmail: string },
  now: Date = new Date(),
): Promise<CurrentUser> {
  const email = body.userEmail;
  if (email !== session.email.toLowerCase()) {
    throw new AppError('FORBIDDEN', 'You can only create an account for the address you are signed in with.');
  }
  const alreadyExists = () => new AppError('USER_ALREADY_EXISTS', `An account already exists for ${email}.`);
  try {
    const user = await db.transaction(async (tx) => {
      const profile = await findLiveSessionProfile(tx, session.sessionId, now);
      if (!profile) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
      if (await findUserByEmail(tx, email)) throw alreadyExists();
      return createAccount(tx, { email, name: profile.name, picture: profile.picture });
    });
    return await getCurrentUser(db, user, { includeWorkspaces: true });
  } catch (error) {
    // Two creations racing for the same address: the unique index decides.
    if (isUniqueViolation(error)) throw alreadyExists();
    throw error;
  }
}

type NewAccount = {
  email: string;
  name: string;
  picture: string | null;
  installationTimestamp?: Date | null;
  rolloutStatus?: RolloutStatusRecord;
};

/** Creates the account rows; runs inside the caller's transaction (also used by the demo seed). */
async function createAccount(tx: Executor, account: NewAccount): Promise<UserRecord> {
  const email = account.email.toLowerCase();
  const name = account.name.trim() === '' ? localPart(email) : account.name.trim();
  const user = await insertUser(tx, {
    email,
    name,
    profilePictureUrl: account.picture,
    userType: isGmailAddress(email) ? 'STANDARD' : 'BUSINESS',
    domainName: emailDomain(email),
    installationTimestamp: account.installationTimestamp ?? null,
    createSource: 'WEBAPP',
  });
  await insertRolloutStatus(tx, user.id, account.rolloutStatus ?? DEFAULT_ROLLOUT_STATUS);
  const space = await createOwnedSpace(tx, {
    ownerId: user.id,
    ownerEmail: email,
    name: personalSpaceName(name),
    memberInviteUser: true,
  });
  await setAddonWorkspace(tx, user.id, space.workspace.id);
  await takeUpPendingMemberships(tx, user.id, email);
  return { ...user, addonWorkspaceId: space.workspace.id };
}

/** "{first name}'s space", kept within the space-name rules of the domain. */
function personalSpaceName(name: string): string {
  const firstName = name.trim().split(/\s+/)[0] ?? '';
  const parsed = spaceNameSchema.safeParse(`${firstName}'s space`);
  return parsed.success ? parsed.data : 'My space';
}

function localPart(email: string): string {
  return email.slice(0, Math.max(email.lastIndexOf('@'), 0)) || email;
}

export async function suggestUsers(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership,
  keyword: string,
): Promise<SuggestedUser[]> {
  const rows = await searchSuggestedUsers(db, {
    callerId: caller.id,
    // Sharing gmail.com says nothing about knowing each other.
    callerDomain: isGmailAddress(caller.email) ? null : caller.domainName,
    workspaceId: membership.workspace.id,
    keyword,
    limit: SUGGESTION_LIMIT,
  });
  return rows.map((row) => ({ userEmail: row.email, userName: row.name }));
}

export async function getRolloutStatus(db: Executor, caller: UserRecord): Promise<RolloutStatus> {
  return (await findRolloutStatus(db, caller.id)) ?? DEFAULT_ROLLOUT_STATUS;
}

// Space-life points the add-on of someone leaving a space elsewhere.
export { findAddonSpace, moveAddonSpace } from './users.repo';
