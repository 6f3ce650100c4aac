import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SPACE_CREATED_ALERT } from '@mergedesk/domain/alerts/alerts';
import type { CurrentUser } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { canCreateAnotherSpace, SPACE_SWITCH_TARGET } from '@mergedesk/domain/spaces/space-switch';
import { StatusCard } from '../../components/full-page-states/status-card';
import { showAlert } from '../../lib/alerts';
import { usePageTitle } from '../../lib/page-title';
import { PRODUCT_NAME } from '../../lib/product';
import { setLastSpaceId, spacePath } from '../../lib/selected-space';
import { useSession } from '../../lib/session-context';
import { NewSpaceModal } from '../../features/spaces/components/new-space-modal';
import { DeletedSpacesNotices } from '../../features/space-life/components/deleted-spaces-notices';
import { queryKeys } from '../../lib/query-keys';

/**
 * A signed-in user who belongs to no space (e.g. removed from the last one): explains it and offers
 * to create a space (the new-space dialog; also opened by the 'new-space' query flag) or to log out.
 */
export function NoSpacePage({ user }: { user: Pick<CurrentUser, 'userId' | 'userWorkspaces'> }) {
  usePageTitle('No space');
  const { logout } = useSession();
  const [searchParams] = useSearchParams();
  const [opened, setOpened] = useState(searchParams.get('new-space') === '1');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const spaceCreated = async (created: Workspace) => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() });
    setLastSpaceId(created.workspaceId);
    setOpened(false);
    showAlert({ kind: 'create', tone: 'success', ...SPACE_CREATED_ALERT });
    await navigate(spacePath(created, SPACE_SWITCH_TARGET));
  };

  return (
    <StatusCard
      kind="warning"
      title="You are not a member of any space"
      description={`Your ${PRODUCT_NAME} account does not belong to any space yet. Create a space to start sending mail merges, or log out and sign in with another account.`}
    >
      {/* Issue 21: an owner who deleted their last space can restore it from here. */}
      <DeletedSpacesNotices />
      <Group justify="center">
        <Button onClick={() => setOpened(true)}>Create a space</Button>
        <Button variant="default" onClick={() => void logout()}>
          Log out
        </Button>
      </Group>
      <NewSpaceModal
        opened={opened}
        onClose={() => setOpened(false)}
        userId={user.userId}
        canCreate={canCreateAnotherSpace(user.userWorkspaces ?? [])}
        onCreated={spaceCreated}
      />
    </StatusCard>
  );
}
