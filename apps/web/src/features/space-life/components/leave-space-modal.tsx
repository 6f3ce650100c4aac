import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { GENERIC_ERROR_ALERT } from '@mergedesk/domain/alerts/alerts';
import { leaveSpaceText, leaveSpaceTitle } from '@mergedesk/domain/spaces/space-life';
import { ApiError } from '../../../lib/api-client';
import { useLeaveSpace } from '../api/leave-space';

export type LeaveSpaceModalProps = {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  workspaceName: string;
  /** After leaving: the caller refreshes the user and moves to another space. */
  onLeft: () => void;
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
  const error =
    leave.error instanceof ApiError && leave.error.status < 500
      ? leave.error.message
      : GENERIC_ERROR_ALERT.title;
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
        {leave.isError && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={leave.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={leave.isPending}
            onClick={() => leave.mutate(undefined, { onSuccess: onLeft })}
          >
            Leave space
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
