import { Modal, Stack, Text } from '@mantine/core';
import type { LeaveWorkspaceResponse } from '@mergedesk/domain/api/space-life';
import { leaveSpaceText, leaveSpaceTitle } from '@mergedesk/domain/spaces/space-life';
import { RefusableConfirmActions } from '../../../components/refusable-confirm-actions';
import { useLeaveSpace } from '../api/leave-space';

export type LeaveSpaceModalProps = {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  workspaceName: string;
  /** After leaving, with the server's answer: the caller moves to another space. */
  onLeft: (left: LeaveWorkspaceResponse) => void;
};

/**
 * 'Leave space' (issue 21): what leaving means, then the call. 'Cancel' has the focus: leaving is
 * undone only by being added again.
 */
export function LeaveSpaceModal({
  opened,
  onClose,
  workspaceId,
  workspaceName,
  onLeft,
}: LeaveSpaceModalProps) {
  const leave = useLeaveSpace(workspaceId);
  const close = () => {
    if (leave.isPending) return;
    leave.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={leaveSpaceTitle(workspaceName)}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">{leaveSpaceText(workspaceName)}</Text>
        <RefusableConfirmActions
          error={leave.error}
          pending={leave.isPending}
          onCancel={close}
          confirmLabel="Leave space"
          onConfirm={() => leave.mutate(undefined, { onSuccess: onLeft })}
        />
      </Stack>
    </Modal>
  );
}
