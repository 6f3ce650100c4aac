import { Alert, Button, Group } from '@mantine/core';
import { GENERIC_ERROR_ALERT } from '@mergedesk/domain/alerts/alerts';
import { refusalMessage } from '../lib/refusal-message';

export type RefusableConfirmActionsProps = {
  /** The failed call's error, or null: a refusal (4xx) shows the server's reason. */
  error: unknown;
  pending: boolean;
  onCancel: () => void;
  /** 'Cancel' unless the action is itself a cancellation ('Keep sending' beside 'Cancel sending'). */
  cancelLabel?: string;
  confirmLabel: string;
  /** A form's submit button when omitted; else the button calls it. */
  onConfirm?: () => void;
  confirmDisabled?: boolean;
};

/**
 * The end of a confirmation that cannot be undone (leave a space, delete a space, issue 21): the
 * refusal or failure of the last try, then 'Cancel' (with the focus, disabled while the call runs)
 * and the red confirm button.
 */
export function RefusableConfirmActions({
  error,
  pending,
  onCancel,
  cancelLabel = 'Cancel',
  confirmLabel,
  onConfirm,
  confirmDisabled = false,
}: RefusableConfirmActionsProps) {
  return (
    <>
      {error !== null && (
        <Alert color="red" variant="light" role="alert">
          {refusalMessage(error, GENERIC_ERROR_ALERT.title)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending} data-autofocus>
          {cancelLabel}
        </Button>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          color="red"
          loading={pending}
          disabled={confirmDisabled}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}
