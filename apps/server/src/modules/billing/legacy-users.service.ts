import type { CheckoutUser, WorkspaceUserPlan } from '@mergedesk/domain/api/billing';
import {
  CANNOT_DOWNGRADE_REASON,
  cannotDowngrade,
  isMovingToFree,
  LEGACY_CHECKOUT_MESSAGES,
  targetUserPlan,
} from '@mergedesk/domain/billing/legacy-checkout';
import { holdsPaidLicence, MAX_SEATS } from '@mergedesk/domain/members/seats';
import { isTrialUser } from '@mergedesk/domain/members/legacy-users';
import { maxPaidUsersMessage } from '@mergedesk/domain/members/messages';
import { emailDomain } from '@mergedesk/domain/users/email';
import type { Executor } from '../../db/client';
import type { WorkspaceRecord } from '../../db/records';
import { AppError } from '../../lib/app-error';
import {
  findPaidElsewhere,
  listSpaceMembers,
  setMemberPlan,
  type SpaceMemberRow,
} from '../members/member-plans.service';
import { findActiveSubscription } from './billing.repo';

/**
 * The members of a per-user space as the legacy checkout sees them (spec 001 §3 "Checkout user
 * entry") and the checks every change of paid users passes (options step, v1 session, PUT): the
 * plan's paid-user limit, users paid elsewhere, the Pro plan's one-domain rule.
 */

const trialEndOf = (row: SpaceMemberRow): number | null => row.freeTrialEndTimestamp?.getTime() ?? null;

/** Paid: a paid plan and not in a free trial (docs/decisions/220-paid-flag.md). */
export const isPaidMember = (row: SpaceMemberRow): boolean =>
  holdsPaidLicence({ status: row.status, userPlan: row.userPlan, freeTrialEndTimestamp: trialEndOf(row) });

export function toCheckoutUser(
  row: SpaceMemberRow,
  context: { domains: readonly string[]; paidElsewhere: ReadonlySet<string>; scheduledPaid: string[] | null },
): CheckoutUser {
  const paid = isPaidMember(row);
  const status = row.status === 'FREE_TRIAL' || row.status === 'LEGACY' ? 'ACTIVE' : row.status;
  return {
    id: row.id,
    userId: row.userId,
    name: row.name ?? '',
    email: row.email,
    role: row.role,
    plan: row.userPlan,
    isPaid: paid,
    isTrial: isTrialUser({ freeTrialEndTimestamp: trialEndOf(row) }),
    status,
    isUserInDomain: context.domains.includes(emailDomain(row.email)),
    toBeRemoved: paid && context.scheduledPaid !== null && !context.scheduledPaid.includes(row.id),
    isPaidElsewhere: context.paidElsewhere.has(row.email),
  };
}

/** The space's paid-user maximum: features.PRO.allowedUserCount, at most the seat maximum. */
export const paidUserLimitOf = (workspace: Pick<WorkspaceRecord, 'proAllowedUserCount'>): number =>
  workspace.proAllowedUserCount < 0 ? MAX_SEATS : Math.min(workspace.proAllowedUserCount, MAX_SEATS);

export type PaidUsersTarget = {
  members: SpaceMemberRow[];
  current: string[];
  target: string[];
};

const conflict = (reason: string, message: string) => new AppError('CONFLICT', message, { reason });

/**
 * The paid users after `changes` (or exactly `paidIds`), checked: every id a member of the space,
 * nobody disabled made paid, somebody paid, within the plan's limit, nobody newly paid who is
 * paid in another space, and on Pro everyone on the owner's domain (legacy licences keep theirs).
 */
