import { isInvitationRestricted } from '@mergedesk/domain/invitations/invitations';
import type { MemberActor } from '@mergedesk/domain/members/permissions';
import { isRestricted } from '@mergedesk/domain/rollout/restrictions';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import type { Executor } from '../../db/client';
import { entitlementsOf } from '../../lib/access';
import type { UserRecord } from '../../db/records';
import { lastActivatedStepOf } from '../users/users.views';
import type { MembershipRecord } from '../../db/records';
import type { MemberBillingFacts } from './billing-facts';
import type { MemberAccounts } from './member-accounts';

/**
 * Who calls an administration route: the account and its (resolved) membership of the space, with
 * what billing tells of the space (billing-facts.ts) and what members may ask of accounts
 * (member-accounts.ts).
 */
export type AdminCaller = {
  user: UserRecord;
  membership: MembershipRecord;
  billing: MemberBillingFacts;
  accounts: MemberAccounts;
};

/** The caller's active rollout restrictions that administration reads (spec 000 §6). */
export async function callerRestrictions(
  db: Executor,
  user: UserRecord,
): Promise<{ invitation: boolean; transfer: boolean; multiplePayment: boolean }> {
  const step = await lastActivatedStepOf(db, user.id);
  const gmail = isGmailAddress(user.email);
  return {
    invitation: isInvitationRestricted(step, gmail),
    transfer: isRestricted('TRANSFER_WORKSPACE', step, gmail),
    multiplePayment: isRestricted('MULTIPLE_PAYMENT', step, gmail),
  };
}

/** The caller as the domain's member rules see them. */
export async function memberActorOf(db: Executor, caller: AdminCaller): Promise<MemberActor> {
  const { workspace } = caller.membership;
  const restrictions = await callerRestrictions(db, caller.user);
  return {
    userId: caller.user.id,
    role: caller.membership.role,
    workspacePlan: workspace.plan,
    billingModel: workspace.billingModel,
    manageUserRoles: entitlementsOf(caller.membership).manageUserRoles,
    isInvitationRestricted: restrictions.invitation,
    paymentSource: await caller.billing.paymentSourceOf(db, workspace.id),
  };
}
