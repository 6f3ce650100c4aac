import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChangeRoleBody } from '@mergedesk/domain/api/members';
import type { MemberSuccessAction } from '@mergedesk/domain/members/messages';
import type { MemberAction } from '@mergedesk/domain/members/status';
import type { BillingModel } from '@mergedesk/domain/plans/plans';
import { ApiError } from '../../../lib/api-client';
import { refusalMessage } from '../../../lib/refusal-message';
import { activateMembers } from '../api/activate-members';
import { cancelInvitations } from '../api/cancel-invitations';
import { changeRoles } from '../api/change-roles';
import { invalidateMemberLists } from '../api/member-lists';
import { removeMembers } from '../api/remove-members';
import { removeSeatMembers } from '../api/remove-seat-members';
import { resendInvitations } from '../api/resend-invitations';

export type ActionTarget = { userId: string | null; email: string };

const SUCCESS_ACTION = {
  reinvite: 'reinvited',
  cancelInvitation: 'cancelled',
  activate: 'activated',
  remove: 'removed',
  changeRole: 'roleUpdated',
} as const satisfies Record<MemberAction, MemberSuccessAction>;

const GENERIC_FAILURE = 'An error occurred. Please try again.';

/** The server's message of a refused action (4xx), else the generic text of spec 002 §8. */
const failureMessage = (error: unknown): string =>
  refusalMessage(
    error,
    error instanceof Error && !(error instanceof ApiError) && error.message ? error.message : GENERIC_FAILURE,
  );

const ids = (targets: ActionTarget[]) => targets.flatMap((target) => (target.userId ? [target.userId] : []));
const emails = (targets: ActionTarget[]) => targets.map((target) => target.email);

/**
 * The drawer's actions on the selected members (spec 002 §4.6, §7). The seat model removes by
 * e-mail (PATCH users/v1), the per-user model by id (DELETE members). After a success the lists and
 * seats are refreshed and `onSuccess` gets the banner's action and count.
 */
export function useMemberActions(
  workspaceId: string,
  billingModel: BillingModel,
  callbacks: {
    onSuccess: (action: MemberSuccessAction, count: number) => void;
    onError: (message: string) => void;
  },
) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<MemberAction | null>(null);
  const refresh = () => invalidateMemberLists(queryClient, workspaceId);

  const perform = async (action: MemberAction, count: number, call: () => Promise<unknown>) => {
    setBusy(action);
    try {
      await call();
    } catch (error) {
      callbacks.onError(failureMessage(error));
      return;
    } finally {
      setBusy(null);
    }
    await refresh();
    callbacks.onSuccess(SUCCESS_ACTION[action], count);
  };

  const run = (action: Exclude<MemberAction, 'changeRole'>, targets: ActionTarget[]) => {
    const call = {
      reinvite: () => resendInvitations(workspaceId, emails(targets)),
      cancelInvitation: () => cancelInvitations(workspaceId, emails(targets)),
      activate: () => activateMembers(workspaceId, ids(targets)),
      remove: () =>
        billingModel === 'PER_SEAT'
          ? removeSeatMembers(workspaceId, emails(targets))
          : removeMembers(workspaceId, ids(targets)),
    }[action];
    void perform(action, targets.length, call);
  };

  const changeMemberRoles = (memberRoles: ChangeRoleBody['memberRoles']) =>
    void perform('changeRole', memberRoles.length, () => changeRoles(workspaceId, { memberRoles }));

  return { run, changeRoles: changeMemberRoles, busy, refresh };
}
