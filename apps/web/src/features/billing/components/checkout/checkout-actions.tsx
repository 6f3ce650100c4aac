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
