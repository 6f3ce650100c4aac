import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

export type PendingLockedModalProps = {
  opened: boolean;
  title: string;
  /** The confirmed call is running: the modal stays open (no Escape, no click outside, Close disabled). */
  pending: boolean;
  /** Closes the modal; the caller ignores it while `pending` and resets its mutation. */
  onClose: () => void;
  children: ReactNode;
};

/**
 * The frame of a confirmation whose call must answer before the modal goes (Cancel sending?,
 * Disconnect Gmail?): centred, its Close button labelled, nothing closes it while the call runs.
 */
export function PendingLockedModal({ opened, title, pending, onClose, children }: PendingLockedModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
      closeButtonProps={{ 'aria-label': 'Close', disabled: pending }}
    >
      {children}
    </Modal>
  );
}
