import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** Placeholder: the billing page (spec 001) is built by a later issue. */
export function BillingPage() {
  usePageTitle('Billing');
  return (
    <Stack gap="lg">
      <Title order={1}>Billing</Title>
    </Stack>
  );
}
