import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** Placeholder: the checkout steps (spec 001) are built by a later issue. */
export function CheckoutPage() {
  usePageTitle('Checkout');
  return (
    <Stack gap="lg">
      <Title order={1}>Checkout</Title>
    </Stack>
  );
}
