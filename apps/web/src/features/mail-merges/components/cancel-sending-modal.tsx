import { Stack, Text } from '@mantine/core';
import { PendingLockedModal } from '../../../components/pending-locked-modal';
import type { MergeStatus } from '@mergedesk/domain/api/sending';
import { formatCount } from '@mergedesk/domain/format/numbers';
import { RefusableConfirmActions } from '../../../components/refusable-confirm-actions';
import type { useCancelSending } from '../api/sending-actions';

export type CancelSendingModalProps = {
  opened: boolean;
  counts: Pick<MergeStatus['counts'], 'queued' | 'sent'>;
  /** The merge's cancel mutation (useCancelSending): its error and pending state show here. */
  cancel: ReturnType<typeof useCancelSending>;
  onClose: () => void;
  /** After the cancel has answered (nothing more leaves). */
  onCancelled?: () => void;
};

/**
 * 'Cancel sending?' (issue 24): what a cancel does to the merge, then 'Keep sending' (with the focus)
 * and 'Cancel sending'. It cannot be closed while the cancel runs.
 */
export function CancelSendingModal({
  opened,
  counts,
  cancel,
  onClose,
  onCancelled,
}: CancelSendingModalProps) {
  const close = () => {
    if (cancel.isPending) return;
    onClose();
    cancel.reset();
  };
  return (
    <PendingLockedModal opened={opened} onClose={close} title="Cancel sending?" pending={cancel.isPending}>
      <Stack gap="md">
        <Text size="sm">
          {`No more messages of this mail merge will be sent: ${formatCount(counts.queued, 'recipient', 'recipients')} not sent yet will not receive it.`}
        </Text>
        <Text size="sm">
          {`${formatCount(counts.sent, 'message was', 'messages were')} already sent; a sent message cannot be called back.`}
        </Text>
        <RefusableConfirmActions
          error={cancel.error}
          pending={cancel.isPending}
          onCancel={close}
          cancelLabel="Keep sending"
          confirmLabel="Cancel sending"
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                onClose();
                onCancelled?.();
              },
            })
          }
        />
      </Stack>
    </PendingLockedModal>
  );
}
