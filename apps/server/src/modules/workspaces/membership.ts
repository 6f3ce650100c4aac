import { hasRoleAtLeast, type Role } from '@mergedesk/domain/roles/roles';
import type { MemberStatus } from '@mergedesk/domain/plans/plans';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findMembership, type MembershipRecord } from './workspaces.repo';

export const SPACE_NOT_FOUND_MESSAGE = 'Space not found.';

/** Spec 000 §2: the page a DISABLED member sees; also the message of everything they may not do. */
export const DISABLED_MEMBER_MESSAGE =
  'Sorry, your account is disabled. Contact your space administrator to solve this issue.';

const ROLE_REQUIRED_MESSAGES = {
  MEMBER: 'Only members of this space can do this.',
  ADMIN: 'Only an admin or the owner of this space can do this.',
  OWNER: 'Only the owner of this space can do this.',
} as const satisfies Record<Role, string>;

/**
 * Statuses that make a linked member row a member. PENDING rows have not been taken up yet (they
 * are linked and turned ACTIVE when the person creates the account), so they grant nothing.
 */
const MEMBER_STATUSES_WITH_ACCESS: readonly MemberStatus[] = ['ACTIVE', 'ACCEPTED', 'LEGACY', 'FREE_TRIAL'];

const uuidSchema = z.uuid();

export type MembershipRequirement = {
  minRole?: Role;
  /** DISABLED members may read the space summary (the shell shows them the disabled page). */
  allowDisabled?: boolean;
};

/**
 * The caller's membership of a space, or an AppError: a non-member (or an unknown or malformed id)
 * gets 404 so that another space's existence is never revealed (ARCHITECTURE.md); a member whose
 * role is too low, or who is DISABLED, gets 403.
 */
export async function requireMembership(
  db: Executor,
  userId: string,
  workspaceId: string,
  requirement: MembershipRequirement = {},
): Promise<MembershipRecord> {
  if (!uuidSchema.safeParse(workspaceId).success) throw spaceNotFound();
  const membership = await findMembership(db, userId, workspaceId);
  if (!membership) throw spaceNotFound();
  if (membership.status === 'DISABLED') {
    if (requirement.allowDisabled === true) return membership;
    throw new AppError('FORBIDDEN', DISABLED_MEMBER_MESSAGE);
  }
  if (!MEMBER_STATUSES_WITH_ACCESS.includes(membership.status)) throw spaceNotFound();
  if (requirement.minRole && !hasRoleAtLeast(membership.role, requirement.minRole)) {
    throw new AppError('FORBIDDEN', ROLE_REQUIRED_MESSAGES[requirement.minRole]);
  }
  return membership;
}

export function spaceNotFound(): AppError {
  return new AppError('NOT_FOUND', SPACE_NOT_FOUND_MESSAGE);
}
