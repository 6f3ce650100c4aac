import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { MEMBER_SELECTION_DEBOUNCE_MS } from '@mergedesk/domain/members/email-entry';
import {
  memberSuccessBanner,
  type MemberSuccessAction,
  type ROLE_OPTIONS,
} from '@mergedesk/domain/members/messages';
import type { MemberActor, Verdict } from '@mergedesk/domain/members/permissions';
import type { BillingModel, MemberStatus, UserPlan } from '@mergedesk/domain/plans/plans';
import type { Role } from '@mergedesk/domain/roles/roles';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import type { ResultAlertValue } from '../../../components/result-alert';
import { drawerModel } from '../lib/drawer-model';
import { useMemberActions } from '../lib/use-member-actions';
import { MemberDrawer, type TypeChangeAction } from './member-drawer';

/** A selected row of either member screen, in the terms of the domain's rules. */
export type SelectableMember = {
  userId: string | null;
  name: string;
  email: string;
  role: Role;
  status: MemberStatus;
  userPlan: UserPlan;
};

/**
 * The selection of a member screen (rows keyed by e-mail), its banner and its actions. A success
 * clears the selection, closes the confirmation and shows the banner (spec 002 §4.6).
 */
export function useMemberSelection(workspaceId: string, billingModel: BillingModel) {
  const [selectedKeys, setSelectedKeys] = useState<Set<string>>(new Set());
  // Spec 002 §9: member selection is debounced by 300 ms before the drawer opens.
  const [debouncedKeys] = useDebouncedValue(selectedKeys, MEMBER_SELECTION_DEBOUNCE_MS);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [banner, setBanner] = useState<ResultAlertValue | null>(null);
  const showSuccess = (action: MemberSuccessAction, count: number) =>
    setBanner({ severity: 'success', message: memberSuccessBanner(action, count) });
  const actions = useMemberActions(workspaceId, billingModel, {
    onSuccess: (action, count) => {
      setSelectedKeys(new Set());
      setConfirmRemove(false);
      showSuccess(action, count);
    },
    onError: (message) => setBanner({ severity: 'error', message }),
  });
  return {
    selectedKeys,
    setSelectedKeys,
    debouncedKeys,
    confirmRemove,
    setConfirmRemove,
    banner,
    setBanner,
    showSuccess,
    actions,
  };
}

type MemberSelection = ReturnType<typeof useMemberSelection>;

export type MemberSelectionPanelProps = {
  selection: MemberSelection;
  actor: MemberActor;
  /** The selected rows of the current page. */
  members: SelectableMember[];
  hint: string | null;
  roleWording: keyof typeof ROLE_OPTIONS;
  spaceName: string;
  /** 'member' on the Members screen, 'user' on Manage Users. */
  noun: 'member' | 'user';
  /** Manage Users on a per-user Pro or Premium plan: the Type change (spec 002 §5). */
  typeChange?: TypeChangeAction | null;
  /** Activating the whole selection at once: the per-user plan's limits (issue 21). */
  activationVerdict?: (members: SelectableMember[]) => Verdict;
};

/** The drawer of the selection and the remove confirmation (spec 002 §2.7, §2.8, §4.6). */
export function MemberSelectionPanel({
  selection,
  actor,
  members,
  hint,
  roleWording,
  spaceName,
  noun,
  typeChange = null,
  activationVerdict,
}: MemberSelectionPanelProps) {
  const { actions } = selection;
  const model = drawerModel(
    actor,
    members,
    roleWording,
    activationVerdict ? { activate: activationVerdict(members) } : {},
  );
  const targets = members.map((member) => ({ userId: member.userId, email: member.email }));
  return (
    <>
      <MemberDrawer
        opened={selection.debouncedKeys.size > 0 && members.length > 0}
        onClose={() => selection.setSelectedKeys(new Set())}
        closeOnEscape={!selection.confirmRemove}
        hint={hint}
        members={members.map((member) => ({ key: member.email, name: member.name, email: member.email }))}
        actions={model.actions}
        mixedNotice={model.mixedNotice}
        roleChoice={
          model.roleChoice && {
            ...model.roleChoice,
            onSave: (role) =>
              actions.changeRoles(
                members.flatMap((member) =>
                  member.userId ? [{ userId: member.userId, userRole: role }] : [],
                ),
              ),
          }
        }
        busy={actions.busy}
        typeChange={typeChange}
        onAction={(action) => {
          if (action === 'remove') selection.setConfirmRemove(true);
          else actions.run(action, targets);
        }}
      />
      <ConfirmDeleteModal
        opened={selection.confirmRemove}
        title={members.length === 1 ? `Remove this ${noun}?` : `Remove ${members.length} ${noun}s?`}
        message={`${members.map((member) => member.email).join(', ')} will lose access to ${spaceName}.`}
        confirmLabel="Remove"
        loading={actions.busy === 'remove'}
        onConfirm={() => actions.run('remove', targets)}
        onClose={() => selection.setConfirmRemove(false)}
      />
    </>
  );
}
