import { Button, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import {
  DELETE_SPACE_CONFIRM_LABEL,
  deleteSpaceText,
  deleteSpaceTitle,
  isDeleteConfirmed,
} from '@mergedesk/domain/spaces/space-life';
import { RefusableConfirmActions } from '../../../components/refusable-confirm-actions';
import { useDeleteSpace } from '../api/delete-space';

export type DeleteSpaceSectionProps = {
  workspaceId: string;
  spaceName: string;
  /** After the deletion: the page refreshes the user and moves to another space. */
  onDeleted: () => Promise<void>;
};

/**
 * The owner's 'Delete space' (issue 21): what deleting does (the subscription stops renewing and
 * ends at its period end; restorable for the grace period), then a confirmation where the owner types
 * the space's name. 'Cancel' has the focus; Delete is enabled once the name matches.
 */
export function DeleteSpaceSection({ workspaceId, spaceName, onDeleted }: DeleteSpaceSectionProps) {
  const headingId = useId();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteSpace(workspaceId);
  const close = () => {
    if (remove.isPending) return;
    setOpened(false);
    setTyped('');
    remove.reset();
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} align="flex-start">
      <Title order={2} size="h4" id={headingId}>
        Delete space
      </Title>
      <Text size="sm" c="dimmed" maw={640}>
        {deleteSpaceText(spaceName)}
      </Text>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        Delete space
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={deleteSpaceTitle(spaceName)}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!isDeleteConfirmed(typed, spaceName)) return;
            remove.mutate(typed, { onSuccess: () => void onDeleted() });
          }}
        >
          <Stack gap="md">
            <Text size="sm">{deleteSpaceText(spaceName)}</Text>
            <TextInput
              label={DELETE_SPACE_CONFIRM_LABEL}
              description={spaceName}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              disabled={remove.isPending}
            />
            <RefusableConfirmActions
              error={remove.error}
              pending={remove.isPending}
              onCancel={close}
              confirmLabel="Delete this space"
              confirmDisabled={!isDeleteConfirmed(typed, spaceName)}
            />
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
