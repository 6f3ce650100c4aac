import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export type ConfirmDeleteModalProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A confirmation before a deletion. Spec 002 §2.3: it cannot be closed while the deletion is
 * loading — no close button, no Escape, no click outside, Cancel disabled.
 */
export function ConfirmDeleteModal({
  opened,
  title,
  message,
  confirmLabel = 'Delete',
  loading,
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) {
  const close = () => {
    if (!loading) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      withCloseButton={!loading}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {message}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
