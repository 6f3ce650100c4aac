import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TRANSFER_TOO_MANY_SPACES_MESSAGE } from '@mergedesk/domain/alerts/alerts';
import { isTransferSaveDisabled, type TransferAvailability } from '@mergedesk/domain/members/permissions';
import {
  MEMBER_MESSAGES,
  transferConfirmTitle,
  TRANSFER_CONFIRM_NO,
  TRANSFER_CONFIRM_TEXT,
  TRANSFER_CONFIRM_YES,
  transferLegacyMessage,
} from '@mergedesk/domain/members/messages';
import { showErrorAlert } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { PRODUCT_NAME } from '../../../lib/product';
import { useTransferOwnership } from '../api/transfer-ownership';

const TRANSFER_SECTION_TITLE = 'Transfer ownership';
const TOO_MANY_SPACES_REASON = 'user_owns_too_many_workspaces';

export type OwnerOption = { userId: string; name: string; email: string };

export type TransferOwnershipSectionProps = {
  workspaceId: string;
  spaceName: string;
  owner: OwnerOption;
  /** Members who may become the owner (spec 002 §5 "New owner"); undefined while loading. */
  candidates: OwnerOption[] | undefined;
  availability: TransferAvailability;
  billingPath: string;
  /** Called once the server has made `newOwner` the owner. */
  onTransferred: (newOwner: OwnerOption) => Promise<void>;
};

const optionLabel = (option: OwnerOption) =>
  option.name && option.name !== option.email ? `${option.name} (${option.email})` : option.email;

/**
 * The owner-only 'Transfer ownership' section of the general settings (spec 002 §2.9, §4.7, §5,
 * §6, §8): the 'New owner' dropdown defaults to the current owner and Save stays disabled while it
 * is selected; Save asks for confirmation; on the Free and legacy plans an upgrade prompt replaces
 * it; with the TRANSFER_WORKSPACE restriction (or for a non-owner) nothing is shown.
 */
export function TransferOwnershipSection({
  workspaceId,
  spaceName,
  owner,
  candidates,
  availability,
  billingPath,
  onTransferred,
}: TransferOwnershipSectionProps) {
  const [selected, setSelected] = useState<string | null>(owner.userId);
  const [confirming, setConfirming] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const transfer = useTransferOwnership(workspaceId);

  if (!availability.available) {
    if (availability.reason === 'NOT_OWNER' || availability.reason === 'RESTRICTED') return null;
    const message =
      availability.reason === 'LEGACY_PLAN'
        ? transferLegacyMessage(PRODUCT_NAME)
        : MEMBER_MESSAGES.TRANSFER_FREE_PLAN;
    return (
      <Stack gap="sm" component="section" aria-labelledby="transfer-ownership-title">
        <Title order={2} size="h3" id="transfer-ownership-title">
          {TRANSFER_SECTION_TITLE}
        </Title>
        <Alert color="blue" variant="light" icon={<IconLock aria-hidden />}>
          <Text size="sm">{message}</Text>
          <Anchor component={Link} to={billingPath} size="sm">
            Upgrade
          </Anchor>
        </Alert>
      </Stack>
    );
  }

  const options = [owner, ...(candidates ?? [])];
  const newOwner = options.find((option) => option.userId === selected && option.userId !== owner.userId);
  const noCandidates = candidates !== undefined && candidates.length === 0;

  const confirm = async () => {
    if (!newOwner) return;
    setConflict(null);
    try {
      await transfer.mutateAsync(newOwner.userId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.reason === TOO_MANY_SPACES_REASON) {
        setConflict(TRANSFER_TOO_MANY_SPACES_MESSAGE);
      } else {
        showErrorAlert('transfer');
      }
      setConfirming(false);
      return;
    }
    await onTransferred(newOwner);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="transfer-ownership-title">
      <Title order={2} size="h3" id="transfer-ownership-title">
        {TRANSFER_SECTION_TITLE}
      </Title>
      <Text size="sm" c="dimmed">
        The new owner manages the space, its members and its billing. You stay in the space as a member.
      </Text>
      {conflict && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setConflict(null)}
        >
          {conflict}
        </Alert>
      )}
      <Select
        label="New owner"
        maw={480}
        data={options.map((option) => ({ value: option.userId, label: optionLabel(option) }))}
        value={selected}
        onChange={(value) => {
          setSelected(value ?? owner.userId);
          setConflict(null);
        }}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No member found"
        disabled={noCandidates || candidates === undefined}
        description={noCandidates ? 'No member of this space can become its owner yet.' : undefined}
      />
      <Group gap="sm">
        <Button
          onClick={() => setConfirming(true)}
          disabled={isTransferSaveDisabled(selected, owner.userId) || !newOwner}
        >
          Save
        </Button>
      </Group>
      <Modal
        opened={confirming && newOwner !== undefined}
        onClose={() => !transfer.isPending && setConfirming(false)}
        title={newOwner ? transferConfirmTitle(spaceName, newOwner.name || newOwner.email) : ''}
        centered
        closeOnClickOutside={!transfer.isPending}
        closeOnEscape={!transfer.isPending}
        withCloseButton={!transfer.isPending}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">{TRANSFER_CONFIRM_TEXT}</Text>
          <Group justify="flex-end" gap="sm">
            {/* Issue 21 "Keyboard safety": the irreversible step opens on the safe answer. */}
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={transfer.isPending}
              data-autofocus
            >
              {TRANSFER_CONFIRM_NO}
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={transfer.isPending}>
              {TRANSFER_CONFIRM_YES}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
