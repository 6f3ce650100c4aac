import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The buttons under a checkout step's card (spec 001 §2): the step's own action, then 'Cancel',
 * which goes back to the billing page.
 */
export function CheckoutActions({ cancelTo, children }: { cancelTo: string; children?: ReactNode }) {
  return (
    <Group gap="sm">
      {children}
      <Button component={Link} to={cancelTo} variant="default">
        Cancel
      </Button>
    </Group>
  );
}

export type SummaryActionsProps = {
  cancelTo: string;
  onConfirm: () => void;
  /** The change is being sent. */
  pending: boolean;
  /** Nothing to confirm yet (e.g. the price has not loaded). */
  disabled?: boolean;
  /** Red for a change that takes something away (the move to the free plan). */
  color?: 'red';
};

/** The summary pages' 'Confirm the change' and 'Cancel' (spec 001 §2, §4 "Summary"). */
export function SummaryActions({ cancelTo, onConfirm, pending, disabled, color }: SummaryActionsProps) {
  return (
    <CheckoutActions cancelTo={cancelTo}>
      <Button onClick={onConfirm} loading={pending} disabled={disabled} color={color}>
        Confirm the change
      </Button>
    </CheckoutActions>
  );
}
