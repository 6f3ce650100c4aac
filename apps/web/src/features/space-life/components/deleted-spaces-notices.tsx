import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { SPACE_DELETED_ALERT } from '@mergedesk/domain/alerts/alerts';
import type { DeletedWorkspace } from '@mergedesk/domain/api/space-life';
import {
  restorableUntilText,
  spaceDeletedByOwnerDescription,
  subscriptionEndsText,
} from '@mergedesk/domain/spaces/space-life';
import { dismissAlert, useAlertState } from '../../../lib/alerts';
import { formatLongDate } from '../../../lib/dates';
import { useDeletedSpaces } from '../api/get-deleted-spaces';
import { useRestoreSpace } from '../api/restore-space';

/** The dismissal key of a deleted space's banner: shown once per space, until dismissed. */
const deletedSpaceAlertKey = (workspaceId: string): string => `deleted-space-${workspaceId}`;

/**
 * The 'deleted' banner of spec 000 §8 ("user is switched to another space"), for each space the
 * signed-in user was in that its owner deleted (issue 21): members are told, the owner also reads
 * until when the space can be restored, when the subscription ends, and gets 'Restore'.
 */
export function DeletedSpacesNotices() {
  const deleted = useDeletedSpaces();
  const { isDismissed } = useAlertState();
  const items = (deleted.data?.items ?? []).filter(
    (item) => !isDismissed(deletedSpaceAlertKey(item.workspaceId)),
  );
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" mb="md">
      {items.map((item) => (
        <DeletedSpaceNotice key={item.workspaceId} item={item} />
      ))}
    </Stack>
  );
}

function DeletedSpaceNotice({ item }: { item: DeletedWorkspace }) {
  const restore = useRestoreSpace();
  return (
    <Alert
      role="status"
      color="gray"
      variant="light"
      title={SPACE_DELETED_ALERT.title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => dismissAlert(deletedSpaceAlertKey(item.workspaceId))}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {item.canRestore
            ? restorableUntilText(item.workspaceName, formatLongDate(item.eraseAt))
            : spaceDeletedByOwnerDescription(item.workspaceName)}
        </Text>
        {item.canRestore && item.subscriptionEndsAt !== null && (
          <Text size="sm">{subscriptionEndsText(formatLongDate(item.subscriptionEndsAt))}</Text>
        )}
        {item.canRestore && (
          <Group gap="sm">
            <Button
              size="xs"
              variant="light"
              loading={restore.isPending}
              onClick={() =>
                restore.mutate({ workspaceId: item.workspaceId, workspaceName: item.workspaceName })
              }
            >
              Restore {item.workspaceName}
            </Button>
            {restore.error && (
              <Text size="sm" c="red" role="alert">
                {restore.error.message}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
