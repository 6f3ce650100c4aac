import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { OWNER_LOOKUP_QUERY, UPGRADE_MODAL_ADMINS_QUERY, useMembers } from '../api/get-members';
import { RetryAlert } from '../../../components/retry-alert';
import { useModalDisplayEvent } from '../../../lib/analytics';

const UPGRADE_INFO_MODAL_TITLE = 'Request an upgrade';

export type UpgradeInfoModalProps = {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  workspaceName: string;
};

/**
 * Spec 000 §2 "Upgrade info modal": a free member of a PRO space cannot buy a seat; the modal names
 * the owner and the admins to ask, each address with a copy-to-clipboard button. Our reading of
 * "when there are no admins": the admins heading and list are left out and the closing sentence is
 * 'Contact them to request an upgrade.' (verbatim).
 */
export function UpgradeInfoModal({ opened, onClose, workspaceId, workspaceName }: UpgradeInfoModalProps) {
  useModalDisplayEvent('upgrade_info_modal', opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={UPGRADE_INFO_MODAL_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        <UpgradeContacts workspaceId={workspaceId} workspaceName={workspaceName} enabled={opened} />
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The modal's text (spec 000 §2 "Upgrade info modal"): the owner and the admins to ask for an
 * upgrade. Also what a free member of a PRO space sees on the users page (issue 21).
 */
export function UpgradeContacts({
  workspaceId,
  workspaceName,
  enabled = true,
}: {
  workspaceId: string;
  workspaceName: string;
  enabled?: boolean;
}) {
  const owner = useMembers(workspaceId, OWNER_LOOKUP_QUERY, { enabled });
  const admins = useMembers(workspaceId, UPGRADE_MODAL_ADMINS_QUERY, { enabled });

  const isPending = owner.isPending || admins.isPending;
  const isError = owner.isError || admins.isError;
  const ownerEmail = owner.data?.items[0]?.memberEmail;
  const adminEmails = (admins.data?.items ?? [])
    .filter((member) => member.userRole === 'ADMIN')
    .map((member) => member.memberEmail);

  if (isError)
    return (
      <RetryAlert
        onRetry={() => {
          void owner.refetch();
          void admins.refetch();
        }}
      />
    );
  if (isPending)
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label="Loading the space's owner and admins" />
      </Group>
    );
  return (
    <>
      <Text>
        You are part of {workspaceName}, owned by {ownerEmail ?? ''}
        {ownerEmail && <CopyEmailButton email={ownerEmail} />}
      </Text>
      {adminEmails.length > 0 && (
        <Stack gap={4}>
          <Text>The space also has the following admins:</Text>
          <List listStyleType="none" spacing={4}>
            {adminEmails.map((email) => (
              <List.Item key={email}>
                <Group gap={4} wrap="nowrap">
                  <Text>{email}</Text>
                  <CopyEmailButton email={email} />
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Text>
        {adminEmails.length > 0
          ? 'Contact any of them to request an upgrade.'
          : 'Contact them to request an upgrade.'}
      </Text>
    </>
  );
}

function CopyEmailButton({ email }: { email: string }) {
  return (
    <CopyButton value={email} timeout={2000}>
      {({ copied, copy }) => (
        <>
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow position="right">
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              ml={4}
              aria-label={`Copy ${email}`}
              onClick={copy}
              style={{ verticalAlign: 'middle' }}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <VisuallyHidden role="status">{copied ? 'Copied' : ''}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  );
}
