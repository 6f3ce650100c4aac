import { Divider, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { transferAvailability } from '@mergedesk/domain/members/permissions';
import { SPACE_SWITCH_TARGET } from '@mergedesk/domain/spaces/space-switch';
import { showOwnershipTransferredAlert } from '../../../lib/alerts';
import { usePageTitle } from '../../../lib/page-title';
import { queryKeys } from '../../../lib/query-keys';
import { spacePath } from '../../../lib/selected-space';
import { useOwnerCandidates } from '../api/get-owner-candidates';
import { DeleteSpaceSection } from './delete-space-section';
import { SpaceNameForm } from './space-name-form';
import type { OwnerOption } from './transfer-ownership-section';
import { TransferOwnershipSection } from './transfer-ownership-section';

export const GENERAL_SETTINGS_TITLE = 'General';

export type GeneralSettingsPageProps = {
  /** The space in the current user's list: role, plan, model and features. */
  space: UserWorkspace;
  /** The space details (name, memberInviteUser). */
  details: Workspace;
  /** The signed-in user (the owner: the route is owner only, spec 002 §2.1). */
  owner: OwnerOption;
  /** The TRANSFER_WORKSPACE rollout restriction hides the transfer (spec 002 §6). */
  isTransferRestricted: boolean;
  /** Refreshes the space details and the current user after a change. */
  refreshSpace: () => Promise<void>;
};

/**
 * {base}/space/general (spec 002 §2.9): the space name with Save and Cancel, and the owner-only
 * ownership transfer. After a transfer the former owner lands on the sent merges with the transfer
 * alert (spec 002 §2.9, §4.7).
 */
export function GeneralSettingsPage({
  space,
  details,
  owner,
  isTransferRestricted,
  refreshSpace,
}: GeneralSettingsPageProps) {
  usePageTitle(GENERAL_SETTINGS_TITLE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const availability = transferAvailability({
    role: space.userRole,
    workspacePlan: space.workspacePlan,
    transferOwnerShip: space.workspaceUserFeature.otherFeatures.transferOwnerShip,
    isTransferRestricted,
  });
  const candidates = useOwnerCandidates(
    space.workspaceId,
    { billingModel: space.isPerSeat ? 'PER_SEAT' : 'PER_USER', workspacePlan: space.workspacePlan },
    { enabled: availability.available },
  );

  const transferred = async (newOwner: OwnerOption) => {
    // Leave the owner-only page first: once the user is refreshed the former owner may not stay.
    const target = spacePath(space, SPACE_SWITCH_TARGET);
    showOwnershipTransferredAlert(newOwner.email, target);
    await navigate(target);
    await refreshSpace();
  };

  // Issue 21: the deleted space leaves the user's list; the home page picks another space, where the
  // 'deleted' banner says until when it can be restored.
  const deleted = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.deletedWorkspaces() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
    ]);
    await navigate('/');
  };

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{GENERAL_SETTINGS_TITLE}</Title>
        <Text c="dimmed">Settings of {details.workspaceName}.</Text>
      </Stack>
      <SpaceNameForm
        workspaceId={space.workspaceId}
        savedName={details.workspaceName}
        memberInviteUser={details.memberInviteUser}
        onSaved={refreshSpace}
      />
      {availability.available ||
      availability.reason === 'FREE_PLAN' ||
      availability.reason === 'LEGACY_PLAN' ? (
        <>
          <Divider />
          <TransferOwnershipSection
            workspaceId={space.workspaceId}
            spaceName={details.workspaceName}
            owner={owner}
            candidates={candidates.data}
            availability={availability}
            billingPath={spacePath(space, '/space/billing')}
            onTransferred={transferred}
          />
        </>
      ) : null}
      <Divider />
      <DeleteSpaceSection
        workspaceId={space.workspaceId}
        spaceName={details.workspaceName}
        onDeleted={deleted}
      />
    </Stack>
  );
}
