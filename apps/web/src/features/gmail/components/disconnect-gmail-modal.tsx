import { Stack, Text } from '@mantine/core';
import { PendingLockedModal } from '../../../components/pending-locked-modal';
import { RefusableConfirmActions } from '../../../components/refusable-confirm-actions';
import { PRODUCT_NAME } from '../../../lib/product';
import { useDisconnectGmail } from '../api/disconnect-gmail';
import { useGmailConnection } from '../../../lib/gmail-connection';

export type DisconnectGmailModalProps = { opened: boolean; onClose: () => void };

/**
 * 'Disconnect' of the account menu's Gmail entry (issue 24), confirmed first: what stops, and that
 * nothing is lost (merges wait for a new connection). It cannot be closed while the call runs.
 */
export function DisconnectGmailModal({ opened, onClose }: DisconnectGmailModalProps) {
  const connection = useGmailConnection();
  const disconnect = useDisconnectGmail();
  const email = connection.data?.email ?? 'your Gmail account';
  const close = () => {
    if (disconnect.isPending) return;
    disconnect.reset();
    onClose();
  };
  return (
    <PendingLockedModal
      opened={opened}
      onClose={close}
      title="Disconnect Gmail?"
      pending={disconnect.isPending}
    >
      <Stack gap="md">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {`${PRODUCT_NAME} will no longer send mail merges from ${email}. Merges being sent are paused until you connect Gmail again.`}
        </Text>
        <RefusableConfirmActions
          error={disconnect.error}
          pending={disconnect.isPending}
          onCancel={close}
          confirmLabel="Disconnect"
          onConfirm={() => disconnect.mutate(undefined, { onSuccess: onClose })}
        />
      </Stack>
    </PendingLockedModal>
  );
}