export async function checkedPaidUsers(
  db: Executor,
  workspace: Pick<WorkspaceRecord, 'id' | 'proAllowedUserCount'>,
  request:
    { changes: readonly WorkspaceUserPlan[]; field: string } | { paidIds: readonly string[]; field: string },
  targetPlan: 'PRO' | 'PREMIUM' | 'LEGACY',
): Promise<PaidUsersTarget> {
  const members = await listSpaceMembers(db, workspace.id);
  const byId = new Map(members.map((row) => [row.id, row]));
  const current = members.filter(isPaidMember).map((row) => row.id);
  const wanted = new Set(current);
  const entries =
    'changes' in request
      ? request.changes.map((change) => ({ id: change.userId, paid: change.userPlan !== 'FREE' }))
      : [
          ...request.paidIds.map((id) => ({ id, paid: true })),
          ...current.filter((id) => !request.paidIds.includes(id)).map((id) => ({ id, paid: false })),
        ];
  entries.forEach((entry, index) => {
    const row = byId.get(entry.id);
    const field = 'changes' in request ? `${request.field}.${index}.userId` : `${request.field}.${index}`;
    if (row === undefined) {
      throw new AppError('VALIDATION_FAILED', LEGACY_CHECKOUT_MESSAGES.UNKNOWN_USER, {
        fieldErrors: [{ field, message: LEGACY_CHECKOUT_MESSAGES.UNKNOWN_USER }],
      });
    }
    if (entry.paid && row.status === 'DISABLED' && !wanted.has(row.id)) {
      throw new AppError('VALIDATION_FAILED', LEGACY_CHECKOUT_MESSAGES.DISABLED_USER, {
        fieldErrors: [{ field, message: LEGACY_CHECKOUT_MESSAGES.DISABLED_USER }],
      });
    }
    if (entry.paid) wanted.add(row.id);
    else wanted.delete(row.id);
  });
  const target = [...wanted];
  if (target.length === 0) throw new AppError('VALIDATION_FAILED', LEGACY_CHECKOUT_MESSAGES.NO_PAID_USER);
  const limit = paidUserLimitOf(workspace);
  if (target.length > limit) throw conflict('max_users_reached', maxPaidUsersMessage(limit));
  const added = target.filter((id) => !current.includes(id)).map((id) => byId.get(id)!.email);
  if ((await findPaidElsewhere(db, workspace.id, 'email', added)).size > 0) {
    throw conflict('already_paid_user', LEGACY_CHECKOUT_MESSAGES.ALREADY_PAID_USER);
  }
  const owner = members.find((row) => row.role === 'OWNER');
  const paidEmails = target.map((id) => byId.get(id)!.email);
  const oneDomainRule = targetPlan !== 'LEGACY' && owner !== undefined;
  if (oneDomainRule && cannotDowngrade({ targetPlan, ownerEmail: owner.email, paidEmails })) {
    throw conflict(
      CANNOT_DOWNGRADE_REASON,
      `${LEGACY_CHECKOUT_MESSAGES.CANNOT_DOWNGRADE_TITLE} ${LEGACY_CHECKOUT_MESSAGES.CANNOT_DOWNGRADE_TEXT}`,
    );
  }
  return { members, current, target };
}

/**
 * Makes exactly `paidIds` the paid members of the space (the webhook's re-read of a per-user
 * subscription, or a change of a licence that is not priced per user): listed members get the
 * paid plan of their address (a free trial ends), paid members not listed become free. Members in
 * a free trial who are not listed keep their trial.
 */
export async function applyPaidMembers(
  tx: Executor,
  workspaceId: string,
  paidIds: readonly string[],
): Promise<void> {
  const members = await listSpaceMembers(tx, workspaceId);
  const wanted = new Set(paidIds);
  for (const row of members) {
    const paid = wanted.has(row.id);
    const plan = targetUserPlan(row.email, paid);
    if (paid && (!isPaidMember(row) || row.userPlan !== plan)) await setMemberPlan(tx, row.id, plan, true);
    else if (!paid && isPaidMember(row)) await setMemberPlan(tx, row.id, 'FREE', false);
  }
}

/**
 * Addresses of the members scheduled to become free at the period end (spec 002 §3
 * isScheduledToBeDowngraded): paid now, missing from the paid list of the subscription's next phase.
 */
export async function scheduledDowngradeEmails(db: Executor, workspaceId: string): Promise<Set<string>> {
  const active = await findActiveSubscription(db, workspaceId);
  // Moving to the free plan (downgradeToFree), every paid user becomes free at the renewal.
  const scheduled =
    active === undefined
      ? null
      : isMovingToFree({ ...active, subscriptionStatus: active.status })
        ? []
        : active.scheduledPaidMembers;
  if (scheduled === null) return new Set();
  const members = await listSpaceMembers(db, workspaceId);
  return new Set(
    members.filter((row) => isPaidMember(row) && !scheduled.includes(row.id)).map((row) => row.email),
  );
}
